"""Build core/analysis/rules/index_names.tsv from a flattening of the ICD-10-CM alphabetic index.

usage: python scripts/build_index_names.py <ICD10CM_2025_Index.csv> [> the .tsv]

The file is ``ICD10CM/output/ICD10CM_2025_Index.csv`` of github.com/wbdill/Python-sandbox01 at
commit 6418224e1c2a786f19f6a099c853eecd0ffdbb55 (blob 9dcb5cd7fcbe997b28ab7b2a7ab25c5ab654e586,
sha256 ed46c243...): ``ICD10CM/icd-10-cm-index.py`` there wrote it from
``icd10cm-table-index-2025/icd-10-cm-index-2025.xml``, the Index to Diseases and Injuries of
the FY2025 ICD-10-CM release (CDC/NCHS "2025-Update", icd10cm-table-index-April-2025.zip; CMS
publishes the same files as "code tables, tabular and index"; a US government work in the
public domain). One row per main term or subterm in the XML's order: RowID, Letter, Level
(0 a main term), Term (the title's words before a nonessential modifier), See, SeeAlso,
NonEssModif, Code. The index XML itself (9 MB) is larger than the snapshots this project can
read; the flattening is its rows, with the title's text after a nonessential modifier lost
(``index_names.whole_title`` leaves such titles out, except a title of one word's forms,
"Paralysis, paralytic", read by its noun: ``index_names.named_forms``).

It keeps what ``core.analysis.rules.index_names`` calls names (rules there), with a code in the
code set this repository loads (a row without a code, the code of the entry its "see" or "see
also" reference names, where that entry and its kind subterms are of one category: see_rows),
drops a name the index gives two codes of two categories, and
those the reader already gives from the code set's own terms, the hand-kept index names or the
Disease Ontology's names, and writes name TAB code under a header. CI has no copy of the index:
the reader and the tests read only the shipped file.
"""

from __future__ import annotations

import csv
import hashlib
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.analysis.rules.disease_names import disease_names, fits_population, one_code
from core.analysis.rules.icd_terms import (
    _GENERIC_WORDS,
    _words,
    code_set_terms,
    readable_name,
    term_key,
)
from core.analysis.rules.index_names import (
    LEFT_OUT_CHAPTERS,
    MAX_DEPTH,
    agrees_with_its_code,
    named_forms,
    names_a_kind,
    names_a_value_or_tissue,
    names_its_own_disease,
    names_the_residual,
    needs_its_modifier,
    ordinary_main,
    phrase,
    reads_as_other_words,
    whole_title,
)
from core.analysis.rules.mondo_names import mondo_names
from core.icd10 import code_set

SOURCE = (
    "github.com/wbdill/Python-sandbox01 commit 6418224e1c2a786f19f6a099c853eecd0ffdbb55, "
    "ICD10CM/output/ICD10CM_2025_Index.csv"
)


def index_rows(path: str) -> list[tuple[tuple[tuple[str, str], ...], str]]:
    """Each coded row as (its path from the main term: (title, nonessential modifier) each,
    its code without the index's trailing "-")."""
    rows: list[tuple[tuple[tuple[str, str], ...], str]] = []
    stack: list[tuple[str, str]] = []
    with open(path, encoding="utf-8", newline="") as lines:
        for row in csv.DictReader(lines):
            level = int(row["Level"])
            stack = [*stack[:level], ((row["Term"] or "").strip(), row["NonEssModif"].strip())]
            code = row["Code"].strip().rstrip("-").rstrip(".")
            if code:
                rows.append((tuple(stack), code))
    return rows


class Entry:
    """One index row in its place: its title, nonessential modifier, "see" and "see also"
    references, code, and the subterms below it."""

    def __init__(self, title: str, modifier: str, see: str, see_also: str, code: str) -> None:
        self.title, self.modifier, self.see, self.see_also = title, modifier, see, see_also
        self.code = code
        self.subterms: list[Entry] = []


def index_tree(path: str) -> list[Entry]:
    """The index's main terms, each with its subterms below it, in the file's order."""
    mains: list[Entry] = []
    stack: list[Entry] = []
    with open(path, encoding="utf-8", newline="") as lines:
        for row in csv.DictReader(lines):
            level = int(row["Level"])
            entry = Entry(
                _spaced(row["Term"] or ""),
                row["NonEssModif"].strip(),
                _spaced(row["See"] or ""),
                _spaced(row["SeeAlso"] or ""),
                row["Code"].strip().rstrip("-").rstrip("."),
            )
            stack = [*stack[:level], entry]
            (stack[-2].subterms if level else mains).append(entry)
    return mains


