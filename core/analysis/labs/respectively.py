"""Values told "respectively": each test named in the clause takes its value, in order.

Case reports name the tests first and give the values after them, in the same order:
"Cancer antigen 19-9 and cancer antigen 125 were elevated at 196.7 U/mL and 145 U/mL,
respectively", with ranges between the values ("IGF-1 and IGF binding protein 3 were 80ng/mL
(normal range ...) and 1.92μg/mL (normal range ...), respectively"), or the values in a
bracket after the word ("C3 levels and C4 levels were normal (respectively, 0.95g/L and
0.3g/L)"). One test named with several values has one value per condition the clause names
("serum cortisol levels after 1 and 4 mg dexamethasone suppression of 26 and 25.7 mcg/dL,
respectively"). The clause is rewritten as "name value, name value" for the line reader; a
clause whose names and values do not pair up one to one is left as written.
"""

from __future__ import annotations

import re

from core.analysis.labs.patterns import ANALYTE_NAME

# Marks a value the rewrite knows to be the earlier one; no time word, so that it never
# spills onto the next value of the sentence as "earlier" would.
EARLIER = "⟨e⟩"
_NUM = r"\d+(?:\.\d+)?"
# A value's unit, glued or set apart: "196.7 U/mL", "0.95g/L", "80ng/mL", "25.7 mcg/dL".
_UNIT = (
    r"(?:\s*(?!and\b|respectively\b|after\b|before\b|in\b|on\b|at\b)[A-Za-zµμ%][A-Za-z0-9µμ%/.^]*)?"
)
# A range or aside in brackets after a value: "(normal range for his age, 178 to 686ng/mL)".
_ASIDE = r"(?:\s*(?:\([^()]{0,80}\)|\[[^\[\]]{0,80}\]))?"
_ITEM = rf"[<>]?\s*{_NUM}{_UNIT}{_ASIDE}"
_JOIN = r"(?:\s*,\s*(?:and\s+)?|\s+and\s+)"
_VALUES = re.compile(rf"(?<![\w.,])(?P<list>{_ITEM}(?:{_JOIN}{_ITEM})+)(?![\w.])")
_ONE = re.compile(rf"(?P<value>[<>]?\s*{_NUM}{_UNIT})(?P<aside>{_ASIDE})")
_RESPECTIVELY = re.compile(r"(?i)\brespectively\b")
# "(respectively, 0.95g/L and 0.3g/L)": the values in a bracket opened by the word.
_BRACKET_AFTER = re.compile(rf"\s*,?\s*(?P<list>{_ITEM}(?:{_JOIN}{_ITEM})+)\s*\)")
_CLAUSE_START = re.compile(r"(?:^|[.;:](?=\s)|\n)")


def distribute_respectively(line: str) -> str:
    """``line`` with each "respectively" clause written as one "name value" per test."""
    for word in reversed(list(_RESPECTIVELY.finditer(line))):
        line = _distribute(line, word)
    return line


def _distribute(line: str, word: re.Match[str]) -> str:
    starts = [m.end() for m in _CLAUSE_START.finditer(line, 0, word.start())]
    start = starts[-1] if starts else 0
    after = _BRACKET_AFTER.match(line, word.end())
    if after is not None and line[start : word.start()].rstrip().endswith("("):
        values_match: re.Match[str] | None = after
        head_end = line[: word.start()].rstrip().rfind("(")
        region_end = after.end()
    else:
        lists = list(_VALUES.finditer(line, start, word.start()))
        values_match = lists[-1] if lists else None
        if values_match is None:
            return line
        head_end = values_match.start()
        region_end = values_match.end("list")
    if values_match is None:
        return line
    names = _named_together(line, start, head_end)
    if not names:
        return line
    values = list(_ONE.finditer(values_match.group("list")))
    if len(names) > 1:
        # A number between the last name and the values belongs to a name the catalogue
        # does not know ("IGF binding protein 3"): the pairs are not certain.
        if re.search(r"\d", _without_names_and_brackets(line[names[-1].end() : head_end])):
            return line
        if len(names) != len(values):
            return line
        named = [n.group() for n in names]
    else:
        # One test with a value per condition the clause names: the values share one unit
        # (a second unit is a second test the catalogue has no name for).
        units = {_unit_of(v.group("value")) for v in values} - {""}
        if len(units) > 1:
            return line
        named = [names[0].group()] * len(values)
    texts = [v.group("value").strip() for v in values]
    last_unit = _unit_of(texts[-1])
    if last_unit:
        texts = [t if _unit_of(t) else f"{t} {last_unit}" for t in texts]
    items = [
        f"{name} {text}{value.group('aside')}"
        for name, text, value in zip(named, texts, values, strict=True)
    ]
    if len(names) == 1:
        # One test's series: the last value is the current one and is read first, as the
        # reader's own series are; the others are earlier.
        items = [items[-1]] + [f"{item} {EARLIER}" for item in items[:-1]]
    pairs = ", ".join(items)
    return f"{line[: names[0].start()]}{pairs}{line[region_end:]}"


def _unit_of(value: str) -> str:
    return re.sub(rf"^[<>]?\s*{_NUM}", "", value.strip()).strip()


def _named_together(line: str, start: int, end: int) -> list[re.Match[str]]:
    """The tests named together before the values: the last name in the clause and those
    before it with no number between them ("Sodium 135, potassium 4.0" told already)."""
    names = [
        m
        for m in ANALYTE_NAME.finditer(line, start, end)
        if m.group().strip() and m.group().lower() != "blood"  # "blood pressure 117 and 66"
    ]
    together = names[-1:]
    for name in reversed(names[:-1]):
        if re.search(r"\d", _without_names_and_brackets(line[name.end() : together[0].start()])):
            break
        together.insert(0, name)
    return together


def _without_names_and_brackets(text: str) -> str:
    text = ANALYTE_NAME.sub(" ", text)
    return re.sub(r"\([^()]*\)|\[[^\[\]]*\]", " ", text)
