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
from scripts.build_index_names import index_tree, names_of, referenced, see_code, see_rows

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
22690,D,0,Dependence,,,(on) (syndrome),F19.20
22746,D,1,drug NEC,,,,F19.20
38676,F,0,Fused,"Fusion, fused",,,
38677,F,0,"Fusion, fused",,,(congenital),
38717,F,1,spine,,,(acquired),M43.20
38737,F,1,vertebra,"Fusion, spine",,(arch),
53140,L,0,Lymphomatosis,Lymphoma,,,
53200,L,0,Lymphoma,,,(malignant),C85.90
54313,M,0,Melanoameloblastoma,"Neoplasm, bone, benign",,,
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
    # "Lymphomatosis" see "Lymphoma"; "Syndrome, drug" see "Dependence, drug" ("drug NEC").
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


@pytest.mark.parametrize(
    ("sentence", "name", "code"),
    [
        (
            # PMC11625590 ("Lymphomatosis" see "Lymphoma", C85.90)
            "staining characteristics were diagnostic of cerebral lymphomatosis.",
            "lymphomatosis",
            "C85.90",
        ),
        (
            # PMC11461031 ("Ameloblastoma" see also "Cyst, calcifying odontogenic", D16.5)
            "Dentigerous Cyst Transforming Into Unicystic Ameloblastoma",
            "Ameloblastoma",
            "D16.5",
        ),
        (
            # "Ankylosis, spine" see also "Fusion, spine" (dev's cr-vdrr-opll)
            "Computed tomography demonstrated spine ankylosis.",
            "spine ankylosis",
            "M43.20",
        ),
    ],
)
def test_a_name_the_index_codes_by_a_reference_is_read(sentence: str, name: str, code: str) -> None:
    found = {sentence[start:end]: c.code for start, end, c in icd_conditions(sentence)}
    assert found.get(name) == code


def test_the_shipped_file_keeps_a_names_own_code_before_a_references() -> None:
    names = index_names()
    # "Anemia, deficiency" D53.9 is the index's own; a see row's D64.9 is not added beside it.
    assert names["deficiency anemia"] == "D53.9"
    # "Abnormal, abnormality" sees also "Anomaly" (Q89.9, a residual): no name.
    assert "abnormality" not in names and "abnormal" not in names
    # "Ankylosis, spine" (see also "Fusion, spine"): the spine's fusion, not the joint's M24.60.
    assert names["spine ankylosis"] == "M43.20"
