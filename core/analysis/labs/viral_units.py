"""Units of a viral load and of a coagulation inhibitor's titre as case reports write them
(issue #29, round fifteen).

- A viral load is told as a number times a power of ten: "HCV-RNA and HBV-DNA quantitative
  tests were 5.9 × 10^5 copies/mL and 4.1 × 10^6 copies/mL, respectively" (Journal of
  Medical Case Reports, CUPCase row 4904). The power belongs to the number, not to the
  unit (as it does in a cell count's "× 10^9/L"): the line is given the number written out,
  590000 copies/mL, so that the mantissa is never read as the load.
- A load on a log scale is no count of copies or units: "HCV RNA (2.9 log IU/ml) was detected
  again" (CUPCase row 1001) is 10^2.9 IU/mL, never 2.9 IU/mL. The number is taken out with its
  log, so that no load is read from it.
- A Bethesda titre writes its unit in words with its abbreviation inside: "a high-titer FVIII
  inhibitor of 102 Bethesda units (BU)/ml" (CUPCase row 887) is 102 BU/ml.
"""

from __future__ import annotations

import re

from core.vocabulary.units import SUPERSCRIPT_DIGITS

# Only the units a load is counted in per millilitre: copies, international units.
_POWER_OF_TEN_LOAD = re.compile(
    r"(?<![\d.,])(?P<num>\d{1,3}(?:\.\d{1,4})?)\s*[×xX*]\s*10\s*(?:\^\s*(?P<exp>\d{1,2})|"
    r"(?P<sup>[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,2}))(?=\s*(?:copies|IU|iu|UI)\s*/\s*m[lL]\b)"
)
_LOG_LOAD = re.compile(
    r"(?i)(?<![\d.,])\d{1,2}(?:\.\d{1,3})?\s*log(?:10|\s*10)?\b(?:\s*(?:copies|IU|UI)\s*/\s*ml\b)?"
)
_BETHESDA = re.compile(r"(?i)\bBethesda\s+units?\s*(?:\(\s*BU\s*\)\s*)?/\s*m[lL]\b")


def _written_out(match: re.Match[str]) -> str:
    exponent = int((match.group("exp") or match.group("sup")).translate(SUPERSCRIPT_DIGITS))
    value = float(match.group("num")) * 10**exponent
    return f"{value:.0f}" if value >= 1 else match.group()


def viral_units(line: str) -> str:
    """The line with each load's power of ten multiplied out, a load on a log scale taken out,
    and Bethesda units as BU/ml."""
    line = _LOG_LOAD.sub("a log-scale load", line)
    line = _POWER_OF_TEN_LOAD.sub(_written_out, line)
    return _BETHESDA.sub("BU/ml", line)
