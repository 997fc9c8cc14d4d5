"""The high/low flag of each value read from a case section (issue #29, round eight): the
flag the doctor sees beside a result, on which the critical marks also lean. Each test
quotes a real case section of the Journal of Medical Case Reports (CC BY 4.0) as the
CUPCase dataset stores it (felipeocampoos/CUPCase-curhumai-Adversary,
gpt_and_med_lm_evaluation/datasets/CUPCASE_RTEST_eval.csv at ccbb107, the row id named in
each test), found by an audit of 261 rows.
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text
from core.insights import LabValue


def _flags(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.flag) for v in read_lab_text(text).values]


def _one(text: str, analyte: str) -> LabValue:
    found = [v for v in read_lab_text(text).values if v.analyte == analyte]
    assert len(found) == 1, found
    return found[0]


# --- 1. A flag word of the next clause is the next thing's, not this result's ------------


def test_high_of_the_next_clause_is_not_the_bicarbonates() -> None:
    # row id 886: the bicarbonate was flagged HIGH by "high anion gap"
    text = (
        "Hyperglycemia, high serum ketone, low bicarbonate at 13 mmol/L, and high anion gap "
        "at 24 mmol/L were compatible with the DKA."
    )
    assert ("Bicarbonate", 13.0, "low") in _flags(text)
    assert ("Anion gap", 24.0, "high") in _flags(text)


def test_a_high_titer_inhibitor_does_not_flag_factor_viii_high() -> None:
    # row id 887: "Factor VIII 2%" was flagged high
    text = (
        "Laboratory evaluation revealed a prolonged activated partial thromboplastin time "
        "(aPTT; 119 s; reference range 25.0–36.0 s), and FVIII:C of 2% in the presence of a "
        "high-titer FVIII inhibitor of 102 Bethesda units (BU)/ml."
    )
    assert _one(text, "Factor VIII").flag == "low"


def test_low_albumin_after_a_bracket_is_the_albumins() -> None:
    # row id 1178: the direct bilirubin of 31 μmol/L was flagged low
    text = (
        "She had elevated bilirubin levels (total bilirubin, 60 μmol/L; direct bilirubin, "
        "31 μmol/L) and low albumin levels (27.5 g/L)."
    )
    assert _one(text, "Direct bilirubin").flag == "high"


def test_low_complement_after_a_raised_ldh_is_the_complements() -> None:
    # row id 2690: LDH 314 U/L, "raised", was flagged low
    text = (
        "A subsequent laboratory investigation revealed 1:32(+) of cold hemagglutinin titer, "
        "raised lactate dehydrogenase (314U/L) and low levels of complement 3 (55.5mg/dL)."
    )
    assert _one(text, "LDH").flag == "high"


def test_low_before_the_next_tests_name_is_that_tests() -> None:
    # row id 494: the TIBC of 441 μg/dL (inside the adult interval) was flagged low
    text = (
        "The patient had a serum iron level of 9 μg/dL, elevated total iron-binding capacity "
        "(TIBC) of 441 μg/dL, low Fe Sat of 2%, and low ferritin of 4 ng/mL."
    )
    assert _one(text, "TIBC").flag != "low"
    assert _one(text, "Ferritin").flag == "low"


def test_a_flag_word_of_the_results_own_still_counts() -> None:
    # the shapes a report and a doctor write a result's own flag in are kept
    assert _flags("Potassium 2.9 mmol/L, low.") == [("Potassium", 2.9, "low")]
    assert _flags("Glucose 145 HIGH mg/dL") == [("Glucose", 145.0, "high")]
    assert _flags("Potassium 2.9 Low Sodium 130 Low") == [
        ("Potassium", 2.9, "low"),
        ("Sodium", 130.0, "low"),
    ]


# --- 2. A bound in the next sentence is no reference range of this result --------------


def test_a_temperature_over_37_in_the_next_sentence_is_no_crp_range() -> None:
    # row id 2247: the CRP of 4.7 mg/dl took "over 37.0 °C" as its lower limit, flagged low
    text = (
        "However, his CRP rose rapidly to 7.4 mg/dl from 4.7, and the antibiotic was switched "
        "back to IMP/CS (0.5 g twice a day) and CTM (1 g twice a day). Another 1 week of "
        "combination treatment of IMP/CS and CTM was performed. His body temperature was "
        "constantly elevated over 37.0 °C and his CRP never decreased less than 5.0 mg/dl."
    )
    values = read_lab_text(text).values
    assert [(v.value, v.flag) for v in values if v.analyte == "CRP"][:2] == [
        (7.4, "high"),
        (4.7, "high"),
    ]
    assert all(v.reference_low != 37.0 for v in values)


def test_over_80_percent_plasma_cells_is_no_ratio_range() -> None:
    # row id 1622: the kappa:lambda ratio of 531 took "over 80%" as its lower limit
    text = (
        "The serum free lambda light chain level was 6.7 mg/L, with a Kappa:Lambda ratio of "
        "531:1. A bone marrow aspiration showed plasma cells and plasmablasts over 80% and a "
        "bone marrow biopsy confirmed it."
    )
    ratio = _one(text, "Kappa/lambda ratio")
    assert ratio.reference_low != 80.0
    assert ratio.flag == "high"


def test_a_range_after_ref_abbreviation_is_still_read() -> None:
    # "Ref." is a range's label, no sentence end
    value = _one("Hb 9.8 g/dL. Ref. Range 12-16", "Hemoglobin")
    assert (value.reference_low, value.reference_high, value.flag) == (12.0, 16.0, "low")
