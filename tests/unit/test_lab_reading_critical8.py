"""Critical values in full case sections (issue #29, eighth round): the class the audit of
131 Journal of Medical Case Reports sections (CUPCase, CC BY;
felipeocampoos/CUPCase-curhumai-Adversary @ ccbb10784c,
gpt_and_med_lm_evaluation/datasets/CUPCASE_RTEST_eval.csv, the row named beside each test)
found, quoted as published. The dev cases tests/clinical/dev/cr8-crit-* hold whole sections.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _read(text: str) -> list[tuple[str, float, bool]]:
    return [(v.analyte, v.value, v.critical) for v in parse_lab_values(text)]


# --- a level the treatment held is a bound, not a result -------------------------------


def test_levels_maintained_above_a_bound_are_no_results() -> None:
    # CUPCase row 3527 (acute promyelocytic leukaemia, dev case cr8-crit-apl-...): the
    # floors the infusions kept were read as a magnesium of 2.0 and a potassium of 4.0.
    text = (
        "Magnesium and potassium levels were maintained above 2.0mEq/L and 4.0mmol/L respectively."
    )
    assert _read(text) == []


def test_a_held_bound_in_the_critical_range_raises_no_alarm() -> None:
    # The same shape with a bound inside the critical range: a kept floor is no
    # measurement and must not be telephoned.
    assert _read("Her platelet count was maintained above 20 × 10^9/L with transfusions.") == []
    assert _read("Sodium levels were kept below 155 mmol/L; potassium was kept at 3.5.") == []


def test_a_result_told_before_the_held_bound_is_still_read() -> None:
    # The result stands before the verb; only the bound after it is dropped.
    read = _read("Her potassium was 2.1 mmol/L and was maintained above 3.5 mmol/L thereafter.")
    assert read == [("Potassium", 2.1, True)]


def test_a_patient_kept_somewhere_is_not_a_bound() -> None:
    # "kept at" followed by no number is left alone, and the next sentence's result is read.
    read = _read("The patient was kept at home for two days. Potassium 2.1 mmol/L.")
    assert read == [("Potassium", 2.1, True)]
