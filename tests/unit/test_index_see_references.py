"""The ICD-10-CM index's "see" and "see also" references as names of diagnoses
(scripts/build_index_names.py's see_rows, read into rules/index_names.tsv).

The small index below holds the real rows of the FY2025 Index to Diseases and Injuries as
flattened in wbdill/Python-sandbox01's ICD10CM_2025_Index.csv (RowID, Letter, Level, Term, See,
SeeAlso, NonEssModif, Code); the reader's tests quote pool case sections by their PMC id.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from core.analysis.rules.icd_terms import icd_conditions
from core.analysis.rules.index_names import index_names
from scripts.build_index_names import (
    index_tree,
    names_of,
    one_category,
    referenced,
    see_code,
    see_rows,
)

# Rows of the index as the flattening writes them (the RowIDs are the file's).
_ROWS = """RowID,Letter,Level,Term,See,SeeAlso,NonEssModif,Code
3928,A,0,Abnormal,,Anomaly,,
5168,A,0,Ankylosis,,,(fibrous) (osseous) (joint),M24.60
5173,A,1,ear ossicles,,,,H74.31-
5178,A,1,incostapedial joint,"Ankylosis, ear ossicles",,(infectional),
5187,A,1,spine,,"Fusion, spine",(joint),
5203,A,0,"Anomaly, anomalous",,,(congenital) (unspecified type),Q89.9
4030,A,0,Ameloblastoma,,"Cyst, calcifying odontogenic",,
20001,C,0,Cyst,,,,N28.1
20002,C,1,calcifying odontogenic,,,,D16.5
20003,C,2,upper jaw,,,,D16.4
31770,E,0,Embolism,,,(multiple) (paradoxical),I74.9
31945,E,1,pulmonary,,,(acute) (artery) (vein),I26.99
31990,E,1,vein,,,,I82.90
22690,D,0,Dependence,,,(on) (syndrome),F19.20
22746,D,1,drug NEC,,,,F19.20
38676,F,0,Fused,"Fusion, fused",,,
38677,F,0,"Fusion, fused",,,(congenital),
38717,F,1,spine,,,(acquired),M43.20
38737,F,1,vertebra,"Fusion, spine",,(arch),
53140,L,0,Lymphomatosis,Lymphoma,,,
53200,L,0,Lymphoma,,,(malignant),C85.90
54313,M,0,Melanoameloblastoma,"Neoplasm, bone, benign",,,
77000,T,0,Thromboembolism,Embolism,,,
60000,P,0,Poisoning,"Table of Drugs and Chemicals, by drug, poisoning",,,
70000,S,0,Syndrome,,,,
70001,S,1,drug,"Dependence, drug",,,
"""


@pytest.fixture
def index_csv(tmp_path: Path) -> str:
    path = tmp_path / "index.csv"
    path.write_text(_ROWS, encoding="utf-8")
    return str(path)


def test_a_see_also_reference_gives_the_referenced_subterms_code(index_csv: str) -> None:
    mains = index_tree(index_csv)
    # "Ankylosis, spine" sees also "Fusion, spine": the main term is found by its first form.
    target = referenced(mains, "Fusion, spine")
    assert target is not None and target.code == "M43.20"
    ankylosis = next(entry for entry in mains if entry.title == "Ankylosis")
    spine = next(entry for entry in ankylosis.subterms if entry.title == "spine")
    assert see_code(mains, spine) == "M43.20"


def test_a_reference_to_a_reference_is_followed(index_csv: str) -> None:
    mains = index_tree(index_csv)
    fused = next(entry for entry in mains if entry.title == "Fused")
    assert referenced(mains, "Fusion, fused") is not None
    assert see_code(mains, fused) is None  # "Fusion, fused" carries no code of its own
    # "Lymphomatosis" see "Lymphoma" (no subterms in this small index; the real one spans C81
    # to C96); "Syndrome, drug" see "Dependence, drug" ("drug NEC").
    rows = dict(((path[-1][0], code) for path, code in see_rows(index_csv)))
    assert rows["Lymphomatosis"] == "C85.90"
    assert rows["drug"] == "F19.20"


def test_a_table_or_a_class_by_site_gives_no_code(index_csv: str) -> None:
    titles = {path[-1][0] for path, _ in see_rows(index_csv)}
    # The neoplasm table reads "Neoplasm, bone, benign" itself; the drug table names no code.
    assert "Melanoameloblastoma" not in titles
    assert "Poisoning" not in titles


def test_a_row_with_its_own_code_is_no_see_row(index_csv: str) -> None:
    # "Ankylosis" and "Anomaly" carry their own codes: the coded rows name them already.
    titles = {path[-1][0] for path, _ in see_rows(index_csv)}
    assert "Ankylosis" not in titles
    assert "Anomaly, anomalous" not in titles


def test_a_referred_name_never_takes_a_residual_code(index_csv: str) -> None:
    # "Abnormal" sees also "Anomaly", Q89.9 "Congenital malformation, unspecified"; the index's
    # "Abnormity" sees "Anomaly" too.
    rows = {path: code for path, code in see_rows(index_csv)}
    assert rows[(("Abnormal", ""),)] == "Q89.9"
    # A coded main term's own name stands at its category's residual ("Hailey-Hailey disease"
    # Q82.8, index_names' rule); the same name sent there by a reference would not.
    path, residual = (
        (("Hailey-Hailey disease", ""),),
        "Other specified congenital malformations of skin",
    )
    assert names_of(path, "Q82.8", residual, set()) == ["hailey-hailey disease"]
    assert names_of(path, "Q82.8", residual, set(), referred=True) == []


def test_a_reference_to_an_entry_of_several_categories_gives_no_code(index_csv: str) -> None:
    # "Thromboembolism" see "Embolism": I74.9 alone, its "pulmonary" I26.99 and its "vein"
    # I82.90; read as I74.9, "pulmonary thromboembolism" would be an artery's embolism.
    mains = index_tree(index_csv)
    embolism = next(entry for entry in mains if entry.title == "Embolism")
    assert not one_category(embolism)
    titles = {path[-1][0] for path, _ in see_rows(index_csv)}
    assert "Thromboembolism" not in titles
    # "Cyst, calcifying odontogenic" D16.5 and its "upper jaw" D16.4: one category, D16.
    assert "Ameloblastoma" in titles


def test_the_pool_reports_ameloblastoma_is_read_with_the_references_code() -> None:
    # PMC11461031 ("Ameloblastoma" see also "Cyst, calcifying odontogenic", D16.5): the title
    # names it, the section writes "unicystic ameloblastoma".
    sentence = "Dentigerous Cyst Transforming Into Unicystic Ameloblastoma"
    found = {sentence[start:end]: c.code for start, end, c in icd_conditions(sentence)}
    assert found.get("Ameloblastoma") == "D16.5"


def test_the_shipped_file_keeps_a_names_own_code_before_a_references() -> None:
    names = index_names()
    # "Anemia, deficiency" D53.9 is the index's own; a see row's D64.9 is not added beside it.
    assert names["deficiency anemia"] == "D53.9"
    # "Abnormal, abnormality" sees also "Anomaly" (Q89.9, a residual): no name.
    assert "abnormality" not in names and "abnormal" not in names
    # "Thromboembolism" (see "Embolism": I74.9, I26, I82, I66 by site) and "Lymphomatosis" (see
    # "Lymphoma": C81 to C96) name no one category; nor does "Ankylosis, spine" (see also
    # "Fusion, spine": M43.2 by region, Q76.49 congenital).
    for name in ("thromboembolism", "lymphomatosis", "spine ankylosis"):
        assert name not in names
    sentence = "CT pulmonary angiography confirmed pulmonary thromboembolism."
    assert all(c.code != "I74.9" for _, _, c in icd_conditions(sentence))
