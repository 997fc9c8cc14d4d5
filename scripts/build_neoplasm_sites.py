"""Build core/analysis/rules/neoplasm_sites.tsv from the ICD-10-CM Neoplasm Table.

usage: python scripts/build_neoplasm_sites.py <icd-10-cm-neoplasm-2025.xml> [> the .tsv]

The file is ``ICD10CM/icd10cm-table-index-2025/icd-10-cm-neoplasm-2025.xml`` of
github.com/wbdill/Python-sandbox01 at commit 612359cb8a5d192e4d68bab5920399ae9ea038c8 (added in
3107d20f6afb4b62f247fa3583e72e872b11c821; 566,032 bytes, sha256 20ce857c...): the Neoplasm
Table of the FY2025 ICD-10-CM release (CDC/NCHS "2025-Update", icd10cm-table-index-April-2025.zip;
CMS publishes the same files as "code tables, tabular and index"; a US government work in the
public domain). One main term, "Neoplasm, neoplastic", with a site per subterm and six cells a
site: malignant primary, malignant secondary, carcinoma in situ, benign, uncertain behaviour,
unspecified behaviour.

It keeps the sites the rules of ``core.analysis.rules.neoplasm_sites`` call site words (a
subterm of the first or second level, in the words a doctor writes; no "NEC", "overlapping",
"with" subterm; none of the ill-defined sites C76, C77 or C80 whose code the morphology decides),
each cell completed to a code of the loaded code set ("C34.9-" is C34.90, the unspecified one
below it), a site without cells or with a "-" cell taking the cell of the site its "see" or
"see also" reference names ("Neoplasm, gastric - see Neoplasm, stomach"), and writes site TAB
five codes (the unspecified behaviour left out) under a header. CI has no copy of the table:
the reader and the tests read only the shipped file.
"""

from __future__ import annotations

import hashlib
import sys
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.analysis.rules.neoplasm_sites import (
    BEHAVIOURS,
    COLUMNS,
    completed,
    left_out_site,
    readable_site,
    site_forms,
    sub_site_forms,
)

SOURCE = (
    "github.com/wbdill/Python-sandbox01 commit 612359cb8a5d192e4d68bab5920399ae9ea038c8, "
    "ICD10CM/icd10cm-table-index-2025/icd-10-cm-neoplasm-2025.xml"
)

Cells = dict[str, str]


def _title(term: ElementTree.Element) -> tuple[str, bool]:
    """A subterm's title without its nonessential modifiers ("bladder (urinary)": "bladder";
    "cystic (bile) duct (common)": "cystic duct"), and whether it had any."""
    title = term.find("title")
    if title is None:
        return "", False
    words = [title.text or "", *(modifier.tail or "" for modifier in title)]
    return " ".join(" ".join(words).split()), len(title) > 0


def _cells(term: ElementTree.Element) -> Cells:
    return {cell.get("col", ""): (cell.text or "").strip() for cell in term.findall("cell")}


def _reference(term: ElementTree.Element) -> tuple[str, ...] | None:
    """The site a "see" or "see also" reference names: "Neoplasm, intestine, large"."""
    for tag in ("see", "seeAlso"):
        text = (term.findtext(tag) or "").strip()
        if text.startswith("Neoplasm, "):
            return tuple(part.strip().lower() for part in text.split(",")[1:])
    return None


def main(path: str) -> None:
    # The CMS release's own file, read once by hand at build time; never a user's upload.
    root = ElementTree.parse(path).getroot()  # noqa: S314
    table = root.find("letter/mainTerm")
    assert table is not None
    rows: list[tuple[tuple[str, ...], bool, Cells, tuple[str, ...] | None]] = []
    by_path: dict[tuple[str, ...], Cells] = {}
    for site in table.findall("term"):
        title, qualified = _title(site)
        first = title.split(",")[0].strip().lower()
        rows.append(((title,), qualified, _cells(site), _reference(site)))
        by_path[(first,)] = _cells(site)
        for sub in site.findall("term"):
            sub_title, sub_qualified = _title(sub)
            rows.append(((title, sub_title), sub_qualified, _cells(sub), _reference(sub)))
            by_path[(first, sub_title.lower())] = _cells(sub)
    sites: dict[str, tuple[str, ...]] = {}
    conflicting: set[str] = set()
    referred = 0
    for titles, qualified, cells, reference in rows:
        target = by_path.get(reference) if reference else None
        codes: list[str] = []
        for column in COLUMNS:
            cell = cells.get(column, "")
            if (not cell or cell == "-") and target:
                cell = target.get(column, "")
                referred += bool(cell and cell != "-")
            codes.append(completed(cell))
        if any(codes) and not codes[0]:
            continue  # no primary site ("metastatic NEC"), or its code needs a side
        if not codes[0] or left_out_site(codes[0]):
            codes = [""] * len(COLUMNS)  # read as a site, coded by the morphology alone
        forms = site_forms(titles[0]) if len(titles) == 1 else sub_site_forms(*titles)
        for form in forms:
            if not readable_site(form, qualified):
                continue
            if form in sites and sites[form] != tuple(codes):
                conflicting.add(form)
            sites.setdefault(form, tuple(codes))
    kept = {form: codes for form, codes in sorted(sites.items()) if form not in conflicting}
    digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    filled = Counter(
        b for codes in kept.values() for b, c in zip(BEHAVIOURS, codes, strict=True) if c
    )
    left_out = sum(1 for codes in kept.values() if not any(codes))
    out = sys.stdout
    out.write("# Sites of the ICD-10-CM Neoplasm Table, with their codes by behaviour\n")
    out.write(f"# Source: {SOURCE}\n")
    out.write(f"#   (sha256 {digest}), the Neoplasm Table of the\n")
    out.write("#   FY2025 ICD-10-CM release (CDC/NCHS 2025-Update, April 2025 files; CMS 'code\n")
    out.write("#   tables, tabular and index'). US government work, public domain.\n")
    out.write("# Filtered (rules in core/analysis/rules/neoplasm_sites.py and the build script):\n")
    out.write("#   sites of the first and second level as doctors write them; no NEC,\n")
    out.write("#   overlapping or 'with' subterm; an ill-defined site (C76, C77, C80) or the\n")
    out.write("#   skin (C43, C44) kept without codes (the morphology codes it), as a site the\n")
    out.write("#   table codes by its subterms only ('lymph node'); none with a secondary code\n")
    out.write("#   and no primary; one word qualified in brackets or a tumour's name\n")
    out.write("#   ('cord (true) (vocal)', 'hepatoma') not read alone; codes\n")
    out.write("#   completed to the loaded code set's unspecified code below a '-'; a missing\n")
    out.write("#   cell from the site a 'see' or 'see also' reference names; a site the table\n")
    out.write("#   gives two ways left out.\n")
    out.write("# Built by scripts/build_neoplasm_sites.py; never edited by hand.\n")
    counts = ", ".join(f"{b}: {filled[b]}" for b in BEHAVIOURS)
    out.write(f"# {len(kept)} site words ({counts}; {left_out} without codes; {referred} cells\n")
    out.write("#   by reference).\n")
    out.write("# site\t" + "\t".join(BEHAVIOURS) + "\n")
    for form, codes in kept.items():
        out.write(form + "\t" + "\t".join(codes) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
