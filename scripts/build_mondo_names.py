"""Build core/analysis/rules/mondo_names.tsv from a snapshot of the Mondo Disease Ontology.

usage: python scripts/build_mondo_names.py <Mondo git directory> [commit] [> the .tsv]

The directory is a clone (bare or not) of https://github.com/monarch-initiative/mondo (Mondo,
CC BY 4.0; its mapping sets are published CC0); the script reads, at the commit (HEAD by
default), with ``git show``:

- ``src/ontology/mappings/mondo_exactmatch_icd10cm.sssom.tsv``: each disease's label and the
  ICD-10-CM codes Mondo's curators call the same concept (``skos:exactMatch``, manual curation);
- ``src/ontology/mappings/mondo_exactmatch_icd10who.sssom.tsv``: the same to ICD-10 (WHO),
  taken only for a disease with no ICD-10-CM match and only where the WHO code is a category
  or subcategory of the code set this repository loads (WHO and CM share those codes).

Only exact matches are read: Mondo's ``hasDbXref``, ``broadMatch`` and ``closeMatch`` sets (a
rare disease filed under a broader code, "Caroli disease" under a cystic liver's Q44.6) are
not. Mondo's synonyms are not read either: the snapshot holds no file that types them (its
``mondo-edit.obo`` is too large to be stored), so each disease gives its label only.

It keeps what ``core.analysis.rules.disease_names`` calls usable (one code per disease, a
category or subcategory of the loaded code set, no chapter R finding; a name that is no
acronym, symbol, locus or index form, no lost function, no organ's residual disorders; a
malignant, pregnancy, newborn or congenital code only for a name that says so; a label with
no capital only where it shares a word with its code's own words) and drops names the reader
already gives from the code set's own terms, the Disease Ontology's names or the index names,
and those holding a shorter known term coded below Mondo's. It writes name TAB code under a
header. CI has no snapshot: the reader and the tests read only the shipped file.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from build_disease_names import broadens, code_words, git_show

from core.analysis.rules.disease_names import (
    agrees,
    disease_names,
    fits_behaviour,
    fits_population,
    names_a_finding,
    names_the_organs_disorders,
    one_code,
    usable_name,
)
from core.analysis.rules.icd_terms import code_set_terms, readable_name, term_key
from core.analysis.rules.index_names import (
    index_names,
    names_a_value_or_tissue,
    names_the_residual,
)
from core.icd10 import code_set

MAPPINGS = "src/ontology/mappings"
CM = f"{MAPPINGS}/mondo_exactmatch_icd10cm.sssom.tsv"
WHO = f"{MAPPINGS}/mondo_exactmatch_icd10who.sssom.tsv"
_EXACT = "skos:exactMatch"
# Chapter 18 (R: symptoms, signs and findings) and chapter 21 (Z: encounters, history and
# susceptibility, Mondo's "inherited disease susceptibility" Z15) name no disease of the case.
_NO_DISEASE = ("R", "Z")
# Mondo keeps an obsolete class's label as "obsolete <label>" ("obsolete sarcopenia"): it is
# no name a doctor writes, and Mondo no longer stands by the class.
_OBSOLETE = "obsolete "


def exact_matches(text: str, prefix: str) -> tuple[dict[str, str], dict[str, set[str]]]:
    """An SSSOM file's subjects: each one's label and the codes it matches exactly."""
    labels: dict[str, str] = {}
    codes: dict[str, set[str]] = defaultdict(set)
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    columns = lines[0].split("\t")
    for line in lines[1:]:
        row = dict(zip(columns, line.split("\t"), strict=False))
        if row["predicate_id"] != _EXACT or not row["object_id"].startswith(prefix):
            continue
        labels[row["subject_id"]] = row["subject_label"]
        codes[row["subject_id"]].add(row["object_id"].removeprefix(prefix))
    return labels, codes


def main(repo: str, commit: str = "HEAD") -> None:
    full = subprocess.run(
        ["git", "-C", repo, "rev-parse", commit], capture_output=True, check=True, text=True
    ).stdout.strip()
    labels, codes = exact_matches(git_show(repo, full, CM), "ICD10CM:")
    who_labels, who_codes = exact_matches(git_show(repo, full, WHO), "ICD10WHO:")
    icd = code_set()
    for mondo, given in who_codes.items():
        if mondo not in codes:
            labels[mondo] = who_labels[mondo]
            codes[mondo] = given
    dropped: Counter[str] = Counter()
    named: dict[str, set[str]] = defaultdict(set)
    written: dict[str, str] = {}
    for mondo, given in codes.items():
        code = one_code(given)
        label = labels[mondo]
        lower = label.lower()
        if code is None:
            dropped["codes in two categories"] += 1
        elif not (icd.is_valid_item(code) and icd.is_category_or_subcategory(code)):
            dropped["no category of the code set (a block, a WHO-only code)"] += 1
        elif code.startswith(_NO_DISEASE):
            dropped["a finding or an encounter (chapters R, Z)"] += 1
        elif lower.startswith(_OBSOLETE):
            dropped["an obsolete class"] += 1
        elif not (usable_name(label) and readable_name(label)):
            dropped["acronym, symbol, locus, index form or short word"] += 1
        elif names_a_finding(lower) or names_a_value_or_tissue(lower):
            dropped["a function lost or weakened, a value or a tissue's look"] += 1
        elif names_the_residual(icd.get_description(code)):
            dropped["coded at its category's residual (a class)"] += 1
        elif not agrees(label, [], code_words(icd, code)):
            dropped["no word of its code's own words"] += 1
        else:
            description = icd.get_description(code)
            eponym = any(ch.isupper() for ch in label)
            fits = fits_behaviour(lower, code) and (
                eponym
                or (
                    fits_population(lower, code, description)
                    and not names_the_organs_disorders(lower, description)
                )
            )
            if not fits:
                dropped["a kind, population or behaviour the name does not say"] += 1
                continue
            named[lower].add(code)
            written.setdefault(lower, label)
    known = code_set_terms()
    given_already = {term_key(name) for name in (*disease_names(), *index_names())}
    rows: dict[str, str] = {}
    for name, found in sorted(named.items()):
        code = one_code(found)
        if code is None:
            dropped["a name of two codes"] += 1
        elif term_key(name) in known or term_key(name) in given_already:
            dropped["given already (code set, Disease Ontology or index)"] += 1
        elif broadens(written[name], code, known):
            dropped["holds a known term coded below its own"] += 1
        else:
            rows[name] = code
    out = sys.stdout
    out.write(
        "# Disease names from the Mondo Disease Ontology (Mondo),\n"
        "#   https://mondo.monarchinitiative.org\n"
        f"# Source: github.com/monarch-initiative/mondo commit {full}:\n"
        f"#   {CM}\n"
        "#   (labels, skos:exactMatch to ICD-10-CM),\n"
        f"#   {WHO}\n"
        "#   (skos:exactMatch to ICD-10 WHO, for diseases with no ICD-10-CM match, where the WHO\n"
        "#   code is a category or subcategory of the loaded code set).\n"
        "# Licence: Mondo CC BY 4.0 (its LICENSE file); the mapping sets CC0 1.0 (their headers).\n"
        "# Exact matches only, labels only (no typed synonyms in the snapshot). Filtered\n"
        "#   (rules in core/analysis/rules/disease_names.py, index_names.py and\n"
        "#   scripts/build_disease_names.py): one code, a category or subcategory of the loaded\n"
        "#   code set, not chapters R or Z; no obsolete class; no acronym, symbol, locus, index\n"
        "#   form or lone short word; no lost function, value or tissue's look; no code that is\n"
        "#   its category's residual; a label with no capital only where it shares a word with\n"
        "#   its code's words; a malignant, pregnancy, newborn or kind's code only for a name\n"
        "#   that says so; names the code set's terms, the Disease Ontology's names or the index\n"
        "#   names already give dropped.\n"
        f"# {len(codes)} diseases with exact matches, {len(rows)} names kept; dropped:\n"
        + "".join(f"#   {why}: {n}\n" for why, n in sorted(dropped.items()))
        + "# Built by scripts/build_mondo_names.py. name<TAB>ICD-10-CM code\n"
    )
    for name, code in rows.items():
        out.write(f"{name}\t{code}\n")


if __name__ == "__main__":
    main(*sys.argv[1:3])
