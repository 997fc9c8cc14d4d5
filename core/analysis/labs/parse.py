"""Lab values read from a lab file's text: analyte, value, unit, reference range and flag.

The text comes from PDFs, DOCX, CSV or plain text, so a result may be spread over a table
row with tabs and colons ("Hemoglobin:\t9.8\tg/dL\t12.0 - 16.0\tL"), written CSV-style, or
share a line with other results. Each line is split where an analyte's name starts; the
first number after the name is the value. Dates, times, phone numbers and page numbers
are blanked out first so they are never read as values.
"""

from __future__ import annotations

import csv
import re

from core.analysis.insights import LabDocument, LabValue
from core.analysis.labs.catalog import BY_NAME, Analyte
from core.analysis.labs.patterns import (
    ALIASES,
    ANALYTE_NAME,
    FILLERS,
    FLAG,
    KNOWN_UNITS,
    LOWER_BOUNDS,
    NOT_VALUES,
    OTHER_HEADING,
    QUALITATIVE,
    QUALITATIVE_SCORES,
    RANGE,
    STRICT_BOUNDS,
    URINE_HEADING,
    VALUE,
    alias_key,
)
from core.analysis.labs.units import EXPONENT_UNIT, unit_key

_MAX_CELLS = 5  # name, value, unit, range, flag


def parse_lab_values(text: str, source_file_id: str | None = None) -> list[LabValue]:
    """Every recognised lab value in ``text``; never raises on odd or garbage text."""
    if not isinstance(text, str):
        return []
    values: list[LabValue] = []
    seen: set[tuple[str, str | None, float, str | None]] = set()

    def keep(found: list[LabValue]) -> None:
        for value in found:
            key = (value.analyte, value.comparator, value.value, value.unit)
            if key not in seen:  # a page repeated in a PDF gives the same result twice
                seen.add(key)
                values.append(value)

    in_urine = False
    cells: list[str] = []  # a name alone on its line, then the cells after it
    for raw_line in text.splitlines():
        line = _clean_line(raw_line)
        if URINE_HEADING.search(line):
            in_urine = True
        starts = _test_starts(line, in_urine)
        if cells:
            # PDF tables often come out one cell per line: "Hemoglobin", "9.8", "g/dL", ...
            if not starts and line.strip() and len(cells) < _MAX_CELLS:
                cells.append(line)
                continue
            keep(_read_line("  ".join(cells), in_urine, source_file_id))
            cells = []
        found = _read_line(line, in_urine, source_file_id)
        keep(found)
        if not found and not re.search(r"\d", line):
            if starts:
                cells = [line]
            elif re.search(r"(?i)urine", line):
                in_urine = True
            elif OTHER_HEADING.search(line):
                in_urine = False
    keep(_read_line("  ".join(cells), in_urine, source_file_id))
    return values


def lab_values_in(document: LabDocument) -> list[LabValue]:
    """The values already read from ``document``, or, when it has none, parsed from its text."""
    return document.lab_values or parse_lab_values(document.text, document.file_id)


def _clean_line(line: str) -> str:
    line = line.replace("\u00a0", " ")
    delimiter = ";" if line.count(";") >= 2 else ","
    # A CSV row has separators without a following space; prose writes "a, b".
    if "\t" not in line and line.count(delimiter) >= 2 and f"{delimiter} " not in line:
        fields = next(csv.reader([line], delimiter=delimiter), [])
        line = "  ".join(_plain_numbers(field) for field in fields)
    else:
        line = _plain_numbers(line)
    line = line.replace("\t", "  ").replace('"', " ").replace("|", "  ")
    line = NOT_VALUES.sub(" ", line)
    return re.sub(r"1\.73\s+m", "1.73m", line)


def _plain_numbers(text: str) -> str:
    """Thousands separators dropped ("3,200"), decimal commas made points ("9,8")."""
    text = re.sub(r"(?<![\d,.])(\d{1,3}),(\d{3})(?![\d,])", r"\1\2", text)
    return re.sub(r"(?<![\d,.])(\d{1,3}),(\d{1,2})(?![\d,])", r"\1.\2", text)


def _test_starts(line: str, in_urine: bool) -> list[tuple[re.Match[str], Analyte]]:
    """Where analyte names start a result in ``line``."""
    starts = []
    for match in ANALYTE_NAME.finditer(line):
        analyte, urine_only = ALIASES[alias_key(match.group())]
        before = line[: match.start()].rstrip()
        if (urine_only and not in_urine) or (before and before[-1].isdigit()):
            continue  # "mg" after "182" is a unit, not magnesium
        starts.append((match, analyte))
    return starts


def _read_line(line: str, in_urine: bool, source_file_id: str | None) -> list[LabValue]:
    starts = _test_starts(line, in_urine)
    values = []
    for i, (match, analyte) in enumerate(starts):
        end = starts[i + 1][0].start() if i + 1 < len(starts) else len(line)
        value = _read_result(analyte, line[match.end() : end], in_urine, source_file_id)
        if value is not None:
            values.append(value)
    return values


def _skip_preamble(segment: str) -> tuple[int, str | None]:
    """Where the result starts after the analyte's name, and a unit written before it."""
    pos, unit = 0, None
    while pos < len(segment):
        rest = segment[pos:]
        gap = re.match(r"[\s:=\-–—.,*#_\[\])]+", rest)
        if gap:
            pos += gap.end()
            continue
        aside = re.match(r"\(([^()]{0,40})\)", rest)
        if aside and re.search(r"[A-Za-z%µμ]", aside.group(1)):
            if unit_key(aside.group(1)) in KNOWN_UNITS:
                unit = aside.group(1).strip()
            pos += aside.end()
            continue
        word = re.match(r"[^\s:=()\[\]]+", rest)
        if word and (word.group().lower() in FILLERS or unit_key(word.group()) in KNOWN_UNITS):
            if word.group().lower() not in FILLERS:
                unit = word.group()
            pos += word.end()
            continue
        break
    return pos, unit


