"""Words that look like a diagnosis but are not the patient's disease (issue #29,
reader-words10b): a gene's or protein's name made of a disease's words, and a relative who is
the subject of a diagnosis stated in the case.

The texts are real public case sections, quoted unchanged: Journal of Medical Case Reports
case presentations through CUPCase (felipeocampoos/CUPCase-curhumai-Adversary, CC BY; row id
given), CaseReportBench (cindyzhangxy/CaseReportBench @ 629533d91f,
`src/prompting/testing_case_set.json`, CC BY-NC 4.0; "item N" is the 0-based index) and
MedRBench (wumingxin238/MedRBench @ 827ee187d7, the case's PMC open-access article).
"""

from __future__ import annotations

import pytest

from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.gene_words import names_a_gene
from core.analysis.rules.notes import read_notes

# A case section's opening, so that the sentences below are read as a told case.
_OPENING = (
    "A 70-year-old man presented to our hospital with weakness of both legs for two months and"
    " was admitted for further evaluation and treatment of his progressive symptoms. "
)


def _named(text: str) -> set[str]:
    facts = read_notes(None, [_OPENING + text])
    return {m.condition.code[:3] for m in facts.stated + facts.current + facts.history}


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        # CUPCase row 2660: the antibodies looked for, one named after a glioma (LGI1), made a
        # glioma (C71) the patient's.
        (
            "No antibodies (contactin associated protein-like 2, CASPR2; leucine-rich glioma"
            " inactivated 1 protein; contactin 2; anti-glutamic acid decarboxylase) were found"
            " in his blood.",
            "C71",
        ),
        # CUPCase row 3678: a breast marker named after gross cystic disease (Q44's words).
        (
            "Immunohistochemical examinations revealed positive staining for thyroid"
            " transcription factor 1 (TTF-1), ALK, and cytokeratin (CK) 7 and negative staining"
            " for mammaglobin, estrogen receptor, gross cystic disease fluid protein 15, and CK20"
            " (Fig. 3 C–F).",
            "Q44",
        ),
    ],
)
def test_a_marker_named_after_a_disease_is_no_disease_of_the_patient(
    sentence: str, code: str
) -> None:
    assert code not in _named(sentence)


@pytest.mark.parametrize(
    "after",
    [
        " 1 (WT1) and calretinin",  # "positive for Wilms tumor 1 (WT1)"
        " 2 (bcl2), CD5, and CD34 were negative",  # CUPCase: "B-cell lymphoma 2 (bcl2)"
        " kinase rearrangement",  # CUPCase: "anaplastic lymphoma kinase rearrangement"
        " RAS viral oncogene homolog (NRAS)",  # "neuroblastoma RAS viral oncogene homolog"
        " immunostain (400×)",  # CUPCase: "nuclear positivity for retinoblastoma immunostain"
        # MedRBench PMC11417591 (round fourteen): "positive for human melanoma black-45 (HMB-45)"
        " black-45 (HMB-45) and smooth muscle actin",
        " antigen 125 (CA125) was 35 U/mL",  # CUPCase: "cancer antigen 125 (CA125)"
    ],
)
def test_the_words_after_a_disease_that_make_it_a_markers_name(after: str) -> None:
    assert names_a_gene(after)


@pytest.mark.parametrize(
    "after",
    [
        " and protein-losing enteropathy",  # the disease, then another of the patient's
        " with protein loss in the urine",
        " 2 years ago",  # a number that is no marker's
        " type 2 (T2DM)",
        " was confirmed by immunohistochemistry",
        " stage 4 (T4)",  # a stage, no symbol: the number must be the symbol's own
        " stage 3 (AJCC 8)",
    ],
)
def test_a_disease_followed_by_other_words_keeps_its_name(after: str) -> None:
    assert not names_a_gene(after)


def test_a_marker_named_after_the_disease_does_not_hide_the_disease_stated() -> None:
    # The disease stated in the same sentence as its marker stays the diagnosis.
    text = (
        "Immunohistochemistry showed diffuse large B-cell lymphoma, with the tumor cells"
        " positive for B-cell lymphoma 2 (BCL-2) and CD20."
    )
    assert "C83" in _named(text)


def test_a_relative_who_is_the_subject_of_a_diagnosis_is_not_the_patient() -> None:
    # CaseReportBench item 82: the boy's LRPPRC-related mitochondrial disease; his elder
    # sibling's nephrotic syndrome (N04) was read as his, and became the primary diagnosis.
    text = (
        "However, there were no episodes of acute ketosis, glycemic derangements, or any acute"
        " stroke-like episodes. The parents’ first child was diagnosed with steroid-resistant"
        " nephrotic syndrome at 18 months of age requiring tacrolimus treatment. Their second"
        " pregnancy was terminated at 22 weeks’ gestation due to antenatal diagnosis of"
        " Ebstein’s anomaly and multiple valvular abnormalities."
    )
    facts = read_notes(None, [_OPENING + text])
    assert "N04" not in {m.condition.code[:3] for m in facts.stated}
    assert diagnose([], 50, facts).diagnosis.icd_code[:3] != "N04"


def test_relatives_named_after_the_patient_diagnosed_are_theirs() -> None:
    # MedRBench PMC11477508 (congenital glaucoma in a family): the sister's children.
    text = (
        "In our study, it was not only the proband and examined family members but also the"
        " children of the oldest sister that were diagnosed with congenital glaucoma."
    )
    facts = read_notes(None, [_OPENING + text])
    assert "Q15" not in {m.condition.code[:3] for m in facts.stated}


def test_the_patient_born_to_parents_is_still_the_subject() -> None:
    # The shape of a child's case opening: the family words describe the patient, who is
    # the one diagnosed ("a boy born to consanguineous parents ... was diagnosed with").
    text = (
        "This boy was born to nonconsanguineous Chinese parents and was diagnosed with"
        " steroid-resistant nephrotic syndrome at 18 months of age."
    )
    facts = read_notes(None, [_OPENING + text])
    assert "N04" in {m.condition.code[:3] for m in facts.stated}
