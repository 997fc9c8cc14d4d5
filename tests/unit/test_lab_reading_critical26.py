"""Critical values, twenty-sixth round (issue #29): the author's word against the number, and
a lactate an exercise test provokes (core/analysis/labs/verdicts.py, provoked.py)."""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, float, bool, bool]]:
    """(analyte, value, doubtful, critical) of each value read."""
    return [(v.analyte, v.value, v.doubtful, v.critical) for v in read_lab_text(text).values]


def test_a_count_under_the_other_sides_finding_is_doubtful_not_critical() -> None:
    # PMC11418098: "neutrophilic leukocytosis" over a count of 1.4551 × 10⁹/L (a misplaced
    # point): telephoned as a critical leukopenia on main.
    text = (
        "Laboratory investigations revealed neutrophilic leukocytosis with a total white blood "
        "cell count of 1.4551 × 10⁹/L and neutrophils at 75.85%."
    )
    assert _read(text)[0] == ("WBC", 1.4551, True, False)


def test_a_critical_number_inside_a_bracket_the_author_calls_normal_is_doubtful() -> None:
    # Journal of Medical Case Reports, CUPCase row 1694: "near the normal ranges (...
    # platelet count 24 × 10^3/μl ...)"; the slightly abnormal haemoglobin and WBC of the
    # same bracket are read as printed.
    text = (
        "Her hematology results were near the normal ranges (hemoglobin 10.8 g/dl, mean "
        "corpuscular volume 92 fl, platelet count 24 × 10^3/μl, white blood cell count, "
        "23.37 × 10^3/μl)."
    )
    assert _read(text) == [
        ("Hemoglobin", 10.8, False, False),
        ("MCV", 92.0, False, False),
        ("Platelets", 24.0, True, False),
        ("WBC", 23.37, False, False),
    ]


def test_a_normal_verdicts_bracket_holds_across_semicolons() -> None:
    # CUPCase row 2766: a normal total calcium of 2.2 mmol/L named ionised, inside "within
    # normal limits (...; ...)": telephoned as a critical ionised calcium on main.
    text = (
        "Her haematological and biochemical parameters were within normal limits (haemoglobin "
        "11.8g/dL; white cell count of 9400/mm3; serum sodium 141mmol/L; potassium 4.3mmol/L; "
        "serum ionized calcium 2.2mmol/L; serum magnesium 1.1mmol/L). Her blood cultures were "
        "sterile."
    )
    read = {analyte: (doubtful, critical) for analyte, _, doubtful, critical in _read(text)}
    assert read["Ionised calcium"] == (True, False)
    assert read["Potassium"] == (False, False)


def test_normal_said_before_the_tests_name() -> None:
    # CUPCase row 1521: "normal platelet count (15 × 10^9/L)" (150 with a digit lost).
    text = "Neutropenia (0.59 × 10^9/L) and normal platelet count (15 × 10^9/L) were confirmed."
    assert ("Platelets", 15.0, True, False) in _read(text)


def test_an_exercise_tests_lactate_is_read_but_never_telephoned() -> None:
    # CUPCase row 4573 (a mitochondrial myopathy): the walk raised the lactate on purpose.
    text = (
        "A six-minute walk test revealed a normal resting lactic acid = 1.6 mmol/L, and an "
        "elevated post-six-minute-walk lactic acid = 5 mmol/L (normal result < 2 mmol/L)."
    )
    assert _read(text) == [("Lactate", 1.6, False, False), ("Lactate", 5.0, False, False)]


def test_guards_an_exception_or_a_closed_bracket_keeps_the_alarm() -> None:
    assert _read("Laboratory tests were normal except for potassium 7.1 mmol/L.") == [
        ("Potassium", 7.1, False, True)
    ]
    text = (
        "Her labs were within normal limits (sodium 140 mmol/L) apart from a potassium of "
        "7.1 mmol/L."
    )
    assert _read(text)[-1] == ("Potassium", 7.1, False, True)


def test_guards_a_finding_of_the_same_side_keeps_the_alarm() -> None:
    # PMC11483140: "pancytopenia (white blood cell (WBC) 0.42 × 109/L, ... platelet (Plt) 32 ×
    # 109/L)"; CUPCase row 3749: "severe hyperkalemia with a potassium level of 8.9 mmol/L".
    text = (
        "Complete blood cell count revealed pancytopenia (white blood cell (WBC) 0.42 × 109/L, "
        "hemoglobin (Hb) 112 g/L, platelet (Plt) 32 × 109/L)."
    )
    assert [(a, c) for a, _, _, c in _read(text)] == [
        ("WBC", True),
        ("Hemoglobin", False),
        ("Platelets", True),
    ]
    assert _read("She had severe hyperkalemia with a potassium level of 8.9 mmol/L.") == [
        ("Potassium", 8.9, False, True)
    ]
    assert _read("She presented with severe anemia (hemoglobin 4.9 g/dL).") == [
        ("Hemoglobin", 4.9, False, True)
    ]
    # Both sides named: a course, not a contradiction.
    text = (
        "The leukopenia resolved and a leukocytosis followed, with a white blood cell count "
        "of 45 × 10^9/L."
    )
    assert _read(text) == [("WBC", 45.0, False, True)]


def test_guards_exercise_intolerance_is_a_symptom_not_a_test() -> None:
    assert _read("He had exercise intolerance, and his lactate was 6.2 mmol/L.") == [
        ("Lactate", 6.2, False, True)
    ]
    assert _read("With exercise intolerance and lactate 6.2 mmol/L he was admitted.") == [
        ("Lactate", 6.2, False, True)
    ]
