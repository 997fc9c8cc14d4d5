"""Abbreviations a report defines for itself: "catalogued name (ABBR)", then ABBR alone.

A case report may name a test once in full with a short form in brackets and then write only
the short form: "androstenedione (A4) 1025 ng/dL ... A4 16 ng/dL", "total testosterone (T) 473
ng/dL ... and T 287 ng/dL" (CaseReportBench item 96), "a baseline cortisol (F) level of 28
nmol/L ... the F level was 30 nmol/L" (CaseReportBench item 91). The short form is a name of
that test in that document only, after its definition: it is never a global synonym.

A short form is taken only when it cannot be read as anything else: it is no catalogued test's
name, no unit, no word (a capital and then capitals or digits: "A4", "PRA", or one capital
letter). Each later use is rewritten to the full name only where a number follows it
("A4 16", "F level was 30"), and the number's written unit must fit the test; a one-letter
short form ("T", "F") needs a unit the catalogue knows and that fits, since "patient A, 9.4
kg" or "lymphocytes (L) 5%" must stay unread. A use inside a ratio ("A4/T ratio") or after
"patient", "case", "type" names something else.

The other way round, a report may give a catalogued short form to another thing: "residual
volume (RV) = 1.03 L (86.8%), total lung capacity (TLC) = 3.23 L (71.7%)" (Journal of Medical
Case Reports, CUPCase row 4865: a lung volume read as a white count of 3.23, "TLC" being the
total leukocyte count elsewhere), "the pulmonary trunk (PT)", "the internal carotid artery
(ICA)", "complete response (CR)", "epidermal growth factor receptor (EGFR)" (CUPCase rows
1539, 1387, 814, 3941). There the short form names no test anywhere after its definition. It is
taken as another thing's only when the words before the bracket spell it letter by letter
(one word per capital: "total lung capacity" for TLC), hold no catalogued name and share no
telling word with any of the test's own names (so "serum glutamic oxaloacetic transaminase
(SGOT)" keeps naming AST). Each later use, the bracket's own included, is read as the words
it stands for.
"""

from __future__ import annotations

import re

from core.analysis.labs.dimensions import dimension_of, unit_fits
from core.analysis.labs.patterns import ALIASES, ANALYTE_NAME, KNOWN_UNITS, alias_key
from core.vocabulary.analytes import Analyte
from core.vocabulary.units import unit_key

# The bracket right after a catalogued name: "androstenedione (A4)", "cortisol (F)".
_DEFINED = re.compile(r"\s*\(\s*(?P<abbr>[A-Z](?:[A-Z0-9][A-Za-z0-9]{0,6})?)\s*\)")
_HELD = re.compile(r"\s*\(\s*(?P<abbr>[A-Z](?:[A-Z0-9][A-Za-z0-9]{0,6})?)$")
# What may stand between the short form and its number: "F level was", "F level of", ":".
_TO_VALUE = r"(?:\s+(?:levels?|concentrations?|values?))?(?:\s*[:=]|\s+(?:was|were|is|of))?\s*"
_VALUE = (
    r"(?P<num>\d+(?:\.\d+)?)\s*(?P<unit>[A-Za-zµμ%][A-Za-zµμ%0-9]*(?:\s*/\s*[A-Za-z0-9]+){0,2})?"
)
# A short form naming a patient, a case, a group or a type rather than a test.
_NAMES_OTHER = re.compile(
    r"(?i)\b(?:patients?|cases?|subjects?|groups?|types?|grades?|stages?|phases?|class|arms?"
    r"|sons?|daughters?|siblings?|twins?)\s*$"
)


def _definitions(text: str) -> list[tuple[int, str, Analyte, str]]:
    """(where the definition ends, short form, its test, the name as written) in order."""
    found: list[tuple[int, str, Analyte, str]] = []
    taken: set[str] = set()
    for match in ANALYTE_NAME.finditer(text):
        hit = ALIASES.get(alias_key(match.group()))
        name = match.group()
        bracket = _DEFINED.match(text, match.end())
        # a catalogue alias that holds its bracket: "testosterone (t)" in "testosterone (T)"
        inner = _HELD.search(name)
        if inner and re.match(r"\s*\)", text[match.end() :]):
            name = name[: inner.start()]
            abbr, end = inner.group("abbr"), text.index(")", match.end()) + 1
        elif bracket:
            abbr, end = bracket.group("abbr"), bracket.end()
        else:
            continue
        if not hit:
            continue
        if abbr in taken or alias_key(abbr) in ALIASES or unit_key(abbr) in KNOWN_UNITS:
            continue
        taken.add(abbr)
        found.append((end, abbr, hit[0], name))
    return found


