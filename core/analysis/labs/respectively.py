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

Immunoglobulin classes named by their letters around one head noun ("G, A, and M
immunoglobulins assays were 14.9, 2.4 and 1.96 g/l respectively") are spelt out as the
catalogue names them (IgG, IgA, IgM) first, so the clause names three tests.

Four fixed shapes keep patterns of their own, run by ``rewrite.rewrite_prose`` at their own
places before the general distribution (``two_specimens_respectively``, ``pair_with_ranges``
early; ``names_then_values_respectively`` after the subscripts are rewritten). They are not
folded into ``distribute_respectively``: each reads differently from it. One test in two
specimens ("plasma and CSF lactate ... 6.5 mmol/l ... and 4.25 mmol/l, respectively") would
be one name with two values there, a series whose first value is earlier, not two
specimens; two bilirubins sharing one noun ("Total and direct bilirubin was 13.9 mg/dl and
5.4 mg/dl retrospectively", sic) are one catalogue name there and the misspelt word is not
"respectively"; and the names-then-values and ranged-pair shapes run before rewrites of the
line (abbreviations in brackets dropped, "the level of" names, from-to changes) that change
what the general reader would see.
"""

from __future__ import annotations

import re

from core.analysis.labs.patterns import ANALYTE_NAME, KNOWN_UNITS
from core.vocabulary.units import unit_key

# Marks a value the rewrite knows to be the earlier one; no time word, so that it never
# spills onto the next value of the sentence as "earlier" would.
EARLIER = "⟨e⟩"
_NUM = r"\d+(?:\.\d+)?"
# A value's unit, glued or set apart: "196.7 U/mL", "0.95g/L", "80ng/mL", "25.7 mcg/dL".
# A count's unit: "12300/μL", "150,000/mm3", "3.2 × 10^9/L", "149×10⁹/L".
_COUNT_UNIT = (
    r"\s*(?:[×xX]\s*10\s*\^?\s*[0-9⁰¹²³⁴⁵⁶⁷⁸⁹]{1,2}\s*)?"
    r"/\s*(?i:[µμu]l|mcl|mm3|mm³|cumm|l)(?![A-Za-z])"
)
_UNIT = (
    rf"(?:{_COUNT_UNIT}"
    r"|\s*(?!and\b|respectively\b|after\b|before\b|in\b|on\b|at\b)[A-Za-zµμ%][A-Za-z0-9µμ%/.^]*)?"
)
# A range or aside in brackets after a value: "(normal range for his age, 178 to 686ng/mL)".
_ASIDE = r"(?:\s*(?:\([^()]{0,80}\)|\[[^\[\]]{0,80}\]))?"
_ITEM = rf"[<>]?\s*{_NUM}{_UNIT}{_ASIDE}"
_JOIN = r"(?:\s*,\s*(?:and\s+)?|\s+and\s+)"
_VALUES = re.compile(rf"(?<![\w.,])(?P<list>{_ITEM}(?:{_JOIN}{_ITEM})+)(?![\w.])")
_ONE = re.compile(rf"(?P<value>[<>]?\s*{_NUM}{_UNIT})(?P<aside>{_ASIDE})")
_RESPECTIVELY = re.compile(r"(?i)\brespectively\b")
# Numbers after a word of time are days, ages or doses, not the test's values: "a platelet
# count of more than 20,000/µL on days 58 and 50, for UPN 1 and UPN 2, respectively"
# (CaseReportBench item 4: the days two patients reached the count).
_TIME_BEFORE = re.compile(
    r"(?i)\b(?:days?|weeks?|months?|years?|hours?|hrs?|minutes?|PODs?|cycles?|ages?|aged|doses?)"
    r"\s*$"
)
# "(respectively, 0.95g/L and 0.3g/L)": the values in a bracket opened by the word.
_BRACKET_AFTER = re.compile(rf"\s*,?\s*(?P<list>{_ITEM}(?:{_JOIN}{_ITEM})+)\s*\)")
_CLAUSE_START = re.compile(r"(?:^|[.;:](?=\s)|\n)")
_NAME = ANALYTE_NAME.pattern


# "G, A, and M immunoglobulins", "immunoglobulins G, A and M": the classes' letters share
# one head noun.
_IG_LETTERS = r"[GAMED](?:\s*,\s*[GAMED])*\s*,?\s*and\s+[GAMED]"
_IG_LETTERS_FIRST = re.compile(rf"(?<![\w-])(?P<letters>{_IG_LETTERS})\s+(?i:immunoglobulins?)\b")
_IG_HEAD_FIRST = re.compile(rf"(?i:\bimmunoglobulins?)\s+(?P<letters>{_IG_LETTERS})(?![\w-])")


def spell_out_immunoglobulins(line: str) -> str:
    """``line`` with immunoglobulin classes told by letter written "IgG, IgA, and IgM"."""

    def spelt(match: re.Match[str]) -> str:
        return re.sub(r"[GAMED]", lambda m: f"Ig{m.group()}", match.group("letters"))

    line = _IG_LETTERS_FIRST.sub(spelt, line)
    return _IG_HEAD_FIRST.sub(spelt, line)


# A range in brackets between a value and its unit: "1939 (< 300) ng/dL and 119 (11–53) U/L,
# respectively" (CUPCase row 1240): the unit is moved before the bracket, as most write it.
_ASIDE_BEFORE_UNIT = re.compile(
    rf"(?P<num>(?<![\w.]){_NUM})(?P<aside>\s*\([^()]{{0,40}}\))\s*(?P<unit>[A-Za-zµμ%][A-Za-z0-9µμ%/.^]*)"
)


def _unit_before_aside(match: re.Match[str]) -> str:
    unit = match.group("unit").rstrip(".,;:")
    if unit_key(unit) not in KNOWN_UNITS:
        return match.group()
    rest = match.group("unit")[len(unit) :]
    return f"{match.group('num')} {unit}{match.group('aside')}{rest}"


def distribute_respectively(line: str) -> str:
    """``line`` with each "respectively" clause written as one "name value" per test."""
    line = spell_out_immunoglobulins(line)
    if _RESPECTIVELY.search(line):
        line = _ASIDE_BEFORE_UNIT.sub(_unit_before_aside, line)
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
        if values_match is None or _TIME_BEFORE.search(line[start : values_match.start()]):
            return line
        head_end = values_match.start()
        region_end = values_match.end("list")
    if values_match is None:
        return line
    names = _named_together(line, start, head_end)
    if not names and len(starts) > 1 and line[start - 1] == ":":
        # The colon hands the values to the names before it: "mildly elevated aspartate
        # aminotransferase (AST), and alanine aminotransferase (ALT): 42 IU/L and 39 IU/L,
        # respectively" (J Med Case Rep, CUPCase row 3899), where ALT took the first value.
        names = _named_together(line, starts[-2], head_end)
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
        if _told_own_value(_without_names_and_brackets(line[names[0].end() : head_end])):
            return line
        listed = _listed_with_others(line, start, names[0], head_end)
        if listed is not None:
            return _own_value(line, names[0], listed, values_match, values)
        # One test with a value per condition the clause names: the values share one unit
        # (a second unit is a second test the catalogue has no name for).
        units = {_unit_of(v.group("value")) for v in values} - {""}
        if len(units) > 1:
            return _one_of_two(line, names[0], values_match, values)
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


# One test listed among words the catalogue does not know as tests, then a value for each
# word "respectively": "Neutrophils, macrophages, and plasma cells were also observed (~14%,
# 10%, and 6%, respectively)" (an effusion's cells, MedRBench PMC11462620), "plasma
# catecholamines, norepinephrine and dopamine were elevated at 13,002 pg/mL and 88 pg/mL
# respectively" (PMC11581448). Read as one test's series, every value became the one test's
# (neutrophils 14, 10 and 6 %). The test takes the value in its own place in the list when
# the list has as many words as values, and none when it has not.
# The list ends at a verb or a preposition: "... and plasma cells were", "... and dopamine at".
_VERB = (
    r"(?:and|were|was|are|is|at|of|in|showed|measured|elevated|increased|decreased|accounted|"
    r"count|counts|levels?|values?|concentrations?)\b"
)
_WORD = rf"(?!(?i:{_VERB}))[A-Za-z][\w+-]*"
_ITEM_WORDS = rf"{_WORD}(?:\s+{_WORD}){{0,3}}(?:\s*\([^()]{{1,12}}\))?"
_LIST_END = re.compile(rf"(?i)\s*(?:{_VERB}|$)")
# Words that qualify one test rather than name another: specimens, times, the conditions of
# one test ("before and after", "serum and urine sodium"); "plasma cells" is a list's word.
_NOT_A_TEST = re.compile(
    r"(?i)^(?:serum|plasma|blood|urine|urinary|csf|total|free|direct|indirect|first|second|"
    r"third|baseline|peak|initial|admission|fasting|random|morning|evening|basal|stimulated|"
    r"high|low|mean)$|^(?:before|after|pre|post|day|on|the|its|his|her)\b"
)


def _listed_with_others(
    line: str, start: int, name: re.Match[str], head_end: int
) -> tuple[int, int] | None:
    """Where the one known test stands in a list of names (its place, the list's length),
    or None when it is not in such a list."""
    before = line[start : name.start()]
    after = line[name.end() : head_end]
    items_before: list[str] = []
    rest = before
    while True:
        match = re.search(rf"(?P<item>{_ITEM_WORDS}){_JOIN}$", rest)
        if match is None:
            break
        items_before.insert(0, match.group("item"))
        rest = rest[: match.start()]
        if not re.search(r",\s*$", rest) and not re.search(r"\band\s+$", rest):
            break
    items_after: list[str] = []
    rest = after
    while True:
        match = re.match(rf"(?:\s*\([^()]{{1,12}}\))?{_JOIN}(?P<item>{_ITEM_WORDS})", rest)
        if match is None:
            break
        items_after.append(match.group("item"))
        rest = rest[match.end() :]
    if not items_before and not items_after:
        return None
    if any(_NOT_A_TEST.match(item) for item in items_before + items_after):
        return None
    if items_after and not _LIST_END.match(rest):
        return None  # the words run on into the sentence: no list of names
    if items_before and not items_after and not re.search(r"\band\s+$", before):
        return None  # "After treatment, CRP was 80 and 10 mg/L": no list, a series
    return len(items_before), len(items_before) + 1 + len(items_after)


def _own_value(
    line: str,
    name: re.Match[str],
    listed: tuple[int, int],
    values_match: re.Match[str],
    values: list[re.Match[str]],
) -> str:
    place, length = listed
    end = values_match.end("list")
    if length != len(values):
        return f"{line[: name.start()]}{line[end:]}"
    kept = values[place]
    text = kept.group("value").strip()
    last_unit = _unit_of(values[-1].group("value"))
    if not _unit_of(text) and last_unit:
        text = f"{text} {last_unit}"
    return f"{line[: name.start()]}{name.group()} {text}{kept.group('aside')}{line[end:]}"


# "the serum elastase-1 and lipase levels were ... 1939 ng/dL and 119 U/L, respectively":
# the catalogue knows the second name only. Written last (after "and"), it takes the last
# value; written first (before "and"), the first; the other values are a test the
# catalogue has no name for and are not read.
_AND_BEFORE = re.compile(r"(?i)\band\s+(?:(?:serum|plasma|blood)\s+)?$")
_AND_AFTER = re.compile(r"(?i)^\s*(?:levels?\s+)?and\b")


def _one_of_two(
    line: str, name: re.Match[str], values_match: re.Match[str], values: list[re.Match[str]]
) -> str:
    if len(values) != 2:
        return line
    if _AND_BEFORE.search(line[: name.start()]):
        kept = values[-1]
    elif _AND_AFTER.match(line[name.end() :]):
        kept = values[0]
    else:
        return line
    pair = f"{name.group()} {kept.group('value').strip()}{kept.group('aside')}"
    return f"{line[: name.start()]}{pair}{line[values_match.end('list') :]}"


# The one named test already has its value, with a catalogue unit, before the list: the list
# is other measures' the catalogue has no name for. "cTnI decreased to 7.41 ng/mL, NT-proBNP
# decreased to 7282 pg/mL, and LVEF and RVEF increased to 40% and 20%, respectively"
# (MedRBench PMC11622249) gave NT-proBNP the ejection fractions and lost its own 7282 pg/mL.
# Days or doses between a name and its series ("on day 1 and day 3") have no unit; a range in
# brackets ("(normal < 5 mg/L)") is not a value.
_OWN_VALUE = re.compile(rf"(?<![\w.,]){_NUM}\s*(?P<unit>[A-Za-zµμ%][A-Za-z0-9µμ%/.^]*)")


def _told_own_value(between: str) -> bool:
    return any(
        unit_key(m.group("unit").rstrip(".")) in KNOWN_UNITS for m in _OWN_VALUE.finditer(between)
    )


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


# Two names, then two values each with its unit and range, "respectively": "Plasma renin
# activity and aldosterone levels were 7.28 ng/mL/hr (normal range, 1.0–6.5 ng/mL/hr) and
# 0.1 ng/dL (normal range, 3–35 ng/dL), respectively".
_PAIR_WITH_RANGES = re.compile(
    rf"(?P<a>{_NAME})\s+and\s+(?P<b>{_NAME})(?P<mid>[^\d;.]{{0,40}}?)"
    rf"(?P<x>{_NUM}\s*[^\s\d(),;]*)\s*(?P<rx>\([^()]{{0,60}}\))\s*and\s+"
    rf"(?P<y>{_NUM}\s*[^\s\d(),;]*)\s*(?P<ry>\([^()]{{0,60}}\))\s*,?\s*respectively"
)


def _pair_with_ranges(match: re.Match[str]) -> str:
    a, b, mid = match.group("a"), match.group("b"), match.group("mid")
    return (
        f"{a}{mid}{match.group('x')} {match.group('rx')}, "
        f"{b} {match.group('y')} {match.group('ry')}, respectively"
    )


# Two specimens of one test, then two values, "respectively": "his plasma and CSF lactate to
# be elevated with a value of 6.5 mmol/l (0.5–2.3 mmol/l) and 4.25 mmol/l (0.5–2.3 mmol/l),
# respectively" (J Med Case Rep, CUPCase row 3662). Read as written, the second specimen's
# word stood closest before the name and both values became the CSF's: the plasma lactate of
# 6.5 mmol/L was never telephoned. Each value is told with its own specimen.
_FLUID_WORD = (
    r"(?:serum|plasma|blood|urine|urinary|csf|cerebrospinal\s+fluid|spinal\s+fluid|"
    r"(?:pleural|ascitic|peritoneal|synovial)(?:\s+fluid)?)"
)
_TWO_SPECIMENS_RESPECTIVELY = re.compile(
    rf"(?i)\b(?P<a>{_FLUID_WORD})\s+and\s+(?P<b>{_FLUID_WORD})\s+(?P<name>(?-i:{_NAME}))"
    rf"(?P<mid>[^\d;.]{{0,60}}?)(?P<x>{_NUM}(?:\s*[^\s\d(),;]+)?)\s*(?P<rx>\([^()]{{0,60}}\))?"
    rf"\s*,?\s*and\s+(?P<y>{_NUM}(?:\s*[^\s\d(),;]+)?)\s*(?P<ry>\([^()]{{0,60}}\))?\s*,?\s*"
    r"respectively\b"
)


def _two_specimens_respectively(match: re.Match[str]) -> str:
    name, rx, ry = match.group("name"), match.group("rx") or "", match.group("ry") or ""
    return (
        f"{match.group('a')} {name}{match.group('mid')}{match.group('x')} {rx}; "
        f"{match.group('b')} {name} {match.group('y')} {ry}"
    )


# Three or more names, then as many values, "respectively": "the AST, ALT, ALP, and GGT
# were 34, 18, 350, and 107 IU/L, respectively"; "urine PCO2, blood PCO2, urine HCO3, blood
# HCO3, urine creatinine and serum creatinine were 44.5 mmHg, 34.8 mmHg, 40.1 mEq/L, 25.8
# mEq/L, 64.5 mg/dL, and 0.7 mg/dL, respectively" (each name keeps its specimen word). A
# unit printed only after the last value is every value's.
_SPECIMEN_WORD = r"(?:(?i:urine|urinary|blood|serum|plasma)\s+)?"
_ONE_NAME = rf"{_SPECIMEN_WORD}(?:{_NAME})(?:\s*\([A-Za-z0-9-]{{2,8}}\))?"
_LIST_UNIT = r"(?!and\b|respectively\b)[A-Za-zµμ%][A-Za-z0-9µμ%/.]*(?:\s*/\s*[A-Za-z0-9]+)?"
_ONE_VALUE = rf"{_NUM}(?:\s*{_LIST_UNIT})?"
_NAMES_THEN_VALUES = re.compile(
    rf"(?P<names>{_ONE_NAME}(?:\s*,\s*(?:and\s+)?{_ONE_NAME}|\s+and\s+{_ONE_NAME}){{2,}})"
    rf"(?P<mid>[^\d;.]{{0,40}}?)"
    rf"(?P<values>{_ONE_VALUE}(?:\s*,\s*(?:and\s+)?{_ONE_VALUE}|\s+and\s+{_ONE_VALUE}){{2,}})"
    r"\s*,?\s*respectively"
)


# Two bilirubins sharing one noun, then their two values "respectively": "Total and direct
# bilirubin was 13.9 mg/dl and 5.4 mg/dl retrospectively" (sic), "the total and direct
# bilirubin declined to 5 and 2.5 mg/dl respectively".
_BILI_KIND = r"(?:total|direct|indirect|conjugated|unconjugated)"
_TWO_BILIRUBINS = re.compile(
    rf"(?i)\b(?P<first>{_BILI_KIND})\s+and\s+(?P<second>{_BILI_KIND})\s+bilirubin\b"
    rf"(?P<mid>[^\d;.]{{0,30}}?)(?P<a>{_NUM})\s*(?P<unit_a>mg/dl|µmol/l|umol/l|μmol/l)?"
    rf"\s+and\s+(?P<b>{_NUM})\s*(?P<unit_b>mg/dl|µmol/l|umol/l|μmol/l)?\s*,?\s*"
    r"(?:respectively|retrospectively)\b"
)


def _two_bilirubins(match: re.Match[str]) -> str:
    unit = match.group("unit_b") or match.group("unit_a") or ""
    unit_a = match.group("unit_a") or unit
    return (
        f"{match.group('first')} bilirubin {match.group('a')} {unit_a}, "
        f"{match.group('second')} bilirubin {match.group('b')} {unit}"
    ).rstrip()


def _respectively(match: re.Match[str]) -> str:
    names = [m.group().strip() for m in re.finditer(_ONE_NAME, match.group("names"))]
    values = [m.group().strip() for m in re.finditer(_ONE_VALUE, match.group("values"))]
    if len(names) != len(values):
        return match.group()
    last_unit = values[-1][len(re.match(_NUM, values[-1]).group()) :]  # type: ignore[union-attr]
    if last_unit.strip() and all(re.fullmatch(_NUM, v) for v in values[:-1]):
        values = [f"{v}{last_unit}" for v in values[:-1]] + [values[-1]]
    pairs = ", ".join(f"{n} {v}" for n, v in zip(names, values, strict=True))
    return f"{pairs}{match.group('mid')}, respectively"


def pair_with_ranges(line: str) -> str:
    """Two names, then two values each with its range, "respectively"."""
    return _PAIR_WITH_RANGES.sub(_pair_with_ranges, line)


def two_specimens_respectively(line: str) -> str:
    """One test in two specimens, then its two values, "respectively"."""
    return _TWO_SPECIMENS_RESPECTIVELY.sub(_two_specimens_respectively, line)


def names_then_values_respectively(line: str) -> str:
    """Two bilirubins sharing one noun, or three or more names, then as many values."""
    line = _TWO_BILIRUBINS.sub(_two_bilirubins, line)
    return _NAMES_THEN_VALUES.sub(_respectively, line)
