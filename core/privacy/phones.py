"""Telephone numbers, wherever they stand and however a country writes them.

``phonenumbers`` (Google's libphonenumber) knows each country's numbering plan, so it
finds "020 7946 0958", "030 12345678" or "06 12 34 56 78" that no single pattern could,
and its VALID leniency rejects digit runs no plan allows. It rejects the fictional
North American 555 numbers and unassigned area codes too, so North American shapes and
"+" numbers are also matched by our own patterns: a number that only looks like a phone
number is still better gone than sent.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import phonenumbers

from core.privacy.findings import Finding, spans

# The countries whose national formats (no "+") are recognised; a "+" number is
# recognised whatever its country.
REGIONS = ("US", "GB", "DE", "FR", "IN", "AU", "IE")  # "US" covers Canada's plan too
# A plan's short numbers (Australia's "13 xx xx") look like lab ranges ("135-145");
# a patient's number has at least eight digits.
_MIN_DIGITS = 8
# Only lines holding a run this phone-like are worth the matcher's time.
_CANDIDATE = re.compile(r"[+(]?\d[\d\s().-]{6,}\d")
# Two decimals either side of a dash are a reference range ("TSH 0.550 - 4.780"), which
# Germany's plan would otherwise read as "0550 4780"; no plan writes a number so.
_DECIMAL_RANGE = re.compile(r"\d+[.,]\d+\s*[-\u2013]\s*\d+[.,]\d+")

_NORTH_AMERICAN = re.compile(
    r"(?<![\w.+-])(?:\+?1[\s.-]?)?"
    r"(?:\(\d{3}\)[\s.-]?\d{3}[\s.-]?\d{4}|\d{3}(?P<sep>[\s.-])\d{3}(?P=sep)\d{4})"
    r"(?![\w-]|\.\d)"
)
# Groups need their separators, so "+12.5 %" (a change) is not "+1 2 .5".
_INTERNATIONAL = re.compile(
    r"(?<![\w+])\+\d{1,3}(?:[\s.-]\(?\d{1,5}\)?|\s?\(\d{1,5}\)\d{0,5}){2,5}(?![\d.]\d)"
)


def phone_numbers(text: str) -> Iterator[Finding]:
    """Every telephone number in ``text``."""
    yield from spans(_NORTH_AMERICAN, text)
    for found in spans(_INTERNATIONAL, text):
        if _digits(text[found.start : found.end]) >= _MIN_DIGITS:
            yield found
    # A long report repeats its header on every page: each distinct line is matched once.
    found_in: dict[str, list[tuple[int, int]]] = {}
    for start, line in _lines_with_candidates(text):
        if line not in found_in:
            found_in[line] = list(_matched(line))
        for begin, end in found_in[line]:
            yield Finding(start + begin, start + end)


def _matched(line: str) -> Iterator[tuple[int, int]]:
    for region in REGIONS:
        for match in phonenumbers.PhoneNumberMatcher(
            line, region, leniency=phonenumbers.Leniency.VALID
        ):
            if _digits(match.raw_string) >= _MIN_DIGITS and not _DECIMAL_RANGE.fullmatch(
                match.raw_string
            ):
                yield match.start, match.end


def _lines_with_candidates(text: str) -> Iterator[tuple[int, str]]:
    offset = 0
    for line in text.splitlines(keepends=True):
        if any(_digits(found) >= _MIN_DIGITS for found in _CANDIDATE.findall(line)):
            yield offset, line
        offset += len(line)


def _digits(text: str) -> int:
    return sum(c.isdigit() for c in text)
