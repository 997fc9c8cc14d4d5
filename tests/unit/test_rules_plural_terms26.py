"""Issue #29, twenty-sixth round: a code-set term told in the plural is the term.

Case reports tell several lesions at once: "pathology and immunohistochemistry confirmed
bilateral ovarian lymphangiomas" (PMC11491339), "excavated pulmonary rheumatoid nodules"
(PMC11489126), "excision of peritoneal and liver hydatid cysts" (PMC11358852). The term finder
looked up the words as written, so each confirmed diagnosis was no condition at all. On the
two pools (847 MedRBench case sections, 525 CUPCase presentations) 150-odd plural terms of
this kind were read as nothing. The head noun (the term's last word, or the word before its
"of") is now also looked up in the singular, in English or in medicine's Latin and Greek
plurals, and only where the code set holds the term so made.
"""

from __future__ import annotations

import pytest

from core.analysis.rules.icd_terms import icd_conditions, singular_word
from core.analysis.rules.notes import read_notes


def _codes(sentence: str) -> list[tuple[str, str]]:
    return [(sentence[s:e], c.code) for s, e, c in icd_conditions(sentence)]


@pytest.mark.parametrize(
    ("sentence", "told", "code"),
    [
        # PMC11491339
        ("Pathology confirmed bilateral ovarian lymphangiomas.", "lymphangiomas", "D18"),
        # PMC11489126
        ("We concluded excavated pulmonary rheumatoid nodules.", "rheumatoid nodules", "M06.3"),
        # PMC11358852: the head noun before the term's "of"
        (
            "Histology confirmed multiple hydatid cysts of the liver.",
            "hydatid cysts of the liver",
            "B67.8",
        ),
        ("Enhanced CT revealed bilateral renal stones and fatty liver.", "renal stones", "N20.0"),
        ("CT showed bilateral renal cysts.", "renal cysts", "N28.1"),
        # Greek and Latin plurals
        ("Nerve studies showed axonal mononeuropathies.", "mononeuropathies", "G58.9"),
        ("It revealed multiple splanchnic thromboses.", "thromboses", "I82.90"),
        ("It led to the diagnosis of benign leiomyomata.", "leiomyomata", "D25"),
        ("Multiple supra- and infratentorial tuberculomas were identified.", "tuberculomas", "A17"),
    ],
)
def test_a_term_in_the_plural_is_the_term(sentence: str, told: str, code: str) -> None:
    assert (told, code) in _codes(sentence)


def test_a_confirmed_plural_diagnosis_is_stated() -> None:
    facts = read_notes("Pathology confirmed bilateral ovarian lymphangiomas.", [])
    assert [m.condition.code for m in facts.stated] == ["D18"]


@pytest.mark.parametrize(
    "sentence",
    [
        # A species' Latin genitive is no plural: no pneumonia, influenza or gonorrhoea.
        "Blood cultures grew Klebsiella pneumoniae.",
        "Cultures grew Haemophilus influenzae and Streptococcus agalactiae.",
        "Tests revealed Neisseria gonorrhoeae.",
        # The plural of a one-word term without a disease's ending names something else.
        "Raised, erythematous borders and central depressions were seen.",
        "It risks recurrence in future pregnancies.",
        "Nonspecific inflammation and local corrosions were seen.",
    ],
)
def test_a_word_that_only_looks_plural_names_nothing(sentence: str) -> None:
    assert _codes(sentence) == []


@pytest.mark.parametrize(
    ("word", "singular"),
    [
        ("arthritis", "arthritis"),
        ("abscess", "abscess"),
        ("abscesses", "abscess"),
        ("metastases", "metastasis"),
        ("varices", "varix"),
        ("emboli", "embolus"),
        ("neuropathies", "neuropathy"),
        ("pus", "pus"),
    ],
)
def test_the_singular_of_a_word(word: str, singular: str) -> None:
    assert singular_word(word) == singular


def test_singular_terms_read_as_before() -> None:
    # Guard: a term told in the singular, and one the code set writes in the plural.
    assert ("Type 1 diabetes mellitus", "E10") in [
        (c.name, c.code) for _, _, c in icd_conditions("She has type 1 diabetes mellitus.")
    ]
    assert ("lymphangioma", "D18") in _codes("Pathology confirmed a lymphangioma of the ovary.")
