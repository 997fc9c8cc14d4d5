"""A tumour's type told without its organ, read at the organ of the biopsy's specimen or of the
mass the sentence before locates (reader-organ31, issue #29; tumour_organs.py).

Every quoted line is the shape of a real case section of the pool (MedRBench
wumingxin238/MedRBench @ 827ee187d7, the PMC id given; the CUPCase dataset's JMCR case
presentations, the row id given). The guards say what a coder would not read as the organ's
primary tumour.
"""

from __future__ import annotations

from core.analysis.rules.icd_terms import icd_conditions
from core.analysis.rules.tumour_organs import organ_sited_tumours
from tests.unit.notes_reading import primary_code, read_codes


def _sited(sentence: str, previous: str = "", known: frozenset[str] = frozenset()) -> list[str]:
    read = icd_conditions(sentence)
    return [c.code for _, _, c in organ_sited_tumours(sentence, previous, read, known)]


# The specimen names the organ in the same sentence.


def test_the_specimens_organ_sites_the_adenocarcinoma() -> None:
    # PMC11582521 (endometrial cancer found after an ankle fracture): main read the anaemia.
    line = "Endometrial pipelle sampling revealed FIGO grade 2 endometrioid adenocarcinoma."
    assert _sited(line) == ["C54.9"]
    assert primary_code(line) == "C54.9"


def test_a_transbronchial_lung_biopsy() -> None:
    # PMC11550787: "invasive mucin-secreting adenocarcinoma" from a lung biopsy.
    line = (
        "Transbronchial lung biopsy was planned to reach a definitive diagnosis which revealed "
        "invasive mucin-secreting adenocarcinoma on histopathology."
    )
    assert _sited(line) == ["C34.9"]


def test_the_mass_and_its_biopsy_in_one_sentence() -> None:
    # PMC11426923 (paraneoplastic motor neuron disease with a sigmoid colon adenocarcinoma).
    line = (
        "A colonoscopy unveiled a mass in the sigmoid colon, and a biopsy confirmed "
        "adenocarcinoma (Figure 4)."
    )
    assert _sited(line) == ["C18.9"]


# The organ of the mass the sentence before locates.


def test_the_mass_of_the_sentence_before_sites_a_malignancy() -> None:
    # CUPCase row 5265 (metastatic colorectal cancer): main read the anaemia.
    text = (
        "Further tests, including colonoscopy, revealed a bleeding polypoid mass that was "
        "partially obstructing the lumen of the sigmoid colon. A biopsy confirmed a malignancy."
    )
    assert primary_code(text) == "C18.9"


def test_the_breast_lesion_resected_then_its_ductal_carcinoma() -> None:
    # PMC11520920 (chronic breast inflammation complicated with invasive ductal carcinoma):
    # main read no diagnosis; the sentinel lymph node of the same sentence is no organ.
    text = (
        "Resection of the right breast lesion and sentinel lymph node was performed 2 days "
        "later. Chronic inflammation, locally invasive ductal carcinoma and high-grade ductal "
        "carcinoma in situ were found by pathological examination."
    )
    assert primary_code(text) == "C50.9"


def test_the_organ_told_again_after_the_tumour() -> None:
    # PMC11487618 (nasopharyngeal carcinoma): the repeat biopsy of the nasopharynx, then the
    # carcinoma "(Figure 4) of the nasopharynx": main read a migraine.
    text = (
        "Since the para-pharyngeal lesion was inaccessible for image-guided biopsy, a repeat "
        "biopsy from the right side of the nasopharynx was taken assuming that inconclusive "
        "results were due to sampling error. Histopathology was then reported as a "
        "non-keratinizing poorly differentiated carcinoma (Figure 4) of the nasopharynx with "
        "right para-pharyngeal extension."
    )
    assert primary_code(text) == "C11.9"


# Guards: what stays unread.


def test_a_metastasis_is_not_the_organs_cancer() -> None:
    # A coder codes a liver biopsy's "metastatic adenocarcinoma" at the liver's secondary
    # C78.7 with the primary unknown, never as the liver's own C22.
    assert _sited("A liver biopsy revealed metastatic adenocarcinoma.") == []
    # CUPCase row 1668 (a pancreatobiliary adenocarcinoma's solitary pulmonary metastasis):
    # the metastasis told in the sentence before the lung specimen's finding.
    assert (
        _sited(
            "Histologically, the resected lung specimen showed adenocarcinoma tissue.",
            "Under a diagnosis of pulmonary metastasis, thoracoscopic left S6 segmentectomy "
            "with LN dissection was performed.",
        )
        == []
    )


def test_a_lymph_node_or_a_fluid_is_no_organ() -> None:
    # CUPCase row 3886's shape: the node's cancer came from elsewhere.
    node = "Biopsy of a left supraclavicular lymph node showed the presence of cancer."
    assert _sited(node) == []
    assert _sited("Cytologic analysis of the pleural fluid revealed adenocarcinoma.") == []


def test_a_denied_or_suspected_tumour_is_not_read() -> None:
    # PMC11588351's and PMC11458927's shapes, the mass in the sentence before.
    mass = "A CT scan showed a mass in the sigmoid colon."
    assert _sited("The biopsy showed no evidence of malignancy.", mass) == []
    assert _sited("A biopsy was taken for high suspicion of malignancy.", mass) == []
    # PMC11416197: "Other renal tumors, such as urothelial carcinoma, were considered and
    # excluded based on histopathological ... findings".
    assert (
        _sited(
            "Other renal tumors, such as urothelial carcinoma, were considered and excluded "
            "based on histopathological and immunohistochemical findings."
        )
        == []
    )


def test_two_organs_before_and_no_mass_to_choose() -> None:
    assert (
        _sited(
            "A biopsy confirmed adenocarcinoma.",
            "CT showed a mass in the pancreas and a nodule in the lung.",
        )
        == []
    )


def test_a_cancer_the_file_named_before_keeps_the_new_organ_out() -> None:
    # PMC11456792 (a lung adenocarcinoma's metastasis to the head of the pancreas): "history
    # of ... lung cancer", then the pancreatic head mass's cytology. Main read C34.9 first.
    sentence = "Cytology revealed malignant cells consistent with adenocarcinoma."
    previous = (
        "She underwent an endoscopic ultrasound, which showed a 1.8 cm hypoechoic pancreatic "
        "head mass obstructing the common bile duct, prompting an endoscopic ultrasound-guided "
        "fine needle aspiration."
    )
    assert _sited(sentence, previous) == ["C25.9"]
    assert _sited(sentence, previous, frozenset({"C34"})) == []
    text = (
        "A 74-year-old female patient with a history of hypertension and lung cancer presented "
        f"with painless jaundice. {previous} {sentence}"
    )
    assert "C25.9" not in read_codes(text)


def test_a_sited_tumour_is_left_as_read() -> None:
    # The sentence's own site reads as before ("adenocarcinoma of the rectum"): nothing added.
    assert _sited("The colon biopsy revealed adenocarcinoma of the rectum.") == []
