"""Build core/analysis/rules/index_morphologies.tsv from a flattening of the ICD-10-CM index.

usage: python scripts/build_index_morphologies.py <ICD10CM_2025_Index.csv> [> the .tsv]

The file is the one scripts/build_index_names.py reads (its docstring: github.com/wbdill/
Python-sandbox01 commit 6418224e1c2a786f19f6a099c853eecd0ffdbb55,
``ICD10CM/output/ICD10CM_2025_Index.csv``, the Index to Diseases and Injuries of the FY2025
ICD-10-CM release, public domain). Every row whose "see" or "see also" reference sends to the
Neoplasm Table with a behaviour ("Neoplasm, benign, by site", "Neoplasm, connective tissue,
uncertain behavior", "Table of Neoplasms, small intestine, malignant") gives a morphology:

- its name: the main term where it names a tumour by its ending (-oma, tumor), with the
  subterms on its path (one or two) put before it in the reverse of the index's order
  ("Tumor, granular cell" granular cell tumor; "Adenocarcinoma, serous, papillary" papillary
  serous adenocarcinoma); a "specified site" subterm names its
  parent. Never a path with a subterm of other words than a type's ("with", "NEC", "in",
  "of", brackets, a site of the table: "Adenocarcinoma, apocrine, breast"), nor a name of
  generic words alone ("malignant tumor") or a secondary's ("metastatic ..."), nor a type the
  index tells by a site (told_by_its_site: "Tumor, adnexal (skin)", "Cylindroma");
- its behaviour: the reference's (malignant, benign, uncertain behavior, in situ; "unspecified
  behavior" is left out);
- its code with no site named: the "unspecified site" subterm's code beside it where the index
  codes one for everyone (not one by sex); else, for a reference to one site ("connective
  tissue", "skin", "bone", "nerve"), that site's code of the behaviour; else empty (the reader
  takes the behaviour's unspecified-site code).

A name the index gives two behaviours, or a hand-kept morphology's name
(neoplasms.MORPHOLOGIES), is left out. Writes name TAB behaviour TAB code TAB the index row's
id under a header.
"""

from __future__ import annotations

import csv
import hashlib
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.analysis.rules.neoplasm_sites import table_sites, uncoded_sites
from core.analysis.rules.neoplasms import MORPHOLOGIES, code_set_sites
from core.icd10 import check_icd10

SOURCE = (
    "github.com/wbdill/Python-sandbox01 commit 6418224e1c2a786f19f6a099c853eecd0ffdbb55, "
    "ICD10CM/output/ICD10CM_2025_Index.csv"
)

