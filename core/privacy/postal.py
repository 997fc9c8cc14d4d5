"""Street addresses without a label: "1420 Maple Avenue, Apt 3B, Springfield, IL 62704",
"Flat 2, 14 Baker Street, London NW1 6XE", a ZIP code after its state, a UK postcode.

A street address needs a house number, capitalised street words and a street type, so a
report's "Apical 4 Chamber view" or "WBC 14.2" never reads as one. Street types that
double as lab abbreviations ("Ct" for count) are left out of the list.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from core.privacy.findings import Finding, spans

_STREET_TYPE = (
    r"Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Drive|Dr|Boulevard|Blvd|Court|Place|Way|Row"
    r"|Close|Crescent|Terrace|Gardens|Square|Parkway|Pkwy|Highway|Hwy|Circle|Trail|Mews"
    r"|Grove|Walk|Hill|Plaza|Alley|Loop"
)
_UNIT = r"(?:Flat|Apt|Apartment|Unit|Suite|Ste|Room|Floor|Fl|#)\.?[ \t]*#?[ \t]*[\w-]{1,6}"
_WORD = r"(?:[A-Z][\w'’.-]*|\d{1,3}(?:st|nd|rd|th))"
_STATE = (
    r"A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI"
    r"|S[CD]|T[NX]|UT|V[AT]|W[AIVY]"
)
_ZIP = r"\d{5}(?:-\d{4})?"
_POSTCODE = r"(?:[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]?[ \t]?\d[ABD-HJLNP-UW-Z]{2})"
_PLACE = r"[A-Z][\w'’.-]*(?:[ \t][A-Z][\w'’.-]*){0,2}"

_STREET_ADDRESS = re.compile(
    rf"(?<![\w.])(?:{_UNIT},?[ \t]+)?"
    rf"\d{{1,6}}[A-Za-z]?(?:[-/]\d{{1,5}})?[ \t]+"  # 221B, 12-14
    rf"(?:{_WORD}[ \t]+){{1,4}}?(?:{_STREET_TYPE})\.?(?!\w)"
    rf"(?:,?[ \t]+{_UNIT})?"
    # The town and region after it, when they follow on the same line.
    rf"(?:,[ \t]*{_PLACE}){{0,2}}"
    rf"(?:,?[ \t]+(?:(?:{_STATE})\.?,?[ \t]+{_ZIP}|{_POSTCODE}))?(?!\w)"
)
# On a line of its own: "Springfield, IL 62704", "Leeds LS1 4AP", "PO Box 1123".
_TOWN_AND_CODE = re.compile(
    rf"(?<![\w.])(?:{_PLACE},?[ \t]+)?(?:(?:{_STATE})\.?,?[ \t]+{_ZIP}|{_POSTCODE})(?!\w)"
)
_PO_BOX = re.compile(r"(?i)(?<!\w)P\.?[ \t]?O\.?[ \t]+Box[ \t]+\d+(?!\w)")


def street_addresses(text: str) -> Iterator[Finding]:
    """Every street address, ZIP code after its state and UK postcode in ``text``."""
    for pattern in (_STREET_ADDRESS, _TOWN_AND_CODE, _PO_BOX):
        yield from spans(pattern, text)
