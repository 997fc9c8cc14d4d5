"""E-mail addresses and web addresses (a patient portal link often carries an id).

Presidio's URL recogniser knows the top-level domains, so "portal.clinic.org/p/48213"
goes without its scheme while "1.73m2" or "x10^9/L" stay. Its e-mail recogniser is not
used: it validates domains with tldextract, which fetches the public suffix list over
the network, and it rejects reserved domains. Our e-mail pattern takes any "a@b.c".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

from core.analysis.privacy.findings import Finding, spans

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# A scheme or "www." makes anything a web address; trailing punctuation is the sentence's.
_WEB = re.compile(r"(?i)(?<![\w@])(?:(?:https?|ftp)://|www\d{0,3}\.)[^\s<>\"']*[^\s<>\"'.,;:)\]]")

_DOMAIN_DOT = re.compile(r"\w\.[A-Za-z]{2}")


def online_addresses(text: str) -> Iterator[Finding]:
    """Every e-mail and web address in ``text``."""
    yield from spans(_EMAIL, text)
    yield from spans(_WEB, text)
    # Presidio's pattern lists every top-level domain, which is slow to try at every
    # position; only lines with a dot before two letters ("clinic.org") can hold a match.
    recogniser = _url_recogniser()
    offset = 0
    for line in text.splitlines(keepends=True):
        if _DOMAIN_DOT.search(line):
            for result in recogniser.analyze(line, recogniser.supported_entities, None):
                yield Finding(offset + result.start, offset + result.end)
        offset += len(line)


@cache
def _url_recogniser() -> Any:
    from presidio_analyzer.predefined_recognizers import UrlRecognizer

    return UrlRecognizer()
