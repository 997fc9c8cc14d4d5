"""Issue #29's class of reader-tab22: a case report's lab table flattened into its text, one
row a line, its cells between tabs as a copy from the article's page gives them.

The rows are quoted from published case reports' tables as the `pages` index of the search
tool stores them (the page joins the cells with nothing between them; the tabs are where
the page's cells end):
- BMJ Case Reports, table "Clinical laboratory results" (a COVID-19 case), page
  https://casereports.bmj.com/highwire/markup/220136/expansion: the reference column before
  the results ("Variable | Reference range | Hospital day 1 ... | Discharge day 2 ...").
- BMJ Case Reports, table "Blood laboratory value comparisons from admission, day 21 and
  day 24 of hospital stay", page https://casereports.bmj.com/highwire/markup/235933/expansion:
  one column a time point, the reference last ("Variables | Admission | Day 20 | Day 24 |
  Reference").
- "Clinical Cases in Tropical Medicine" (2022), table 88.1 as
  belovedshark/ClinicalDiagnosis_RAG stores it in markdown: "Parameter | Patient |
  Reference Range", the shape the reader already read, kept as it was.
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text
from core.analysis.labs.table_columns import glued_cells, header_columns

_REFERENCE_FIRST = (
    "Table 1 Clinical laboratory results\n"
    "Variable\tReference range\tHospital day 1 (day 5 after onset of symptoms)\t"
    "Discharge day 2 (day 14 after onset of symptoms)\n"
    "Sodium (mmol/L)\t135–145\t137\t140\n"
    "Alanine aminotransferase (U/L)\t<51\t32\t44\n"
    "Creatinine (mg/dL)\t0.60–1.10\t0.95\t1.24*\n"
    "CRP (mg/L)\t<3.0\t159*\t3*\n"
)
_TIME_POINTS = (
    "Table 1 Blood laboratory value comparisons from admission, day 21 and day 24\n"
    "Variables\tAdmission\tDay 20\tDay 24\tReference\n"
    "Platelets (×109/L)\t290\t329\t415\t135–400\n"
    "White cell count (×109/L)\t–\t11.2\n"
    "Creatinine (µmol/L)\t53\t32\t43\t55–110\n"
)


def _values(text: str) -> list[tuple[str, float, str | None, str | None]]:
    return [(v.analyte, v.value, v.comparator, v.timing) for v in read_lab_text(text).values]


def test_a_reference_column_before_the_results_is_never_read_as_one() -> None:
    # BMJ Case Reports 220136: "Alanine aminotransferase (U/L) <51 32 44" was read as an
    # ALT of 51 and the sodium row not at all.
    values = _values(_REFERENCE_FIRST)
    assert ("ALT", 51.0, None, None) not in values
    assert not any(v in (135.0, 145.0, 0.6, 1.1, 51.0) for _, v, _, _ in values)
    assert values == [
        ("Sodium", 137.0, None, "admission"),
        ("Sodium", 140.0, None, "discharge"),
        ("ALT", 32.0, None, "admission"),
        ("ALT", 44.0, None, "discharge"),
        ("Creatinine", 0.95, None, "admission"),
        ("Creatinine", 1.24, None, "discharge"),
        ("CRP", 159.0, None, "admission"),
        ("CRP", 3.0, None, "discharge"),
    ]


def test_the_reference_column_flags_the_results_and_the_row_is_quoted() -> None:
    values = read_lab_text(_REFERENCE_FIRST).values
    creatinine = [v for v in values if v.analyte == "Creatinine"]
    assert [v.flag for v in creatinine] == [None, "high"]
    assert all("1.24*" in v.source_line for v in creatinine)


def test_each_time_point_column_gives_its_own_value() -> None:
    # BMJ Case Reports 235933: only the admission column was read, without its time.
    values = _values(_TIME_POINTS)
    assert [v for v in values if v[0] == "Platelets"] == [
        ("Platelets", 290.0, None, "admission"),
        ("Platelets", 329.0, None, "earlier"),  # day 20's, before day 24's (round 27)
        ("Platelets", 415.0, None, None),
    ]
    # A dash is a test not done that day: the count is day 20's, not the admission's.
    assert [v for v in values if v[0] == "WBC"] == [("WBC", 11.2, None, "earlier")]
    assert [v for v in values if v[0] == "Creatinine"] == [
        ("Creatinine", 53.0, None, "admission"),
        ("Creatinine", 32.0, None, "earlier"),
        ("Creatinine", 43.0, None, None),
    ]


def test_a_result_before_its_reference_is_read_as_before() -> None:
    # Clinical Cases in Tropical Medicine, table 88.1: the header is none this class reads.
    text = (
        "| Parameter | Patient | Reference Range |\n"
        "| AST (U/L) | 413 | 13-30 |\n"
        "| Platelets (10^9/L) | 90 | 158-348 |\n"
    )
    assert header_columns("| Parameter | Patient | Reference Range |") is None
    assert _values(text) == [("AST", 413.0, None, None), ("Platelets", 90.0, None, None)]


def test_a_line_of_prose_after_the_rows_is_read_as_prose() -> None:
    text = _TIME_POINTS + "She was discharged on day 25 with sodium 139 mmol/L.\n"
    assert [v[:2] for v in _values(text) if v[0] == "Sodium"] == [("Sodium", 139.0)]
    assert header_columns("Sodium (mmol/L)\t135–145\t137\t140") is None


def test_a_cohorts_columns_are_no_patients_time_points() -> None:
    # pmc.ncbi.nlm.nih.gov/articles/PMC7573668/table/tbl2: a study's medians by group.
    header = "Reference values\tAdmission day (n = 33)\tFollow up (n = 33)"
    assert header_columns("Laboratory test\t" + header) is None


def test_cells_between_runs_of_spaces_read_as_between_tabs() -> None:
    # BMJ Case Reports 220136's rows as a PDF's text layer gives them: runs of spaces.
    values = _values(_REFERENCE_FIRST.replace("\t", "    "))
    assert ("ALT", 51.0, None, None) not in values
    assert values[:4] == [
        ("Sodium", 137.0, None, "admission"),
        ("Sodium", 140.0, None, "discharge"),
        ("ALT", 32.0, None, "admission"),
        ("ALT", 44.0, None, "discharge"),
    ]


def test_a_count_with_a_space_between_its_thousands_is_read_whole() -> None:
    # BMJ Case Reports 220136: "White cell count (x109/L) | 3500–11 000 | 14 200* | 5800"
    # (the count per microlitre under a unit per litre): fourteen thousand two hundred,
    # never 14; the reference "3500–11 000" is no result.
    text = (
        "Variable\tReference range\tHospital day 1\tDischarge day 2\n"
        "White cell count (x109/L)\t3500–11 000\t14 200*\t5800\n"
    )
    assert [v[1] for v in _values(text)] == [14200.0, 5800.0]


def test_a_row_short_of_cells_between_spaces_gives_its_numbers_without_a_time() -> None:
    # BMJ Case Reports 235933 ("Potassium (mmol/L) – 5.3", the other days blank) as a PDF's
    # text gives it: the blanks leave no trace, so 5.3 is no admission value; and a bound
    # ("<51") in a short row may be the range as well as a result, so it is neither.
    text = (
        "Variables    Admission    Day 20    Day 24    Reference\n"
        "Potassium (mmol/L)    –    5.3\n"
        "Creatinine (µmol/L)    53    32    43    55–110\n"
        "She was discharged on day 25.  Her sodium was 139 mmol/L.\n"
    )
    values = _values(text)
    assert ("Potassium", 5.3, None, None) in values
    assert ("Creatinine", 53.0, None, "admission") in values
    assert ("Sodium", 139.0) in [v[:2] for v in values]
    short_bound = "Variable    Reference range    Hospital day 1    Discharge day 2\n"
    assert _values(short_bound + "Alanine aminotransferase (U/L)    <51    32\n") == [
        ("ALT", 32.0, None, None)
    ]


def test_an_equal_value_in_another_column_is_another_result() -> None:
    # BMJ Case Reports 235933 "Haemoglobin (g/L) 123 98 98 114–150" (day 20 and day 24 both
    # 98) and 220136 "Chloride (mmol/L) 95–110 102 102": one result a column.
    text = (
        "Variables\tAdmission\tDay 20\tDay 24\tReference\nHaemoglobin (g/L)\t123\t98\t98\t114–150\n"
    )
    assert [v[1:] for v in _values(text)] == [
        (123.0, None, "admission"),
        (98.0, None, "earlier"),
        (98.0, None, None),
    ]
    text = (
        "Variable\tReference range\tOn admission\tAt discharge\n"
        "Chloride (mmol/L)\t95–110\t102\t102\n"
    )
    assert [v[3] for v in _values(text)] == ["admission", "discharge"]


def test_cells_joined_with_nothing_between_them_give_no_value() -> None:
    # BMJ Case Reports 220136 as the pages index stores it: the cells run together, the
    # range first. Read as one number the rows gave a haemoglobin of 1.0, a bicarbonate of
    # 2.0 and a white cell count of 350, each critical, and a potassium of 3.5 from a range
    # whose end the page lost.
    text = (
        "VariableReference rangeHospital day 1 (day 5 after onset of symptoms)\n"
        "Haemoglobin (g/dL)13–1813.713.0\n"
        "Bicarbonate (mmol/L)22–322126\n"
        "White cell count (x109/L)3500–11 00014 200*5800\n"
        "Potassium (mmol/L)3.5–\n"
        "Alanine aminotransferase (U/L)<513244\n"
        "SARS-CoV-2 Immunofluorescence IgM<10<1010*\n"
    )
    assert read_lab_text(text).values == []


def test_one_result_run_into_its_range_is_still_read() -> None:
    # dev case web-si-units-table-cells-run-together ("5.04.0–11.0": 5.0 and its range).
    # BMJ Case Reports 235933's "Potassium (mmol/L)–5.3" is no result (tables30): the rows
    # printed so end in the laboratory's upper limits ("Urea (mmol/L)–7.8", 2.5–7.8 mmol/L;
    # BMJ 233512's "Basophile (%)–2.0", "Eosinophile (%)–6.0"), a range whose start and the
    # row's results the page lost, as BMJ 220136 keeps only a range's start ("3.5–").
    text = "White cell count (×109/L)5.04.0–11.0\nPotassium (mmol/L)–5.3\n"
    assert [v[:2] for v in _values(text)] == [("WBC", 5.0)]
    assert not glued_cells("Order No  JT170900110")
    assert not glued_cells("greater excretion/loss of HCO3-")
