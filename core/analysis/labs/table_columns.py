"""Lab tables flattened into a case report's text: a header of columns, then one row a test.

Copied from an article's page, a table arrives one row a line with its cells between tabs
(or pipes): a header naming the columns, then "Sodium (mmol/L)  135–145  137  140". Two
shapes defeat a reader that takes the first number after a test's name (issue #29):

- the reference column before the result ("Variable | Reference range | Hospital day 1 |
  Discharge day 2"): the range's end was read as the result ("ALT <51") and the results
  were lost;
- one column a time point ("Variables | Admission | Day 20 | Day 24 | Reference"): only the
  first column was read, and without its time.

A header that names a reference column before a value column, or two or more time points,
turns each row under it into one clause a value, the column's time in words before the
test's name and the row's range after the value ("on admission Sodium (mmol/L) 137
(135–145); at discharge Sodium (mmol/L) 140 (135–145)"). The row as printed is still the
line quoted. A row with more cells than the header, or a line with no cells, ends the
table; a cell that holds no number (a dash, "Not detected") gives no value.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from core.analysis.labs.whose import RELATIVES

_PIPE = re.compile(r"\s*\|\s*")
_TAB = re.compile(r" *\t *")
_SPACES = re.compile(r"\s{2,}")

# The roles a header's cell gives its column.
_REFERENCE = re.compile(
    r"(?i)^(?:normal|reference|ref\.?)\b|\b(?:range|interval|values?\s+normal)$"
)
_UNIT = re.compile(r"(?i)^units?$")
_ADMISSION = re.compile(
    r"(?i)^(?:(?:on|at|upon)\s+)?(?:admission|presentation|arrival)\b|^(?:hospital\s+)?day\s*(?:1|0)\b"
    r"|^initial\b|^(?:emergency|ed)\b"
)
_DISCHARGE = re.compile(r"(?i)^(?:(?:on|at|upon)\s+)?discharge\b")
_EARLIER = re.compile(r"(?i)^(?:baseline|previous|prior|before\b|pre-?admission)")
_LATER = re.compile(
    r"(?i)^(?:(?:hospital\s+)?day\s*\d+|peak|nadir|follow[-\s]?up|after\b|post\b|week\s*\d+"
    r"|month\s*\d+|\d+\s*(?:h|hours?|days?|weeks?|months?|years?)\b|icu\b|repeat)"
)
# A time point named inside a longer heading: "Hospital admission for COVID-19 pneumonia",
# "Hospital discharge for COVID-19 pneumonia", "Eye clinic presentation" (BMJ Case Reports
# 233512), "Wellness Visit" (a LabCE teaching case). A heading of a few words that names the
# admission or the discharge is that column; a visit or a presentation is another time point
# ("later": a column of its own whose time is not told in words, since the heading does not
# say whether it came before the admission). Never a heading that puts the time before or
# after another ("Days after admission") or names someone else ("Mother at presentation",
# "Case 2 at admission"): such a column is not this patient's result of that day.
_NOT_WITHIN = (
    r"(?!(?:\S+\s+){0,3}?(?:before|prior|after|post|pre|since|child|control|case|patient\s*\d"
    rf"|{RELATIVES})\b)"
)
_ADMISSION_WITHIN = re.compile(rf"(?i)^{_NOT_WITHIN}(?:\S+\s+){{1,3}}(?:admission|arrival)\b")
_DISCHARGE_WITHIN = re.compile(rf"(?i)^{_NOT_WITHIN}(?:\S+\s+){{1,3}}discharge\b")
_LATER_WITHIN = re.compile(rf"(?i)^{_NOT_WITHIN}(?:\S+\s+){{1,3}}(?:presentation|visit|review)\b")
# A column of a study's group, not of one patient.
_GROUP = re.compile(r"(?i)\(\s*n\s*=\s*\d")
_RESULT = re.compile(
    r"(?i)^(?:(?:the\s+)?patient(?:'s)?(?:\s+(?:values?|results?))?|results?|values?"
    r"|(?:measured|observed)(?:\s+values?)?)$"
)
# The words a clause starts with for each time, as the reader takes them (context.py).
_SAID = {"admission": "on admission ", "discharge": "at discharge ", "earlier": "previously "}

# A result cell: a number, maybe a comparator before it and a mark of the paper's or a unit
# after it ("1.24*", "15.70†", "<10", "14 200*", "8700/μL", "2890 U/L"); a range
# ("135–145") or a median with its spread ("5.2 (2.6–23.6)") is none.
_VALUE_CELL = re.compile(
    r"^(?:[<>≤≥]\s*)?\d+(?:[ ,]\d{3})*(?:[.,]\d+)?\s*(?:[*†‡§!]+|\(?[HL]\)?)?"
    r"(?:\s*[A-Za-zµμ%/×][^\s–—-]*(?:\s+[^\s–—-]+){0,2}?(?:\s*[*†‡§]+)?)?$"
)
_THOUSANDS = re.compile(r"(?<![\d.])(\d{1,3}) (\d{3})(?!\d)")
_EMPTY = re.compile(r"^(?:[-–—]|n\.?d\.?|n/?a|)$", re.IGNORECASE)
_RANGE_CELL = re.compile(r"\d\s*[-–—]\s*\d|^[<>≤≥]\s*\d")


@dataclass(frozen=True)
class Column:
    """One column of the header: its role ("reference", "unit", "result") and its time."""

    role: str
    timing: str | None = None


def _cells(line: str) -> tuple[list[str], str] | None:
    """The cells of a row and its separator (tabs, pipes or runs of spaces), or None.
    A tab that opens the line keeps its empty first cell (a header's corner)."""
    if "\t" in line.strip():
        return [c.strip() for c in _TAB.split(line.rstrip())], "\t"
    if line.count("|") >= 2:
        cells = [c.strip() for c in _PIPE.split(line.strip().strip("|"))]
        return cells, "|"
    cells = _SPACES.split(line.strip())
    if len(cells) >= 2:
        return cells, "  "
    return None


# "Patient initial visit", "Patient 6 years later" (Clinical Cases in Tropical Medicine, 2022,
# table 62.1): the patient's column at a time; "Patient 2" is another patient's.
_PATIENT_AT = re.compile(
    r"(?i)^(?:the\s+)?patient(?:'s)?\s+(?=[A-Za-z]|\d+\s*(?:h|hours?|days?|weeks?|months?|years?)\b)"
)


def _column(cell: str) -> Column | None:
    at = _PATIENT_AT.match(cell)
    if at and not _RESULT.match(cell):
        timed = _column(cell[at.end() :])
        return timed if timed is not None and timed.timing is not None else None
    if _REFERENCE.search(cell):
        return Column("reference")
    if _UNIT.match(cell):
        return Column("unit")
    if _DISCHARGE.match(cell):
        return Column("result", "discharge")
    if _ADMISSION.match(cell):
        return Column("result", "admission")
    if _EARLIER.match(cell):
        return Column("result", "earlier")
    if _LATER.match(cell):
        return Column("result", "later")
    if _DISCHARGE_WITHIN.match(cell):
        return Column("result", "discharge")
    if _ADMISSION_WITHIN.match(cell):
        return Column("result", "admission")
    if _LATER_WITHIN.match(cell):
        return Column("result", "later")
    if _RESULT.match(cell):
        return Column("result")
    return None


def header_columns(line: str) -> tuple[tuple[Column | None, ...], str] | None:
    """The columns a table's header names after its first (the tests') column, when it is
    one this module reads: a reference column before a result column, or two or more
    time points. None for any other line."""
    split = _cells(line)
    if split is None:
        return None
    cells, separator = split
    if len(cells) < 3 or any(re.search(r"\d\s*[-–]\s*\d", c) for c in cells):
        return None
    if any(_GROUP.search(c) for c in cells):
        return None  # "Admission day (n = 33)": a cohort's medians, no patient's results
    # The tests' column may have no heading at all: "Admission  Day 3  Discharge".
    named = cells if _column(cells[0]) is not None else cells[1:]
    columns = tuple(_column(c) for c in named)
    roles = [c.role for c in columns if c is not None]
    if any(c is None for c in columns) or "result" not in roles:
        return None
    timed = sum(1 for c in columns if c is not None and c.timing is not None)
    reference_first = "reference" in roles and roles.index("reference") < roles.index("result")
    if timed >= 2 or reference_first:
        return columns, separator
    return None


# A row whose cells the page joined with nothing between them, straight after the test's
# name or unit: "Sodium (mmol/L)135–145137140", "Haemoglobin (g/dL)13–1813.713.0" (BMJ Case
# Reports' table pages as the search index stores them). Where one number ends and the next
# begins cannot be told: read as one, the range's "13" became a haemoglobin of 1.0, critical.
_GLUED = re.compile(r"(?<=[A-Za-z)])([<>≤≥–—-]?\d(?:[\d.,–—\-*†‡<>≤≥]| (?=\d))*)\s*$")
_RANGE_FIRST = re.compile(r"^(\d+)(?:[.,]\d+)?[–—-](.*)$")
# One result, then the upper or lower bound it is judged by: "301<40", "0.53<0.45" (a
# casebook's tables run together). Two results before a bound ("9.28.3<10") stay glued, and
# so does a row that opens with a bound: "IgM<10<1010*" is a range "<10" and then results.
_RESULT_THEN_BOUND = re.compile(r"\d+(?:\.\d+)?[<>≤≥]=?\d+(?:\.\d+)?\*?")


def glued_cells(line: str) -> bool:
    """Whether ``line`` ends in two or more numbers joined with nothing between them after
    its test's unit: a range or a bound and then results ("135–145137140", "<513244",
    "<3.0159*3*"), or results and then a range ("97.996.696.783.5–99.5", "290329415135–400").
    One result run into its range ("312150–400", "5.04.0–11.0") is read as before."""
    found = _GLUED.search(line)
    if found is None:
        return False
    token = found.group(1)
    if _RESULT_THEN_BOUND.fullmatch(token):
        return False  # "ALT (U/L)301<40": one result, then its bound (rewrite.unglue)
    if re.search(r"[*†‡]\d|.[<>≤≥]|\d[.,]?\d+[–—-]$", token) or (
        re.search(r"\d{8,}", token) and re.search(r"[.–—<>≤≥-]", token)
    ):
        # a mark or a bound run into the next number, a range's start whose end the page
        # lost ("Potassium (mmol/L)3.5–"), more digits before a range than one result holds
        # (an order number alone is none)
        return True
    if token[0] in "<>≤≥":
        return token.count(".") >= 2 or bool(re.match(r".\d{5,}", token))
    first = _RANGE_FIRST.match(token)
    if first:
        after = first.group(2)
        run = re.match(r"\d+", after)
        return after.count(".") >= 2 or bool(run and len(run.group()) >= len(first.group(1)) + 3)
    before = re.split(r"[–—-]", token, maxsplit=1)[0]
    return before.count(".") >= 3


# A table flattened with one space between its cells, as a page's text or a PDF's text layer
# without its layout gives it: "Variables Admission Day 20 Day 24 Reference", then
# "Platelets (×109/L) 290 329 415 135–400". A single space also parts the words of one cell,
# so such a header is read only when the whole line is a known tests' column heading and
# column headings, and a row only when its test's name is followed by cells alone.
_TESTS_HEADING = (
    r"(?:variables?|parameters?|tests?|analytes?|items?|investigations?|blood\s+tests?"
    r"|laboratory(?:\s+(?:tests?|parameters?|findings|values|data|investigations?|results?))?)"
)
_COLUMN_HEADING = (
    r"(?:(?:(?:on|at|upon)\s+)?(?:admission|presentation|arrival|discharge)"
    r"|(?:hospital\s+)?day\s*-?\d+|(?:post-?operative\s+day|pod)\s*\d+|peak|nadir"
    r"|follow[-\s]?up|baseline|previous|prior|initial|repeat|week\s*\d+|month\s*\d+"
    r"|\d+\s*(?:h|hours?|days?|weeks?|months?)(?:\s+later)?"
    r"|(?:normal|reference|ref\.?)(?:\s+(?:ranges?|values?|intervals?))?|units?|results?"
    r"|values?)(?:\s*\([^()]*\))?"
)
_SPACED_HEADER = re.compile(
    rf"(?i)^(?:{_TESTS_HEADING}\s+)?{_COLUMN_HEADING}(?:\s+{_COLUMN_HEADING})+$"
)
# "Discharge day 2" may be one heading or two ("Admission Day 20 Day 24"): both readings are
# kept, and the first row's count of cells chooses.
_HEADING_CELL = re.compile(rf"(?i){_COLUMN_HEADING}")
_DAY_JOINED = re.compile(
    r"(?i)(?:(?:on|at|upon)\s+)?(?:admission|discharge)\s+day\s*\d+(?:\s*\([^()]*\))?"
    rf"|{_COLUMN_HEADING}"
)
_SPACED_CELL = r"(?:(?:[<>≤≥]\s?)?\d+(?:[.,]\d+)?(?:\s?[-–—]\s?\d+(?:[.,]\d+)?)?[*†‡§]*|[-–—])"
_SPACED_ROW = re.compile(
    rf"^(?P<name>[^\d\s][^.;:]{{0,60}}?[A-Za-z)\]%])\s+(?P<cells>{_SPACED_CELL}"
    rf"(?:\s+{_SPACED_CELL})*)\s*$"
)


def spaced_header_columns(line: str) -> tuple[tuple[Column | None, ...], ...] | None:
    """The ways a header whose cells one space parts can be read into columns, each read as
    ``header_columns`` reads a header between tabs; None for any other line."""
    text = line.strip()
    if "\t" in text or "|" in text or "  " in text or _GROUP.search(text):
        return None
    if not _SPACED_HEADER.match(text):
        return None
    tests = re.match(rf"(?i){_TESTS_HEADING}\s+", text)
    headings = text[tests.end() if tests else 0 :]
    readings: list[tuple[Column | None, ...]] = []
    for cell in (_HEADING_CELL, _DAY_JOINED):
        found = header_columns("\t".join(["", *(m.group() for m in cell.finditer(headings))]))
        if found is not None and found[0] not in readings:
            readings.append(found[0])
    return tuple(readings) or None


class TableReader:
    """Rewrites the rows under a header it reads, one line at a time."""

    def __init__(self) -> None:
        self.columns: tuple[Column | None, ...] = ()
        self.separator = ""
        # A header whose cells one space parts: its readings, the first row choosing one.
        self.readings: tuple[tuple[Column | None, ...], ...] = ()

    def rewrite(self, line: str) -> str:
        """``line`` as the reader should take it: a row under a read header rewritten, any
        other line as it is."""
        if glued_cells(line):
            return ""  # no number of it can be told from the next
        header = header_columns(line)
        if header is not None:
            self.columns, self.separator = header
            return ""  # the header holds no value
        spaced = spaced_header_columns(line)
        if spaced is not None:
            self.readings, self.columns, self.separator = spaced, max(spaced, key=len), " "
            return ""
        if not self.columns:
            return line
        if self.separator == " ":
            return self._spaced_row(line)
        split = _cells(line)
        if split is None or split[1] != self.separator or len(split[0]) > len(self.columns) + 1:
            self.columns = ()
            return line
        cells = split[0]
        name, rest = cells[0], cells[1:]
        if not name or not re.search(r"[A-Za-z]", name):
            return line
        if self.separator == "  " and len(rest) < len(self.columns):
            short = _short_row(name, rest)
            return line if short is None else short
        return self._row(line, name, rest)

    def _spaced_row(self, line: str) -> str:
        """A row under a header whose cells one space parts: read only when the test's name
        is followed by cells alone; as many cells as columns are put under them, fewer are
        read as a short row, more (a count with a space between its thousands) as printed."""
        row = _SPACED_ROW.match(line.strip())
        if row is None:
            self.columns = ()
            return line
        name = row.group("name")
        rest = [cell.group() for cell in re.finditer(_SPACED_CELL, row.group("cells"))]
        fitting = [columns for columns in self.readings if len(columns) == len(rest)]
        if fitting:
            self.columns, self.readings = fitting[0], (fitting[0],)  # borne out by the row
            return self._row(line, name, rest)
        if len(rest) < min(len(columns) for columns in self.readings):
            short = _short_row(name, rest)
            return line if short is None else short
        return line

    def _row(self, line: str, name: str, rest: list[str]) -> str:
        """The row's result cells as one clause a column, its time before the test's name."""
        reference = unit = ""
        for column, cell in zip(self.columns, rest, strict=False):
            if column is not None and column.role == "reference" and _RANGE_CELL.search(cell):
                reference = f" ({cell})"
            elif column is not None and column.role == "unit":
                unit = f" {cell}"
        clauses = []
        for column, cell in zip(self.columns, rest, strict=False):
            if column is None or column.role != "result" or not _VALUE_CELL.match(cell):
                continue
            said = _SAID.get(column.timing or "", "")
            value = _THOUSANDS.sub(r"\1,\2", cell)  # "14 200" is fourteen thousand
            value = re.sub(r"\s*!+", "", value)  # the paper's mark of a result out of range
            clauses.append(f"{said}{name} {value}{unit}{reference}")
        if clauses:
            return "; ".join(clauses)
        # No result to read: the row's range is never one, the rest is read as printed.
        return "" if any(_RANGE_CELL.search(c) for c in rest) else line


def _short_row(name: str, rest: list[str]) -> str | None:
    """A row between runs of spaces with fewer cells than the header: its empty cells left
    no trace, so no cell can be put under its column. A range is told by its shape and a
    bound ("<51") may be either, so it is no result; the numbers are read, none with a time."""
    if not all(_RANGE_CELL.search(c) or _VALUE_CELL.match(c) or _EMPTY.match(c) for c in rest):
        return None  # words among the cells: prose, or a result in words
    ranges = [c for c in rest if _RANGE_CELL.search(c)]
    reference = f" ({ranges[-1]})" if ranges else ""
    values = [_THOUSANDS.sub(r"\1,\2", c) for c in rest if c not in ranges and _VALUE_CELL.match(c)]
    return "; ".join(f"{name} {value}{reference}" for value in values)


# A table printed one cell per line, as a page's or a PDF's text often gives it: the header's
# cells ("Variables", "Admission", "Day 20", "Day 24", "Reference"), then each row's name and
# its cells, each on a line of its own. Read one line at a time, a row's later columns were
# lost and read without their time. Such a header and the rows under it are joined back into
# lines of cells between runs of spaces, which the table reader above reads.
_JOIN = "   "
_MAX_HEADER_CELLS = 10
_MAX_CELL = 30  # characters: a cell, not a sentence


def _cellish(line: str) -> bool:
    text = line.strip()
    if not text or len(text) > _MAX_CELL:
        return False
    return bool(_VALUE_CELL.match(text) or _RANGE_CELL.search(text) or text in "-–—")


def one_cell_a_line(lines: list[str], is_test_name: Callable[[str], bool]) -> list[tuple[int, int]]:
    """The spans of ``lines`` (start, end) that are a header or a row printed one cell per
    line under a header this module reads; every other line is left out."""
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(lines):
        end = i
        while (
            end < len(lines)
            and end - i < _MAX_HEADER_CELLS
            and lines[end].strip()
            and (
                _column(lines[end].strip()) is not None
                or (end == i and re.fullmatch(rf"(?i){_TESTS_HEADING}", lines[end].strip()))
            )
        ):
            end += 1
        header = _JOIN.join(c.strip() for c in lines[i:end])
        found = header_columns(header) if end - i >= 3 else None
        if found is None:
            i += 1
            continue
        columns = len(found[0])
        spans.append((i, end))
        row = end
        while row < len(lines):
            name = lines[row].strip()
            if not name or len(name) > 2 * _MAX_CELL or _cellish(name) or not is_test_name(name):
                break
            cells = row + 1
            while cells < len(lines) and cells - row <= columns and _cellish(lines[cells]):
                cells += 1
            spans.append((row, cells))
            row = cells
        i = row
    return spans


def join_cells(lines: list[str], spans: list[tuple[int, int]]) -> list[str]:
    """``lines`` with each span joined into one line of cells."""
    joined: list[str] = []
    at = 0
    for start, end in spans:
        joined.extend(lines[at:start])
        joined.append(_JOIN.join(c.strip() for c in lines[start:end]))
        at = end
    joined.extend(lines[at:])
    return joined
