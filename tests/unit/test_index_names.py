"""The ICD-10-CM alphabetic index's names as terms of the reader (rules/index_names.py).

Rows are the index's own (the FY2025 Index to Diseases and Injuries as flattened in
wbdill/Python-sandbox01's ICD10CM_2025_Index.csv: main term, subterms, nonessential modifier,
code); the shipped file is scripts/build_index_names.py's output.
"""

from __future__ import annotations

import pytest

from core.analysis.rules.disease_names import read_names
from core.analysis.rules.icd_terms import (
    _GENERIC_WORDS,
    _words,
    code_set_terms,
    icd_conditions,
    term_key,
)
from core.analysis.rules.index_names import (
    LEFT_OUT_CHAPTERS,
    header,
    index_names,
    main_forms,
    names_a_kind,
    names_a_value_or_tissue,
    names_the_residual,
    ordinary_main,
    phrase,
    reads_as_other_words,
    whole_title,
)
from core.icd10 import code_set


def test_the_shipped_file_names_its_source_commit_and_release() -> None:
    text = "\n".join(header())
    assert "Index to Diseases and Injuries" in text
    assert "wbdill/Python-sandbox01 commit 6418224e1c2a786f19f6a099c853eecd0ffdbb55" in text
    assert "FY2025 ICD-10-CM" in text
    assert "public domain" in text
    assert "scripts/build_index_names.py" in text


def test_the_shipped_file_parses_and_every_code_is_in_the_code_set() -> None:
    icd = code_set()
    known = code_set_terms()
    names = index_names()
    assert len(names) > 5000
    for name, code in names.items():
        assert name == name.lower() and "\t" not in name, name
        assert icd.is_valid_item(code), (name, code)
        assert not code.startswith(LEFT_OUT_CHAPTERS), (name, code)
        assert term_key(name) not in known, name  # the code set or the hand list gives it


@pytest.mark.parametrize(
    "word",
    # Index main terms that are ordinary words or findings, and values' and tissues' names.
    [
        "findings",
        "history",
        "status",
        "use",
        "problem",
        "increased intracranial pressure",
        "elevated triglycerides",
        "tall stature",
        "cesarean delivery",
        "leukocytosis",
        "hyponatremia",
        "granulation tissue",
        "hyperkeratosis",
        "his disease",
        "malignant tumor",
        "kidney disease",
        "drug use",
        "vasculitis",
        "bulbar palsy",
        "capillary hemangioma",
    ],
)
def test_general_words_and_findings_are_not_in_the_shipped_file(word: str) -> None:
    assert word not in index_names()


def test_no_shipped_name_is_generic_words_alone() -> None:
    for name in index_names():
        assert not _GENERIC_WORDS.issuperset(_words(name)), name
        assert not reads_as_other_words(name), name


@pytest.mark.parametrize(
    ("main", "subterms", "name"),
    [
        ("Abscess", ("liver", "amebic"), "amebic liver abscess"),
        ("Syndrome", ("Stickler",), "Stickler syndrome"),
        ("Diabetes", ("type 2",), "type 2 diabetes"),
        ("Aberrant", ("artery", "cerebral"), "Aberrant cerebral artery"),
        ("Legionnaires'", ("disease",), "Legionnaires' disease"),
        ("Pseudomyxoma peritonei", (), "Pseudomyxoma peritonei"),
    ],
)
def test_a_subterm_is_named_as_doctors_write_it(
    main: str, subterms: tuple[str, ...], name: str
) -> None:
    assert phrase(main, subterms).lower() == name.lower()


@pytest.mark.parametrize(
    "subterm", ["with coma", "due to drug", "specified NEC", "in pregnancy", "hip, knee", "(any)"]
)
def test_a_qualifying_subterm_names_no_kind(subterm: str) -> None:
    assert not names_a_kind(subterm)


def test_a_main_terms_forms_and_its_either_noun() -> None:
    assert main_forms("Albuminuria, albuminuric") == ["Albuminuria", "albuminuric"]
    assert main_forms("Abduction contracture, hip or other joint") == ["Abduction contracture"]
    assert main_forms("Niemann-Pick disease or syndrome") == [
        "Niemann-Pick disease",
        "Niemann-Pick syndrome",
    ]


def test_a_title_cut_before_its_noun_is_no_name() -> None:
    # The flattening keeps a title's words before its nonessential modifier only.
    assert not whole_title("Rocky Mountain", "(spotted)")
    assert not whole_title("Von Hippel", "(-Lindau)")
    assert whole_title("Abasia", "(-astasia) (hysterical)")
    assert whole_title("Pseudomyxoma peritonei", "")


def test_residuals_values_and_ordinary_mains() -> None:
    assert names_the_residual("Disorder of kidney and ureter, unspecified")
    assert names_the_residual("Other specified disorders of veins")
    assert names_the_residual("Malignant (primary) neoplasm, unspecified")
    assert not names_the_residual("Abscess of liver")
    assert not names_the_residual(
        "Acute disseminated encephalitis and encephalomyelitis, unspecified"
    )
    assert names_a_value_or_tissue("hypoalbuminemia")
    assert names_a_value_or_tissue("granulation tissue")
    assert not names_a_value_or_tissue("pseudomyxoma peritonei")
    assert ordinary_main("Increased") and ordinary_main("Delivery")
    assert not ordinary_main("Abscess")


def test_read_names_skips_the_header() -> None:
    assert read_names(["# header", "", "pseudomyxoma peritonei\tC78.6\n"]) == {
        "pseudomyxoma peritonei": "C78.6"
    }


@pytest.mark.parametrize(
    ("sentence", "name", "code"),
    # Real shapes of 2024 case reports (MedRBench's whole articles); each name only the index
    # gives ("Syndrome, Kartagener's Q89.3", "Pregnancy, ectopic, abdominal O00.00",
    # "Pseudomyxoma peritonei C78.6", "Wilkie's disease or syndrome K55.1").
    [
        (
            "presented with Kartagener's syndrome diagnosed on CT scan in the context of lupus "
            "erythematosus",  # PMC11550655
            "Kartagener's syndrome",
            "Q89.3",
        ),
        (
            "Lithopedion is a rare complication of undiagnosed abdominal ectopic pregnancy",
            "abdominal ectopic pregnancy",  # PMC11570851
            "O00.00",
        ),
        (
            "peritoneal dissemination of the mucoid material, known as pseudomyxoma peritonei",
            "pseudomyxoma peritonei",  # PMC11545415
            "C78.6",
        ),
        (
            "demonstrating the simultaneous manifestation of NCS and Wilkie's syndrome",
            "Wilkie's syndrome",  # PMC11366209
            "K55.1",
        ),
    ],
)
def test_a_name_only_the_index_gives_is_read_with_the_index_code(
    sentence: str, name: str, code: str
) -> None:
    found = {sentence[start:end]: c.code for start, end, c in icd_conditions(sentence)}
    assert found.get(name) == code
