"""Where identifiers stand in a text, and how a text reads once they are replaced.

Every recogniser reports spans of the original text rather than rewriting it, so no
recogniser ever reads another's placeholder and overlapping finds (a phone number that is
also a ten-digit NHS number) are replaced once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

IDENTIFIER_PLACEHOLDER = "[IDENTIFIER]"


@dataclass(frozen=True, slots=True)
class Finding:
    """One identifier: ``text[start:end]`` gives way to ``placeholder``."""

    start: int
    end: int
    placeholder: str = IDENTIFIER_PLACEHOLDER


def spans(
    pattern: re.Pattern[str],
    text: str,
    group: str | int = 0,
    placeholder: str = IDENTIFIER_PLACEHOLDER,
) -> Iterator[Finding]:
    """A finding for each match of ``pattern`` (only its ``group``: a label stays)."""
    for match in pattern.finditer(text):
        start, end = match.span(group)
        if end > start:
            yield Finding(start, end, placeholder)


def replace(text: str, findings: Iterable[Finding]) -> str:
    """``text`` with every finding replaced; overlapping findings become one placeholder."""
    merged: list[Finding] = []
    for finding in sorted(findings, key=lambda f: (f.start, -f.end)):
        if merged and finding.start < merged[-1].end:
            last = merged[-1]
            merged[-1] = Finding(last.start, max(last.end, finding.end), last.placeholder)
        else:
            merged.append(finding)
    pieces: list[str] = []
    cursor = 0
    for finding in merged:
        pieces.append(text[cursor : finding.start])
        pieces.append(finding.placeholder)
        cursor = finding.end
    pieces.append(text[cursor:])
    return "".join(pieces)
