"""Disease abbreviations a case report writes without spelling them out ("thus confirming CML").

A doctor's note, and many a case report's case section, names a disease by its abbreviation
alone: nobody writes "chronic lymphocytic leukaemia (CLL)" in a ward note. The reader knows an
abbreviation where the document defines it (``notes.defined_abbreviations``) or the hand list
(``conditions.CONDITIONS``) has it. ``scripts/build_disease_abbreviations.py`` writes
``disease_abbreviations.tsv`` beside this module from maintained sources: the Human Disease
Ontology's acronym synonyms (DO, CC0 1.0) of diseases with one ICD-10-CM code, kept only where
the case-report literature settles the meaning (at least 90 % of the articles that define the
abbreviation as something a statement of a diagnosis can hold, a disease, an organism, a site,
a result, a test or a procedure, give it the disease's meaning, in two articles or more; one
for DO's acronyms; a company's or a count's name, "Foundation Medicine (FM)", "gravida/para/
abortus (GPA)", is no rival while such names stay at most a third of the definitions); the
abbreviations the articles define after a long form the reader codes are candidates too.
None is the hand list's, a lab name, a unit, a gene symbol's shape or a lower-case word. The
header names the release, the licence and the counts.

How the reader takes them (``notes._read_one``):

- capitals only, as written, on whole words ("B-CLL", "anti-GBM" are other words);
- the document's own definition always wins: an abbreviation it defines ("superior mesenteric
  artery (SMA)", "SMA: superior mesenteric artery") is the document's, whatever it means;
- only where a sentence states a diagnosis ("diagnosed with", "diagnosis of", "confirming",
  "consistent with"), as the hand list's abbreviations with another meaning in case reports
  ("CTX", "RCC"): an undefined abbreviation elsewhere (a test "to exclude HCC", a surveillance
  for "HCC") is weaker evidence than the words the case states;
- and the guards of any condition (negation, exclusion, a differential, history, a relative).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

from core.analysis.rules.conditions import Condition
from core.analysis.rules.disease_names import fits_population, header_lines, shipped_names
from core.icd10 import code_set

DATA = Path(__file__).with_suffix(".tsv")  # disease_abbreviations.tsv, beside this module

# An abbreviation of capitals (two or more) and digits, as written: "CLL", "GPA", "T1DM".
SHAPE = re.compile(r"(?=(?:[0-9]*[A-Z]){2})[A-Z][A-Z0-9]{1,7}")


@cache
def disease_abbreviations() -> dict[str, str]:
    """The settled abbreviations (as written) -> the ICD-10-CM code each names, as shipped."""
    return shipped_names(DATA)


def header() -> list[str]:
    """The shipped file's header lines: its sources, commit, licence, rules and counts."""
    return header_lines(DATA)


@cache
def _condition(short: str, code: str) -> Condition:
    pattern = re.compile(rf"(?<![\w-]){re.escape(short)}(?![\w-])")
    return Condition(code_set().get_description(code), code, "acute", pattern, stated_only=True)


def settled_abbreviations(text: str, defined_here: Callable[[str], set[str]]) -> list[Condition]:
    """The table's abbreviations ``text`` writes and does not define itself
    (``defined_here(text)``, asked only where the text writes one of them), each as its
    disease found by its capitals alone and only where a diagnosis is stated."""
    lower = text.lower()
    written = [
        (short, code)
        for short, code in disease_abbreviations().items()
        if short in text
        and _condition(short, code).pattern.search(text)
        # A disease of pregnancy or of the newborn only where the document tells of one
        # ("findings consistent with ICP" of raised intracranial pressure is no cholestasis
        # of pregnancy, CUPCase).
        and fits_population(lower, code, "")
    ]
    if not written:
        return []  # most documents write none: no second look for their definitions
    defined = defined_here(text)
    return [_condition(short, code) for short, code in written if short not in defined]
