"""The patient's own record number and date of birth, wherever a text has them.

The recognisers of identifiers.py find labelled numbers and dates ("MRN: 778812",
"DOB 11/02/1958"); a patient record knows the number and the date themselves, so a copy
without a label ("seen re 778812", "born 11.02.1958") goes too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date

from core.privacy.findings import Finding, spans

_MIN_RECORD_LENGTH = 3  # shorter numbers are too common in clinical text to remove
_MIN_DIGITS = 5  # a record number's digits alone, from this many (not a lab value)


def known_identifier_patterns(
    record_number: str | None, born: date | None
) -> list[re.Pattern[str]]:
    """Patterns for the record number (its letters and digits, any separators between)
    and the date of birth in the usual written orders."""
    patterns: list[re.Pattern[str]] = []
    characters = [c for c in (record_number or "") if c.isalnum()]
    if len(characters) >= _MIN_RECORD_LENGTH:
        between = r"[\s./-]?"
        body = between.join(re.escape(c) for c in characters)
        patterns.append(re.compile(rf"(?<![\w]){body}(?![\w])", re.IGNORECASE))
    # Its digits alone ("778812" of "HX-778812"), when they are enough to name someone.
    for digits in re.findall(r"\d+", record_number or ""):
        if len(digits) >= _MIN_DIGITS and digits != "".join(characters):
            patterns.append(re.compile(rf"(?<!\d){re.escape(digits)}(?!\d)"))
    if born is not None:
        year = f"{born.year:04d}"
        day, month = rf"0?{born.day}", rf"0?{born.month}"  # 05 or 5
        separators = r"[./-]"
        # ISO (year first), day first (Europe) and month first (United States).
        orders = [(year, month, day), (day, month, year), (month, day, year)]
        for first, second, third in orders:
            patterns.append(
                re.compile(rf"(?<![\d]){first}{separators}{second}{separators}{third}(?![\d])")
            )
    return patterns


def known_identifier_findings(text: str, patterns: list[re.Pattern[str]]) -> Iterator[Finding]:
    """Where the patient's own record number or date of birth stands in ``text``."""
    for pattern in patterns:
        yield from spans(pattern, text)
