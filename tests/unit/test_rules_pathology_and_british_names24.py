"""Two classes of the diagnosis on case sections as they come (issue #29, twenty-fourth round):
a pathology report named "pathology" alone as the subject of its verdict ("Final pathology
revealed diffuse large B-cell lymphoma"), and a disease's name in British spelling that the
code set spells the American way ("benign phyllodes tumour", "haemangioma", "oesophageal
varices"). Sentences quote case sections of the MedRBench pool (wumingxin238/MedRBench @
827ee187, 'raw_case' of 2024 PMC open-access case reports) with their PMC ids, but two marked
as written for the test.
"""

from __future__ import annotations

import pytest

from core.analysis.rules.diagnosis import diagnose
from tests.unit.notes_reading import note_facts, primary_code


def test_final_pathology_revealing_a_lymphoma_is_the_diagnosis():
    # PMC11492432: the primary was the lymphadenopathy (R59.9) the patient presented with.
    text = (
        "He presented with a painful scrotal swelling and inguinal lymphadenopathy. Final "
        "pathology revealed diffuse large B-cell lymphoma with high ki67 80–90 %."
    )
    assert primary_code(text).startswith("C83.3")


def test_speech_pathology_is_no_tissue():
    # Guard: a speech pathologist's assessment states no tissue's diagnosis.
    text = "Speech pathology showed oropharyngeal dysphagia; a barium swallow was normal."
    assert not primary_code(text).startswith("C")


@pytest.mark.parametrize(
    ("text", "family"),
    [
        # PMC11450233: "Not determined" for the British "tumour".
        (
            "Core needle biopsy showed features suggestive of benign phyllodes tumour. The "
            "histopathology report confirmed a benign phyllodes tumour (Figure 6).",
            "D24",
        ),
        # Written for this test: the other folds of core.spelling ("ae", "oe").
        ("The final diagnosis was a haemangioma of the liver.", "D18.0"),
        ("Endoscopy confirmed the diagnosis of oesophageal varices.", "I85"),
    ],
)
def test_a_british_spelling_finds_the_code_sets_american_term(text, family):
    assert primary_code(text).startswith(family)


def test_a_symptomatic_treatment_is_a_working_diagnosis_a_later_one_revises():
    # PMC11437740: the gastroenteritis the boy was first treated for led (K52.9).
    text = (
        "He was symptomatically treated as Acute gastroenteritis and dyspepsia later "
        "diagnosed with acute appendicitis and underwent laparotomy."
    )
    assert primary_code(text).startswith("K35")


def test_an_empirical_treatment_is_said_with_doubt():
    # PMC11406475 (a meningeal sporotrichosis): "she was empirically treated for meningeal
    # tuberculosis (TB)" was stated as the case's tuberculosis, at full confidence.
    text = (
        "Even though microbiological tests were negative, she was empirically treated for "
        "meningeal tuberculosis (TB), considering the compatible clinical picture."
    )
    diagnosis = diagnose([], 50, note_facts(text)).diagnosis
    assert diagnosis.confidence_score < 0.6
