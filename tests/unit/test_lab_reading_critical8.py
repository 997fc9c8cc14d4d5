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


# --- the result after a transfusion, told as a change of "the level of the patient" ------


def test_the_level_of_the_patient_improved_to_is_the_later_result() -> None:
    # CUPCase row 3686 (haemothorax, dev case cr8-crit-haemothorax-...): the words between
    # the name and the verb of change hid the 9.1, and the post-operative 8.4 stood as the
    # current haemoglobin.
    text = (
        "The postoperative hemoglobin level of the patient was 8.4 g/dL. After transfusion "
        "with four units of red blood cells, the hemoglobin level of the patient improved to "
        "9.1 g/dL."
    )
    read = parse_lab_values(text)
    assert [(v.analyte, v.value) for v in read] == [("Hemoglobin", 8.4), ("Hemoglobin", 9.1)]
    assert read[1].timing == "repeat"


def test_a_critical_value_before_the_transfusion_is_no_longer_current() -> None:
    # The same shape with a critical haemoglobin before the transfusion: once the later
    # value is read, the earlier one is history and raises no alarm.
    text = (
        "The postoperative hemoglobin level of the patient was 6.4 g/dL. After transfusion "
        "with four units of red blood cells, the hemoglobin level of the patient improved to "
        "9.1 g/dL."
    )
    assert [v.critical for v in parse_lab_values(text)] == [False, False]


def test_a_fall_told_of_the_patient_is_read_and_critical() -> None:
    assert _read("The platelet count of the patient fell to 12 × 10^9/L.") == [
        ("Platelets", 12.0, True)
    ]


# --- a range "between 6 and 12.5 mg/l" is no later result in the same unit ---------------


def test_a_normal_range_between_two_bounds_is_not_a_later_result() -> None:
    # CUPCase row 3595 (Refsum disease, dev case cr8-crit-refsum-...): the range's top
    # (12.5 mg/l) was read as the current creatinine and the 9.6 as an earlier one.
    text = (
        "the creatinine level was 9.6 mg/l (for a normal range between 6 and 12.5 mg/l), "
        "the albumin level was slightly low at 36 g/l (for a normal range higher than 39 g/l)"
    )
    read = parse_lab_values(text)
    assert [(v.analyte, v.value, v.timing) for v in read] == [
        ("Creatinine", 9.6, None),
        ("Albumin", 36.0, None),
    ]


def test_a_critical_result_before_its_range_keeps_its_alarm() -> None:
    # The same shape with a critical potassium: the range's 5.0 must not supersede it.
    text = "the potassium level was 6.8 mmol/l (for a normal range between 3 and 5.0 mmol/l)"
    assert _read(text) == [("Potassium", 6.8, True)]


def test_a_later_value_in_the_same_unit_is_still_read_as_later() -> None:
    read = parse_lab_values("ESR was 3mm/h 15 days prior to admission and 14mm/h at the hospital.")
    assert [(v.value, v.timing) for v in read] == [(3.0, "earlier"), (14.0, None)]


# --- a body fluid named before a colon holds for every item of the semicolon list ----------


def test_every_item_of_a_csf_list_after_a_colon_is_the_fluids() -> None:
    # CUPCase row 4148 (pseudo-subarachnoid haemorrhage, dev case cr8-crit-pseudo-sah-...):
    # the semicolon ended the fluid's scope and the erythrocytes were read as blood's.
    text = (
        "Examination of his cerebrospinal fluid revealed the following: leukocytes 0 "
        "cells/mm3; erythrocytes 3 cells/mm3, without xanthochromia; and normal protein and "
        "glucose levels."
    )
    read = parse_lab_values(text)
    assert [(v.analyte, v.specimen) for v in read] == [("WBC", "csf"), ("RBC", "csf")]


def test_a_low_csf_glucose_late_in_the_list_raises_no_blood_alarm() -> None:
    # The same list shape with a CSF glucose in a blood glucose's critical range.
    read = parse_lab_values("CSF analysis: protein 0.44 g/L; glucose 1.2 mmol/L; leukocytes 5/μL.")
    assert [(v.analyte, v.specimen, v.critical) for v in read] == [
        ("Total protein", "csf", False),
        ("Glucose", "csf", False),
        ("WBC", "csf", False),
    ]


def test_a_blood_test_named_in_the_list_stays_the_bloods() -> None:
    read = parse_lab_values("CSF analysis: protein 0.44 g/L; serum glucose 1.2 mmol/L.")
    assert [(v.analyte, v.specimen, v.critical) for v in read] == [
        ("Total protein", "csf", False),
        ("Glucose", None, True),
    ]
    read = parse_lab_values("Laboratory results: sodium 118 mmol/L; potassium 2.1 mmol/L.")
    assert [(v.specimen, v.critical) for v in read] == [(None, True), (None, True)]
