"""A stated diagnosis whose full name the reader does not know, read by its head (issue #29).

A coder codes a name the code set does not hold by its head term: "pathology confirmed the
lesion to be an intraosseous lipoma" is a lipoma (D17.9), "the diagnosis of acute Docetaxel
induced myositis" a myositis (M60.9). The heads are the one-word main terms of the ICD-10-CM
Index to Diseases that have a code of their own and that the one-word guard
(``icd_terms.readable_name``) leaves out as too short to read alone ("Lipoma", "Myositis",
"Hepatoma"): ``head_names.tsv``, built by ``scripts/build_head_names.py`` under the index's
rules (no chapter R, Z, S, T or V-Y, no value's or tissue's name: "granuloma",
"hyperkeratosis" are a tissue's look) and with a disease's ending, so "mass", "lesion",
"tumour" or "cyst" never head a name: they are findings, the code set's own terms decide.
A word without that ending heads a name where its main term's own code, of chapters A to Q,
names it alone ("Ileus" K56.7 "Ileus, unspecified", "Cataract" H26.9 "Unspecified cataract",
"Aneurysm" I72.9 "Aneurysm of unspecified site"; reader-head29).

The head is read only at the end of the phrase a statement of the case's diagnosis names
("diagnosed with", "confirmed", "consistent with", notes._STATED_INLINE), where the phrase
holds no name the reader knows; the notes' own checks then drop it where it is negated, a
relative's, history, a question or a differential. A site word before the head takes the
code of its category that names that site ("renal lipoma": D17.71 "Benign lipomatous neoplasm
of kidney"), else the head's own code. Read by its head only, the name is less sure than a
name the reader knows whole: its mention is weighed as worded with doubt (notes.py).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from core.analysis.rules.conditions import Condition
from core.analysis.rules.disease_names import shipped_names
from core.analysis.rules.icd_terms import ALL_SITE_ADJECTIVES, singular_word
from core.icd10 import code_set

DATA = Path(__file__).with_suffix(".tsv")  # head_names.tsv, beside this module

# What may come between a statement and the name it states: articles, "the diagnosis of",
# and the thing the result names as the disease ("confirmed the lesion to be an").
_LEAD = re.compile(
    r"(?i)\s*(?:(?:an?|the|this|final|definitive|having|(?:a\s+)?diagnosis\s+of)\s+)*"
    r"(?:(?:lesion|mass|tumou?r|nodule|swelling|finding)s?\s+(?:to\s+be|as)\s+(?:an?\s+)?)?"
)
# Where the name ends: punctuation, or a word that joins it to another clause or qualifier.
_END = re.compile(
    r"(?i)[,;:.()\[\]]|\s(?:and|or|with|without|in|of|on|at|which|that|who|was|were|is|are|"
    r"after|following|due|by|from|for|as|involving|causing|associated|secondary|presenting|"
    r"treated|based|because|since|when|while|but|than|to|into)\b|$"
)
_NAME_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_MAX_WORDS = 5  # the head and up to four modifiers: a longer phrase is no one name


@cache
def head_names() -> dict[str, str]:
    """The heads (lower case) -> the ICD-10-CM code each names, as shipped."""
    return shipped_names(DATA)


@cache
def _site_nouns() -> dict[str, str]:
    """A site's noun or adjective (lower case) -> its noun, as the code set writes it: the
    inverse of the index's site wordings' list (icd_terms.ALL_SITE_ADJECTIVES), one source."""
    nouns: dict[str, str] = {}
    for noun, forms in ALL_SITE_ADJECTIVES.items():
        nouns[noun] = noun
        for form in forms:
            nouns.setdefault(form, noun)
    return nouns


def _sited_code(code: str, modifiers: list[str]) -> str:
    """The code of the head's category that names a site a modifier names, else ``code``."""
    icd = code_set()
    sites = [_site_nouns()[w] for w in modifiers if w in _site_nouns()]
    if not sites:
        return code
    for candidate in sorted(icd.get_descendants(code[:3])):
        described = icd.get_description(candidate).lower()
        if icd.is_leaf(candidate) and any(re.search(rf"\b{site}\b", described) for site in sites):
            return str(candidate)
    return code


def stated_head(sentence: str, start: int) -> tuple[int, int, Condition] | None:
    """The name a statement ending at ``start`` states, read by its head: its span and
    condition, or None where its last word is no head or the phrase is no one name."""
    lead = _LEAD.match(sentence, start)
    begin = lead.end() if lead else start
    end = _END.search(sentence, begin)
    stop = end.start() if end else len(sentence)
    phrase = sentence[begin:stop]
    words = phrase.split()
    if not words or len(words) > _MAX_WORDS or not all(_NAME_WORD.fullmatch(w) for w in words):
        return None
    head = words[-1].lower()
    code = head_names().get(head) or head_names().get(singular_word(head))
    if code is None:
        return None
    code = _sited_code(code, [w.lower() for w in words[:-1]])
    name = code_set().get_description(code)
    pattern = re.compile(re.escape(phrase), re.IGNORECASE)
    return begin, begin + len(phrase.rstrip()), Condition(name, code, "acute", pattern, True)
