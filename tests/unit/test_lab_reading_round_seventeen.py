"""Lab results in case-report prose the reader did not read (issue #29, labs17).

Round seventeen counted again, over the pool's case sections (2024 PMC case reports as
MedRBench stores them, wumingxin238/MedRBench @ 827ee187), the numbers with a lab unit that
the reader left unread, and grouped those that are the patient's results by cause. Each test
quotes the real shape with its PMC id.
"""

from __future__ import annotations

from core.analysis.labs.lines import holds_number
from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, str | None, float, str | None]]:
    return [(v.analyte, v.comparator, v.value, v.unit) for v in read_lab_text(text).values]


# --- a count's thousands set apart by a space -----------------------------------------------


def test_a_count_with_its_thousands_set_apart_by_a_space_is_one_number() -> None:
    # PMC11587891: "17 000" was read as 17 with no unit, then guessed in 10^9/L
    text = (
        "Laboratory tests showed leukocytosis (17 000/mm3), neutrophilia (82%), severe anemia "
        "(hemoglobin levels of 6.8 g/dl), platelet count 148 000/mm3, serum creatinine 0.7 mg/dl"
    )
    read = _read(text)
    assert ("WBC", None, 17000.0, "/mm3") in read
    assert ("Platelets", None, 148000.0, "/mm3") in read
    # PMC11623884: "12 500" was read as a count of 12
    text = (
        "Routine laboratory tests were normal, except for a leukocytosis of 12 500 cells/mm³, "
        "with 85% neutrophilic predominance."
    )
    assert ("WBC", None, 12500.0, "cells/mm³") in _read(text)
    # PMC11618910: the unit in words
    text = (
        "Laboratory results showed a slight increase of white blood cell (WBC) count to 11 290 "
        "per microliter (normal range = 4500 to 11 000 per microliter)"
    )
    assert [(a, v) for a, _, v, _ in _read(text)] == [("WBC", 11290.0)]
    # PMC11550494
    text = "a white blood cell count of 5900/µL, a platelet count of 280 000/µL, and an ESR"
    assert ("Platelets", None, 280000.0, "/µL") in _read(text)


def test_numbers_set_apart_by_a_space_elsewhere_stay_apart() -> None:
    # PMC11633234: no count's unit follows
    assert _read("There were 14 mitoses per 10 400x power fields (2.37 mm2).") == []
    assert holds_number("leukocytosis (17 000/mm3)", 17000)
    assert holds_number("leukocytosis (17 000/mm3)", 17)


# --- the CD4 count by its other names ---------------------------------------------------------


def test_the_cd4_count_is_read_by_the_names_reports_give_it() -> None:
    # PMC11427117
    text = "He was diagnosed with severe AIDS (CD-4 count <100 cells/mm3) and multiple infections"
    assert _read(text) == [("CD4 count", "<", 100.0, "cells/mm3")]
    # PMC11540929: read as a lymphocyte count of 42
    text = (
        "Subsequent blood tests confirmed active HIV infection with a high viral load and a low "
        "CD4+ lymphocyte count (42/µl, normal range > 300/μl), categorised as C3."
    )
    assert _read(text) == [("CD4 count", None, 42.0, "/µl")]
    text = "the number of CD4+ cells had increased (127/µl)."
    assert _read(text) == [("CD4 count", None, 127.0, "/µl")]
    # PMC11622249
    text = (
        "decreased levels of CD3 cells (422/μL), CD4 cells (221/μL), CD8 cells (188/μL), "
        "complement C3 (0.718 g/L)"
    )
    assert ("CD4 count", None, 221.0, "/μL") in _read(text)
    # PMC11647459
    text = "His CD4 + count was low at 12 cells/mm3 (424 – 1509) and viral load was elevated"
    assert _read(text) == [("CD4 count", None, 12.0, "cells/mm3")]


def test_a_cd4_share_of_cells_in_a_biopsy_is_no_count() -> None:
    assert _read("The infiltrate was composed of CD4 cells (60%) and CD8 cells.") == []


# --- the aminotransferases by their European abbreviations and other names ----------------------


