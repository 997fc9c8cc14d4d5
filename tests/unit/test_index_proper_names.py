"""The ICD-10-CM index's proper names filed at a category's residual code (reader-names30).

The index files a disease the classification has no code of its own for at its category's
residual ("Disease, Erdheim-Chester (ECD)" E88.89 "Other specified metabolic disorders"); a
subterm the index capitalises (an eponym, a place, an agent) names that disease, not the class
a lower-case subterm at the residual names ("Disease, kidney" N28.9). Sentences are the pools'
(MedRBench case sections); rows are the FY2025 index's as wbdill/Python-sandbox01 flattened it.
"""

from __future__ import annotations

import pytest

from core.analysis.rules.icd_terms import icd_conditions
from core.analysis.rules.index_names import index_names, names_its_own_disease


def _codes(sentence: str) -> list[str]:
    return [condition.code for _, _, condition in icd_conditions(sentence)]


@pytest.mark.parametrize(
    ("subterm", "name"),
    [
        ("Erdheim-Chester", "erdheim-chester disease"),  # Disease, Erdheim-Chester: E88.89
        ("Majocchi's", "majocchi's granuloma"),  # Granuloma, Majocchi's: B35.8
        ("Susac", "susac syndrome"),  # Syndrome, Susac: G93.49
        ("Rathke's pouch", "rathke's pouch cyst"),  # Cyst, Rathke's pouch: E23.6, a cyst
        ("Actinomyces", "actinomyces canaliculitis"),  # an agent: A42.89
    ],
)
def test_a_proper_name_at_the_residual_names_its_own_disease(subterm: str, name: str) -> None:
    assert names_its_own_disease(subterm, name)


@pytest.mark.parametrize(
    ("subterm", "name"),
    [
        ("kidney", "kidney disease"),  # a lower-case subterm at N28.9: a class
        ("B12", "b12 vitamin deficiency"),  # a symbol, no proper name
        ("Hb SS", "hb ss sickle-cell dactylitis"),
        ("R7", "r7 limb-girdle muscular dystrophy"),
        ("X-linked", "x-linked intellectual disability"),
        ("Hartmann's", "hartmann's pouch"),  # Pouch, Hartmann's (K82.8): anatomy
        ("Rokitansky-Aschoff", "rokitansky-aschoff sinus"),  # Sinus, Rokitansky-Aschoff
        ("Stensen's", "obstructed stensen's duct"),  # a structure, said of its state
    ],
)
def test_a_class_a_symbol_or_a_structure_is_not(subterm: str, name: str) -> None:
    assert not names_its_own_disease(subterm, name)


def test_the_shipped_file_holds_the_names_with_the_index_codes() -> None:
    names = index_names()
    assert names["erdheim-chester disease"] == "E88.89"
    assert names["majocchi's granuloma"] == "B35.8"
    assert names["susac syndrome"] == "G93.49"
    assert names["good's syndrome"] == "D83.8"
    assert names["degos' disease"] == "I77.89"
    # Guards: a structure's eponym and a residual's lower-case class stay out.
    for name in ("hartmann's pouch", "rokitansky-aschoff sinus", "kidney disease", "liver disease"):
        assert name not in names, name


def test_a_case_section_states_the_disease_by_its_proper_name() -> None:
    # MedRBench PMC11406356 ("A rare case of Erdheim Chester disease"): main read no term here
    # and took osteopetrosis (Q78.2) from the bones' look for the primary.
    assert _codes(
        "A mesenteric lymph node biopsy confirmed the diagnosis of Erdheim-Chester disease."
    ) == ["E88.89"]
    # MedRBench PMC11570442 ("... Majocchi's Granuloma After Topical Steroid Use"): main
    # abstained ("Not determined").
    assert _codes("with few Langhans giant cells suggestive of Majocchi's granuloma") == ["B35.8"]


def test_a_structure_named_in_a_case_is_no_diagnosis() -> None:
    # A gallbladder's Hartmann's pouch is where a stone sits, no disease (K82.8 in the index).
    assert "K82.8" not in _codes("A stone was impacted in Hartmann's pouch.")
