"""A stated diagnosis whose full name the reader does not know, read by its head
(rules/head_names.py; reader-head28 in docs/clinical-rounds.md).

Shapes are the pools' own (MedRBench case sections, CUPCase presentations), quoted with their ids.
"""

from __future__ import annotations

import pytest

from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.head_names import head_names, stated_head
from core.analysis.rules.icd_terms import readable_name
from core.analysis.rules.index_names import LEFT_OUT_CHAPTERS
from core.icd10 import code_set
from tests.unit.notes_reading import note_facts, primary_code


@pytest.mark.parametrize(
    ("text", "code"),
    [
        # PMC11460249: an intraosseous lipoma has no name of its own in the code set.
        (
            "Biopsy was done by orthopedic surgeons and pathology result confirmed the lesion "
            "to be an intraosseous lipoma.",
            "D17.9",
        ),
        # PMC11617941.
        ("The mass was surgically excised, and histopathology confirmed a benign lipoma.", "D17.9"),
        # PMC11550581: no site code of D17 names the duodenum: the head's own code.
        (
            "After the incidental diagnosis of a duodenal lipoma, the patient was referred to a "
            "gastroenterologist for further evaluation.",
            "D17.9",
        ),
        # PMC11471186.
        (
            "She was diagnosed with acute Docetaxel induced myositis (DIM) due to the temporal "
            "relationship.",
            "M60.9",
        ),
        # CUPCase cup3405 (paraneoplastic necrotizing myopathy).
        ("These features were consistent with myopathy.", "G72.9"),
    ],
)
def test_a_stated_name_is_read_by_its_head(text: str, code: str) -> None:
    assert primary_code(text) == code


def test_a_site_word_takes_the_heads_sited_code() -> None:
    # The code set names the kidney under D17 ("Benign lipomatous neoplasm of kidney").
    assert primary_code("The biopsy confirmed a renal lipoma.") == "D17.71"


def test_a_head_reading_is_less_sure_than_a_name_read_whole() -> None:
    facts = note_facts(
        "The mass was surgically excised, and histopathology confirmed a benign lipoma."
    )
    assert [m.hedged for m in facts.stated] == [True]
    whole = diagnose([], 50, note_facts("Histopathology confirmed a hepatocellular carcinoma."))
    head = diagnose([], 50, facts)
    assert head.diagnosis.confidence_score < whole.diagnosis.confidence_score


@pytest.mark.parametrize(
    "text",
    [
        # PMC11618910: weighed in a differential, not concluded.
        "Given the presence of an endobronchial mass, a differential diagnosis of lipoma, "
        "leiomyoma, carcinoma, and secondary malignant metastasis was considered.",
        # CUPCase cup3867: what an MRI showed is no statement of the case's diagnosis.
        "An MRI was taken, which showed a lipoma and non-specific inflammatory change.",
        # Denied, and a past condition.
        "Histopathology did not confirm a lipoma.",
        "She was diagnosed with a lipoma of the back ten years ago and had it excised.",
        # A finding's word heads no name: "mass", "lesion", "cyst", "tumour" alone.
        "The CT scan findings were consistent with a large cystic mass.",
        "Histopathology confirmed a benign cyst.",
        # A tissue's look is no head ("granuloma" is the index's, yet a tissue's look).
        "The biopsy confirmed a silicone granuloma.",
    ],
)
def test_no_head_is_read_outside_a_statement_of_the_case_s_diagnosis(text: str) -> None:
    codes = [m.condition.code for m in note_facts(text).stated]
    assert not any(code.startswith(("D17", "L92", "N60")) for code in codes), codes
    assert not [m for m in note_facts(text).stated if m.condition.stated_only and m.hedged]


def test_a_known_name_is_not_read_by_its_head() -> None:
    # "Allergic rhinitis" is the code set's own name (J30.9): the whole name, not the head
    # "rhinitis" (J31.0, chronic rhinitis), and no head reading's doubt.
    facts = note_facts("She was diagnosed with allergic rhinitis.")
    assert [(m.condition.code, m.hedged) for m in facts.stated] == [("J30.9", False)]


def test_a_phrase_longer_than_one_name_or_of_other_words_is_none() -> None:
    text = "confirmed the presence of many small and scattered foci of lipoma"
    assert stated_head(text, len("confirmed")) is None


def test_the_shipped_heads_are_the_index_s_short_disease_words() -> None:
    icd = code_set()
    heads = head_names()
    assert heads["lipoma"] == "D17.9" and heads["myositis"] == "M60.9"
    for finding in ("mass", "lesion", "cyst", "tumor", "tumour", "nodule", "granuloma"):
        assert finding not in heads
    for name, code in heads.items():
        assert " " not in name and not readable_name(name), name
        assert icd.is_valid_item(code) and not code.startswith(LEFT_OUT_CHAPTERS), (name, code)