def test_asat_and_alat_are_the_aminotransferases() -> None:
    # PMC11378097
    text = "Elevated liver enzymes (ASAT: 134 U/L, ALAT: 65.9 U/L) and C-reactive protein 12 mg/L"
    assert _read(text)[:2] == [("AST", None, 134.0, "U/L"), ("ALT", None, 65.9, "U/L")]


def test_the_glutamic_transaminases_are_the_aminotransferases() -> None:
    # PMC11642278: neither name was read
    text = (
        "Blood tests showed moderate elevations of liver enzymes with serum glutamic "
        "oxaloacetic transaminase at 130 U/L (normal: 7–56 U/L), serum glutamate pyruvate "
        "transaminase at 104 U/L (normal: 10–40 U/L)"
    )
    assert _read(text) == [("AST", None, 130.0, "U/L"), ("ALT", None, 104.0, "U/L")]


# --- a count's disorder named right before its count --------------------------------------------


def test_a_count_right_after_its_disorder_is_that_count() -> None:
    # PMC11503360, PMC11596470, PMC11618025: neither count was read
    text = "LDH 558 U/l (<248), and leukocytosis 14.28 × 109/L."
    assert ("WBC", None, 14.28, "×109/L") in _read(text)
    text = "and mildly elevated leukocytosis 10,930/mm3 with an increased ratio of lymphocytes"
    assert _read(text) == [("WBC", None, 10930.0, "/mm3")]
    text = "white blood cells 8800/mm3, neutrophils 6860/mm3, lymphopenia 1360/mm3, platelets"
    assert ("Lymphocytes", None, 1360.0, "/mm3") in _read(text)
    # a number after the word that is no count stays unread
    assert _read("Thrombocytopenia 3 days later prompted a transfusion.") == []


# --- a time between a test's name and its verb ----------------------------------------------------


def test_a_time_since_an_event_between_name_and_verb_is_no_result() -> None:
    # PMC11546350: read as a troponin of 1.5 ng/L, the 156 left unread
    text = (
        "The first troponin level 1.5 h after cardiac arrest was 156 ng/L, and the maximum "
        "(1559 ng/L) was recorded 14 h after the incident"
    )
    read = _read(text)
    assert ("Troponin", None, 156.0, "ng/L") in read
    assert 1.5 not in {value for _, _, value, _ in read}
    # PMC11647073
    text = "The patient’s creatinine level approximately 1 month later was 171 µmol/L; see figures"
    assert _read(text) == [("Creatinine", None, 171.0, "µmol/L")]
    # PMC11621942
    text = (
        "Volume intake restriction was applied such that the serum sodium level by day 4 was "
        "131 mmol/L"
    )
    assert _read(text) == [("Sodium", None, 131.0, "mmol/L")]


# --- beta-D-glucan by its other names ----------------------------------------------------------


def test_beta_d_glucan_is_read_by_its_other_names() -> None:
    # PMC11447945: the fungal marker told as "the glucan test"
    text = "The glucan test results were <5.0 pg/mL, and all laboratory examinations were normal"
    assert _read(text) == [("Beta-D-glucan", "<", 5.0, "pg/mL")]
    # PMC11471678 names it with a space; its value in "A and B were x and y" stays for later
    text = "The serum β-D glucan level was 58.3 pg/mL (normal range, <20 pg/mL)."
    assert _read(text) == [("Beta-D-glucan", None, 58.3, "pg/mL")]


def test_a_quoted_line_with_a_count_set_apart_by_a_space_holds_the_count() -> None:
    # PMC11623884, PMC11618910: the benchmark's source-line check reads the count as written
    from benchmarks.clinical_scoring import line_holds_value
    from core.insights import LabValue

    line = "except for a leukocytosis of 12 500 cells/mm³, with 85% neutrophilic predominance"
    assert line_holds_value(line, LabValue(analyte="WBC", value=12500.0, unit="cells/mm³"))
    line = "count to 11 290 per microliter (normal range = 4500 to 11 000 per microliter)"
    assert line_holds_value(line, LabValue(analyte="WBC", value=11290.0, unit="/µL"))
