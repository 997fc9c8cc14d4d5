"""Issue #29's table classes (reader-tables): cumulative reports whose rows print the
previous result after the current one, patient-portal result cards, and the marks OCR
leaves in a scanned table's text. Each document is a dev case of tests/clinical/dev with
its provenance in its case.json; the lines are quoted as published."""

from __future__ import annotations

from pathlib import Path

from core.analysis.labs.cumulative import date_columns
from core.analysis.labs.parse import read_lab_text
from core.analysis.rules.notes import read_notes
from core.insights import LabValue

CASES = Path(__file__).parents[1] / "clinical" / "dev"


def _values(text: str) -> list[tuple[str, float, str | None, str | None]]:
    return [(v.analyte, v.value, v.comparator, v.timing) for v in read_lab_text(text).values]


def _read(case: str, name: str = "report.txt") -> list[LabValue]:
    return read_lab_text((CASES / case / name).read_text()).values


def test_a_cumulative_row_reads_the_previous_result_as_an_earlier_value() -> None:
    # afairgiant/MediKeep tests/fixtures/lab_text_samples.py @ a8e7c1e555 (LabCorp's
    # layout; dev case txt-labcorp-cumulative-previous-result-column).
    header = "Test Current Result and Flag Previous Result and Date Units Reference Interval\n"
    assert _values(header + "WBC 6.2 8.6 11/23/2022 x10E3/uL 3.4-10.8") == [
        ("WBC", 6.2, None, None),
        ("WBC", 8.6, None, "earlier"),
    ]
    # The same result twice is two results: the current one and the earlier one.
    assert _values(header + "Basos 1 1 11/23/2022 % Not Estab.") == [
        ("Basophils", 1.0, None, None),
        ("Basophils", 1.0, None, "earlier"),
    ]
    # A previous result written as a bound keeps it.
    assert _values(header + "Estradiol 18.0 <5.0 04/13/2022 pg/mL 7.6-42.6") == [
        ("Estradiol", 18.0, None, None),
        ("Estradiol", 5.0, "<", "earlier"),
    ]
    values = _read("txt-labcorp-cumulative-previous-result-column")
    current = [v for v in values if v.timing is None]
    earlier = [v for v in values if v.timing == "earlier"]
    assert len(current) == len(earlier) == 22
    # The dates are never values.
    assert not [v for v in values if v.value in (23, 2022, 2023)]


def test_a_flag_word_belongs_to_the_result_it_follows() -> None:
    # MediKeep's LabCorp rows without a header: the previous result's date marks the row
    # as cumulative (dev case txt-labcorp-flag-words-beside-current-and-previous).
    values = {
        (v.analyte, v.timing): v
        for v in _read("txt-labcorp-flag-words-beside-current-and-previous")
    }
    assert values[("Glucose", None)].value == 145
    assert values[("Glucose", None)].flag == "high"
    assert values[("Glucose", "earlier")].value == 98
    assert values[("BUN", None)].value == 18
    assert values[("BUN", None)].flag is None  # "18 22 High": the 22 is high
    assert values[("BUN", "earlier")].value == 22
    assert values[("BUN", "earlier")].flag == "high"
    assert values[("Sodium", "earlier")].value == 138


def test_a_name_line_then_its_results_line_of_a_cumulative_report() -> None:
    # MediKeep's LABCORP_MULTILINE_TEST (dev case txt-labcorp-name-line-then-values-line):
    # "Hemoglobin A1c" on one line, "6.5 6.2 10/01/2022 % <5.7" on the next.
    assert _values("Hemoglobin A1c\n6.5 6.2 10/01/2022 % <5.7\n") == [
        ("HbA1c", 6.5, None, None),
        ("HbA1c", 6.2, None, "earlier"),
    ]
    assert _values("Immature Granulocytes\n0 0 11/23/2022 % Not Estab.\n") == [
        ("Immature granulocytes", 0.0, None, None),
        ("Immature granulocytes", 0.0, None, "earlier"),
    ]


def test_two_results_without_a_cumulative_mark_are_not_current_and_earlier() -> None:
    # Without a previous-result column or a date after the second number, a second number
    # is no earlier result (a two-column gas table reads each column's test on its own).
    assert [v.timing for v in read_lab_text("WBC 6.2 8.6 x10E3/uL 3.4-10.8").values] == [None]