def _spaced(text: str) -> str:
    return " ".join(text.split())


def _find(entries: list[Entry], parts: list[str]) -> tuple[Entry, list[str]] | None:
    """The entry a reference's first parts name, with the parts left to read below it. A title
    may hold a comma itself ("Fusion, fused", "tooth, teeth") and is found by any of its forms
    ("Fusion" is "Fusion, fused"; "retina" is "retinal"; "broncho" is "broncho-, bronchial"),
    without its "NEC" ("drug" is "drug NEC") or an alternative ("acute or subacute")."""
    exact, close = _titles(tuple(entries))
    for size in range(len(parts), 0, -1):
        wanted = _bare(", ".join(parts[:size]))
        found = exact.get(wanted) or (close.get(wanted) if size == 1 else None)
        if found is not None:
            return found, parts[size:]
    return None


@cache
def _titles(entries: tuple[Entry, ...]) -> tuple[dict[str, Entry], dict[str, Entry]]:
    """Each entry by its whole title, its first form and its other forms, in that order (the
    first entry of a form wins: "Tuberculosis" is "Tuberculosis, tubercular, tuberculous", not a
    title's later form), and by its
    one-word forms less an adjective's ending of one or two letters ("retinal": "retina")."""
    exact: dict[str, Entry] = {}
    close: dict[str, Entry] = {}
    for entry in entries:
        exact.setdefault(_bare(entry.title), entry)
    for entry in entries:  # a title's first form before another's later one
        exact.setdefault(_bare(entry.title.split(",")[0]).rstrip("-"), entry)
    for entry in entries:
        for form in re.split(r",| or ", entry.title):
            bare = _bare(form).rstrip("-")
            exact.setdefault(bare, entry)
            if bare and " " not in bare:
                for cut in (1, 2):
                    close.setdefault(bare[:-cut], entry)
    return exact, close


def _bare(text: str) -> str:
    """A title's or a reference's words without a bracket, "NEC" or "NOS", in lower case."""
    text = re.sub(r"\([^)]*\)", " ", text.lower())
    return " ".join(word for word in text.split() if word not in {"nec", "nos"})


def referenced(mains: list[Entry], reference: str) -> Entry | None:
    """The entry a "see" reference names ("Fusion, spine": the subterm "spine" of the main term
    "Fusion, fused"), or none where a part is not found."""
    parts = [part.strip() for part in reference.split(",") if part.strip()]
    found = _find(mains, parts)
    while found is not None and found[1]:
        found = _find(found[0].subterms, found[1])
    return None if found is None else found[0]


# A reference to a table or a class by site, not to one entry: the neoplasm table reads
# "Neoplasm, malignant, by site" itself; "Table of Drugs and Chemicals", "Injury, by site",
# "Anomaly, by site" and "see also condition" send the reader to a site or a drug.
_BY_SITE = re.compile(r"\bby site\b|^table of|^neoplasm\b|^condition$", re.IGNORECASE)


def see_target(mains: list[Entry], entry: Entry, hops: int = 3) -> Entry | None:
    """The coded entry an entry without its own code is sent to: its "see" reference's (or its
    "see also" reference's, where it has no "see"), followed through a reference that is itself
    a reference ("Ankylosis, spine" see also "Fusion, spine": M43.20). None where the reference
    names a table or a class by site, or an entry with no code of its own."""
    if entry.code:
        return entry
    reference = entry.see or entry.see_also
    if not reference or hops == 0 or _BY_SITE.search(reference):
        return None
    target = referenced(mains, reference)
    return None if target is None else see_target(mains, target, hops - 1)


def see_code(mains: list[Entry], entry: Entry) -> str | None:
    """The code an entry without its own code is sent to (see_target's)."""
    target = see_target(mains, entry)
    return None if target is None else target.code


def one_category(entry: Entry) -> bool:
    """The entry's code and its kind subterms' codes (as the build reads subterms: no
    qualifier, not in a left-out chapter) are of one category: "Embolism" is I74.9 and its
    "pulmonary", "vein" and "cerebral" are I26, I82 and I66, so "Thromboembolism" (see
    "Embolism") names no one code; "Lymphoma" spans C81 to C96."""
    categories = {entry.code[:3]}
    stack = list(entry.subterms)
    while stack:
        subterm = stack.pop()
        if not names_a_kind(subterm.title):
            continue
        if subterm.code and not subterm.code.startswith(LEFT_OUT_CHAPTERS):
            categories.add(subterm.code[:3])
        stack.extend(subterm.subterms)
    return len(categories) == 1


