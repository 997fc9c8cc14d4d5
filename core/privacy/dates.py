"""Dates of a patient's care in a text, for what a pilot's reviewers read.

HIPAA's Safe Harbor keeps only the year of a date related to the patient: the pilot's copy
of a case (the reviewer's view, the enrolled draft, the signed text beside it) has each full
date, and each month with its year, as ``[DATE]``. The engines and the doctor keep the dates
(the doctor's own record; a model needs the order of events).

The numeric forms are Presidio's date recogniser's patterns (a maintained list: ISO date
and time, d/m/y and m/d/y with a two- or four-digit year, y/m/d, d-m-y, d.m.y, d-MON-y,
MON-y); its forms without a year ("12-JAN") and a month over a year ("1/2024") are left
out, since "1/1280" is a titre. Dates written with the month's name ("25 November 2026",
"Nov 25, 2026", "November 2026") are added here.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from presidio_analyzer import Pattern
from presidio_analyzer.predefined_recognizers import DateRecognizer

from core.privacy.findings import Finding, spans

DATE_PLACEHOLDER = "[DATE]"

# Presidio's patterns that hold a year and a day or a month name (by their names).
_PRESIDIO_FORMS = frozenset(
    {
        "Datetime (yyyy-mm-ddThh:mm[:ss[.f]] with timezone)",
        "mm/dd/yyyy or mm/dd/yy",
        "dd/mm/yyyy or dd/mm/yy",
        "yyyy/mm/dd",
        "mm-dd-yyyy",
        "dd-mm-yyyy",
        "yyyy-mm-dd",
        "dd.mm.yyyy or dd.mm.yy",
        "dd-MMM-yyyy or dd-MMM-yy",
        "MMM-yyyy or MMM-yy",
    }
)

_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
_DAY = r"(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?"
_YEAR = r"(?:1[89]|20)\d{2}"
_WRITTEN = re.compile(
    rf"\b(?:{_DAY}\s+(?:of\s+)?{_MONTH},?\s+{_YEAR}"  # 25 November 2026, 3rd of May, 2024
    rf"|{_MONTH}\s+{_DAY},?\s+{_YEAR}"  # November 25, 2026
    rf"|{_MONTH},?\s+{_YEAR})\b",  # November 2026
    re.IGNORECASE,
)


@cache
def _numeric_forms() -> tuple[re.Pattern[str], ...]:
    recogniser: Any = DateRecognizer()  # its patterns are untyped in Presidio
    patterns: list[Pattern] = recogniser.patterns
    chosen = [p for p in patterns if p.name in _PRESIDIO_FORMS]
    if len(chosen) != len(_PRESIDIO_FORMS):  # a new Presidio renamed one: say so, loudly
        found = {p.name for p in chosen}
        raise RuntimeError(f"Presidio's date patterns changed: {sorted(_PRESIDIO_FORMS - found)}")
    return tuple(re.compile(p.regex, re.IGNORECASE) for p in chosen)


def date_findings(text: str) -> list[Finding]:
    """Each full date (and month with its year) in ``text``, to be ``[DATE]``."""
    found = [f for form in _numeric_forms() for f in spans(form, text, 0, DATE_PLACEHOLDER)]
    found.extend(spans(_WRITTEN, text, 0, DATE_PLACEHOLDER))
    return found
