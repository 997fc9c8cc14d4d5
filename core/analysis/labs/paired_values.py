"""Two tests named together, then two values in the same order, without "respectively".

"The levels of PRA and aldosterone after surgery also normalized to 2.8 ng/mL/hr and 93
pg/mL" (MedRBench PMC11585647): the writer pairs the values with the names by their order,
as "respectively" would say; unread, the two results after the operation were lost. Without
the word the order alone is trusted only where the units say it too: each value's unit is
one its own test is measured in and the other test is not (renin activity per hour,
aldosterone per volume). Two values in one unit, or a unit the catalogue does not know, are
left to the line reader as before. The clause is rewritten "A 2.8 ng/mL/hr, B 93 pg/mL".
"""

from __future__ import annotations

import re

from core.analysis.labs.dimensions import dimension_of, unit_fits
from core.analysis.labs.patterns import ALIASES, ANALYTE_NAME, KNOWN_UNITS, alias_key
from core.vocabulary.units import unit_key

_NAME = ANALYTE_NAME.pattern
_NUM = r"\d+(?:\.\d+)?"
_UNIT = r"[A-Za-zµμ%][A-Za-z0-9µμ%/^]*"
# The values close the clause: a "respectively" after them is respectively.py's to read.
_PAIR = re.compile(
    rf"(?P<a>{_NAME})\s+(?:levels?\s+)?and\s+(?P<b>{_NAME})(?P<mid>[^\d;.()]{{0,60}}?)"
    rf"(?P<x>{_NUM})\s*(?P<ux>{_UNIT})\s+and\s+(?P<y>{_NUM})\s*(?P<uy>{_UNIT})"
    r"(?=\s*(?:[;)]|\.(?:\s|$)|$))"
)


def _measures(name: str, unit: str, other: str) -> bool:
    """Whether ``unit`` is a known unit ``name``'s test is measured in and ``other``'s is not."""
    key = unit_key(unit)
    if key not in KNOWN_UNITS or dimension_of(key) is None:
        return False
    own, others = ALIASES[alias_key(name)][0], ALIASES[alias_key(other)][0]
    return own is not others and unit_fits(own, unit) and not unit_fits(others, unit)


def _paired(match: re.Match[str]) -> str:
    a, b = match.group("a"), match.group("b")
    ux, uy = match.group("ux"), match.group("uy")
    if not (_measures(a, ux, b) and _measures(b, uy, a)):
        return match.group()
    return f"{a}{match.group('mid')}{match.group('x')} {ux}, {b} {match.group('y')} {uy}"


def pair_by_units(line: str) -> str:
    """``line`` with two names then two values, each in its own test's unit, written as
    one "name value" per test; as it was where the units do not say the pairs."""
    return _PAIR.sub(_paired, line)
