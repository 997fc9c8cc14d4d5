"""reader-dxdev30 (issue #29): a critical value's disorder gives way to the disease a test found.

A critical value (a sodium of 102 mmol/L, a haemoglobin of 6 g/dL) leads the ranking unless
the case concludes a diagnosis or states a disease firmly first (reader-dxr14). Where the
work-up's own result names the disease told now ("Magnetic resonance imaging of his brain
demonstrated a well-defined craniopharyngioma"), that disease explains the value: the value
stays among the critical values and in the differential, the disease leads. The same holds
where the notes name the value's disorder in words ("concluding the patient had anemia of
chronic diseases") beside the critical haemoglobin.

Lines are quoted from the pools: the CUPCase texts (felipeocampoos/CUPCase-curhumai-Adversary
@ ccbb10784c, "clean text", row id given) and MedRBench's case sections (wumingxin238/MedRBench
@ 827ee187d7, raw_case, PMC id given).
"""

from __future__ import annotations

from core.analysis.rules.diagnosis import diagnose
from core.insights import LabValue
from tests.unit.notes_reading import note_facts

_SODIUM_102 = LabValue(
    analyte="Sodium",
    value=102,
    unit="mmol/L",
    reference_low=135,
    reference_high=145,
    flag="low",
    critical=True,
)
_HB_6 = LabValue(
    analyte="Hemoglobin",
    value=6.0,
    unit="g/dL",
    reference_low=10.5,
    reference_high=13.5,
    flag="low",
    critical=True,
)

# CUPCase row 2101 (final diagnosis: craniopharyngioma causing panhypopituitarism).
_CRANIOPHARYNGIOMA = (
    "His serum sodium was 102 mmol/l (135 to 145 mmol/l). "
    "Magnetic resonance imaging of his brain demonstrated a well-defined craniopharyngioma "
    "within his pituitary fossa measuring 1.6 cm with evidence of suprasellar extension."
)

# CUPCase row 2377 (final diagnosis: pancreatic ascites from a leaking pancreatic pseudocyst).
_PSEUDOCYSTS = (
    "His hemoglobin level was 6.0 g/dL. "
    "Contrast-enhanced computed tomography (CECT) of the abdomen revealed two pancreatic "
    "pseudocysts, measuring 4.5 cm and 3 cm."
)


def _ranked_codes(values: list[LabValue], text: str) -> list[str]:
    return [r.code for r in diagnose(values, 40, note_facts(text)).ranked]


def test_a_tumour_the_mri_found_leads_over_the_critical_sodium_it_explains() -> None:
    codes = _ranked_codes([_SODIUM_102], _CRANIOPHARYNGIOMA)
    assert codes[0] == "D44.4"
    assert "E87.1" in codes[1:4]  # the hyponatraemia stays in the differential


def test_pseudocysts_the_ct_found_lead_over_the_critical_haemoglobin() -> None:
    codes = _ranked_codes([_HB_6], _PSEUDOCYSTS)
    assert codes[0] == "K86.3"
    assert "D64.9" in codes[1:4]


def test_the_anaemia_named_in_words_gives_way_to_the_stated_failure_to_thrive() -> None:
    # MedRBench PMC11425150 (dev cr18-crit-infant-cftr-*): the anaemia is told in words, its
    # weight is the haemoglobin of 6 g/dL; the case states failure to thrive first.
    text = (
        "These symptoms were indicative of Failure to Thrive (FTT). "
        "Iron studies were normal, leading to a bone marrow study, which was normal, "
        "concluding the patient had anemia of chronic diseases."
    )
    assert diagnose([_HB_6], 1, note_facts(text)).diagnosis.icd_code == "R62.51"


def test_guard_the_critical_value_leads_where_the_test_found_nothing() -> None:
    text = (
        "His serum sodium was 102 mmol/l. "
        "Magnetic resonance imaging of his brain demonstrated no abnormality."
    )
    assert _ranked_codes([_SODIUM_102], text)[0] == "E87.1"


def test_guard_a_sign_a_test_found_does_not_take_the_value_s_place() -> None:
    # A finding of chapter R is no disease that explains the value.
    text = "His serum sodium was 102 mmol/l. A chest radiograph showed a lung nodule."
    assert _ranked_codes([_SODIUM_102], text)[0] == "E87.1"


def test_guard_a_disease_only_suspected_on_imaging_does_not_explain_the_value() -> None:
    text = (
        "His serum sodium was 102 mmol/l. "
        "Magnetic resonance imaging of his brain showed a lesion, possibly a craniopharyngioma."
    )
    assert _ranked_codes([_SODIUM_102], text)[0] == "E87.1"
