"""Build core/analysis/rules/disease_names.tsv from a snapshot of the Human Disease Ontology.

usage: python scripts/build_disease_names.py <DO git directory> [commit] [> the .tsv]

The directory is a clone (bare or not) of https://github.com/DiseaseOntology/HumanDiseaseOntology;
the script reads, at the commit (HEAD by default), with ``git show``:

- ``DOreports/allXREFinDO.tsv``: each disease's label and its ``ICD10CM:`` cross-references;
- ``src/ontology/subsets/*.obo``: the diseases' EXACT synonyms as DO gives them now (every subset
  file, each disease once; a synonym DO types as an acronym, OMO:0003012, is left out);
- ``src/ontology/doid.obo`` as of 2016-09-01 (commit d172fa5e): EXACT synonyms of a disease in
  no current subset file, only where its 2016 name is its label today and it was not obsolete.

It keeps what ``core.analysis.rules.disease_names`` calls usable (one code per disease, in the
code set this repository loads; names that are no acronym, symbol, locus or index form), drops
names that are only findings (chapter R) and those the reader already gives from the code set's
own terms or the index names, and writes name TAB code under a header. CI has no snapshot: the
reader and the tests read only the shipped file.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.analysis.rules.conditions import CONDITIONS
from core.analysis.rules.disease_names import (
    agrees,
    fits_behaviour,
    fits_population,
    names_a_class,
    names_a_finding,
    names_the_organs_disorders,
    one_code,
    stems,
    usable_name,
)
from core.analysis.rules.icd_terms import code_set_terms, readable_name, term_key
from core.icd10 import code_set

XREFS = "DOreports/allXREFinDO.tsv"
PARENTS = "DOreports/HumanDO.tsv"
SUBSETS = "src/ontology/subsets"
OLD_COMMIT, OLD_FILE = "d172fa5e", "src/ontology/doid.obo"
_ACRONYM = "OMO:0003012"
_SYNONYM = re.compile(r'^synonym: "(?P<name>[^"]+)" (?P<scope>[A-Z]+)(?: (?P<type>\S+))? ')
# ICD-10-CM chapter 18, "Symptoms, signs and abnormal clinical and laboratory findings": a
# disease DO sends there is a finding in the code set's own words, no disease to name.
_FINDINGS = ("R",)


def git_show(repo: str, commit: str, path: str) -> str:
    result = subprocess.run(
        ["git", "-C", repo, "show", f"{commit}:{path}"], capture_output=True, check=True
    )
    return result.stdout.decode("utf-8")


def obo_terms(text: str) -> dict[str, tuple[str, bool, list[str]]]:
    """DOID -> (name, obsolete, EXACT synonyms not typed as acronyms) of an OBO file."""
    terms: dict[str, tuple[str, bool, list[str]]] = {}
    for stanza in text.split("\n[")[1:]:
        if not stanza.startswith("Term]"):
            continue
        doid = name = ""
        obsolete = False
        synonyms: list[str] = []
        for line in stanza.splitlines():
            if line.startswith("id: "):
                doid = line[4:].strip()
            elif line.startswith("name: "):
                name = line[6:].strip()
            elif line.startswith("is_obsolete: true"):
                obsolete = True
            found = _SYNONYM.match(line)
            if found and found["scope"] == "EXACT" and found["type"] != _ACRONYM:
                synonyms.append(found["name"])
        if doid:
            terms[doid] = (name, obsolete, synonyms)
    return terms


def code_words(icd: object, code: str) -> set[str]:
    """``stems`` of a code's description and inclusion terms, its category's and those below."""
    codes = [code, *icd.get_descendants(code)]  # type: ignore[attr-defined]
    codes += [a for a in icd.get_ancestors(code) if len(a) >= 3 and "-" not in a]  # type: ignore[attr-defined]
    words: set[str] = set()
    for each in codes:
        for text in (icd.get_description(each), *icd.get_inclusion_term(each)):  # type: ignore[attr-defined]
            words |= stems(text)
    return words


def descendants(repo: str, commit: str, labels: dict[str, str]) -> dict[str, set[str]]:
    """DOID -> the DOIDs below it (DOreports/HumanDO.tsv gives each disease's parent label)."""
    ids = {label: doid for doid, label in labels.items()}
    children: dict[str, set[str]] = defaultdict(set)
    for line in git_show(repo, commit, PARENTS).splitlines()[1:]:
        doid, label, parent = (field.strip('"') for field in line.split("\t"))
        ids.setdefault(label, doid)
        children[parent].add(label)
    below: dict[str, set[str]] = {}

    def walk(label: str) -> set[str]:
        if label not in below:
            below[label] = set()
            for child in children.get(label, ()):
                below[label] |= {ids[child]} | walk(child)
        return below[label]

    return {ids[label]: walk(label) for label in ids}


def broadens(name: str, code: str, known: dict[str, str]) -> bool:
    """The name holds a shorter term of the code set or the hand list whose code lies below
    DO's ("lipoid CAH": the hand list's CAH is E25.0, DO's code E25; "Bartter syndrome type 3":
    E26.81 inside, DO's E26.8): DO's name would read less than its own words do."""
    words = name.split()
    inner = [
        known.get(term_key(" ".join(words[i:j])))
        for i in range(len(words))
        for j in range(i + 1, len(words) + 1)
        if j - i < len(words)
    ]
    inner += [c.code for c in CONDITIONS if c.pattern.search(name)]
    return any(c and c != code and c.startswith(code) for c in inner)


def labels_and_codes(repo: str, commit: str) -> tuple[dict[str, str], dict[str, set[str]]]:
    """Each disease's label, and its ICD10CM cross-references, from DO's XREF report."""
    labels: dict[str, str] = {}
    codes: dict[str, set[str]] = defaultdict(set)
    for line in git_show(repo, commit, XREFS).splitlines()[1:]:
        doid, label, xref = (field.strip('"') for field in line.split("\t"))
        labels[doid] = label
        if xref.startswith("ICD10CM:"):
            codes[doid].add(xref.removeprefix("ICD10CM:"))
    return labels, codes


def subset_files(repo: str, commit: str) -> list[str]:
    """The subset ontologies' OBO files at ``commit``, in order."""
    listing = subprocess.run(
        ["git", "-C", repo, "ls-tree", "--name-only", commit, f"{SUBSETS}/"],
        capture_output=True,
        check=True,
        text=True,
    ).stdout.split()
    return sorted(p for p in listing if p.endswith(".obo"))


def main(repo: str, commit: str = "HEAD") -> None:
    full = subprocess.run(
        ["git", "-C", repo, "rev-parse", commit], capture_output=True, check=True, text=True
    ).stdout.strip()
    labels, codes = labels_and_codes(repo, full)
    now: dict[str, tuple[str, bool, list[str]]] = {}
    for path in subset_files(repo, full):
        for doid, term in obo_terms(git_show(repo, full, path)).items():
            now.setdefault(doid, term)
    then = obo_terms(git_show(repo, OLD_COMMIT, OLD_FILE))
    icd = code_set()
    below = descendants(repo, full, labels)
    usable: dict[str, str] = {}
    for doid, given in codes.items():
        code = one_code(given)
        if code is None or not icd.is_valid_item(code) or code.startswith(_FINDINGS):
            continue
        if icd.is_category_or_subcategory(code) and not (doid in now and now[doid][1]):
            usable[doid] = code
    named: dict[str, set[str]] = defaultdict(set)
    written: dict[str, str] = {}  # as DO writes it: the hand list reads "CAH" in capitals
    counts = {"diseases": len(codes), "one code": len(usable), "names": 0}
    for doid, code in usable.items():
        narrower = [usable[d] for d in below.get(doid, ()) if d in usable]
        chapters = {icd.get_ancestors(c)[-1] for c in narrower}
        if names_a_class(chapters, {c[:3] for c in narrower}):
            continue
        synonyms: list[str] = []
        if doid in now:
            synonyms = now[doid][2]
        elif doid in then and then[doid][0] == labels[doid] and not then[doid][1]:
            synonyms = then[doid][2]
        if not agrees(labels[doid], synonyms, code_words(icd, code)):
            continue
        eponym = any(ch.isupper() for ch in labels[doid])
        description = icd.get_description(code)
        for name in (labels[doid], *synonyms):
            lower = name.lower()
            if not (usable_name(name) and readable_name(name) and fits_behaviour(lower, code)):
                continue
            if names_a_finding(lower):
                continue
            if eponym or (
                fits_population(lower, code, description)
                and not names_the_organs_disorders(lower, description)
            ):
                named[lower].add(code)
                written.setdefault(lower, name)
    known = code_set_terms()
    rows: dict[str, str] = {}
    for name, given in sorted(named.items()):
        code = one_code(given)
        if code is None or term_key(name) in known or broadens(written[name], code, known):
            continue  # two diseases' codes, the code set's own term, or less than its words
        rows[name] = code
    counts["names"] = len(rows)
    out = sys.stdout
    out.write(
        "# Disease names from the Human Disease Ontology (DO), https://disease-ontology.org\n"
        f"# Source: github.com/DiseaseOntology/HumanDiseaseOntology commit {full}:\n"
        f"#   {XREFS} (labels, ICD10CM cross-references), {SUBSETS}/*.obo (EXACT synonyms),\n"
        f"#   {OLD_FILE} at {OLD_COMMIT} (2016 EXACT synonyms of diseases in no subset file,\n"
        "#   only where the 2016 name is today's label and the disease was not obsolete).\n"
        "# Licence: CC0 1.0 Universal (public domain dedication), DO's LICENSE file.\n"
        "# Filtered (rules in core/analysis/rules/disease_names.py and this script):\n"
        "#   one code per disease (one category; the code all others start with), in the\n"
        "#   loaded ICD-10-CM code set, not chapter R (findings);\n"
        "#   no class of diseases (narrower diseases coded in two chapters or >10 categories);\n"
        "#   a disease with no capital in its label only where one of its names shares a word\n"
        "#   with the code's own words; a tumour not said malignant never a malignant code;\n"
        "#   a code of pregnancy (O), the newborn (P) or of a kind (congenital, rheumatic,\n"
        "#   alcoholic) only for a name that says so, no organ's two-word 'X disease' under\n"
        "#   the code set's residual 'disorders of X' (both: eponyms excepted);\n"
        "#   no acronym (DO's OMO:0003012 or capitals), gene symbol, numbered locus or index\n"
        "#   form; one word only if long with a disease's ending (icd_terms.readable_name);\n"
        "#   no finding (a function lost or weakened: 'vision loss', 'spastic diplegia');\n"
        "#   a name of two codes dropped; a name holding a term of a code below its own\n"
        "#   dropped; names the code set's terms or the index names already give dropped.\n"
        f"# {counts['diseases']} diseases with ICD-10-CM codes, {counts['one code']} with one"
        f" usable code, {counts['names']} names.\n"
        "# Built by scripts/build_disease_names.py. name<TAB>ICD-10-CM code\n"
    )
    for name, code in rows.items():
        out.write(f"{name}\t{code}\n")


if __name__ == "__main__":
    main(*sys.argv[1:3])