_BEHAVIOURS = {
    "malignant": "malignant",
    "benign": "benign",
    "uncertain behavior": "uncertain",
    "in situ": "in situ",
}
# The one-site references the Neoplasm Table's rows do not code as a site (neoplasm_sites
# keeps the skin and the bone's malignant column to the morphology): their codes of each
# behaviour, from the code set (C44.90 "Unspecified malignant neoplasm of skin, unspecified",
# D23.9, D48.5, D04.9; C41.9, D16.9, D48.0; C47.9, D36.10, D48.2).
_ONE_SITE = {
    "skin": {"malignant": "C44.90", "benign": "D23.9", "uncertain": "D48.5", "in situ": "D04.9"},
    "bone": {"malignant": "C41.9", "benign": "D16.9", "uncertain": "D48.0"},
    "cartilage": {"malignant": "C41.9", "benign": "D16.9", "uncertain": "D48.0"},
    "nerve": {"malignant": "C47.9", "benign": "D36.10", "uncertain": "D48.2"},
}
_REFERENCE = re.compile(r"^(?:table of )?neoplasms?, (?P<parts>.+)$")
_TYPE_WORDS = re.compile(r"^[a-z][a-z' -]*$")
_QUALIFYING = {
    "with",
    "without",
    "nec",
    "nos",
    "in",
    "of",
    "or",
    "and",
    "site",
    "see",
    "by",
    "disease",
}
# A main term that names a tumour by its ending ("Hidradenoma", "Tumor, Sertoli cell"); not
# "Cyst", "Mass", "Nevus" or "Disease, Bowen's", whose subterms a reference also sends to the
# table ("Cyst, malignant", "Mass, malignant"): those are lesions by their look, not types.
_TUMOUR_MAIN = re.compile(r"^(?:[a-z'-]+ )?[a-z'-]*(?:oma|tumor|tumour)$")
_SPECIFIED = re.compile(r"^specified site(?: nec)?$")
_UNSPECIFIED = "unspecified site"
_GENERIC = {
    "tumor",
    "tumour",
    "neoplasm",
    "growth",
    "malignant",
    "benign",
    "carcinoma",
    "adenocarcinoma",
    "cancer",
    "malignancy",
    "primary",
    "secondary",
    "mixed",
    "unclassified",
    "cell",
    "cells",
    "lesion",
    "situ",
}
_MAX_MODIFIERS = 2
# The smooth muscle's morphologies doctors write for the uterus's fibroid ("Myoma - see also
# Neoplasm, connective tissue, benign", but "uterus (cervix) (corpus) - see Leiomyoma", D25):
# the Neoplasm Table's benign uterus (D26) would code "uterine myoma" wrongly; left to the hand
# list (conditions.py reads the uterine fibroid and leiomyoma).
_UTERINE_FIBROIDS = {"myoma", "fibromyoma", "leiomyofibroma", "fibroid"}


class Row:
    def __init__(self, row_id: str, title: str, modifier: str, reference: str, code: str) -> None:
        self.row_id, self.title, self.modifier = row_id, title, modifier
        self.reference, self.code = reference, code
        self.subterms: list[Row] = []


def _spaced(text: str) -> str:
    return " ".join(text.split())


def index_tree(path: str) -> list[Row]:
    mains: list[Row] = []
    stack: list[Row] = []
    with open(path, encoding="utf-8", newline="") as lines:
        for line in csv.DictReader(lines):
            level = int(line["Level"])
            row = Row(
                line["RowID"],
                _spaced(line["Term"] or "").lower(),
                _spaced(line["NonEssModif"] or "").lower(),
                _spaced(line["See"] or line["SeeAlso"] or "").lower(),
                line["Code"].strip().rstrip("-").rstrip("."),
            )
            stack = [*stack[:level], row]
            (stack[-2].subterms if level else mains).append(row)
    return mains


def behaviour_and_site(reference: str) -> tuple[str, str] | None:
    """ "neoplasm, connective tissue, uncertain behavior" -> (uncertain, connective tissue);
    "neoplasm, malignant, by site" -> (malignant, "")."""
    match = _REFERENCE.match(reference)
    if not match:
        return None
    parts = [_spaced(part) for part in match["parts"].split(",") if part.strip()]
    behaviours = [_BEHAVIOURS[part] for part in parts if part in _BEHAVIOURS]
    if len(behaviours) != 1:
        return None
    sites = [part for part in parts if part not in _BEHAVIOURS and part != "by site"]
    if len(sites) > 1:
        return None
    return behaviours[0], sites[0] if sites else ""


def _is_site(words: str) -> bool:
    return any(words in table_sites(b) or words in code_set_sites(b) for b in _BEHAVIOURS.values())


def type_words(title: str) -> bool:
    """A subterm that names a type ("granular cell", "malignant"), not a site or qualifier."""
    return (
        bool(_TYPE_WORDS.match(title))
        and not _QUALIFYING & set(title.split())
        and not _is_site(title)
        and title not in uncoded_sites()
    )


def _one_site(words: str) -> bool:
    return words in _ONE_SITE or _is_site(words)


