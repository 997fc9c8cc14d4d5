"""E-mail addresses and web addresses (a patient portal link often carries an id).

A web address has a scheme (http, https, ftp), or starts with "www.", or is a host
whose last label is a real top-level domain ("portal.clinic.org/p/48213"). The domains
come from the public suffix list snapshot bundled with ``tldextract``, read offline.

PDF text extraction runs a lab table's cells together ("93%ii.Neutrophils 3%",
"mg/dL.Sodium", "1.Anterior"), and many analytes and units are country codes (.ne,
.na, .ca, .mg, .ml, .pt), so a bare host must also stand on its own: not inside a word,
number, percentage, unit or path; starting with a letter; its top-level domain ending
the word and written in one case ("exudate.Computation" or "dL.Na" are the next word);
and not a run of one- or two-letter abbreviations before a country code ("ii.ne").

IP addresses, v4 and v6, are candidates of their shape that Python's ``ipaddress``
accepts (Presidio's recogniser does the same, but its IPv6 pattern took 6 s on a 50-page
report).

Presidio's e-mail and URL recognisers are not used: its e-mail recogniser validates with
tldextract over the network, and its URL pattern lets a domain end mid-word ("ii.Ne").
Our e-mail pattern takes any "a@b.c".
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterator
from functools import cache

from core.privacy.findings import Finding, spans

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# A scheme or "www." makes anything a web address; trailing punctuation is the sentence's.
_WEB = re.compile(r"(?i)(?<![\w@])(?:(?:https?|ftp)://|www\d{0,3}\.)[^\s<>\"']*[^\s<>\"'.,;:)\]]")
# A bare host: not after a word character, a number's "." or "%", a unit's "/", an
# e-mail's "@" or a "+"/"-"; a letter first; whole labels only (the lookahead stops a
# domain ending mid-word); then an optional port and path.
_HOST = re.compile(
    r"(?i)(?<![\w@%./+-])(?P<host>[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+)(?![\w-])"
    r"(?::\d{1,5})?(?:/(?:[^\s<>\"']*[^\s<>\"'.,;:)\]])?)?"
)
# Four dotted numbers; hexadecimal groups with "::" or all eight of them (looked for only
# in a text with a "::" or seven colons).
_IPV4 = re.compile(r"(?<![\w.:])\d{1,3}(?:\.\d{1,3}){3}(?![\w.:])")
_IPV6 = re.compile(
    r"(?<![\w.:])(?=[0-9a-f:]*::|(?:[0-9a-f]{1,4}:){7})(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}"
    r"(?![\w.:])",
    re.IGNORECASE,
)
# A country code after labels this short is a run of abbreviations ("ii.ne", "HB.CA").
_ABBREVIATION = 2


def online_addresses(text: str) -> Iterator[Finding]:
    """Every e-mail, web and IP address in ``text``."""
    yield from spans(_EMAIL, text)
    yield from spans(_WEB, text)
    candidates = list(_IPV4.finditer(text))
    if "::" in text or text.count(":") >= 7:
        candidates += _IPV6.finditer(text)
    for match in candidates:
        try:
            ipaddress.ip_address(match[0])
        except ValueError:
            continue
        yield Finding(match.start(), match.end())
    for match in _HOST.finditer(text):
        if is_web_host(match["host"]):
            yield Finding(match.start(), match.end())


def is_web_host(host: str) -> bool:
    """Whether ``host`` ("portal.clinic.org") reads as a web address rather than
    abbreviations or words run together ("ii.Ne", "exudate.Com", "HB.CA")."""
    *names, domain = host.split(".")
    if domain.lower() not in top_level_domains():
        return False
    if not (domain.islower() or domain.isupper()):
        return False  # "Neutrophils", "Computation": the next word, not a domain
    if any(not name for name in names):
        return False  # "a..org"
    return not (len(domain) == 2 and all(len(name) <= _ABBREVIATION for name in names))


@cache
def top_level_domains() -> frozenset[str]:
    """The public suffix list's top-level domains, from the snapshot bundled with
    tldextract (no cache directory and no list address, so nothing is fetched)."""
    import tldextract

    extractor = tldextract.TLDExtract(cache_dir=None, suffix_list_urls=())
    return frozenset(suffix.rsplit(".", 1)[-1].lower() for suffix in extractor.tlds)
