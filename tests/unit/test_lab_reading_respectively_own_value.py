"""A "respectively" over measures the catalogue has no name for, after a test that already
told its own value (issue #29, twenty-fourth round): the test keeps its value and takes none
of the list's. Each test quotes a MedRBench pool report (PubMed Central open-access case
reports of 2024, the PMC id in each test).
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _pairs(values: list[LabValue]) -> list[tuple[str, float]]:
    return [(v.analyte, v.value) for v in values]


def test_a_course_value_keeps_its_own_value_before_ejection_fractions() -> None:
    # PMC11622249: NT-proBNP took 40 and 20 (the ejection fractions) and lost 7282 pg/mL
    line = (
        "Thereafter, the cardiac function gradually recovered (cTnI decreased to 7.41 ng/mL, "
        "NT-proBNP decreased to 7282 pg/mL, and LVEF and RVEF increased to 40% and 20%, "
        "respectively, on day 6)."
    )
    assert _pairs(parse_lab_values(line)) == [("Troponin I", 7.41), ("NT-proBNP", 7282)]


def test_a_test_with_its_own_value_takes_none_of_other_tests_values() -> None:
    # PMC11581448: normetanephrine took norepinephrine's and dopamine's 13,002 and 88 pg/mL
    line = (
        "plasma free normetanephrine elevated at 15.90 nmol/L, and plasma catecholamines, "
        "norepinephrine and dopamine were elevated at 13,002 pg/mL and 88 pg/mL respectively."
    )
    values = parse_lab_values(line)
    assert [(v.analyte, v.value, v.unit) for v in values] == [("Normetanephrine", 15.9, "nmol/L")]


def test_a_series_after_days_or_a_bracketed_range_is_still_the_tests() -> None:
    # guard: numbers without a unit (days) or a range in brackets are not a value told
    line = "CRP (normal < 5 mg/L) on day 1 and day 3 was 20 and 40 mg/L, respectively."
    assert sorted(_pairs(parse_lab_values(line))) == [("CRP", 20), ("CRP", 40)]
    line = "ALT and AST were 40 and 20 U/L, respectively, and CRP was 7.2 mg/L."
    assert sorted(_pairs(parse_lab_values(line))) == [("ALT", 40), ("AST", 20), ("CRP", 7.2)]
