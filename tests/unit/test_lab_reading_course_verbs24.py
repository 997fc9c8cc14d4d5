"""A test's course told with its verbs (#29, twenty-fourth round): the words between a test's
name and its later value ("continued to trend down to", "elevation (500 U/L)") no longer
part them."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _read(text: str) -> list[tuple[str, float]]:
    return [(v.analyte, v.value) for v in parse_lab_values(text)]


def test_a_value_the_test_continued_to_trend_down_to():
    # MedRBench PMC11439479 (and dev's cr7-dx-complete-molar-pregnancy): 2642 was unread.
    text = (
        "At follow-up one week later her beta-hCG continued to trend down to 2642 mIU/mL and "
        "at the two-week follow-up appointment dropped to 200 mIU/mL."
    )
    assert ("hCG", 2642.0) in _read(text)


def test_a_tests_elevation_before_its_value():
    # MedRBench PMC11421287: this creatine kinase was unread.
    text = (
        "The patient was admitted to the emergency department with syncope, trismus, "
        "difficulty swallowing, metabolic acidosis and mild serum creatine kinase elevation "
        "(500 U/L; reference range: 26–192 U/L) which quickly increased to 2800 U/L (Fig. 5C)."
    )
    assert ("CK", 500.0) in _read(text)
