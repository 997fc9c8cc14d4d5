"""Tumours read at a site of the ICD-10-CM Neoplasm Table (rules/neoplasm_sites.py, issue #29).

A class of tumours ("carcinoma", "adenocarcinoma", "cancer", "malignancy", "carcinoma in situ")
at a site the code set's descriptions do not name is read as the table codes that site for the
behaviour; the phrases are the pool's (PMC ids). The shipped file is
scripts/build_neoplasm_sites.py's output.
"""

from __future__ import annotations

import pytest

from core.analysis.rules.icd_terms import icd_conditions
from core.analysis.rules.neoplasm_sites import (
    BEHAVIOURS,
    completed,
    header,
    site_forms,
    table_sites,
    uncoded_sites,
)
from core.icd10 import check_icd10


def _codes(sentence: str) -> list[str]:
    return [condition.code for _, _, condition in icd_conditions(sentence)]


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        # PMC11629470 (title): read as an inguinal hernia on main.
        ("Fallopian tube carcinoma mimicking inguinal hernia", "C57.00"),
        # PMC11444548: the urachus (C67.7) by its adjective; read as haematuria on main.
        (
            "Our case highlights the diagnostic and therapeutic challenges of urachal carcinoma.",
            "C67.7",
        ),
        # PMC11375912 (title).
        ("Primary Adenocarcinoma of the Urinary Bladder: A Case Report", "C67.9"),
        # PMC11424757 (title): the appendix is a code of C18, no category of its own.
        ("Adenocarcinoma of the appendix presenting as chronic small bowel obstruction", "C18.1"),
        # PMC11555245: the hard palate, a site of the table's second level.
        ("a carcinoma of the hard palate", "C05.0"),
    ],
)
def test_a_class_of_tumours_is_read_at_the_tables_site(sentence: str, code: str) -> None:
    assert code in _codes(sentence)


def test_carcinoma_in_situ_takes_the_tables_in_situ_column() -> None:
    assert _codes("carcinoma in situ of the vocal cords") == ["D02.0"]


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        # A histology with its own term keeps it (the index's "Carcinoma, hepatocellular").
        ("a hepatocellular carcinoma was found", "C22.0"),
        # PMC11509815: the organ before the morphology, not where an ectopic one lies.
        ("Ectopic Parathyroid Adenoma of the Posterior Mediastinum", "D35.1"),
        # A sarcoma at an ill-defined site: the morphology codes it (C49.9), not C76.5.
        ("a sarcoma of the thigh", "C49.9"),
    ],
)
def test_the_table_never_overrides_a_histology_or_an_organ_named_before(
    sentence: str, code: str
) -> None:
    assert _codes(sentence) == [code]


@pytest.mark.parametrize(
    "sentence",
    [
        "a family history of cancer",
        "the most common carcinoma in this age group",
        # PMC11416197: "duct" of "lacrimal gland and duct" is no site of a class of tumours.
        "A Rare Case of Collecting Duct Carcinoma",
        # A lymph node is a site the morphology codes; "lymph" alone is no lymphatic channel.
        "metastatic carcinoma of the lymph node",
        # PMC11456792: the head of the pancreas, not the head (C76.0).
        "pancreatic head adenocarcinoma was suspected",
    ],
)
def test_a_class_of_tumours_without_a_table_site_names_nothing_new(sentence: str) -> None:
    assert not [code for code in _codes(sentence) if code.startswith(("C76", "C49", "C69"))]
    assert "C80.1" not in _codes(sentence)


def test_the_shipped_file_names_its_source_and_every_code_is_in_the_code_set() -> None:
    text = "\n".join(header())
    assert "wbdill/Python-sandbox01 commit 612359cb8a5d192e4d68bab5920399ae9ea038c8" in text
    assert "icd-10-cm-neoplasm-2025.xml" in text
    assert "scripts/build_neoplasm_sites.py" in text
    for behaviour in BEHAVIOURS:
        for site, code in table_sites(behaviour).items():
            assert check_icd10(code)[0], (site, behaviour, code)
    assert table_sites("malignant")["ampulla of vater"] == "C24.1"
    assert {"lymph node", "thigh", "scalp"} <= uncoded_sites()


def test_a_cell_is_completed_to_the_unspecified_code_below_it() -> None:
    assert completed("C34.9-") == "C34.90"
    assert completed("D05.-") == "D05.90"
    assert completed("C50.9-") == ""  # only the female and the male breast below
    assert completed("-") == ""


def test_site_spellings_are_the_nouns_a_doctor_writes() -> None:
    assert site_forms("anus, anal") == ["anus"]
    assert site_forms("calyx, renal") == ["renal calyx"]
    assert site_forms("piriform fossa or sinus") == ["piriform fossa", "piriform sinus"]
