"""A catecholamine named bare beside its measured level (issue #29, round fifteen).

The catalogue reads noradrenaline and adrenaline only as measured ("plasma noradrenaline",
"noradrenaline level"): case reports name them as drugs far more often ("high-dose
norepinephrine (80 μg/min)", "norepinephrine at 0.3 mcg/kg/min", "IV norepinephrine (10 mg/50
mL)"). A work-up of a phaeochromocytoma or paraganglioma names them bare, the level right
after, in the units of a concentration or a day's urine: "Catecholamine levels (noradrenaline
10.8 ng/mL, reference range: 0.10–0.50 ng/mL; adrenaline 8.8 ng/mL ...)", "Urinary excretion
of catecholamines (noradrenaline 2592 μg/day ...)" (Journal of Medical Case Reports, CUPCase
row 2259), "Free metanephrines in plasma (noradrenaline 4,886.67 pg/mL) and urine
(noradrenaline 1,426.9 μg/24 h) were high" (CaseReportBench item 100). Such a name is given
"level" so that the catalogue reads it; a rate of infusion (per minute, per kg) or a drug's
strength (mg in 50 mL) keeps it a drug.
"""

from __future__ import annotations

import re

# A level per volume in the small units a plasma holds it in, or a day's urine amount; never
# micrograms per millilitre (a drug's strength: "epinephrine 10 μg/mL" in a local anaesthetic).
_LEVEL_UNIT = (
    r"(?:(?:pg|ng|nmol|pmol)\s*/\s*(?:m[lL]|[lL]|d[lL])"
    r"|(?:[µμu]g|mcg|nmol)\s*/\s*(?:24\s*-?\s*h(?:ours?|rs?|r)?|d(?:ay)?))"
    r"(?![A-Za-z/\d])"
)
_BARE_CATECHOLAMINE = re.compile(
    r"(?i)\b(?<!plasma\s)(?<!serum\s)(?P<name>nor-?adrenaline|norepinephrine|adrenaline|epinephrine)\b"
    r"(?!\s+levels?\b)"
    rf"(?=\s*(?:\(\s*|:\s*|\s+(?:of|was|at)\s+)?\d[\d.,]*\s*{_LEVEL_UNIT})"
)


def name_catecholamine_levels(line: str) -> str:
    """The line with each bare catecholamine before its level named as that level."""
    return _BARE_CATECHOLAMINE.sub(lambda m: f"{m.group('name')} level", line)