def test_a_portal_card_reads_its_result_never_its_gauge() -> None:
    # MediKeep's EPIC_MYCHART_FULL_PANEL (dev case txt-mychart-cards-gauge-endpoints).
    card = "Glucose Level\nNormal range: 74 - 106 mg/dL\n74    106\n92\n"
    values = read_lab_text(card).values
    assert [(v.analyte, v.value, v.unit) for v in values] == [("Glucose", 92.0, "mg/dL")]
    assert (values[0].reference_low, values[0].reference_high) == (74.0, 106.0)
    egfr = "EGFR\nNormal range: above >=90 mL/min/1.73m2\nValue\n126\n"
    assert [(v.analyte, v.value) for v in read_lab_text(egfr).values] == [("eGFR", 126.0)]
    values = _read("txt-mychart-cards-gauge-endpoints")
    assert len(values) == 12
    assert not [v for v in values if v.value in (74, 106, 136, 145, 98)]


def test_marks_ocr_leaves_in_a_scanned_tables_text() -> None:
    # MediKeep's LABCORP_SAMPLE_WITH_OCR_ERRORS ("actual scanned PDF artifacts"; dev case
    # txt-labcorp-cumulative-ocr-confusions): a footnote mark read as "<" glued to the name
    # is no bound, a stray quote is no cell, "xlOE3/uL" is x10E3/uL.
    header = "Test Current Result and Flag Previous Result and Date Units Reference Interval\n"
    rbc = read_lab_text(header + 'RBC<" 4.85 4.66 11/23/2022 xlOE6/uL 4.14-5.80').values
    assert [(v.value, v.comparator, v.unit) for v in rbc] == [
        (4.85, None, "x10E6/uL"),
        (4.66, None, "x10E6/uL"),
    ]
    assert _values(header + "Neutrophils\"' 52 55 11/23/2022 % Not Estab.") == [
        ("Neutrophils", 52.0, None, None),
        ("Neutrophils", 55.0, None, "earlier"),
    ]
    # A bound written against its number keeps its comparator.
    assert _values("Troponin I <0.01 ng/mL") == [("Troponin I", 0.01, "<", None)]


def test_the_estimated_average_glucose_is_not_a_glucose() -> None:
    # umermansoor/ai-agent-med data/drapoel/labs/a1c.md @ 478995b208 (dev case
    # md-flag-markup-lipid-thyroid-a1c-vitamin-d-crp).
    row = "| Estimated Avg Glucose (mg/dL)| 123    | < 117                | *H*   |"
    assert [(v.analyte, v.value) for v in read_lab_text(row).values] == [
        ("Estimated average glucose", 123.0)
    ]


def test_a_flag_column_between_the_name_and_the_result() -> None:
    # garg-tejas/blood-report-parser "sample reports/blood report 2.png" @ 8aebd5d698 (dev
    # case img-labsmart-flag-letters-before-value-mchc-percent-png), as OCR reads its rows.
    rows = (
        "LYMPHOCYTE  L  18  %  20 - 40\n"
        "MONOCYTES  L  1  %  2- 10\n"
        "MEAN CELL HAEMOGLOBIN CON, MCHC  H  35.7  %  31.5 - 34.5\n"
    )
    values = read_lab_text(rows).values
    assert [(v.analyte, v.value, v.unit, v.flag) for v in values] == [
        ("Lymphocytes", 18.0, "%", "low"),
        ("Monocytes", 1.0, "%", "low"),
        # MCHC printed in "%" is the older writing of g/dL (g per 100 mL of cells).
        ("MCHC", 35.7, "g/dL", "high"),
    ]


def test_a_percentage_is_still_no_mchc_of_another_analyte() -> None:
    # Only MCHC reads "%" as g/dL: a haemoglobin in "%" is no haemoglobin.
    assert read_lab_text("Hemoglobin 85 %").values == []