def see_rows(path: str) -> list[tuple[tuple[tuple[str, str], ...], str]]:
    """Each row without its own code whose see reference gives one, as (its path from the main
    term, the referenced code), as index_rows gives a coded row."""
    mains = index_tree(path)
    rows: list[tuple[tuple[tuple[str, str], ...], str]] = []

    def walk(entries: list[Entry], above: tuple[tuple[str, str], ...]) -> None:
        for entry in entries:
            here = (*above, (entry.title, entry.modifier))
            if not entry.code:
                target = see_target(mains, entry)
                if target is not None and one_category(target):
                    rows.append((here, target.code))
            walk(entry.subterms, here)

    walk(mains, ())
    return rows


def code_words(icd: object, code: str) -> set[str]:
    """The first five letters of each word of four letters or more of a code's description
    and inclusion terms."""
    texts = [icd.get_description(code), *icd.get_inclusion_term(code)]  # type: ignore[attr-defined]
    return {word[:5] for text in texts for word in re.findall(r"[a-z]{4,}", text.lower())}


# A code that leaves its site open: "Endocarditis, valve unspecified" (I38), "... of unspecified
# vein" (I82.90); not a disease left unspecified ("Histoplasmosis, unspecified").
_OPEN_SITE = re.compile(
    r"\bunspecified (?:site|part|valve|vein|artery|organ)\b"
    r"|\b(?:site|part|valve|vein|artery|organ) unspecified\b"
)


def names_of(
    path: tuple[tuple[str, str], ...],
    code: str,
    description: str,
    words: set[str],
    referred: bool = False,
    readable: Callable[[str], bool] = readable_name,
    main_codes: Mapping[str, str] | None = None,
) -> list[str]:
    """The names one index row gives its code (none where a rule of index_names says so). A
    row ``referred`` to its code by a "see" reference names no residual, not even as a main
    term: "Abnormal, abnormality" sees also "Anomaly", Q89.9 "Congenital malformation,
    unspecified", which names no anomaly of the patient's."""
    (main, modifier), subterms = path[0], [title for title, _ in path[1:]]
    modifiers = [bracketed for _, bracketed in path]
    forms = named_forms(main, modifier, (main_codes or {}).get(main, ""))
    if len(subterms) > MAX_DEPTH or not forms or ordinary_main(main):
        return []
    if not whole_title(main, modifier):
        if not subterms:
            return []  # "Nephritis, nephritic (albuminuric) ...": the word alone is the code
            # set's to read or not (its one-word guards leave N08's "Nephritis" out)
        if _OPEN_SITE.search(description.lower()):
            return []  # "Stenosis, valve (cardiac)" I38 "Endocarditis, valve unspecified": a
            # name that leaves its kind open would read inside "pulmonary valve stenosis"
    if not all(names_a_kind(subterm) for subterm in subterms):
        return []
    # A name coded at its category's residual names a class ("kidney disease"), unless its
    # deepest subterm is a proper name the index files there for want of a code of its own.
    at_residual = bool(subterms or referred) and names_the_residual(description)
    if at_residual and (referred or not subterms):
        return []
    names = []
    for form in forms:
        name = phrase(form, subterms).lower()
        if at_residual and not names_its_own_disease(subterms[-1], name):
            continue
        if not readable(name) or _GENERIC_WORDS.issuperset(_words(name)):
            continue
        if reads_as_other_words(name):
            continue
        if names_a_value_or_tissue(name) or not fits_population(name, code, description):
            continue
        if needs_its_modifier(name, modifiers, description):
            continue
        if not agrees_with_its_code(phrase(form, subterms), words, code):
            continue
        names.append(name)
    return names


def leaves_the_chapter(name: str, code: str, known: dict[str, str]) -> bool:
    """The longest shorter term the reader knows inside the name is coded in another chapter:
    "capillary hemangioma" (index: I78.1) holds the code set's "hemangioma" (D18.0); read as
    the index's, a tumour would leave the neoplasms (the code set's term stands, reader-names11)."""
    words = name.split()
    for size in range(len(words) - 1, 0, -1):
        for first in range(len(words) - size + 1):
            inner = known.get(term_key(" ".join(words[first : first + size])))
            if inner is not None:
                return inner[:1] != code[:1]
    return False


