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

Then (reader-lipoma31), from the same rows:

- the types the index sends to another tumour entry with codes of its own by site
  (sent_elsewhere: "Hibernoma - see Lipoma", "Tumor, brown fat - see Lipoma"), where every
  code of that entry is of one category and it codes its other sites ("Lipoma, site
  classification, specified site NEC D17.79"): the entry's code and behaviour, and a fifth
  column recoding the Neoplasm Table's site codes as the entry's ("D30.00>D17.71", the
  kidney; ">D17.79" every other site);
- with the behaviour "elsewhere", the longer names under a type's main term that the index
  codes, or sends to an entry it codes, outside C00-D49 (longer_names: "Fibroma, nonosteogenic
  (nonossifying) - see Dysplasia, fibrous"; "Neuroma, Morton's G57.6-"): neoplasms.py reads
  no shorter type inside them.
"""

from __future__ import annotations

import csv
import hashlib
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.analysis.rules.neoplasm_sites import table_sites, uncoded_sites
from core.analysis.rules.neoplasms import MORPHOLOGIES, code_set_sites, site_codes
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
ELSEWHERE = "elsewhere"  # a longer name the index files outside the neoplasms
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


def _entry(mains: dict[str, Row], reference: str) -> Row | None:
    """The index entry a "see" reference names ("paraganglioma, nonchromaffin"), or None."""
    title, *subterms = [_spaced(part) for part in reference.split(",")]
    row = mains.get(title)
    for words in subterms:
        row = next((sub for sub in row.subterms if sub.title == words), None) if row else None
    return row


def _coded_rows(row: Row) -> list[Row]:
    return [r for sub in row.subterms for r in ([sub] if sub.code else []) + _coded_rows(sub)]


def _behaviour_of(code: str) -> str | None:
    for behaviour, low, high in (
        ("malignant", "C00", "C7A"),
        ("in situ", "D00", "D10"),
        ("benign", "D10", "D37"),
        ("uncertain", "D37", "D49"),
    ):
        if low <= code < high:
            return behaviour
    return None


def entry_reading(entry: Row) -> tuple[str, str, str] | None:
    """A tumour entry with codes of its own by site, all of one category ("Lipoma D17.9",
    "kidney D17.71", "specified site NEC D17.79"): its behaviour (the category's), its own code
    and its sites as recodings of the Neoplasm Table's site codes ("D30.00>D17.71", the table's
    benign kidney to the lipoma's), ending with its "specified site NEC" for every other site
    (">D17.79"). None where the entry names no such other site: a site it leaves to the table
    would be coded as the table's, not the entry's."""
    coded = _coded_rows(entry)
    if not entry.code or not coded or not _TUMOUR_MAIN.match(entry.title):
        return None
    if len({row.code[:3] for row in coded} | {entry.code[:3]}) != 1:
        return None
    behaviour = _behaviour_of(entry.code)
    # "Lipoma, site classification, specified site NEC D17.79" (depth two, the entry's other
    # sites; "skin, specified site NEC D17.39" below a site is that site's).
    other = [
        row.code
        for sub in entry.subterms
        for row in [sub, *sub.subterms]
        if _SPECIFIED.match(row.title) and row.code
    ]
    if not behaviour or not other or not all(check_icd10(r.code)[0] for r in coded):
        return None
    sites = site_codes(behaviour)
    recodings: dict[str, str] = {}
    for row in coded:
        for words in (row.title, row.title.removesuffix("s")):
            old = sites.get(words)
            if old and not _SPECIFIED.match(row.title):
                recodings.setdefault(old, row.code)
    pairs = [f"{old}>{new}" for old, new in sorted(recodings.items())]
    return behaviour, entry.code, " ".join([*pairs, f">{other[-1]}"])


def sent_elsewhere(mains: list[Row]) -> dict[str, tuple[str, str, str, str]]:
    """Types the index sends to a tumour entry with codes of its own ("Hibernoma - see
    Lipoma"; "Tumor, brown fat - see Lipoma"): name -> (behaviour, code, recodings, RowID)."""
    by_title = {main.title: main for main in mains}
    found: dict[str, tuple[str, str, str, str]] = {}

    def walk(row: Row, path: list[str]) -> None:
        path = [*path, row.title]
        if row.reference and not _REFERENCE.match(row.reference) and not row.code:
            entry = _entry(by_title, row.reference)
            reading = entry_reading(entry) if entry is not None else None
            name = name_of(path)
            if reading and name and name != entry.title:  # type: ignore[union-attr]
                found.setdefault(name, (*reading, row.row_id))
        for sub in row.subterms:
            walk(sub, path)

    for main in mains:
        walk(main, [])
    return found


# A bracket's qualifier of sex, time or rank names no type ("Papilloma, acuminatum (female)
# (male)", "Neuroma, amputation (late)", "Papilloma, benign pinta (primary)").
_NO_NAMES = _GENERIC | {"female", "male", "late"}


def _neoplasm_code(code: str) -> bool:
    return "C00" <= code < "D50"


def longer_names(mains: list[Row], readable: set[str]) -> dict[str, str]:
    """Names the index files under a type's main term outside the neoplasms: the subterm, or
    the words it allows in brackets, before the type ("Fibroma, nonosteogenic (nonossifying)
    - see Dysplasia, fibrous"; "Fibroma, bone (nonossifying) - see Disorder, bone";
    "Neuroma, Morton's G57.6-"). The shorter type inside ("fibroma", D21.9) is no reading of
    them: name -> the index RowID. Only a subterm whose code, or every code of the entry its
    reference names, lies outside C00-D49: one the index keeps a neoplasm ("Carcinoma,
    primary", "Fibroma, juvenile ... D10.6") is left to the type's reading."""
    by_title = {main.title: main for main in mains}
    found: dict[str, str] = {}
    for main in mains:
        if main.title not in readable:
            continue
        for sub in main.subterms:
            if sub.code:
                codes = [sub.code]
            elif sub.reference and not _REFERENCE.match(sub.reference):
                entry = _entry(by_title, sub.reference)
                codes = [row.code for row in ([entry, *_coded_rows(entry)] if entry else [])]
            else:
                continue
            codes = [code for code in codes if code]
            if not codes or any(_neoplasm_code(code) for code in codes):
                continue
            brackets = re.findall(r"\(([^)]*)\)", sub.modifier)
            for word in [sub.title, *(b for b in brackets if b not in _NO_NAMES)]:
                name = f"{word} {main.title}"
                if type_words(word) and name not in readable:
                    found.setdefault(name, sub.row_id)
    return found


def hand_names() -> set[str]:
    return {name for m in MORPHOLOGIES for name in m.names}


def main(path: str) -> None:
    digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    hand = hand_names()
    mains = index_tree(path)
    found = morphologies(mains)
    rows: list[tuple[str, ...]] = []
    for name, readings in sorted(found.items()):
        if name in hand or name in _UTERINE_FIBROIDS or len({b for b, _, _ in readings}) > 1:
            continue
        codes = {c for _, c, _ in readings}
        code = codes.pop() if len(codes) == 1 else ""
        behaviour = next(iter(readings))[0]
        first_row = min((r for _, _, r in readings), key=int)
        rows.append((name, behaviour, code, first_row))
    elsewhere = sent_elsewhere(mains)
    for name, (behaviour, code, recodings, row_id) in sorted(elsewhere.items()):
        if name not in hand and name not in found:
            rows.append((name, behaviour, code, row_id, recodings))
    readable = set(found) | hand | set(elsewhere)
    for name, row_id in sorted(longer_names(mains, readable).items()):
        rows.append((name, ELSEWHERE, "", row_id))
    print("# Tumours the ICD-10-CM index names by their histological type, with their behaviour")
    print(f"# Source: {SOURCE}")
    print(f"#   (sha256 {digest}), the Index to Diseases and Injuries of the FY2025 ICD-10-CM")
    print("#   release (CDC/NCHS 2025-Update; CMS 'code tables, tabular and index').")
    print("#   Public domain.")
    print("# Rows whose reference sends to the Neoplasm Table with a behaviour; names, codes and")
    print("#   filters: scripts/build_index_morphologies.py. Columns: name, behaviour, the code")
    print("#   with no site named (empty: the behaviour's unspecified site), the index's RowID.")
    print("# Then the types the index sends to a tumour entry with codes by site ('Hibernoma -")
    print("#   see Lipoma'), with a fifth column: the Neoplasm Table's site codes recoded as the")
    print("#   entry's ('D30.00>D17.71'; '>D17.79': every other site, its 'specified site NEC').")
    print(f"# Then, behaviour '{ELSEWHERE}': longer names the index files outside the neoplasms")
    print("#   ('Fibroma, nonosteogenic (nonossifying) - see Dysplasia, fibrous'): the shorter")
    print("#   type inside them is not read.")
    for row in rows:
        print("\t".join(row))


if __name__ == "__main__":
    main(sys.argv[1])