def told_by_its_site(row: Row, behaviour: str) -> bool:
    """A type whose name alone does not tell the tumour: its nonessential modifier names a site
    ("Tumor, adnexal (skin)": an "adnexal tumor" of the ovary's adnexa is none), or a site below
    it takes another behaviour ("Cylindroma - see Neoplasm, malignant" but "skin - see
    Neoplasm, skin, benign": ICD-O's 8200/3 and the skin's 8200/0)."""
    if any(_one_site(m) for m in re.findall(r"\(([^)]*)\)", row.modifier)):
        return True
    for sub in row.subterms:
        other = behaviour_and_site(sub.reference)
        if other and _one_site(sub.title) and other[0] != behaviour:
            return True
    return False


def name_of(path: list[str]) -> str | None:
    main, *modifiers = path
    if modifiers and _SPECIFIED.match(modifiers[-1]):
        modifiers = modifiers[:-1]
    if len(modifiers) > _MAX_MODIFIERS or not _TUMOUR_MAIN.match(main) or " or " in main:
        return None
    if not all(type_words(m) for m in modifiers):
        return None
    name = " ".join([*reversed(modifiers), main])
    words = set(re.findall(r"[a-z']+", name))
    if not words - _GENERIC or "metastatic" in words:
        return None
    return name


def site_code(site: str, behaviour: str) -> str:
    if not site:
        return ""
    code = _ONE_SITE.get(site, {}).get(behaviour) or table_sites(behaviour).get(site, "")
    return code if code and check_icd10(code)[0] else ""


def unsited_code(siblings: list[Row]) -> str:
    """The "unspecified site" subterm's code, where one is given for every patient."""
    for row in siblings:
        if row.title == _UNSPECIFIED and row.code and not row.subterms:
            return row.code if check_icd10(row.code)[0] else ""
    return ""


def morphologies(mains: list[Row]) -> dict[str, set[tuple[str, str, str]]]:
    found: dict[str, set[tuple[str, str, str]]] = {}

    def walk(row: Row, path: list[str], siblings: list[Row]) -> None:
        path = [*path, row.title]
        reference = behaviour_and_site(row.reference)
        if reference:
            behaviour, site = reference
            name = name_of(path)
            if name and not told_by_its_site(row, behaviour):
                # A "specified site" row's unspecified site is its sibling; a type's, its own
                # subterm ("Tumor, yolk sac ... specified site, unspecified site").
                unsited = unsited_code(siblings if _SPECIFIED.match(row.title) else row.subterms)
                code = unsited or site_code(site, behaviour)
                found.setdefault(name, set()).add((behaviour, code, row.row_id))
        for sub in row.subterms:
            walk(sub, path, row.subterms)

    for main in mains:
        walk(main, [], mains)
    return found


def hand_names() -> set[str]:
    return {name for m in MORPHOLOGIES for name in m.names}


def main(path: str) -> None:
    digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    hand = hand_names()
    rows: list[tuple[str, str, str, str]] = []
    for name, readings in sorted(morphologies(index_tree(path)).items()):
        if name in hand or name in _UTERINE_FIBROIDS or len({b for b, _, _ in readings}) > 1:
            continue
        codes = {c for _, c, _ in readings}
        code = codes.pop() if len(codes) == 1 else ""
        behaviour = next(iter(readings))[0]
        first_row = min((r for _, _, r in readings), key=int)
        rows.append((name, behaviour, code, first_row))
    print("# Tumours the ICD-10-CM index names by their histological type, with their behaviour")
    print(f"# Source: {SOURCE}")
    print(f"#   (sha256 {digest}), the Index to Diseases and Injuries of the FY2025 ICD-10-CM")
    print("#   release (CDC/NCHS 2025-Update; CMS 'code tables, tabular and index').")
    print("#   Public domain.")
    print("# Rows whose reference sends to the Neoplasm Table with a behaviour; names, codes and")
    print("#   filters: scripts/build_index_morphologies.py. Columns: name, behaviour, the code")
    print("#   with no site named (empty: the behaviour's unspecified site), the index's RowID.")
    for row in rows:
        print("\t".join(row))


if __name__ == "__main__":
    main(sys.argv[1])