def test_a_lab_reports_printed_causes_table_is_no_history_of_the_patient() -> None:
    # The Labsmart sample CBC above prints, under its results, a table of what abnormal
    # values may mean for anyone: "Possible causes of abnormal parameters: ... Anemia,
    # thalassemia, and other hemoglobinopathies" (as OCR reads it).
    report = (
        "MEAN CELL HAEMOGLOBIN CON, MCHC  H  35.7  %  31.5 - 34.5\n"
        "Possible causes of abnormal parameters:\n"
        "High  Low\n"
        "RBC, Hb, or HCT Dehydration, polycythemia, shock, chronic hypoxia  Anemia, "
        "thalassemia, and other hemoglobinopathies\n"
        "MCV  Macrocytic anemia, liver disease  Microcytic anemia\n"
    )
    facts = read_notes(None, [report])
    assert facts.stated == facts.current == facts.history == []


def test_a_table_headed_by_its_dates_newest_first() -> None:
    # Dev case web-hyponatraemia-urine-sodium-decimal-comma (a chemical pathology teaching
    # portfolio, dieter.portfolio.nhls-results.co.za, "Hyponatremia with a urine sodium
    # measurement"; provenance in its case.json): newest date first, delta-check
    # marks ("δ-") and flags between the results, decimal commas.
    table = (
        "Date 24/01/2021 23/01/2021 22/01/2021 11/01/2021 22/12/2020 04/12/2020 19/01/2016\n"
        "Na        δ-  124 L   129 L   133 L   138     137\n"
        "Urea          3,9     3,1     6,1     6,1     8,2 H\n"
        "Creat           61   δ-   66      88      73      86      48 L\n"
    )
    values = read_lab_text(table).values
    current = [(v.analyte, v.value) for v in values if v.timing is None]
    assert current == [("Sodium", 124.0), ("Urea", 3.9), ("Creatinine", 61.0)]
    earlier = [(v.analyte, v.value, v.flag) for v in values if v.timing == "earlier"]
    assert ("Sodium", 129.0, "low") in earlier
    assert ("Urea", 8.2, "high") in earlier
    assert ("Creatinine", 48.0, "low") in earlier
    assert len([e for e in earlier if e[0] == "Creatinine"]) == 5
    # Dates oldest first say nothing of which column is current: no result is earlier.
    oldest_first = "Date 19/01/2016 04/12/2020 22/12/2020\nNa  137  138  133\n"
    assert [v.timing for v in read_lab_text(oldest_first).values] == [None]
    # A header's dates that are no columns of results: one day printed thrice, or words.
    assert date_columns("05/19/2023 05/19/2023 05/19/2023") == 0
    assert date_columns("Collected: 01/02/2023 Received: 01/02/2023 Reported: 01/03/2023") == 0


def test_a_name_cut_short_by_its_column_is_the_name_it_begins() -> None:
    # The Labsmart sample CBC (dev case img-labsmart-flag-letters-before-value-mchc-percent-png)
    # prints "MEAN CELL HAEMOGLOBIN CON, MCHC": its name column cuts the long name. Here the
    # row without the lab's own ", MCHC", as a narrower column prints it: the cut name alone.
    row = "MEAN CELL HAEMOGLOBIN CON  H  35.7  %  31.5 - 34.5"
    assert [(v.analyte, v.value) for v in read_lab_text(row).values] == [("MCHC", 35.7)]
    # A name that is whole stays itself; a cut that begins two tests' names decides nothing.
    assert [v.analyte for v in read_lab_text("Mean Corpuscular Volume  88 fL").values] == ["MCV"]
    assert read_lab_text("Mean Corpuscular  30.0  pg").values == []


def test_a_previous_result_column_never_dates_the_current_results() -> None:
    # A shorter header than LabCorp's names the same columns: its "Previous Result" is a
    # column, not the time of every result under it; a power of ten after the current
    # result is its unit, never a previous result.
    header = "Test Result Previous Result Units Reference Range\n"
    values = read_lab_text(header + "Hemoglobin 13.5 12.9 g/dL 12-16").values
    assert [(v.value, v.timing) for v in values] == [(13.5, None), (12.9, "earlier")]
    values = read_lab_text(header + "WBC 7.2 10^3/uL 4.0-11.0").values
    assert [(v.value, v.timing) for v in values] == [(7.2, None)]
