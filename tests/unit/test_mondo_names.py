"""The Mondo Disease Ontology's names as terms of the reader (core/analysis/rules/mondo_names.py).

Rows are Mondo's own (its exact ICD-10-CM and ICD-10 matches at commit fad2512b); sentences are
the pools' (MedRBench case sections, CUPCase presentations) and the dev set's.
"""

from __future__ import annotations

import pytest

from core.analysis.rules.disease_names import disease_names, usable_name
from core.analysis.rules.icd_terms import code_set_terms, icd_conditions, readable_name, term_key
from core.analysis.rules.index_names import index_names
from core.analysis.rules.mondo_names import header, mondo_names
from core.icd10 import code_set


def _codes(sentence: str) -> list[str]:
    return [condition.code for _, _, condition in icd_conditions(sentence)]


def test_the_shipped_file_names_its_source_commit_and_licence() -> None:
    text = "\n".join(header())
    assert "Mondo Disease Ontology" in text
    assert "monarch-initiative/mondo commit fad2512b4845f483fc1268cdf0bf7a8ef43697cb" in text
    assert "CC BY 4.0" in text
    assert "skos:exactMatch" in text
    assert "scripts/build_mondo_names.py" in text


def test_every_shipped_name_passes_the_filters_and_is_no_name_the_reader_had() -> None:
    icd = code_set()
    known = code_set_terms()
    given = {term_key(name) for name in (*disease_names(), *index_names())}
    names = mondo_names()
    assert len(names) > 100
    for name, code in names.items():
        assert icd.is_valid_item(code) and icd.is_category_or_subcategory(code), name
        assert usable_name(name) and readable_name(name), name
        assert not code.startswith(("R", "Z")), name  # a finding or an encounter
        assert not name.startswith("obsolete "), name
        assert term_key(name) not in known and term_key(name) not in given, name


def test_a_disease_only_mondo_names_is_read_with_its_exact_code() -> None:
    # "The clinical picture suggested progression to intestinal tuberculosis" (MedRBench
    # PMC11544071, "Massive rectorrhage due to pulmonary and intestinal tuberculosis"): the
    # code set's "tuberculosis" alone (A15.9, of the lung) before, Mondo's exact A18.32 now.
    assert _codes("progression to intestinal tuberculosis") == ["A18.32"]
    # "consistent with malignant pleural mesothelioma" (MedRBench PMC11539054): the category
    # C45 before, C45.0 "Mesothelioma of pleura" now.
    assert _codes("consistent with malignant pleural mesothelioma") == ["C45.0"]
    # "Placental abruption with intrauterine fetal death" (dev cr5, via CUPCase): no term
    # before; the code set says "Premature separation of placenta [abruptio placentae]".
    assert _codes("Placental abruption with intrauterine fetal death") == ["O45"]


@pytest.mark.parametrize(
    "name",
    [
        "obsolete sarcopenia",  # an obsolete class's label
        "intellectual disability",  # a block, F70-F79, no category
        "inherited disease susceptibility",  # Z15: an encounter's code, no disease
        "pancreas disorder",  # K86.9, its category's residual: a class
        "agranulocytosis",  # a value's name (D70)
        "aortic valve insufficiency",  # Mondo's I06.1 is rheumatic: a kind it does not say
    ],
)
def test_a_mondo_label_the_filters_drop_is_no_name(name: str) -> None:
    assert name not in mondo_names()
