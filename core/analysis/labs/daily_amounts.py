"""A 24-hour urine collection's amount written with a bare mass (issue #29, twenty-eighth round).

Case reports name the collection and then give the day's amount in milligrams or grams alone,
the period already said by the name: "substantial proteinuria indicated by a 24-hour urinary
protein level of 3173 mg (normal = <150 mg)" (MedRBench PMC11421877), "The 24-h urine protein
excretion quantity was 4.67 g" (PMC11635891), "24 hour proteinuria = 418 mg" (PMC11461944),
"24-hour urinary protein was 0.17g, which increased to 1.65g three months later"
(PMC11521799). A bare "mg" is no unit of any test (it is a dose's), so each amount was lost.
After such a name, the amounts of its sentence are per day: "3173 mg" is read as "3173
mg/day". Only after a name of a 24-hour urine collection (the period, then urine, protein,
albumin or an excretion), never after "24 hours" alone ("within 24 hours, phenytoin 100 mg",
a dose).
"""

from __future__ import annotations

import re

# "24-hour urinary protein", "24-h urine protein excretion", "24 hour proteinuria",
# "24-hour urine collection": the period, then what was collected.
_DAILY_NAME = re.compile(
    r"(?i)\b24\s*-?\s*(?:hours?|hrs?|h)\b\s*(?:urine|urinary|proteinuria|albuminuria|"
    r"(?:total\s+)?protein|albumin|excretion|collection)"
)
# A mass with nothing after it that gives a volume or a period ("mg/dL", "g/24h", "mg per
# day") and no drug after it ("mg of ...", "after 1 and 4 mg dexamethasone", a dose in the
# same sentence as a 24-hour urinary free cortisol; CUPCase row 1622): the day's amount. Prose
# goes on after a result only with a connecting word ("1.65g three months later", "3173 mg
# (normal = <150 mg)"). The sentence ends the name's reach.
_GOES_ON = (
    r"and|or|which|that|with|in|on|at|after|before|during|over|within|then|while|but|to|from|"
    r"one|two|three|four|five|six|several|a|an|the|respectively|daily|later|previously"
)
_BARE_MASS = re.compile(
    r"(?i)(?<=\d)(?P<space>\s?)(?P<unit>mg|g|grams?|milligrams?)\b"
    rf"(?!\s*(?:/|per\b|of\b|\d))(?!\s+(?!(?:{_GOES_ON})\b)[a-z])"
)
_SENTENCE_END = re.compile(r"\.(?=\s+[A-Z]|\s*$)|;")


def _per_day(match: re.Match[str]) -> str:
    unit = match.group("unit").lower()
    symbol = "mg" if unit.startswith("m") else "g"
    # "/day", not "/24h": a name that follows ("4.67 g. Urine protein electrophoresis") would
    # take "24h. Urine protein" for the start of a 24-hour urine protein and cut the unit.
    return f"{match.group('space')}{symbol}/day"


def daily_amounts_per_day(line: str) -> str:
    """The line with each bare mass after a 24-hour urine collection's name, up to its
    sentence's end, written as an amount per day."""
    if not _DAILY_NAME.search(line):
        return line
    out: list[str] = []
    at = 0
    for name in _DAILY_NAME.finditer(line):
        if name.start() < at:
            continue
        end = _SENTENCE_END.search(line, name.end())
        stop = end.start() if end else len(line)
        out.append(line[at : name.end()])
        out.append(_BARE_MASS.sub(_per_day, line[name.end() : stop]))
        at = stop
    out.append(line[at:])
    return "".join(out)
