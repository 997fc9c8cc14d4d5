"""Numbers in a case section that are not this patient's results (issue #29, round fifteen,
reader-prec15): a relative told of over several sentences, the value's sentence going on with
the relative's pronoun. Each test quotes the real sentence shape of a CaseReportBench "Case
report" section (cindyzhangxy/CaseReportBench at 629533d, src/prompting/testing_case_set.json,
the item named in each test; CC BY-NC 4.0).
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _pairs(values: list[LabValue]) -> list[tuple[str, float]]:
    return [(v.analyte, v.value) for v in values]


# Item 102 (dev case cr13-crit-neonatal-haemochromatosis-twin-sisters-values-not-his): the
# patient is the boy twin; the paragraph goes on to his twin sister.
_TWIN = (
    "The baby was electively extubated and eventually succumbed on day 33 of life. On the "
    "contrary, the other twin girl was born with a birth weight of 2.4 kg and suffered only "
    "from mildly deranged liver function only. Her liver function test showed mildly elevated "
    "liver enzymes (peak aspartate aminotransferase of 371 U/L and alanine aminotransferase of "
    "162 U/L at around 3 weeks of life) and conjugated bilirubin (11 umol/L), with normal "
    "ammonia level and clotting profile all along."
)


def test_the_twin_sisters_liver_tests_told_with_her_pronoun_are_not_the_boys() -> None:
    assert parse_lab_values(_TWIN, age=0, gender="male") == []
    # in the girl's own case the same sentences are hers
    girl = _pairs(parse_lab_values(_TWIN, age=0, gender="female"))
    assert ("AST", 371) in girl and ("ALT", 162) in girl


# Item 104 (dev case cr9-labsb-nc-cah-siblings-sisters-values-not-his): the proband is the
# brother; the sister is named two sentences before her cortisol.
_SISTER = (
    "After his diagnosis, the 3-year-old sister was screened for increased 17-OHP and ACTH "
    "levels, which were found to be mildly elevated ( Table 2 ). At the time of her diagnosis "
    "she was also of normal growth and stature (height=94 cm, z -score=-0.05, 48th percentile). "
    "She was also started on physiologic doses of hydrocortisone after ACTH1-24 -stimulation "
    "showed suboptimal rise in cortisol levels (13.12 μg/dL after 60 minutes)."
)


def test_the_sisters_cortisol_two_sentences_after_she_is_named_is_not_the_brothers() -> None:
    assert parse_lab_values(_SISTER, age=17, gender="male") == []


def test_the_patients_own_pronoun_or_name_ends_the_relatives_sentences() -> None:
    # the patient's pronoun in between: the value is his again
    his = _SISTER.replace("She was also started", "He was also started")
    assert _pairs(parse_lab_values(his, age=17, gender="male")) == [("Cortisol", 13.12)]
    # a sentence naming the patient in between
    named = _SISTER.replace("At the time of her diagnosis she", "At that time our patient")
    assert _pairs(parse_lab_values(named, age=17, gender="male")) == [("Cortisol", 13.12)]
    # a relative of the patient's own sex is no relative of the pronoun's
    brother = _SISTER.replace("the 3-year-old sister", "the 3-year-old brother")
    assert _pairs(parse_lab_values(brother, age=17, gender="male")) == [("Cortisol", 13.12)]


def test_a_mother_who_brought_the_boy_does_not_own_a_result_told_without_a_pronoun() -> None:
    # only a value whose own sentence speaks of her ("She", "her") is carried to the relative
    text = (
        "He was brought by his mother. She said the fever had begun three days before. "
        "Laboratory tests showed a white blood cell count of 15.2 × 10^9/L."
    )
    assert _pairs(parse_lab_values(text, age=6, gender="male")) == [("WBC", 15.2)]


# CUPCase row 1568 (Journal of Medical Case Reports, CC BY 4.0; two siblings, the brother
# first): the sister's value told with the possessive, then a sentence in her pronoun.
_SIBLINGS = (
    "The sister’s CK levels during rhabdomyolysis reached 18,000 (1.8 × 10^4) IU/L. At "
    "baseline, her CK was 65 IU/L, acylcarnitine profile was normal, total carnitine was 69 "
    "µmol/L (RV, 36–56 µmol/L)."
)


def test_the_sisters_ck_with_the_possessive_and_her_baseline_after_it_are_not_the_brothers() -> (
    None
):
    # CK's serum prefix ("s. ck") took the possessive's "s" as its own
    assert parse_lab_values(_SIBLINGS, age=20, gender="male") == []
    hers = _pairs(parse_lab_values(_SIBLINGS, age=13, gender="female"))
    assert ("CK", 65) in hers and ("Total carnitine", 69) in hers


# Dev case cr4-dx-organophosphate-children-pseudocholinesterase (Int J Emerg Med 2011;4:32,
# CC BY 2.0):
# two poisoned siblings, both the report's patients; the sister's values are a patient's.
_BOTH = (
    "Both children were transferred to the paediatric intensive care unit (PICU). His PCE "
    "level was 4.3 kU/l on day 10 (Figure 1). Figure 1 Pseudocholinesterase levels of our "
    "patients during hospitalisation. The sister was treated with two doses of atropine "
    "(0.05 mg/kg) and pralidoxime (25 mg/kg every 6 h). The pralidoxime dosage was rapidly "
    "reduced and finally stopped after 4 days. Her PCE level was 4.6 kU/l on day 10 as well."
)


def test_a_relative_the_report_tells_as_one_of_its_patients_keeps_her_values() -> None:
    values = _pairs(parse_lab_values(_BOTH, age=7, gender="male"))
    assert values == [("Cholinesterase", 4.3), ("Cholinesterase", 4.6)]
    # told as a relative only, her value is not the boy's
    relative = _BOTH.replace("Both children were transferred", "He was transferred").replace(
        "of our patients", "of the boy"
    )
    assert _pairs(parse_lab_values(relative, age=7, gender="male")) == [("Cholinesterase", 4.3)]


# CUPCase row 1167 (Journal of Medical Case Reports, CC BY 4.0): the 29-year-old mother is
# the patient; the sentence after the newborn's haemoglobin goes on with the baby's gas.
_NEWBORN = (
    "The newborn was not severely anemic, with a hemoglobin level of 13.3 g/dl. The venous "
    "blood pH was 6.860 and base excess was − 21.9. Therefore, the infant received brain "
    "cooling for 72 hours from 4 hours after birth."
)


def test_the_gas_told_after_the_newborns_haemoglobin_is_no_critical_ph_of_the_mothers() -> None:
    assert parse_lab_values(_NEWBORN, age=29, gender="female") == []
    # in the newborn's own case every value is read
    baby = _pairs(parse_lab_values(_NEWBORN, age=0, gender="male"))
    assert ("Blood pH", 6.86) in baby and ("Base excess", -21.9) in baby


def test_the_mothers_value_after_the_delivery_is_still_hers() -> None:
    # a sentence about the birth that names no test carries nothing to the next one
    text = "The baby was delivered by caesarean section. Postpartum haemoglobin was 8.2 g/dL."
    assert _pairs(parse_lab_values(text, age=29, gender="female")) == [("Hemoglobin", 8.2)]
    # nor does one that names her
    told = _NEWBORN.replace("The venous blood pH", "Her venous blood pH")
    assert ("Blood pH", 6.86) in _pairs(parse_lab_values(told, age=29, gender="female"))
