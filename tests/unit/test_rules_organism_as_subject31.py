"""reader-organism31 (issue #29): an infection told by the organism a test found, named
before its verb ("N. farcinica had been isolated from the aspirate"), a species told by its
genus's initial, and the dermatophytes.

Quoted lines are from case sections of open-access case reports (MedRBench
wumingxin238/MedRBench @ 827ee187d7, field raw_case; PMC id beside each) and CUPCase case
presentations (felipeocampoos/CUPCase-curhumai-Adversary @ ccbb10784c, field "clean text";
row id beside each).
"""

from __future__ import annotations

import pytest

from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.notes import read_notes
from core.analysis.rules.organisms import found_organisms


def _codes(line: str) -> list[str]:
    return [condition.code for _, _, condition in found_organisms(line)]


@pytest.mark.parametrize(
    ("line", "codes"),
    [
        # PMC11422092 (meningitis by Listeria monocytogenes)
        (
            "Listeria monocytogenes was cultured in both the patient’s cerebrospinal fluid and "
            "blood samples.",
            ["A32.9"],
        ),
        # PMC11622114: the species tells its genus, the pluperfect a finding of the case's
        (
            "Review of his previous laboratory investigations revealed that N. farcinica had "
            "been isolated from the aspirate sent during his previous admission.",
            ["A43.9"],
        ),
        # PMC11603356: organisms sharing the subject
        (
            "Pneumocystis jirovecii, Pneumococcus and Bordetella were detected on "
            "bronchoalveolar aspirate.",
            ["B59", "B95.3"],
        ),
        # CUPCase row 2247: a relative clause between the organism and its verb
        (
            "In addition, C. glabrata, which is resistant to F-FLCZ, was detected via the blood "
            "culture performed on day 16.",
            ["B37.9"],
        ),
        # PMC11585835
        (
            "A strain of K. pneumoniae was identified by using matrix assisted laser "
            "desorption/ionization-time of flight mass spectrometry.",
            ["B96.1"],
        ),
        # PMC11570442: a dermatophyte grown
        (
            "The discharge was sent for fungal culture sensitivity, which showed growth of "
            "Trichophyton rubrum.",
            ["B35.9"],
        ),
        # PMC11567915
        (
            "The macro- and microscopic characteristics of the colony allowed for the "
            "identification of Trichophyton spp.",
            ["B35.9"],
        ),
    ],
)
def test_an_organism_found_as_the_subject_of_its_verb_is_read(line: str, codes: list[str]) -> None:
    assert _codes(line) == codes


@pytest.mark.parametrize(
    "line",
    [
        # CUPCase row 2247: not found
        "His level decreased, and C. glabrata was not identified in the blood culture "
        "performed on day 69.",
        "No organism was isolated from the blood cultures.",
        # the literature's tense and its habits, no specimen of the case's
        "Listeria monocytogenes has been isolated from soil and water.",
        "Nocardia is commonly isolated from soil samples.",
        "Nocardia was first isolated from cattle in 1888.",
        # a contaminant called so
        "Candida parapsilosis was isolated from one blood culture bottle, considered a "
        "contaminant.",
        # PMC11609615: the verb is other organisms'
        "In addition to Coxiella burnetii, other microorganisms were also detected in the blood.",
        # PMC11425150: the organism qualifies a disease, no subject of the verb
        "Another Klebsiella UTI was detected and treated with higher antibiotics.",
        # an initial whose species does not name one genus
        "N. hiratsukae was isolated from the peritoneal fluid.",
    ],
)
def test_an_organism_not_found_in_the_case_is_not_read(line: str) -> None:
    assert _codes(line) == []


def test_the_organism_cultured_is_the_diagnosis_of_a_section_naming_no_disease() -> None:
    # PMC11422092: read as its fever (R50.9) on main
    text = (
        "The patient initially had neurological symptoms such as fever, headache, unclear "
        "consciousness, and vomiting. Listeria monocytogenes was cultured in both the "
        "patient’s cerebrospinal fluid and blood samples."
    )
    facts = read_notes(None, [text])
    assert diagnose([], 60, facts).diagnosis.icd_code == "A32.9"
