"""Build core/analysis/rules/head_names.tsv: the one-word main terms of the ICD-10-CM Index to
Diseases and Injuries with a code of their own that the reader's one-word guard leaves out
("Lipoma" D17.9, "Granuloma" L92.9, "Myositis" M60.9), read only as the head of a stated
diagnosis's name (head_names.py; reader-head28 in docs/clinical-rounds.md).

Usage:
    python scripts/build_head_names.py <ICD10CM_2025_Index.csv> \
        > core/analysis/rules/head_names.tsv

The source and its filters are build_index_names.py's (the same flattening of the FY2025
index, the same rules of index_names.py: no chapter R, Z, S, T or V-Y, no value's or tissue's
name, no word of degree, a word shared with the code's description), for main terms of one
word only, of a word the one-word guard (icd_terms.readable_name) does not read alone; and,
as the code set's own one-word heads must, a word with a disease's ending
(icd_terms._DISEASE_WORD: "-oma", "-itis", "-osis", ...), so that "Mass", "Lesion" or "Cyst"
never head a name.

Twenty-ninth round (reader-head29): a word without a disease's ending heads a name too where
the index's main term's own code names that word alone: the code's description, up to its
first qualifier (icd_terms._HEAD_END: a comma, "of", "with", ...), is the word with no other
word but "unspecified" or "other" ("Ileus" K56.7 "Ileus, unspecified"; "Cataract" H26.9
"Unspecified cataract"; "Aneurysm" I72.9 "Aneurysm of unspecified site"), and the code is a
disease's, of chapters A to Q (the index build leaves R, Z, S, T and V-Y out; U, the
provisional codes, is left out here too). "Granuloma" (L92.9 "Granulomatous disorder of the
skin"), "Nevus" (D22.9 "Melanocytic nevi") or "Leukocytosis" (D72.829 "Elevated white blood
cell count") name no code of their own that way; "Pattern" (G47.23 by an inclusion term) and
"Stress" (F43.9 "Reaction to severe stress") neither. Such a main term's nonessential
modifier ("Ileus (bowel) (colon)") cannot have cut its title: its code names the word.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.analysis.rules.disease_names import disease_names
from core.analysis.rules.icd_terms import (
    _DISEASE_WORD,
    _HEAD_END,
    _words,
    code_set_terms,
    readable_name,
    singular_word,
    term_key,
)
from core.analysis.rules.index_names import LEFT_OUT_CHAPTERS
from core.icd10 import code_set
from scripts.build_index_names import (
    SOURCE,
    code_words,
    index_rows,
    names_of,
    see_rows,
)

# The words a code's description may hold beside the word it names alone.
_RESIDUAL_WORDS = frozenset({"unspecified", "other"})
# A disease's chapters: A-Q (certain infections to congenital malformations).
_DISEASE_CHAPTERS = tuple("ABCDEFGHIJKLMNOPQ")


def guarded_word(name: str) -> bool:
    """One word that the one-word guard leaves out (too short, or without a disease's
    ending)."""
    return " " not in name and not readable_name(name)


def names_it_alone(word: str, code: str) -> bool:
    """The code's description names the word alone, up to its first qualifier ("Ileus,
    unspecified", "Unspecified cataract", "Aneurysm of unspecified site"), in a disease's
    chapter."""
    if not code.startswith(_DISEASE_CHAPTERS):
        return False
    lead = _HEAD_END.split(code_set().get_description(code).lower(), maxsplit=1)[0]
    words = [w for w in _words(lead) if w not in _RESIDUAL_WORDS]
    return len(words) == 1 and singular_word(words[0]) == singular_word(word.lower())


def heads_a_name(name: str, code: str, referred: bool) -> bool:
    """A head: a disease's ending, or (its own code, not a see reference's) a code that
    names it alone."""
    return bool(_DISEASE_WORD.search(name)) or (not referred and names_it_alone(name, code))


def main(path: str) -> None:
    icd = code_set()
    known = dict(code_set_terms())
    for name, code in disease_names().items():
        known.setdefault(term_key(name), code)
    kept: dict[str, str] = {}
    # A main term's own code first; then, for a main term without one, the code its "see"
    # reference gives under build_index_names.py's rules ("Odontoma" see "Cyst, calcifying
    # odontogenic"; never a reference "by site").
    for rows, referred in ((index_rows(path), False), (see_rows(path), True)):
        for row_path, code in rows:
            if len(row_path) != 1 or code.startswith(LEFT_OUT_CHAPTERS):
                continue  # a main term only: its subterms are index_names.tsv's
            if not icd.is_valid_item(code):
                continue
            words = code_words(icd, code)
            description = icd.get_description(code)
            ((main, _),) = row_path
            if not referred and names_it_alone(main.split(",")[0], code):
                row_path = ((main, ""),)  # whole: its code names the word ("Ileus (bowel)")
            for name in names_of(row_path, code, description, words, referred, guarded_word):
                if term_key(name) not in known and heads_a_name(name, code, referred):
                    kept.setdefault(name, code)
    digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    out = sys.stdout
    out.write("# Heads of diagnoses' names: one-word main terms of the ICD-10-CM Index\n")
    out.write(f"# Source: {SOURCE}\n")
    out.write(f"#   (sha256 {digest}),\n")
    out.write("#   FY2025 ICD-10-CM release. US government work, public domain.\n")
    out.write("# Filtered: a main term of one word with a code of its own (or its see\n")
    out.write("#   reference's, never by site) under build_index_names.py's rules, that the\n")
    out.write("#   one-word guard leaves out, with a disease's ending or, its own code, a\n")
    out.write('#   code of chapters A-Q whose description names it alone ("Ileus,\n')
    out.write("#   unspecified\"); read only as the head of a stated diagnosis's name\n")
    out.write("#   (core/analysis/rules/head_names.py).\n")
    out.write("# Built by scripts/build_head_names.py; never edited by hand.\n")
    out.write(f"# {len(kept)} names.\n")
    for name, code in sorted(kept.items()):
        out.write(f"{name}\t{code}\n")


if __name__ == "__main__":
    main(sys.argv[1])
