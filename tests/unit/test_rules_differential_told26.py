"""Issue #29, twenty-sixth round: a differential told with its case, patient or finding.

"The differential diagnoses for this case included tubulocystic carcinoma (TCRCC), ...,
angiomyolipoma with epithelial cysts (AMLEC), acquired cystic disease-associated renal cell
carcinoma (ACD-RCC), ..." (PMC11372579): the reader knew a differential "included" right after
its name, or told "at this point", but not with words between, so every item was a stated
diagnosis. 12 of the 70 differentials of the two pools (847 MedRBench case sections, 525
CUPCase presentations) are told so. A ward note's "DDx:" is the same list.
"""

from __future__ import annotations

import pytest

from core.analysis.rules.notes import read_notes


def _stated(notes: str | None, document: str | None = None) -> list[str]:
    facts = read_notes(notes, [document] if document else [])
    return [m.condition.name for m in facts.stated]


def _patients(document: str) -> list[str]:
    """What a case report's telling makes the patient's: stated, current or known."""
    facts = read_notes(None, [document])
    return [m.condition.name for m in facts.stated + facts.current + facts.history]


@pytest.mark.parametrize(
    "sentence",
    [
        # PMC11372579
        "The differential diagnoses for this case included tubulocystic carcinoma (TCRCC), "
        "mixed epithelial and stromal tumor (MEST), angiomyolipoma with epithelial cysts "
        "(AMLEC), acquired cystic disease-associated renal cell carcinoma (ACD-RCC), and "
        "oncocytoma with macrocysts.",
        # PMC11418109
        "The main differential diagnoses for this presentation were a gastric outlet "
        "syndrome, gastric volvulus, or an oesophageal stricture.",
        # PMC11472352
        "The differential diagnoses considered in this case included ischemic stroke, "
        "intracranial hemorrhage, and cerebral venous thrombosis.",
        # CUPCase row 4644
        "Differential diagnoses of his confusion included cryptococcal and tuberculous "
        "meningitis, acute bacterial meningitis and uremic encephalopathy.",
        # PMC11425151
        "The differential diagnoses for this patient included colitis, partial bowel "
        "obstruction, and possible neoplastic process.",
    ],
)
def test_the_items_of_a_differential_told_with_its_case_are_weighed(sentence: str) -> None:
    # Main read "Renal cell carcinoma", "Volvulus", "Cerebral infarction" and "Small bowel
    # obstruction" of these as the patient's current conditions.
    assert _patients("The patient was admitted for evaluation. " + sentence) == []


@pytest.mark.parametrize(
    "note",
    [
        "Ddx: pulmonary embolism, pneumonia.",
        "DDx includes pulmonary embolism and pneumonia.",
        "ddx: pulmonary embolism vs pneumonia",
    ],
)
def test_a_ward_notes_ddx_is_a_differential(note: str) -> None:
    assert _stated(note) == []


def test_a_diagnosis_beside_a_ddx_stays_stated() -> None:
    # Guard: the assessment stands; only the list after "DDx" is weighed.
    assert _stated("Assessment: community-acquired pneumonia. DDx: pulmonary embolism.") == [
        "Pneumonia"
    ]


def test_a_differential_count_is_no_differential_diagnosis() -> None:
    # Guard: "differential" of a white cell count says nothing of the diagnosis after it.
    text = (
        "A differential white cell count showed neutrophilia in this patient, "
        "and the patient was diagnosed with community-acquired pneumonia."
    )
    assert "Pneumonia" in _patients(text)
