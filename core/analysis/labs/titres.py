"""An antibody's titre written as its dilution, rewritten as the value the catalogue reads.

A titre is the highest dilution at which the antibody is still seen: "ANA positive at 1:160",
"anti-nuclear antibody (1/2600)", "antinuclear antibodies (titre >1:160)". The convention
(tests/clinical/README.md, "truth conventions"; docs/clinical-rounds.md, "reader-titre29")
takes the dilution's denominator as the value, in the unit "titer" (UCUM's annotation
"{titer}"): "1:160" is 160 titer. A bound stays a bound (">1/80" is >80).

Only a dilution after a titre's own name is rewritten, with no other test named and no
"ratio" or "dilution" word between: a stain's working dilution ("anti-CK (clone AE1-AE3,
1:100)", MedRBench PMC11581884), an epinephrine strength ("1:100,000 epinephrine") or a
ratio ("a protein-creatinine ratio of 1:4", PMC11505565; "CD20 positive and CD30 negative
cells in a ratio of 1:1", PMC11527655) never becomes a titre, and a titre never becomes the
ratio value of another test.
"""

from __future__ import annotations

import re

from core.analysis.labs.patterns import ANALYTE_NAME

# The titres the catalogue holds (core.vocabulary.catalog_workup's _TITRES), as printed:
# antinuclear antibodies, and syphilis's rapid plasma reagin ("The syphilis rapid plasma
# reagin (RPR) test ... came back positive with a titer value of 1:128", MedRBench
# PMC11392505; "a positive nontreponemal test (RPR) with a titer of 1:128", PMC11625107).
_TITRE_NAME = re.compile(
    r"\b(?:(?-i:ANAs?)|(?i:anti-?\s?nuclear\s+(?:antibod(?:y|ies)|antigen)))(?:\s*\((?-i:ANA)\))?"
    r"|\b(?:(?i:rapid\s+plasma\s+reagin)(?:\s*\((?-i:RPR)\))?|(?-i:RPR))"
)
# The dilution: "1:320", "1/80", "1 : 320", "1:12,800"; not a time ("1:30 AM"), a decimal
# or a fraction run on ("1/3 of the rectum" has no titre's name before it anyway). The word
# "titer" after it is the unit's own ("with a 1:320 titer", PMC11558725).
_DILUTION = re.compile(
    r"(?P<bound>[<>≤≥]\s*)?\b1\s*[:/]\s*(?P<n>\d{1,3}(?:,\d{3})+|\d+)(?![\d:/]|[.,]\d)"
    r"(?!\s*(?:dilution|ratio|AM|PM|am|pm)\b)(?:\s*tit(?:er|re)s?\b)?"
)
# What may stand between the name and its dilution: words, brackets, commas; no digit, no
# sentence's or clause's end, at most 70 characters ("ANA positive test result, 1:320",
# "a strongly positive ANA with a titer of 1:1,000", "rapid plasma reagin (RPR) test was
# ordered and came back positive with a titer value of 1:128", PMC11392505: 63).
_GAP_STOP = re.compile(r"[\d.;]")
_GAP_LENGTH = 70
_NOT_A_TITRE = re.compile(r"(?i)\b(?:ratio|dilution|diluted)\b")
# The report's cut-off in a bracket right after the titre: "(ref range: <1:1)",
# "(normal < 1:40)".
_CUT_OFF = re.compile(r"\s*\((?P<words>[^()\d]{0,25}?)(?P<bound>[<>≤≥]\s*)?1\s*[:/]\s*(?P<n>\d+)\)")


# The report's word that the titre is positive, in the clause before the dilution ("a
# strongly positive ANA with a titer of 1:1,000", "ANA titers were elevated at 1:160"). Not
# "negative", nor "positive" of another test after a comma.
# A nontreponemal test's word is "reactive" ("Rapid plasma reagin (RPR) was reactive with a
# titer of 1:512", CUPCase row 1169).
_POSITIVE = re.compile(
    r"(?i)\b(?<!non-)(?<!non)(?:positive|positivity|elevated|raised|high|strong(?:ly)?|reactive)\b"
)
_NEGATIVE = re.compile(r"(?i)\b(?:negative|normal|non-?reactive)\b")
_CLAUSE_BEFORE = re.compile(r"[^.;,]{0,40}$")


def _as_titre(match: re.Match[str]) -> str:
    return f"{match.group('bound') or ''}{match.group('n').replace(',', '')} titer"


def _said_positive(line: str, name: re.Match[str], dilution: re.Match[str]) -> bool:
    """The report calls the titre positive, with no cut-off and no "<" bound of its own."""
    before = _CLAUSE_BEFORE.search(line, 0, name.start())
    words = (before.group() if before else "") + line[name.end() : dilution.start()]
    bound = (dilution.group("bound") or "").strip()
    return bound not in ("<", "≤") and bool(_POSITIVE.search(words)) and not _NEGATIVE.search(words)


def _gap_end(line: str, at: int) -> int:
    stop = _GAP_STOP.search(line, at, at + _GAP_LENGTH)
    return stop.start() if stop else min(len(line), at + _GAP_LENGTH)


def titres_as_values(line: str) -> str:
    """``line`` with each dilution told after a titre's name written as "name N titer" right
    after the name (the words between follow it: the line reader takes a value next to its
    name), "High" before the number where the report calls it positive without a cut-off."""
    if "1" not in line or not _TITRE_NAME.search(line):
        return line
    out: list[str] = []
    at = 0
    for name in _TITRE_NAME.finditer(line):
        if name.start() < at:
            continue
        gap_end = _gap_end(line, name.end())
        dilution = _DILUTION.search(line, name.end(), gap_end + 20)
        if dilution is None or dilution.start() > gap_end:
            continue
        between = line[name.end() : dilution.start()]
        if _NOT_A_TITRE.search(between) or ANALYTE_NAME.search(between):
            continue
        cut_off = _CUT_OFF.match(line, dilution.end())
        high = "High " if cut_off is None and _said_positive(line, name, dilution) else ""
        out.append(f"{line[at : name.end()]} {high}{_as_titre(dilution)}{between.rstrip()}")
        at = dilution.end()
        if cut_off is not None:
            out.append(f" ({cut_off.group('words')}{_as_titre(cut_off)})")
            at = cut_off.end()
    return "".join(out) + line[at:]