def main(path: str) -> None:
    icd = code_set()
    codes: dict[str, set[str]] = defaultdict(set)
    depth: dict[str, int] = {}
    rows = index_rows(path)
    main_codes = {row_path[0][0]: code for row_path, code in rows if len(row_path) == 1}
    for row_path, code in rows:
        if code.startswith(LEFT_OUT_CHAPTERS) or not icd.is_valid_item(code):
            continue
        words = code_words(icd, code)
        described = icd.get_description(code)
        for name in names_of(row_path, code, described, words, False, main_codes=main_codes):
            codes[name].add(code)
            depth[name] = min(depth.get(name, 9), len(row_path) - 1)
    # A name the index codes only through a "see" reference ("Ankylosis, spine" see also
    # "Fusion, spine", M43.20): the referenced code, under the same rules; never beside a code
    # the index gives the name itself.
    coded = set(codes)
    for row_path, code in see_rows(path):
        if code.startswith(LEFT_OUT_CHAPTERS) or not icd.is_valid_item(code):
            continue
        words = code_words(icd, code)
        described = icd.get_description(code)
        for name in names_of(row_path, code, described, words, True, main_codes=main_codes):
            if name not in coded:
                codes[name].add(code)
                depth[name] = min(depth.get(name, 9), len(row_path) - 1)
    known = dict(code_set_terms())
    for name, code in disease_names().items():
        known.setdefault(term_key(name), code)
    # Mondo's names were built to leave out the index's; a name the index gives only now
    # ("anthrax infection", under "Infection, infected, infective (opportunistic)") stays
    # Mondo's, one file a name.
    mondo = {term_key(name) for name in mondo_names()}
    kept: dict[str, str] = {}
    for name, given in sorted(codes.items()):
        code = one_code(given)
        if code is None or term_key(name) in known or leaves_the_chapter(name, code, known):
            continue
        if term_key(name) not in mondo:
            kept[name] = code
    by_depth = Counter(depth[name] for name in kept)
    digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    out = sys.stdout
    out.write("# Names of diagnoses from the ICD-10-CM Index to Diseases and Injuries\n")
    out.write(f"# Source: {SOURCE}\n")
    out.write(f"#   (sha256 {digest}), a flattening of icd-10-cm-index-2025.xml,\n")
    out.write("#   FY2025 ICD-10-CM release (CDC/NCHS 2025-Update, April 2025 files; CMS 'code\n")
    out.write("#   tables, tabular and index'). US government work, public domain.\n")
    out.write("# Filtered (rules in core/analysis/rules/index_names.py and the build script):\n")
    out.write(f"#   a main term or a subterm to depth {MAX_DEPTH} as doctors write it, every\n")
    out.write("#   title whole (a title of one word's forms before its modifier, 'Paralysis,\n")
    out.write("#   paralytic (complete)', by its noun alone),\n")
    out.write("#   subterm a kind, no qualifier; codes in the loaded code set, not chapters\n")
    out.write("#   R, Z, S, T, V-Y; no value's or tissue's name, no main term of degree or size,\n")
    out.write("#   no name read as other words; a subterm's name not under its\n")
    out.write("#   category's residual code, unless its deepest subterm is a proper name\n")
    out.write("#   (an eponym, place or agent the index files there: 'Erdheim-Chester\n")
    out.write("#   disease' E88.89) and the name no structure's ('hartmann's pouch');\n")
    out.write("#   not a name whose code needs its bracketed words;\n")
    out.write("#   a word shared with the code's own (eponyms and tumours excepted);\n")
    out.write("#   one code per name, in the chapter of the known term inside it; none the\n")
    out.write("#   code set's terms, the hand-kept index names, the Disease Ontology's names\n")
    out.write("#   or Mondo's already give. A row without a code takes its see (or see also)\n")
    out.write("#   reference's entry's code where that entry and its kind subterms are of one\n")
    out.write("#   category, never a residual and never beside the name's own code.\n")
    out.write("# Built by scripts/build_index_names.py; never edited by hand.\n")
    counts = ", ".join(f"depth {d}: {n}" for d, n in sorted(by_depth.items()))
    out.write(f"# {len(kept)} names ({counts}).\n")
    for name, code in kept.items():
        out.write(f"{name}\t{code}\n")


if __name__ == "__main__":
    main(sys.argv[1])
