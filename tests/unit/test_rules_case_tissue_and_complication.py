"""A case section's tissue diagnosis against the complication its procedure left (issue #29,
reader-casedx7).

A case section names what the pathologist concluded in the words doctors use, which the
ICD-10-CM code set heads otherwise: a "molar pregnancy" is a hydatidiform mole (O01), not the
pregnant state the head "pregnancy" would read (Z33.1); a leiomyoma outside the uterus is a
benign neoplasm of connective tissue (D21.9 by the index), not "Leiomyoma of uterus" (D25).
A condition the section first tells as a procedure's result ("the post-biopsy CT imaging
revealed ... hemoperitoneum") is that procedure's complication wherever the section names it
again, and must not outrank the diagnosis the tissue gave.

Every text quotes a real openly licensed document unchanged, with its provenance in a comment.
"""

from __future__ import annotations

from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.icd_terms import icd_conditions
from core.analysis.rules.notes import read_notes

# "Point-Of-Care Ultrasound to Diagnose Molar Pregnancy in the Emergency Department: A Case
# Report", Cureus 2024 (PMC11439479, CC BY 4.0), three sentences of the case presentation as
# wumingxin238/MedRBench @ 827ee187 stores them (dev case cr7-dx-complete-molar-pregnancy-*).
_PRESENTED = (
    "A 20-year-old female gravida 1 para 0 at 12 weeks gestation presented to the emergency"
    " department (ED) after a prenatal ultrasound at a midwifery clinic revealed absent fetal"
    " heart tones and abnormal uterine appearance."
)
_RAISED_CONCERN = (
    "This “snowstorm-like” appearance raised concern for molar pregnancy, prompting immediate"
    " OB-GYN consultation."
)
_PATHOLOGY_CONFIRMED = "The pathology report confirmed a complete molar pregnancy."

# "Peritoneal Leiomyoma in a Male Patient: A Case Report", Cureus 2024 (PMC11437698, CC BY
# 4.0), three sentences of the case presentation as MedRBench @ 827ee187 stores them (dev case
# cr7-dx-peritoneal-leiomyoma-*); the text glues "leiomyomata." to the next sentence.
_POST_BIOPSY = (
    "Following successful 18-gauge core biopsy acquisition, the patient reported left lower"
    " quadrant pain and the post-biopsy CT imaging revealed a developing left lower quadrant"
    " hematoma and a small amount of hemoperitoneum tracking in the left pericolic gutter"
    " (Figure 2)."
)
_LED_TO_THE_DIAGNOSIS = (
    "Upon further evaluation, immunohistochemistry was positive for desmin and caldesmon"
    " (Figures 3, 4) and negative for C-kit (Figure 5), which led to the diagnosis of benign"
    " leiomyomata.Following the expansion of hematoma, the patient was brought to the operating"
    " room on an urgent basis."
)
_LAPAROSCOPY = (
    "Diagnostic laparoscopy revealed hemoperitoneum in the paracolic gutters tracking down to"
    " the pelvis."
)

# A Journal of Medical Case Reports case section (CC BY, BioMed Central) as CUPCase stores it,
# row 494 of felipeocampoos/CUPCase-curhumai-Adversary @ ccbb1078 (dev case
# cr6-crit-menorrhagia-*): the uterus is where the words place the leiomyoma.
_SUBMUCOSAL = (
    "Instead, a computed tomography (CT) abdomen and pelvis with contrast was performed, which"
    " showed a 3.5-cm mass protruding into the endometrium, favored to represent an"
    " intracavitary submucosal leiomyoma ."
)


def _codes(*sentences: str) -> dict[str, list[str]]:
    facts = read_notes(None, [" ".join(sentences)])
    return {
        "stated": [m.condition.code for m in facts.stated],
        "current": [m.condition.code for m in facts.current],
        "history": [m.condition.code for m in facts.history],
    }


def test_a_molar_pregnancy_the_pathology_confirmed_is_a_hydatidiform_mole() -> None:
    facts = read_notes(None, [_PATHOLOGY_CONFIRMED])
    assert [(m.condition.code, m.concluded) for m in facts.stated] == [("O01.0", True)]
    assert diagnose([], 20, facts).diagnosis.icd_code == "O01.0"


def test_a_molar_pregnancy_raised_as_a_concern_is_no_pregnant_state() -> None:
    named = [code for codes in _codes(_PRESENTED, _RAISED_CONCERN).values() for code in codes]
    assert "Z33.1" not in named
    assert "O01.9" in named


