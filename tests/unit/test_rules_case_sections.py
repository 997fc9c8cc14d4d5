"""The diagnosis a case report's case section reaches, against its dated history (issue #29,
reader-casedx4).

A case section tells the patient's past in dated sentences ("In 1997, he presented with a
pathological fracture") before the presentation it is about ("presented in 2008 with
weakness"): a condition dated years before the presentation is history, however the sentence
words it. The section reaches its diagnosis in words the work-up gives ("The clinical findings
and supporting investigations indicated radiation-induced neuropathy"): that states and
concludes it.

Every text quotes a real openly licensed document unchanged, with its provenance in a comment.
"""

from __future__ import annotations

from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.notes import read_notes

# Al-Benna et al., "Brachial neuropathy 22 years after radiation therapy for fibrosarcoma: a
# case report", Cases Journal 2009;2:6838 (doi:10.4076/1757-1626-2-6838, CC BY 2.0, licensee
# BioMed Central), three sentences of the case presentation as
# adahealth/medical_case_report_corpus @ 2388336135 stores them (dev case
# cr4-dx-radiation-brachial-neuropathy-after-fibrosarcoma).
_PRESENTED_IN_2008 = (
    "A 56-year-old retired Caucasian male presented in 2008 with weakness and discomfort which"
    " progressed over 3 months to involve his entire right forearm and hand."
)
_IN_1997 = (
    "In 1997, he presented with a pathological fracture of his right humerus which was treated"
    " with an intramedullary nail."
)
_INDICATED = (
    "The clinical findings and supporting investigations indicated radiation-induced"
    " neuropathy involving the median, radial and ulnar nerves of the right upper limb."
)


def _codes(text: str) -> dict[str, list[str]]:
    facts = read_notes(None, [text])
    return {
        "stated": [m.condition.code for m in facts.stated],
        "current": [m.condition.code for m in facts.current],
        "history": [m.condition.code for m in facts.history],
    }


def test_a_condition_dated_years_before_the_presentation_is_history() -> None:
    codes = _codes(f"{_PRESENTED_IN_2008} {_IN_1997}")
    assert "M84.4" in codes["history"]  # the pathological fracture of 1997
    assert "M84.4" not in codes["current"]
    assert "R53.1" in codes["current"]  # the weakness of 2008 is the presentation


def test_the_presentations_own_year_is_no_history() -> None:
    # A guard: without a later presentation, 1997 is the year the case presents in, and the
    # fracture then presented is the case's own.
    codes = _codes(_IN_1997)
    assert "M84.4" in codes["current"]
    assert "M84.4" not in codes["history"]


def test_what_the_investigations_indicated_is_the_concluded_diagnosis() -> None:
    facts = read_notes(None, [f"{_PRESENTED_IN_2008} {_IN_1997} {_INDICATED}"])
    indicated = [m for m in facts.stated if m.condition.code == "G62.9"]
    assert indicated and indicated[0].concluded
    assert diagnose([], 56, facts).diagnosis.icd_code == "G62.9"


# Cancers as doctors name them. The code set says "Malignant neoplasm of kidney, except renal
# pelvis" (C64), "Malignant neoplasm of pancreas" (C25); case sections write "renal cell
# carcinoma", "pancreatic cancer", "adenocarcinoma of the prostate". Two sentences of Journal
# of Medical Case Reports case presentations (CC BY 4.0, BioMed Central) as the CUPCase
# dataset stores them, felipeocampoos/CUPCase-curhumai-Adversary @ ccbb10784c
# (gpt_and_med_lm_evaluation/datasets/CUPCASE_RTEST_eval.csv, 'clean text' of rows 1453 and
# 4486).
_RENAL_CELL_CARCINOMA = (
    "CT-guided biopsy showed chromophobe-type renal cell carcinoma, and laparoscopic right"
    " nephrectomy was performed."
)
_PANCREATIC_CANCER_YEARS_AGO = (
    "He had also been diagnosed with pancreatic cancer seven years previously."
)


def test_a_cancer_named_by_its_sites_adjective_is_the_code_sets_malignant_neoplasm() -> None:
    codes = _codes(_RENAL_CELL_CARCINOMA)
    assert [c[:3] for c in codes["stated"]] == ["C64"]
    assert (
        diagnose([], 60, read_notes(None, [_RENAL_CELL_CARCINOMA])).diagnosis.icd_code[:3] == "C64"
    )


def test_a_cancer_diagnosed_years_before_is_history() -> None:
    codes = _codes(_PANCREATIC_CANCER_YEARS_AGO)
    assert [c[:3] for c in codes["history"]] == ["C25"]
    assert codes["stated"] == []
