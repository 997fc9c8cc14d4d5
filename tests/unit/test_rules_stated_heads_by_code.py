"""A stated name read by a head without a disease's ending, where the index main term's own
code names that word alone (rules/head_names.py, scripts/build_head_names.py; reader-head29 in
docs/clinical-rounds.md).

Shapes are the pools' own (MedRBench case sections, CUPCase presentations), quoted with their ids.
"""

from __future__ import annotations

import pytest

from core.analysis.rules.head_names import _site_nouns, head_names
from core.analysis.rules.icd_terms import ALL_SITE_ADJECTIVES, readable_name
from core.icd10 import code_set
from scripts.build_head_names import heads_a_name, names_it_alone
from tests.unit.notes_reading import note_facts, primary_code


@pytest.mark.parametrize(
    ("text", "code"),
    [
        # PMC11562408 (gallstone ileus): "Ileus" K56.7 "Ileus, unspecified".
        (
            "Computed tomography revealed Rigler's triad, confirming the diagnosis of biliary "
            "ileus.",
            "K56.7",
        ),
        # CUPCase cup1143: "Cataract" H26.9 "Unspecified cataract".
        ("During the examination we confirmed advanced centrally located cataract.", "H26.9"),
        # PMC11609537 (pulmonary cusps aneurysm): "Aneurysm" I72.9 "Aneurysm of unspecified site".
        (
            "We present the case of an asymptomatic pulmonary sinus aneurysm in a full-term "
            "newborn boy.",
            "I72.9",
        ),
        # PMC11461948: "Epilepsy" G40.909 "Epilepsy, unspecified, not intractable, ...".
        ("She was diagnosed with epilepsy and left-sided hemiparesis.", "G40.909"),
        # PMC11609380 (tetanus): the main term "Tetanus, tetanic" A35 "Other tetanus", read by
        # its first form.
        ("Hence, he was clinically diagnosed with tetanus.", "A35"),
        # CUPCase cup1776: "diagnosed as having an ileus", the verb before the name skipped.
        (
            "After the second paracentesis, she was diagnosed as having an ileus and a "
            "nasogastric (NG) tube had to be placed.",
            "K56.7",
        ),
    ],
)
def test_a_stated_name_is_read_by_a_head_its_code_names_alone(text: str, code: str) -> None:
    assert primary_code(text) == code


def test_a_head_the_sentence_named_whole_refers_back_to_that_name() -> None:
    # CUPCase cup810 (infected aortic aneurysm): "an infected aneurysm" is the aortic aneurysm
    # the sentence named (I71.9), not an aneurysm of unspecified site (I72.9).
    text = (
        "Histopathology examination of the aortic aneurysm wall confirmed an infected aneurysm "
        "based on infiltration of neutrophils."
    )
    codes = [m.condition.code for m in note_facts(text).stated + note_facts(text).stated_inline]
    assert "I72.9" not in codes


@pytest.mark.parametrize(
    ("text", "left_out"),
    [
        # PMC11416197: "Pattern" is G47.23's by an inclusion term only (irregular sleep-wake
        # pattern); its description names a circadian rhythm disorder.
        (
            "The diagnosis was established through histopathological examination, which "
            "revealed a tubulopapillary growth pattern.",
            "G47",
        ),
        # PMC11399814: "Leukocytosis" is D72.829 "Elevated white blood cell count": a value.
        ("The blood tests were consistent with neutrophilic leukocytosis.", "D72"),
        # "Abscess" (L02.91, the skin's) is a word any organ may have: no head alone.
        ("The CT findings were consistent with an emphysematous abscess.", "L02"),
        # "Stress" (F43.9 "Reaction to severe stress"): no code of its own.
        ("The changes were consistent with oxidative stress.", "F43"),
    ],
)
def test_a_word_whose_code_names_another_thing_heads_no_name(text: str, left_out: str) -> None:
    facts = note_facts(text)
    codes = [m.condition.code for m in facts.stated + facts.stated_inline]
    assert not any(code.startswith(left_out) for code in codes), codes


def test_the_build_reads_a_code_naming_the_word_alone() -> None:
    assert names_it_alone("ileus", "K56.7") and names_it_alone("Cataract", "H26.9")
    assert names_it_alone("aneurysm", "I72.9")
    assert not names_it_alone("granuloma", "L92.9")  # "Granulomatous disorder of the skin"
    assert not names_it_alone("nevus", "D22.9")  # "Melanocytic nevi": a kind of nevus
    assert not names_it_alone("old", "I25.2")  # "Old myocardial infarction"
    assert not names_it_alone("pattern", "G47.23")
    assert not names_it_alone("covid-19", "U07.1")  # chapter U: provisional codes
    assert heads_a_name("lipoma", "D17.9", referred=True)  # a disease's ending, as before
    assert not heads_a_name("ileus", "K56.7", referred=True)  # a see reference's code: no


def test_the_shipped_heads_have_a_disease_s_ending_or_a_code_naming_them_alone() -> None:
    icd = code_set()
    heads = head_names()
    assert heads["ileus"] == "K56.7" and heads["cataract"] == "H26.9"
    assert heads["aneurysm"] == "I72.9" and heads["lipoma"] == "D17.9"
    for finding in ("mass", "lesion", "cyst", "pattern", "leukocytosis", "abscess", "stress"):
        assert finding not in heads
    for name, code in heads.items():
        assert " " not in name and not readable_name(name), name
        assert icd.is_valid_item(code) and code[:1] in "ABCDEFGHIJKLMNOPQ", (name, code)


def test_the_site_words_before_a_head_are_the_index_wordings_sites() -> None:
    # One list: head_names' site nouns are icd_terms' site adjectives read backwards.
    nouns = _site_nouns()
    for noun, forms in ALL_SITE_ADJECTIVES.items():
        assert nouns[noun] == noun
        assert all(nouns[form] in (noun, form) or form in ALL_SITE_ADJECTIVES for form in forms)
    assert nouns["renal"] == "kidney" and nouns["appendiceal"] == "appendix"
