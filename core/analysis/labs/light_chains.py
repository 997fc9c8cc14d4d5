"""Serum free light chains told head first: "free light chains kappa 41.1 mg/L and lambda
10.9 mg/L" (Journal of Medical Case Reports, CUPCase row 887).

The catalogue names each chain with its head after it ("kappa free light chains"), so the
head is written after each chain of the list, and the reader takes each value next to its
own name: "kappa free light chains 41.1 mg/L and lambda free light chains 10.9 mg/L". Only
a chain with its number right after it is rewritten: a chain in a stain's or a clone's words
("kappa light chain restriction", "immunostained for kappa, × 10") holds no value.
"""

from __future__ import annotations

import re

_CHAIN = r"(?:kappa|lambda|κ|λ)"
# A mass concentration right after the chain's name: "kappa 41.1 mg/L", "lambda: 10.9 mg/dl".
_AMOUNT = r"\s*[:=]?\s*[<>≤≥]?\s*\d[\d.,]*\s*mg\s*/\s*[dD]?[lL]\b"
_HEAD_FIRST = re.compile(
    rf"(?i)\b(?P<head>(?:serum\s+)?free\s+light[\s-]chains?)\s*:?\s*"
    rf"(?P<first>{_CHAIN})(?P<amount>{_AMOUNT})"
    rf"(?P<gap>\s*(?:,\s*and|,|and)\s+)(?P<second>{_CHAIN})(?={_AMOUNT})"
)


def _each_named(match: re.Match[str]) -> str:
    return (
        f"{match.group('first')} free light chains{match.group('amount')}"
        f"{match.group('gap')}{match.group('second')} free light chains"
    )


def free_light_chains_named(line: str) -> str:
    """``line`` with a head-first list of the two free light chains named chain by chain."""
    if "light" not in line.lower():
        return line
    return _HEAD_FIRST.sub(_each_named, line)
