"""Issue #29, twenty-seventh round (lead): lab tables laid out in the other ways case reports
and laboratories print them.

- **Dates as the columns' headings, newest first**, the cells marked by a delta check: the
  National Health Laboratory Service's chemical pathology teaching case "Hyponatremia with a
  urine sodium measurement" (https://dieter.portfolio.nhls-results.co.za/tag/serum-osmolarity/,
  as the search tool's `pages` index stores it, the cells between pipes; the same table with
  runs of spaces is read by ``cumulative.py`` and stays as it was). Between pipes only the
  first column was read; the newest date is the current result, the others earlier ones.
- **A column a specimen** ("Parameter | Pleural fluid | Serum", "Test | Serum | Urine",
  "CSF | Blood"), as case reports print Light's criteria, a hyponatraemia's work-up and a
  meningitis's glucose ratio. Read as one table, the whole table took the last specimen named
  in the header (a serum sodium of 118 became a urine's, its critical mark lost) or the fluid's
  glucose of 38 became a critical blood glucose, and the second column was lost.
- **Panels side by side**, each with its own specimen ("Blood | Result | Urine | Result").
- **A table on its side**, one row a time point ("Day | Hemoglobin (g/dL) | Platelets ...",
  then "Day 1 | 8.2 | 45"): nothing was read, or the day's number as a result.
- **Time points as tables abbreviate them** ("HD 1", "POD 3", "Pre-op", "12/03/2019"): only the
  first column was read.

The shapes other than the NHLS table are written here from the layout each class names; none
comes from a held-out document.
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text
from core.analysis.labs.table_columns import header_columns


def _read(text: str) -> list[tuple[str, str | None, float, bool, str | None]]:
    return [
        (v.analyte, v.specimen, v.value, bool(v.critical), v.timing)
        for v in read_lab_text(text).values
    ]


_NHLS_PIPES = (
    "Laboratory Investigations\n"
    "Date | 24/01/2021 | 23/01/2021 | 22/01/2021 | 11/01/2021 | 22/12/2020 | 04/12/2020 | "
    "19/01/2016 |\n"
    "Na | δ- 124 L | 129 L | 133 L | 138 | 137 | ||\n"
    "Urea | 3,9 | 3,1 | 6,1 | 6,1 | 8,2 H | ||\n"
    "Creat | 61 | δ- 66 | 88 | 73 | 86 | 48 L | |\n"
)


def test_dates_newest_first_between_pipes_give_the_current_result_and_the_earlier_ones() -> None:
    read = _read(_NHLS_PIPES)
    sodium = [(value, timing) for name, _, value, _, timing in read if name == "Sodium"]
    assert sodium == [(124.0, None), (129.0, "earlier"), (133.0, "earlier"),
                      (138.0, "earlier"), (137.0, "earlier")]  # fmt: skip
    creatinine = [value for name, _, value, _, _ in read if name == "Creatinine"]
    assert creatinine == [61.0, 66.0, 88.0, 73.0, 86.0, 48.0]  # "δ- 66": the delta check's mark
    urea = [value for name, _, value, _, _ in read if name == "Urea"]
    assert urea == [3.9, 3.1, 6.1, 6.1, 8.2]  # an equal result of another day is another result


def test_dates_oldest_first_run_forward_to_the_current_result() -> None:
    read = _read(
        "\t12/03/2019\t14/03/2019\t20/03/2019\tNormal values\n"
        "Hemoglobin (g/dL)\t10.1\t8.2\t9.5\t12–15\n"
        "Creatinine (mg/dL)\t3.1\t2.2\t1.0\t0.5–1.1\n"
    )
    assert [(name, value, timing) for name, _, value, _, timing in read] == [
        ("Hemoglobin", 10.1, "earlier"), ("Hemoglobin", 8.2, "earlier"), ("Hemoglobin", 9.5, None),
        ("Creatinine", 3.1, "earlier"), ("Creatinine", 2.2, "earlier"), ("Creatinine", 1.0, None),
    ]  # fmt: skip


def test_a_ratio_in_a_row_is_no_date_heading() -> None:
    # "ESR (mm/h) | 17/40 | 10/20": an ESR's results and its bounds for men and women; read
    # as a header of two dates, the CRP row's "<5" under it became a CRP of 5.
    text = "Parameter\tPatient\tReference\nESR (mm/h)\t17/40\t10/20\nCRP (mg/L)\t49\t<5\n"
    assert header_columns("ESR (mm/h)\t17/40\t10/20") is None
    assert [(n, v) for n, _, v, _, _ in _read(text) if n == "CRP"] == [("CRP", 49.0)]


def test_a_column_a_specimen_reads_each_in_its_own() -> None:
    read = _read(
        "Parameter\tPleural fluid\tSerum\n"
        "Protein (g/dL)\t4.8\t6.9\n"
        "LDH (U/L)\t612\t240\n"
        "Glucose (mg/dL)\t38\t102\n"
    )
    assert read == [
        ("Total protein", "pleural fluid", 4.8, False, None),
        ("Total protein", None, 6.9, False, None),
        ("LDH", "pleural fluid", 612.0, False, None),
        ("LDH", None, 240.0, False, None),
        ("Glucose", "pleural fluid", 38.0, False, None),  # the fluid's: no hypoglycaemia
        ("Glucose", None, 102.0, False, None),
    ]


def test_a_serum_column_before_a_urine_one_keeps_the_bloods_critical_values() -> None:
    read = _read(
        "Test\tSerum\tUrine\n"
        "Sodium (mmol/L)\t118\t62\n"
        "Osmolality (mOsm/kg)\t248\t512\n"
        "Potassium (mmol/L)\t2.4\t41\n"
    )
    assert read == [
        ("Sodium", None, 118.0, True, None),
        ("Sodium", "urine", 62.0, False, None),
        ("Osmolality", None, 248.0, False, None),
        ("Osmolality", "urine", 512.0, False, None),
        ("Potassium", None, 2.4, True, None),
        ("Potassium", "urine", 41.0, False, None),
    ]


def test_two_specimens_with_the_tests_column_unnamed() -> None:
    # The header's first cell is empty, and a page's copy often drops the tab before it.
    for header in ("\tCSF\tBlood", "CSF\tBlood"):
        read = _read(f"{header}\nGlucose (mg/dL)\t22\t110\n")
        assert read == [
            ("Glucose", "csf", 22.0, False, None),
            ("Glucose", None, 110.0, False, None),
        ]


def test_one_range_beside_two_specimens_is_given_to_neither() -> None:
    values = read_lab_text(
        "Parameter   Ascitic fluid   Serum   Reference range\n"
        "Albumin (g/dL)   1.1   3.2   3.5–5.0\n"
    ).values
    assert [(v.specimen, v.value) for v in values] == [("peritoneal fluid", 1.1), (None, 3.2)]
    # the serum's range is never the fluid's (the serum keeps the catalogue's own)
    assert (values[0].reference_low, values[0].flag) == (None, None)


def test_a_serum_sentence_after_a_fluids_analysis_is_the_bloods() -> None:
    # Light's criteria told in prose: "Pleural fluid LDH was 612 U/L. Serum LDH was 240 U/L."
    # The fluid's analysis ran on into the next sentence, which names the serum.
    read = _read("Pleural fluid LDH was 612 U/L. Serum LDH was 240 U/L.")
    assert read == [("LDH", "pleural fluid", 612.0, False, None), ("LDH", None, 240.0, False, None)]


def test_side_by_side_panels_each_with_its_specimen() -> None:
    read = _read(
        "Blood\tResult\tUrine\tResult\n"
        "Sodium (mmol/L)\t128\tSodium (mmol/L)\t45\n"
        "Potassium (mmol/L)\t3.1\tPotassium (mmol/L)\t38\n"
        "Glucose (mg/dL)\t98\n"
    )
    assert read == [
        ("Sodium", None, 128.0, False, None),
        ("Sodium", "urine", 45.0, False, None),
        ("Potassium", None, 3.1, False, None),
        ("Potassium", "urine", 38.0, False, None),
        ("Glucose", None, 98.0, False, None),
    ]


def test_panels_of_no_specimen_read_as_before() -> None:
    read = _read(
        "Parameter\tValue\tParameter\tValue\nHemoglobin (g/dL)\t9.2\tSodium (mmol/L)\t128\n"
    )
    assert [(n, s, v) for n, s, v, _, _ in read] == [
        ("Hemoglobin", None, 9.2),
        ("Sodium", None, 128.0),
    ]


def test_a_table_on_its_side_one_row_a_day() -> None:
    read = _read(
        "Day\tHemoglobin (g/dL)\tPlatelets (×10^9/L)\tCreatinine (mg/dL)\n"
        "Day 1\t8.2\t45\t2.1\n"
        "Day 3\t7.4\t22\t3.4\n"
        "Day 7\t9.8\t110\t1.2\n"
    )
    assert [(n, v, t) for n, _, v, _, t in read] == [
        ("Hemoglobin", 8.2, "admission"), ("Platelets", 45.0, "admission"),
        ("Creatinine", 2.1, "admission"),
        ("Hemoglobin", 7.4, "earlier"), ("Platelets", 22.0, "earlier"),
        ("Creatinine", 3.4, "earlier"),
        ("Hemoglobin", 9.8, None), ("Platelets", 110.0, None), ("Creatinine", 1.2, None),
    ]  # fmt: skip
    # Only a test's current value is an alarm: the platelets of 22 on day 3 had risen to 110
    # by day 7, the last row.
    assert [v for n, _, v, critical, _ in read if critical] == []
    last_critical = _read("Day\tPlatelets (×10^9/L)\nDay 1\t145\nDay 3\t60\nDay 7\t18\n")
    assert [(v, critical) for _, _, v, critical, _ in last_critical] == [
        (145.0, False), (60.0, False), (18.0, True),
    ]  # fmt: skip


def test_a_table_on_its_side_with_days_as_numbers_and_short_names() -> None:
    read = _read(
        "Date\tWBC\tHb\tPlt\tCRP\nAdmission\t18.2\t10.1\t145\t245\nDay 5\t9.1\t9.4\t310\t48\n"
    )
    assert [(n, v, t) for n, _, v, _, t in read] == [
        ("WBC", 18.2, "admission"), ("Hemoglobin", 10.1, "admission"),
        ("Platelets", 145.0, "admission"), ("CRP", 245.0, "admission"),
        ("WBC", 9.1, None), ("Hemoglobin", 9.4, None), ("Platelets", 310.0, None),
        ("CRP", 48.0, None),
    ]  # fmt: skip
    numbered = _read("Day\tSodium (mmol/L)\tPotassium (mmol/L)\n1\t118\t2.4\n3\t126\t3.5\n")
    assert [(n, v) for n, _, v, _, _ in numbered] == [
        ("Sodium", 118.0), ("Potassium", 2.4), ("Sodium", 126.0), ("Potassium", 3.5),
    ]  # fmt: skip


def test_a_header_of_test_names_without_a_time_column_is_no_table_on_its_side() -> None:
    # "Sodium  Potassium  Chloride" over one row of results is read as the lines it is.
    assert _read("Test\tSodium\tPotassium\nResult\t135\t4.1\n") == []
    text = "Laboratory results: sodium 135 mmol/L, potassium 4.1 mmol/L."
    assert [(n, v) for n, _, v, _, _ in _read(text)] == [("Sodium", 135.0), ("Potassium", 4.1)]


def test_only_the_last_of_a_course_of_columns_is_current() -> None:
    # "HD 1 | HD 3 | HD 7": platelets of 32 on the first hospital day, 140 on the seventh. The
    # truth's convention and the doctor's: only a test's current value raises an alarm.
    read = _read("Test\tHD 1\tHD 3\tHD 7\tReference\nPlatelets (×10^3/μL)\t32\t58\t140\t150–400\n")
    assert [(v, t, c) for _, _, v, c, t in read] == [
        (32.0, "earlier", False), (58.0, "earlier", False), (140.0, None, False),
    ]  # fmt: skip
    # headings that tell no order ("Peak", "Nadir") are all current, as before
    unordered = _read("Test\tPeak\tNadir\nPotassium (mmol/L)\t7.1\t2.5\n")
    assert [(v, c) for _, _, v, c, _ in unordered] == [(7.1, True), (2.5, True)]


def test_time_points_as_tables_abbreviate_them() -> None:
    for header in (
        "Test\tHD 1\tHD 3\tHD 7\tReference",
        "Parameter\tPre-op\tPOD 1\tPOD 3",
        "Parameter\tOn day 2\tOn day 5\tReference",
        "Parameter\tVisit 1\tVisit 2",
        "Parameter\tDay −2\tDay 0\tDay 4",
    ):
        assert header_columns(header) is not None, header
    read = _read(
        "Test\tHD 1\tHD 3\tHD 7\tReference\n"
        "Platelets (×10^3/μL)\t32\t58\t140\t150–400\n"
        "INR\t3.4\t1.8\t1.1\t0.8–1.2\n"
    )
    assert [(n, v) for n, _, v, _, _ in read] == [
        ("Platelets", 32.0), ("Platelets", 58.0), ("Platelets", 140.0),
        ("INR", 3.4), ("INR", 1.8), ("INR", 1.1),
    ]  # fmt: skip


def test_a_results_cell_is_never_a_date_heading() -> None:
    # A table printed one cell per line: "12.1", "4.5", "11.2" are results, never the
    # headings of three time columns.
    read = _read("Hemoglobin\n12.1\ng/dL\n12.0-16.0\nPotassium\n4.5\nmmol/L\n3.5-5.1\n")
    assert [(n, v) for n, _, v, _, _ in read] == [("Hemoglobin", 12.1), ("Potassium", 4.5)]


def test_the_pericardial_fluid_is_a_specimen_of_its_own() -> None:
    # The catalogue's specimens and LOINC name the pericardial fluid; the reader named it a
    # "body fluid", or, after "Pericardiocentesis drained ...", read its cells as the blood's
    # (a white cell count of 45,000 marked critical). Shapes as case reports of purulent
    # pericarditis tell the fluid's analysis.
    read = _read(
        "Pericardiocentesis drained 600 mL of purulent fluid with a white cell count of "
        "45,000/μL, LDH 2300 U/L and glucose 12 mg/dL."
    )
    assert read == [
        ("WBC", "pericardial fluid", 45000.0, False, None),
        ("LDH", "pericardial fluid", 2300.0, False, None),
        ("Glucose", "pericardial fluid", 12.0, False, None),
    ]
    told = _read("Pericardial fluid analysis showed LDH 1250 U/L and protein 5.2 g/dL.")
    assert {s for _, s, _, _, _ in told} == {"pericardial fluid"}
    effusion = _read("The pericardial effusion was exudative with protein 5.1 g/dL.")
    assert effusion == [("Total protein", "pericardial fluid", 5.1, False, None)]


def test_a_pericardial_effusion_seen_names_no_specimen_of_the_bloods_results() -> None:
    read = _read(
        "Echocardiography showed a large pericardial effusion. Her hemoglobin was 9.2 g/dL. "
        "She had a history of pericardial disease. Sodium was 131 mmol/L."
    )
    assert [(n, s) for n, s, _, _, _ in read] == [("Hemoglobin", None), ("Sodium", None)]


def test_specimen_and_abbreviated_time_columns_with_one_space_between_cells() -> None:
    # The same tables as a page's text without its layout gives them.
    read = _read("Parameter Pleural fluid Serum\nProtein (g/dL) 4.8 6.9\nGlucose (mg/dL) 38 102\n")
    assert [(n, s, v) for n, s, v, _, _ in read] == [
        ("Total protein", "pleural fluid", 4.8), ("Total protein", None, 6.9),
        ("Glucose", "pleural fluid", 38.0), ("Glucose", None, 102.0),
    ]  # fmt: skip
    days = _read("Test HD 1 HD 3 HD 7 Reference\nPlatelets (×10^3/μL) 32 58 140 150–400\n")
    assert [v for _, _, v, _, _ in days] == [32.0, 58.0, 140.0]


def test_a_heading_inside_a_table_does_not_end_it() -> None:
    # "Hematology", "Complete blood count", "Urine" on rows of their own between a table's
    # rows: read as the table's end, the rows under them lost their later columns and time.
    read = _read(
        "Variable\tAdmission\tDay 3\tReference range\n"
        "Hematology\n"
        "Platelets (×10^9/L)\t45\t22\t150–400\n"
        "Urine\t\t\t\n"
        "Sodium (mmol/L)\t45\t60\t\n"
        "Serum\n"
        "Potassium (mmol/L)\t3.3\t3.1\t3.5–5.0\n"
    )
    assert [(n, s, v, t) for n, s, v, _, t in read] == [
        ("Platelets", None, 45.0, "admission"), ("Platelets", None, 22.0, None),
        ("Sodium", "urine", 45.0, "admission"), ("Sodium", "urine", 60.0, None),
        ("Potassium", None, 3.3, "admission"), ("Potassium", None, 3.1, None),
    ]  # fmt: skip


def test_a_sentence_after_a_table_still_ends_it() -> None:
    read = _read(
        "Variable\tAdmission\tDay 3\tReference range\n"
        "Sodium (mmol/L)\t121\t128\t135–145\n"
        "The sodium was corrected slowly over 3 days.\n"
        "Potassium\t3.9\t4.4\n"
    )
    assert [(n, v, t) for n, _, v, _, t in read][:2] == [
        ("Sodium", 121.0, "admission"),
        ("Sodium", 128.0, None),
    ]
    assert ("Potassium", 3.9, "admission") not in [(n, v, t) for n, _, v, _, t in read]


def test_side_by_side_panels_of_time_points() -> None:
    # Two panels of one course printed side by side ("Test | Day 1 | Day 3 | Test | Day 1 |
    # Day 3"): read as one header it named no column this reader knows, so only each row's
    # first number was read, without its day, and the first day's potassium of 6.9 was an
    # alarm though it was 4.4 by the third.
    read = _read(
        "Test\tDay 1\tDay 3\tTest\tDay 1\tDay 3\n"
        "Hemoglobin (g/dL)\t9.1\t7.8\tSodium (mmol/L)\t128\t134\n"
        "Platelets (×10^9/L)\t45\t88\tPotassium (mmol/L)\t6.9\t4.4\n"
    )
    assert [(n, v, t, c) for n, _, v, c, t in read] == [
        ("Hemoglobin", 9.1, "admission", False), ("Hemoglobin", 7.8, None, False),
        ("Sodium", 128.0, "admission", False), ("Sodium", 134.0, None, False),
        ("Platelets", 45.0, "admission", False), ("Platelets", 88.0, None, False),
        ("Potassium", 6.9, "admission", False), ("Potassium", 4.4, None, False),
    ]  # fmt: skip


def test_a_word_that_opens_like_a_month_is_no_date_heading() -> None:
    # "Dec" opens "Decreased", "Oct" "Octreotide": a month heading is the month's word alone
    # (with its day or year), never a longer word.
    assert header_columns("Test\tDecreased\tIncreased") is None
    assert header_columns("Drug\tOctreotide\tAugmentin") is None
    assert header_columns("Test\tMarch 12\tMarch 19") is not None
