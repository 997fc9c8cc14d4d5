"""A term named in the plural is the term (rules/icd_terms.singular, issue #29, reader-dx22).

The code set and the alphabetic index name a lesion in the singular ("Rheumatoid nodule",
"Renal and perinephric abscess"); case reports name the patient's several lesions in the
plural, often in their titles. Before, "rheumatoid nodules" was no match. 13 of MedRBench's 957
whole 2024 case reports' titles read a term more with the plural; the quoted words are their own.
"""

from __future__ import annotations

from core.analysis.rules.icd_terms import icd_conditions, singular


def _codes(sentence: str) -> list[str]:
    return [condition.code for _, _, condition in icd_conditions(sentence)]


def test_a_lesion_named_in_the_plural_is_the_lesion() -> None:
    assert _codes("Cavitary pulmonary rheumatoid nodules in a patient on leflunomide") == [
        "M06.3"
    ]  # PMC11489126
    assert "G06.0" in _codes("Brain abscesses in an immunocompromised patient")  # PMC11622114
    assert "L02.31" in _codes("Colorectal Carcinoma and Gluteal Abscesses")  # PMC11517711
    assert _codes("A Case Report of Bilateral Nursemaid’s Elbows") == ["S53.03"]  # PMC11569933
    assert "M71.3" in _codes("Bilateral C1/2 synovial cysts causing headache")  # PMC11585468


def test_a_word_whose_ending_is_its_own_stays() -> None:
    for word in ("abscess", "diabetes", "arthritis", "mellitus", "pubis", "herpes"):
        assert singular(word) in (word, word[:-1])
    assert singular("abscess") == "abscess"
    assert singular("arthritis") == "arthritis"
    assert singular("abscesses") == "abscess"
    assert singular("ovaries") == "ovary"


def test_one_word_is_never_read_in_the_singular() -> None:
    # A one-word term's guards (its length, its letters) are the code set's: "hemorrhoids"
    # is the code set's own plural, "tumors" and "polyps" alone name nothing.
    assert _codes("The patient's tumors and polyps") == []
