"""Finding an ICD-10-CM code by its code or by words of its description (the pilot
reviewer's code picker, issue #26).

A query that looks like a code ("D50.9", "d509", "E11") finds that code first, then the
codes below it; any other query finds the codes whose official description holds every
word typed, British and American spellings alike ("anaemia" finds "anemia"). Billable
codes come first, then a description that starts as typed, then shorter descriptions. The
index (about 98,000 categories and subcategories) is built once, on first use, from the
code set ``core.icd10`` loads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from core import icd10
from core.spelling import fold_spelling

_CODE_LIKE = re.compile(r"^[A-Za-z][0-9][0-9A-Za-z]?(?:\.?[0-9A-Za-z]{0,4})$")
DEFAULT_LIMIT = 8


@dataclass(frozen=True)
class CodeMatch:
    code: str  # dotted, upper case: "D50.9"
    description: str  # ICD-10-CM's own words
    billable: bool

    @property
    def label(self) -> str:
        return f"{self.code} — {self.description}"


@dataclass(frozen=True)
class _Entry:
    match: CodeMatch
    compact: str  # the code without its dot, for prefix matching
    folded: str  # the description lower-cased, spellings folded


@cache
def _index() -> tuple[_Entry, ...]:
    icd = icd10.code_set()
    entries = []
    for code in icd.get_all_codes(True):
        if not icd.is_category_or_subcategory(code):
            continue  # chapters and blocks are headings, not codes
        description = icd.get_description(code)
        match = CodeMatch(code, description, bool(icd.is_leaf(code)))
        entries.append(_Entry(match, code.replace(".", ""), fold_spelling(description)))
    return tuple(entries)


def search_codes(query: str, limit: int = DEFAULT_LIMIT) -> list[CodeMatch]:
    """Up to ``limit`` codes for ``query``, the best first; none for a blank query."""
    text = (query or "").strip()
    if not text:
        return []
    entries = _index()
    found: list[_Entry] = []
    if _CODE_LIKE.match(text):
        prefix = text.replace(".", "").upper()
        found = [e for e in entries if e.compact.startswith(prefix)]
        # The code itself, then the shortest (most general) codes below it, in code order.
        found.sort(key=lambda e: (e.compact != prefix, len(e.compact), e.compact))
    if not found:
        folded = " ".join(fold_spelling(text).split())
        words = folded.split()
        found = [e for e in entries if all(word in e.folded for word in words)]
        # Billable first; among them, the description that starts as typed, then the
        # shortest (the least qualified).
        found.sort(
            key=lambda e: (
                not e.match.billable,
                not e.folded.startswith(folded),
                len(e.folded),
                e.compact,
            )
        )
    return [entry.match for entry in found[:limit]]


def describe_code(code: str) -> CodeMatch | None:
    """The code as the picker shows it, or None when it is not an ICD-10-CM code."""
    valid, description = icd10.check_icd10(code)
    if not valid:
        return None
    return CodeMatch(icd10.normalize_icd10(code), description or "", icd10.is_billable(code))
