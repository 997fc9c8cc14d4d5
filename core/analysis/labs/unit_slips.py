"""A concentration printed in g/L whose number is the g/dL one (a unit slipped tenfold).

"hemoglobin levels of 14 g/l" in a patient "in good general condition" (PMC11372572) is a
haemoglobin of 14 g/dL printed with the wrong unit: read as written it is 1.4 g/dL, a value
hardly compatible with life, and would be telephoned as critical. A number that lies inside
the analyte's g/dL reference span while written in g/L sits at a tenth of the g/L span; the
author's slip is far likelier than the result. Such a read is kept as printed but doubtful
(shown for checking, never critical), as a number beyond what a body can hold already is.
"""

from __future__ import annotations

from core.vocabulary.catalog import Analyte
from core.vocabulary.units import unit_key


def slipped_tenfold(analyte: Analyte, unit: str | None, value: float) -> bool:
    """True when ``value`` is written in g/L but lies inside the g/dL reference span."""
    if not unit or unit_key(unit) != "g/l":
        return False
    for usual in analyte.ranges:
        if usual.unit == "g/dl" and usual.low is not None and usual.high is not None:
            return usual.low <= value <= usual.high
    return False