def _read_result(
    analyte: Analyte, segment: str, in_urine: bool, source_file_id: str | None
) -> LabValue | None:
    start, unit_before = _skip_preamble(segment)
    rest = segment[start:]
    urine_form = BY_NAME.get(analyte.urine_form) if analyte.urine_form else None
    target = urine_form if (in_urine and urine_form is not None) else analyte
    word = QUALITATIVE.match(rest)
    if word:
        dipstick = word.group("word").lower() != "normal"  # "normal" alone proves no dipstick
        if not target.qualitative and dipstick and urine_form is not None:
            target = urine_form  # "Glucose: negative" is a urine dipstick result
        if target.qualitative:
            return _qualitative(target, word.group("word"), source_file_id)
        return None
    if not target.ranges:
        return None  # a number for a dipstick-only test ("WBC 5 /hpf") is not its scale
    number = VALUE.match(rest)
    if number is None:
        return None
    value = float(number.group("num"))
    after = rest[number.end() :]
    unit, after = _take_unit(target, after)
    unit = unit or unit_before
    if not target.plausible(value) or (
        unit
        and unit_key(unit) in {r.unit for r in target.ranges}
        and target.range_for(unit, value) is None
    ):
        return None  # a year, an ID, or a number in another unit system
    low, high, strict, after = _take_range(after, value)
    if low is None and high is None:
        default = target.range_for(unit, value)
        if default is not None:
            low, high = default.low, default.high
    comparator = number.group("cmp") or ""
    flag = _written_flag(number.group("flag") or "") or _written_flag(after)
    if flag is None:
        flag = _computed_flag(value, low, high, strict, comparator)
    return LabValue(
        analyte=target.name,
        value=value,
        comparator=COMPARATORS.get(comparator),
        unit=unit,
        reference_low=low,
        reference_high=high,
        flag=flag,
        source_file_id=source_file_id,
    )


def _qualitative(analyte: Analyte, word: str, source_file_id: str | None) -> LabValue:
    word = re.sub(r"\s+", "", word.lower())
    if word.endswith("+") and word[0].isdigit():
        score = float(word[0])
    elif word.startswith("+"):
        score = float(len(word))
    else:
        score = QUALITATIVE_SCORES.get(word, 0.0)
    return LabValue(
        analyte=analyte.name,
        value=score,
        unit=None,
        reference_low=None,
        reference_high=0.0,
        flag="high" if score > 0 else None,
        source_file_id=source_file_id,
    )


def _take_unit(analyte: Analyte, after: str) -> tuple[str | None, str]:
    """The unit written after the value, and the text with the unit blanked out."""
    stripped = after.lstrip()
    offset = len(after) - len(stripped)
    match = EXPONENT_UNIT.match(stripped)
    if match is None:
        token = re.match(r"[^\s()\[\]]+", stripped)
        if token and _looks_like_unit(token.group().rstrip(",;:")):
            match = token
    if match is None:  # the unit may come after the range: "9.8 (12.0-16.0) g/dL"
        own = {r.unit for r in analyte.ranges if r.unit}
        for token in re.finditer(r"[^\s()\[\]]+", after):
            if unit_key(token.group()) in own or EXPONENT_UNIT.fullmatch(token.group()):
                return token.group().rstrip(",;:"), _blank(after, token.start(), token.end())
        return None, after
    unit = re.sub(r"\s+", "", match.group().rstrip(",;:"))
    return unit, _blank(after, offset + match.start(), offset + match.end())


def _looks_like_unit(token: str) -> bool:
    if not token:
        return False
    if unit_key(token) in KNOWN_UNITS or token.startswith("%"):
        return True
    return "/" in token and (token[0].isalpha() or token[0] in "µμ") and not FLAG.fullmatch(token)


def _take_range(after: str, value: float) -> tuple[float | None, float | None, bool, str]:
    """The reference range written after the value: (low, high, strict, remaining text)."""
    for match in RANGE.finditer(after):
        rest = _blank(after, match.start(), match.end())
        if match.group("lo") is not None:
            low, high = float(match.group("lo")), float(match.group("hi"))
            if low <= high and _near(value, high):
                return low, high, False, rest
            continue
        bound, op = float(match.group("bound")), match.group("op").lower()
        if not _near(value, bound):
            continue
        if op in LOWER_BOUNDS:
            return bound, None, op in STRICT_BOUNDS, rest
        return None, bound, op in STRICT_BOUNDS, rest
    return None, None, False, after


def _near(value: float, bound: float) -> bool:
    """A range a thousand times off the value belongs to something else on the line."""
    if bound <= 0 or value <= 0:
        return True
    return bound / 1000 <= value <= bound * 1000


def _written_flag(text: str) -> str | None:
    match = FLAG.search(text)
    if match is None:
        return None
    return "high" if match.group("high") else "low"


# How a report writes a bound, as the result shows it.
COMPARATORS = {"<": "<", ">": ">", "<=": "≤", ">=": "≥", "≤": "≤", "≥": "≥"}


def _computed_flag(
    value: float, low: float | None, high: float | None, strict: bool, comparator: str
) -> str | None:
    """ "high"/"low" against the range; a "<0.01" result is below 0.01, a ">60" one above 60."""
    below, above = comparator[:1] in ("<", "≤"), comparator[:1] in (">", "≥")
    high_strict = above or (strict and not below)
    low_strict = below or (strict and not above)
    if high is not None and (value > high or (high_strict and value >= high)):
        return "high"
    if low is not None and (value < low or (low_strict and value <= low)):
        return "low"
    return None


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]