# A short form in capitals only, in its bracket: "(TLC)", "(PT)", "(ICA)".
_CAPITALS = re.compile(r"\(\s*(?P<abbr>[A-Z]{2,6})\s*\)")
# Words too common in names to tell two things apart: "total lung capacity" and "total
# leukocyte count" share only "total".
_COMMON_WORDS = frozenset(
    {"total", "serum", "plasma", "blood", "level", "levels", "count", "test", "free", "the"}
)


def _telling_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]{3,}", text.lower()) if w not in _COMMON_WORDS}


def _redefinitions(text: str) -> list[tuple[int, int, str, str]]:
    """(where the bracket starts, where it ends, the short form, the words it stands for) for
    each catalogued short form the document defines as another thing."""
    found: list[tuple[int, int, str, str]] = []
    for match in _CAPITALS.finditer(text):
        abbr = match.group("abbr")
        hit = ALIASES.get(alias_key(abbr))
        if not hit or not ANALYTE_NAME.fullmatch(abbr):
            continue
        words = re.findall(r"[A-Za-z]+", text[max(0, match.start() - 80) : match.start()])
        told = words[-len(abbr) :]
        if len(told) < len(abbr) or "".join(w[0] for w in told).upper() != abbr:
            continue
        meaning = " ".join(told)
        if ANALYTE_NAME.search(meaning):
            continue
        analyte = hit[0]
        if _telling_words(meaning) & _telling_words(" ".join(analyte.aliases)):
            continue
        if _defined_as_the_test(text, abbr, analyte):
            continue
        found.append((match.start(), match.end(), abbr, meaning))
    return found


def _defined_as_the_test(text: str, abbr: str, analyte: Analyte) -> bool:
    """Whether the document also gives the short form to its test somewhere: "total leukocyte
    count (TLC)" beside "total lung capacity (TLC)" leaves the short form ambiguous."""
    for bracket in re.finditer(rf"\(\s*{re.escape(abbr)}\s*\)", text):
        before = text[max(0, bracket.start() - 60) : bracket.start()]
        for name in ANALYTE_NAME.finditer(before):
            hit = ALIASES.get(alias_key(name.group()))
            if hit and hit[0].name == analyte.name and not before[name.end() :].strip():
                return True
    return False


def _fits(analyte: Analyte, abbr: str, unit: str | None) -> bool:
    if not unit:
        return len(abbr) > 1
    if not unit_fits(analyte, unit):
        return False
    return len(abbr) > 1 or dimension_of(unit_key(unit)) is not None


def expand_defined_abbreviations(text: str) -> tuple[str, dict[str, str]]:
    """``text`` with each later use of a short form it defined written as the full name, and
    the short form of each name so rewritten (lower case), to quote the line as written."""
    definitions = _definitions(text)
    redefined = _redefinitions(text)
    if not definitions and not redefined:
        return text, {}
    spans: list[tuple[int, int, str]] = []
    short: dict[str, str] = {}
    for start, _end, abbr, meaning in redefined:
        for later in re.finditer(rf"(?<![\w/-]){re.escape(abbr)}(?![\w/-])", text[start:]):
            spans.append((start + later.start(), start + later.end(), meaning))
    for end, abbr, analyte, name in definitions:
        use = re.compile(
            rf"(?<![\w/\-(]){re.escape(abbr)}(?![\w/\-)]){_TO_VALUE}{_VALUE}(?![\d/:])"
        )
        for match in use.finditer(text, end):
            if _NAMES_OTHER.search(text[max(0, match.start() - 20) : match.start()]):
                continue
            if _fits(analyte, abbr, match.group("unit")):
                spans.append((match.start(), match.start() + len(abbr), name))
                short[name.lower()] = abbr
    for start, stop, name in sorted(spans, reverse=True):
        text = text[:start] + name + text[stop:]
    return text, short
