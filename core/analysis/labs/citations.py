"""A published article's citation numbers in round brackets, which are no test's value.

Case reports cite their references as "(19)" or "(13, 16)" as often as "[19]" (the square
ones are blanked line by line, ``rewrite.without_citation_marks``). A round bracket with a
whole number in it is also how a result is told without its unit ("increased LDH levels
(714)", MedRBench PMC11455270), so the document decides: one that cites in round brackets
after ordinary words, three references or more, has its bare numbers after a test's name
read as the citations they are: "sustained treatment with adalimumab generally decreased
total IgG4 levels (19), so serologic elevation may reflect underlying disease severity"
(PMC11502415), "elevated ALP and GGT levels (1)" (PMC11521799), "a precursor of ACTH (2)"
(PMC11631573). A number well above the article's last reference cited after an ordinary word
is a result.
"""

from __future__ import annotations

import re

from core.analysis.labs.patterns import ANALYTE_NAME

# A whole number, a list or a span of them in round brackets, after a word or a bracket,
# closed by a punctuation mark or a small word: never a value with its unit after it.
_ROUND_CITATION = re.compile(
    r"(?<=[A-Za-z)])\s?\((?P<numbers>\d{1,3}(?:\s*[,–-]\s*\d{1,3})*)\)"
    r"(?=\s*(?:[,.;:)]|$|(?:and|or|but|which|that|were|was|is|are|has|have|had|in|with|as"
    r"|of|to|for)\b))",
    re.MULTILINE,
)
# The words a result's number may follow besides its test's name ("LDH levels (714)").
_NAME_NOUN = re.compile(r"(?i)(?:\s+(?:levels?|values?|counts?|concentrations?))?\s*$")
_LEAST_REFERENCES = 3
# References are numbered in the order first cited: the one a test's name is the first to cite
# comes a few after the last one an ordinary word cited ("IgG4 levels (19)" after "(18)").
_NEXT_REFERENCES = 5


def _after_test_name(text: str, at: int) -> bool:
    before = text[max(0, at - 80) : at]
    before = before[: _NAME_NOUN.search(before).start()]  # type: ignore[union-attr]
    return any(m.end() == len(before) for m in ANALYTE_NAME.finditer(before))


def _numbers(mark: re.Match[str]) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", mark.group("numbers"))]


def without_round_citations(text: str) -> str:
    """``text`` with its round-bracket citation numbers emptied (same length), when it cites
    its references that way; else ``text`` unchanged."""
    if "(" not in text:
        return text
    marks = list(_ROUND_CITATION.finditer(text))
    plain = {n for m in marks if not _after_test_name(text, m.start()) for n in _numbers(m)}
    if len(plain) < _LEAST_REFERENCES:
        return text
    last = max(plain) + _NEXT_REFERENCES
    out = text
    for mark in marks:
        if _numbers(mark)[0] <= last:
            # an empty bracket, not spaces: the name still ends there ("a decreased
            # production of ACTH (13, 16).A 2012 case series", PMC11631573, its paragraphs
            # glued, is no ACTH of 2012 either)
            inside = " " * (mark.end() - mark.start("numbers") - 1)
            out = out[: mark.start("numbers") - 1] + "(" + inside + ")" + out[mark.end() :]
    return out
