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
    if not definitions:
        return text, {}
    spans: list[tuple[int, int, str]] = []
    short: dict[str, str] = {}
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