def test_a_leiomyoma_outside_the_uterus_is_connective_tissue_and_its_plural_is_read() -> None:
    codes = _codes(_LED_TO_THE_DIAGNOSIS)
    assert codes["stated"][:1] == ["D21.9"]
    assert "D25.9" not in codes["stated"]


def test_a_leiomyoma_the_words_place_in_the_uterus_stays_the_uterus() -> None:
    codes = _codes(_SUBMUCOSAL)
    assert "D25.9" in codes["stated"] + codes["current"]
    assert "D21.9" not in codes["stated"] + codes["current"]


def test_a_condition_a_procedure_left_stays_its_complication_when_named_again() -> None:
    facts = read_notes(None, [" ".join((_POST_BIOPSY, _LED_TO_THE_DIAGNOSIS, _LAPAROSCOPY))])
    assert "K66.1" not in [m.condition.code for m in facts.stated]
    assert "K66.1" in [m.condition.code for m in facts.history]
    assert diagnose([], 58, facts).diagnosis.icd_code == "D21.9"


def test_what_an_operation_saw_without_a_procedure_before_it_is_still_stated() -> None:
    # A guard: without the post-biopsy sentence the haemoperitoneum the laparoscopy saw is
    # the section's own finding, stated and concluded.
    facts = read_notes(None, [_LAPAROSCOPY])
    assert [(m.condition.code, m.concluded) for m in facts.stated] == [("K66.1", True)]


def test_a_statement_after_post_biopsy_is_no_complication() -> None:
    # "Post-biopsy histology confirmed ..." states the tissue's diagnosis: the word before it
    # is when, not what the biopsy left.
    facts = read_notes(
        None, ["Post-biopsy histology confirmed the diagnosis of benign leiomyomata."]
    )
    assert [m.condition.code for m in facts.stated] == ["D21.9"]


def test_what_an_operation_left_is_not_read_by_the_work_up_rule() -> None:
    # A guard: "postoperative" is the operation's word, left to the rule of the operation's
    # complications; the same sentence with it keeps the haemoperitoneum the section's own.
    post_operative = _POST_BIOPSY.replace("post-biopsy", "postoperative")
    facts = read_notes(None, [" ".join((post_operative, _LAPAROSCOPY))])
    assert "K66.1" in [m.condition.code for m in facts.stated]


# "Unusual Presentation of a Parotid Gland Malignancy: A Case Report", Cureus 2024
# (PMC11439974, CC BY 4.0), one sentence of the case presentation as MedRBench @ 827ee187
# stores it (dev case cr6-dx-mucoepidermoid-carcinoma-parotid-*): the tumour by its site's
# adjective between "malignant" and "neoplasms", and by an abbreviation the section never
# defines ("MEC").
_SALIVARY = (
    "Histopathology reveals malignant salivary gland neoplasms, MEC (low grade), and a"
    " sclerosing variant (Figure 7)."
)


def test_a_malignant_neoplasm_named_by_its_sites_adjective_is_the_sites_cancer() -> None:
    facts = read_notes(None, [_SALIVARY])
    assert [(m.condition.code, m.concluded) for m in facts.stated] == [("C08.9", True)]


def test_the_sites_cancer_words_read_in_the_plural_and_after_malignant() -> None:
    named = {
        text: [c.code for _, _, c in icd_conditions(text)]
        for text in ("lung carcinomas", "malignant parotid tumour", "salivary gland carcinoma")
    }
    assert named == {
        "lung carcinomas": ["C34.9"],
        "malignant parotid tumour": ["C07"],
        "salivary gland carcinoma": ["C08.9"],
    }


# "The Rare Case Presentation of Adult-Onset Fulminant Subacute Sclerosing Panencephalitis",
# Cureus 2024 (PMC11462780, CC BY 4.0), the last sentence of the case presentation as
# MedRBench @ 827ee187 stores it (dev case cr7-dx-sspe-*).
_CONSIDERED_AS = (
    "A rare possibility of SSPE was considered, as an elevated titer of 625 IgG anti-measles"
    " antibodies was detected in the CSF by enzyme-linked immunosorbent assay (ELISA)."
)


def test_a_condition_considered_for_a_result_is_a_diagnosis_given_with_doubt() -> None:
    facts = read_notes(None, [_CONSIDERED_AS])
    assert [(m.condition.code, m.hedged, m.concluded) for m in facts.stated] == [
        ("A81.1", True, False)
    ]


def test_a_condition_considered_and_left_is_still_a_differential() -> None:
    # A guard with the same words and a result against it: weighed, not given.
    left = _CONSIDERED_AS.replace("an elevated titer", "no titer").replace(
        "was detected", "was found"
    )
    assert read_notes(None, [left]).stated == []
