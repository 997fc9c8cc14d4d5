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
from itertools import pairwise

from core.analysis.labs.context import named_in
from core.analysis.labs.cumulative import date_cell, newest_first
from core.analysis.labs.patterns import RESULT_THEN_BOUND
from core.analysis.labs.reference import Patient
from core.analysis.labs.specimens import VENOUS_SAMPLE
from core.analysis.labs.table_persons import (
    ANOTHER,
    OWN,
    PERSONS,
    SPACED_PERSONS,
    person_column,
    whose,
)
from core.analysis.labs.whose import RELATIVES
from core.privacy.findings import IDENTIFIER_PLACEHOLDER

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
    r"(?i)^(?:(?:on|at)\s+)?(?:(?:hospital\s+|icu\s+)?day\s*[-−]?\d+|peak|nadir|follow[-\s]?up|after\b"
    r"|post\b|week\s*\d+|month\s*\d+|\d+\s*(?:h|hours?|days?|weeks?|months?|years?)\b|icu\b"
    r"|repeat"
    # a hospital or post-operative day as tables abbreviate it ("HD 1", "POD 3", "D7"), a
    # visit's number, the day of an operation or a treatment told before or after it
    r"|(?:hd|pod|d)\s*[-−]?\d+\b|post-?operative\s+day\s*\d+|visit\s*\d+\b"
    r"|(?:pre|post)[-\s]?(?:op(?:erative(?:ly)?)?|treatment|therapy|transfusion|dialysis)\b"
    r"|(?:last|final|latest|current)\b|(?:1st|2nd|3rd|\d+th|first|second|third|fourth)\b"
    # a date as a column's heading: "12/03/2019", "12.03.19", "March 12", "12 Mar 2019",
    # "Mar-2020" (never without its year in figures: "12.03" is a result, "10/20" an ESR's
    # bounds for men and women)
    r"|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}$"
    r"|(?:\d{1,2}\s+)?(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?"
    r"|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?"
    r"(?:[-\s]\d{1,2}(?:st|nd|rd|th)?)?(?:,?[-\s]\d{2,4})?$)"
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
    rf"|(?:measured|observed)(?:\s+values?)?|{OWN})$"
)
# The words a clause starts with for each time, as the reader takes them (context.py).
_SAID = {"admission": "on admission ", "discharge": "at discharge ", "earlier": "previously "}

# A row that names only a unit, under a test's row of no cells (TableReader.parent).
_UNIT_ROW = re.compile(r"(?i)mm\s?Hg|kPa|mmol/L|µmol/L|μmol/L|mg/dL|g/L|g/dL|%")

# A result cell: a number, maybe a comparator before it and a mark of the paper's or a unit
# after it ("1.24*", "15.70†", "<10", "14 200*", "8700/μL", "2890 U/L"); a range
# ("135–145") or a median with its spread ("5.2 (2.6–23.6)") is none. A minus sign opens a
# base excess's cell ("BE, mEq·L−1 | −2.0–2.0 | −5.1 | −14.1", Breathe 14124).
_VALUE_CELL = re.compile(
    r"^(?:[<>≤≥]\s*|[-−](?=\d))?\d+(?:[ ,]\d{3})*(?:[.,]\d+)?\s*(?:[*†‡§!]+|\(?[HL]\)?)?"
    r"(?:\s*[A-Za-zµμ%/×][^\s–—-]*(?:\s+[^\s–—-]+){0,2}?(?:\s*[*†‡§]+)?)?$"
)
_THOUSANDS = re.compile(r"(?<![\d.])(\d{1,3}) (\d{3})(?!\d)")
_THOUSANDS_COMMA = r"\1,\2"  # "14 200" is fourteen thousand
# A laboratory's mark before a result: a delta check's "δ-" / "δ+" (the change since the last
# result is beyond its limit), a bullet ("• 31"). The number after it is the result.
_MARK_BEFORE = re.compile(r"^(?:δ\s*[-+]?|[•·])\s*")
_EMPTY = re.compile(r"^(?:[-–—]|n\.?d\.?|n/?a|)$", re.IGNORECASE)
_RANGE_CELL = re.compile(r"\d\s*[-–—]\s*\d|^[<>≤≥]\s*\d")


@dataclass(frozen=True)
class Column:
    """One column of the header: its role ("reference", "unit", "result"), its time and,
    for a column of one specimen's results, the specimen in the words the reader takes."""

    role: str
    timing: str | None = None
    specimen: str | None = None
    venous: bool = False  # a time's column of venous blood ("8 h, venous blood on room air")


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


# A column of one specimen's results: "Pleural fluid | Serum" (Light's criteria), "Serum |
# Urine" (a hyponatraemia's work-up), "CSF | Blood" (the glucose ratio), maybe with a time
# ("Urine (day 3)"). Its rows are read with the specimen's word before the test's name, the
# way the reader takes it from prose; without it the urine's column was read as the blood's
# or the whole table as the urine's. The word is one the reader's prose specimens take
# (context.py; column_specimen translates it).
#
# The one list of a table's specimen headings: the specimen's word, the headings between
# tabs, pipes or runs of spaces that name it, and the narrower headings a header whose cells
# one space parts may hold (_COLUMN_HEADING). A single space also parts the words of one
# cell, so there a fluid must be named whole ("Pleural fluid", never "Pleural"), and a
# drain's fluid, whose heading is too often a procedure's, not at all.
_SPECIMEN_HEADINGS: tuple[tuple[str, str, str | None], ...] = (
    ("serum", r"serum|plasma|(?:(?:whole|venous|peripheral)\s+)?blood", r"serum|plasma|blood"),
    ("urine", r"(?:spot\s+|24[-\s]?h(?:ou)?r?\s+)?urine|urinary", r"urine"),
    ("CSF", r"csf|(?:cerebro)?spinal\s+fluid", r"csf"),
    ("pleural fluid", r"pleural(?:\s+(?:fluid|effusion))?", r"pleural\s+fluid"),
    (
        "ascitic fluid",
        r"ascitic(?:\s+fluid)?|ascites|peritoneal(?:\s+fluid)?",
        r"(?:ascitic|peritoneal)\s+fluid",
    ),
    ("pericardial fluid", r"pericardial(?:\s+(?:fluid|effusion))?", r"pericardial\s+fluid"),
    ("synovial fluid", r"synovial(?:\s+fluid)?|joint\s+fluid", r"synovial\s+fluid"),
    ("drain fluid", r"drain(?:age)?(?:\s+fluid)?", None),
)
_SPECIMEN_HEADING = re.compile(
    r"(?i)^(?:"
    + "|".join(f"(?P<s{i}>{pattern})" for i, (_, pattern, _) in enumerate(_SPECIMEN_HEADINGS))
    + r")(?:\s+(?:values?|results?|levels?|samples?|specimens?|analysis|findings))?"
    r"(?:\s*\((?P<inner>[^()]*)\)|\s+(?P<after>\S.*))?$"
)


def _specimen_column(cell: str) -> Column | None:
    """A heading that names one specimen's results, maybe at a time; None for any other."""
    found = _SPECIMEN_HEADING.match(cell.strip())
    if found is None:
        return None
    said = next(name for i, (name, _, _) in enumerate(_SPECIMEN_HEADINGS) if found.group(f"s{i}"))
    rest = found.group("inner") or found.group("after")
    if rest is None:
        return Column("result", None, said)
    timed = _column(rest)
    if timed is None or timed.role != "result" or timed.specimen is not None:
        return None  # "Serum reference range", "Blood culture": no column of results
    return Column("result", timed.timing, said)


# A clause a specimen column's cell was rewritten into, up to its test's name: "CSF ",
# "on admission pleural fluid " (TableReader._row).
_COLUMN_CLAUSE = re.compile(
    r"(?:^|;)\s*(?:(?:"
    + "|".join(_SAID.values())
    + r"))?(?P<specimen>"
    + "|".join(re.escape(name) for name, _, _ in _SPECIMEN_HEADINGS)
    + r")\s+$"
)


def column_specimen(before: str) -> str | None:
    """The specimen, in the words context.py names it ("csf", "peritoneal fluid", "blood"),
    of a rewritten table row's clause that ``before`` (the row up to a test's name) opens
    with a specimen column's word; None for any other text. Every test of such a column is
    that specimen's: "CSF Sodium (mmol/L) 140" is no blood sodium, whatever tests prose
    would take a CSF's word for (context.measured_in)."""
    found = _COLUMN_CLAUSE.search(before)
    if found is None:
        return None
    return named_in(found.group("specimen")) or "body fluid"


def _column(cell: str) -> Column | None:
    person = person_column(cell)
    if person is not None:
        return Column(person)  # another person's, or a parent's or newborn's (table_persons)
    specimen = _specimen_column(cell)
    if specimen is not None:
        return specimen
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


def header_columns(
    line: str, patient: Patient | None = None
) -> tuple[tuple[Column | None, ...], str] | None:
    """The columns a table's header names after its first (the tests') column, when it is
    one this module reads: a reference column before a result column, two or more time
    points, two or more specimens, or another person's column beside the patient's
    (table_persons: whose column is the ``patient``'s). None for any other line."""
    split = _cells(line)
    if split is None:
        return None
    cells, separator = split
    if separator != "  ":
        # An empty stub heading printed at the row's end ("Normal range | 0 h | 2 h | |",
        # Breathe's and PMC's table pages): the header names every column after the tests'.
        while len(cells) > 2 and not cells[-1]:
            cells = cells[:-1]
    if any(re.search(r"\d\s*[-–]\s*\d", c) for c in cells):
        return None
    if len(cells) < 3 and not (len(cells) == 2 and all(_column(c) is not None for c in cells)):
        return None  # two cells are a header only when both name columns: "CSF | Blood"
    if any(_GROUP.search(c) for c in cells):
        return None  # "Admission day (n = 33)": a cohort's medians, no patient's results
    # The tests' column may have no heading at all: "Admission  Day 3  Discharge".
    named = cells if _column(cells[0]) is not None else cells[1:]
    columns = _whose(tuple(_column(c) for c in named), named, patient)
    roles = [c.role for c in columns if c is not None]
    if any(c is None for c in columns) or not {"result", ANOTHER} & set(roles):
        return None
    specimens = {c.specimen for c in columns if c is not None and c.specimen is not None}
    if _readable(columns) or len(specimens) >= 2:
        timed = _timed(columns, named)
        return tuple(
            Column(c.role, c.timing, c.specimen, True)
            if c is not None and c.role == "result" and VENOUS_SAMPLE.search(cell)
            else c
            for c, cell in zip(timed, named, strict=True)
        ), separator
    return None


# A serial gas's column of venous blood beside arterial ones (Breathe 14124: "0 h, arterial
# blood on room air ... 8 h, venous blood on room air"). Its oxygen tension tells nothing of
# the patient's oxygenation and the reader has no venous specimen to give it: a venous pO2 of
# 29 mmHg, normal, was read against the arterial limit and telephoned. Its other results are
# read as the blood's.
_OXYGEN_TENSION = re.compile(r"(?i)^p[av]?o2\b|^oxygen\s+(?:tension|partial)|^po₂")


def _whose(
    columns: tuple[Column | None, ...], cells: list[str], patient: Patient | None
) -> tuple[Column | None, ...]:
    """``columns`` with each person's column resolved to the patient's or another person's
    (table_persons.whose); a column of no heading beside another person's is the patient's
    ("Test | | Sister")."""
    if not any(c is not None and c.role in PERSONS for c in columns):
        return columns
    columns = tuple(
        Column("result") if c is None and not cells[i].strip() else c for i, c in enumerate(columns)
    )
    roles = whose([c.role if c else None for c in columns], cells, patient)
    return tuple(
        Column(role, c.timing, c.specimen) if c is not None and role is not None else c
        for c, role in zip(columns, roles, strict=True)
    )


# A time point's place on a course, in days: "Day 3", "HD 7", "POD 1", "Week 2", "48 h",
# "Visit 2", a date; "Pre-op" before them all.
_ON_A_COURSE = re.compile(
    r"(?i)(?:(?:hospital|icu|post-?operative)\s+)?(?P<kind>day|hd|pod|d|week|month|visit)\s*"
    r"(?P<n>[-−]?\d+)|(?P<m>\d+)\s*(?P<unit>h|hours?|days?|weeks?|months?)\b"
)
_DAYS_IN = {"h": 1 / 24, "hour": 1 / 24, "hours": 1 / 24, "week": 7, "weeks": 7, "month": 30,
            "months": 30}  # fmt: skip
_BEFORE_ALL = re.compile(r"(?i)^(?:pre[-\s]?(?:op|treatment|therapy|transfusion|dialysis))")


def _when(cell: str) -> float | None:
    """Where a time column's heading lies on the course, in days from its start; None when
    the heading tells no place ("Peak", "Follow-up")."""
    if _BEFORE_ALL.match(cell):
        return float("-inf")
    date = date_cell(cell)
    if date is not None:
        day, month, year = (int(date.group(i)) for i in (1, 2, 3))
        if month > 12:
            day, month = month, day
        return float((year % 100) * 372 + month * 31 + day)
    found = _ON_A_COURSE.search(cell)
    if found is None:
        return None
    if found.group("n") is not None:
        number = float(found.group("n").replace("−", "-"))
        return number * _DAYS_IN.get(found.group("kind").lower(), 1)
    return float(found.group("m")) * _DAYS_IN.get(found.group("unit").lower(), 1)


def _timed(columns: tuple[Column | None, ...], cells: list[str]) -> tuple[Column | None, ...]:
    """``columns`` with the times their headings give: a laboratory's dates newest first
    (``_dated``), then a course's time points in order (``_in_order``)."""
    return _in_order(_dated(columns, cells), cells)


def _in_order(columns: tuple[Column | None, ...], cells: list[str]) -> tuple[Column | None, ...]:
    """``columns`` with the time a course's order gives: where two or more columns are time
    points of no time told in words ("HD 1 | HD 3 | HD 7", "Day 20 | Day 24", dates oldest
    first) and their headings run forward, the last is the current result and the ones
    before it earlier ones. Only the current value of a test is an alarm: platelets of 32 on
    the first hospital day that were 140 by the seventh are no critical value today."""
    later = [i for i, c in enumerate(columns) if c is not None and c.timing == "later"]
    if len(later) < 2:
        return columns
    places = [_when(cells[i]) for i in later]
    if any(p is None for p in places) or any(
        b is None or a is None or b <= a for a, b in pairwise(places)
    ):
        return columns
    before = set(later[:-1])
    return tuple(
        Column("result", "earlier", c.specimen) if i in before and c is not None else c
        for i, c in enumerate(columns)
    )


def _dated(columns: tuple[Column | None, ...], cells: list[str]) -> tuple[Column | None, ...]:
    """``columns`` with the time their dates give: in a table headed by its dates newest
    first (a laboratory's cumulative print, "Date | 24/01/2021 | 23/01/2021 | 22/01/2021"),
    the newest column is the current result and the others earlier ones. Dates oldest first
    (a case's course) stay columns of no time told."""
    dates = [(i, date_cell(cell)) for i, cell in enumerate(cells)]
    found = [(i, match) for i, match in dates if match is not None]
    if len(found) < 2 or not newest_first([match for _, match in found]):
        return columns
    newest = found[0][0]
    at = {i for i, _ in found}
    return tuple(
        Column("result", None if i == newest else "earlier") if i in at else column
        for i, column in enumerate(columns)
    )


# A row whose cells the page joined with nothing between them, straight after the test's
# name or unit: "Sodium (mmol/L)135–145137140", "Haemoglobin (g/dL)13–1813.713.0" (BMJ Case
# Reports' table pages as the search index stores them). Where one number ends and the next
# begins cannot be told: read as one, the range's "13" became a haemoglobin of 1.0, critical.
_GLUED = re.compile(r"(?<=[A-Za-z)])([<>≤≥–—-]?\d(?:[\d.,–—\-*†‡<>≤≥]| (?=\d))*)\s*$")
_RANGE_FIRST = re.compile(r"^(\d+)(?:[.,]\d+)?[–—-](.*)$")
# One result, then its bound (patterns.RESULT_THEN_BOUND), maybe with the paper's mark. Two
# results before a bound ("9.28.3<10") stay glued, and so does a row that opens with a bound:
# "IgM<10<1010*" is a range "<10" and then results.
_RESULT_THEN_BOUND = re.compile(rf"{RESULT_THEN_BOUND}\*?")


# Such a row as it reaches the table reader: the de-identifier has taken a long run of the
# joined digits for a record number ("Sodium (mmol/L)135–[IDENTIFIER]", "Activated partial
# thromboplastin time (s)27[IDENTIFIER]", BMJ Case Reports 220136), leaving the range's start
# or a piece of a cell, which was read as the result; or the page lost the cells of a row
# but a range's end ("Potassium (mmol/L)–5.3", "White cell count (×10³/mm³)–9.6", BMJ Case
# Reports 235933 and 233512: the rows the page printed in bold), read as a result and
# flagged. An en dash opens no result there (the pages print a minus as "−").
# A row is short, and its cut cell holds two digits or a decimal ("27[IDENTIFIER]",
# "0.3[IDENTIFIER]"); a marker's name in prose is none ("CCR7-[IDENTIFIER]-" of a flow panel).
_GLUED_CUT = re.compile(
    rf"(?<=[A-Za-z)])[<>≤≥–—-]?\d[.,]?\d[\d.,–—\-*†‡<>≤≥]*{re.escape(IDENTIFIER_PLACEHOLDER)}"
)
_ROW_LENGTH = 120
_RANGE_END_ALONE = re.compile(r"(?<=[A-Za-z)])[–—]\d+(?:[.,]\d+)?\s*$")


def glued_cells(line: str) -> bool:
    """Whether ``line`` ends in two or more numbers joined with nothing between them after
    its test's unit: a range or a bound and then results ("135–145137140", "<513244",
    "<3.0159*3*"), or results and then a range ("97.996.696.783.5–99.5", "290329415135–400"),
    or such a run cut by the de-identifier, or a range's end alone (_GLUED_CUT).
    One result run into its range ("312150–400", "5.04.0–11.0") is read as before."""
    if len(line) <= _ROW_LENGTH and (_GLUED_CUT.search(line) or _RANGE_END_ALONE.search(line)):
        return True
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
    r"|values?|hd\s*\d+|visit\s*\d+|pre-?op(?:erative)?|post-?op(?:erative)?"
    # a specimen's column ("Parameter Pleural fluid Serum"), as a single space allows it
    + "".join(f"|{spaced}" for _, _, spaced in _SPECIMEN_HEADINGS if spaced)
    # a person's column, the patient's or another's ("Parameter Patient Father Sister")
    + rf"|{SPACED_PERSONS}"
    + r")(?:\s*\([^()]*\))?"
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


def spaced_header_columns(
    line: str, patient: Patient | None = None
) -> tuple[tuple[Column | None, ...], ...] | None:
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
        cells = ["", *(m.group() for m in cell.finditer(headings))]
        found = header_columns("\t".join(cells), patient)
        if found is not None and found[0] not in readings:
            readings.append(found[0])
    return tuple(readings) or None


# Two or three panels printed side by side, each with its tests' column: "Blood | Result |
# Urine | Result", "Serum | Value | Reference | Urine | Value | Reference". A row holds one
# test of each panel ("Sodium (mmol/L) | 128 | Sodium (mmol/L) | 45"). Read as one table, the
# second panel's name and values ran on from the first's and the whole row took the last
# specimen named. Each panel is read as a table of its own, its specimen heading its
# tests' column.
_MAX_PANELS = 3


def panel_columns(line: str) -> tuple[tuple[tuple[Column | None, ...], ...], str] | None:
    """The columns of each panel of a header of two or more side-by-side panels, one of which
    at least names its specimen, or each of which a header of its own would be read for (two
    time points, a reference column first: "Test | Day 1 | Day 3 | Test | Day 1 | Day 3");
    None for any other line."""
    split = _cells(line)
    if split is None:
        return None
    cells, separator = split
    for panels in range(2, _MAX_PANELS + 1):
        width = len(cells) // panels
        if width < 2 or width * panels != len(cells):
            continue
        groups = [cells[i * width : (i + 1) * width] for i in range(panels)]
        read = [_panel(group) for group in groups]
        if any(columns is None for columns in read):
            continue
        found = tuple(columns for columns in read if columns is not None)
        named = any(c is not None and c.specimen for columns in found for c in columns)
        if named or all(_readable(columns) for columns in found):
            return found, separator
    return None


def _readable(columns: tuple[Column | None, ...]) -> bool:
    """Whether a header of ``columns`` is one this module reads: two or more time points,
    another person's column (whose cells are never read), or a reference column before a
    result column."""
    roles = [c.role for c in columns if c is not None]
    timed = sum(1 for c in columns if c is not None and c.timing is not None)
    return (
        timed >= 2
        or ANOTHER in roles
        or (
            "reference" in roles
            and "result" in roles
            and roles.index("reference") < roles.index("result")
        )
    )


def _panel(group: list[str]) -> tuple[Column | None, ...] | None:
    """One panel's columns after its tests' column, the specimen its first heading names
    given to its result columns."""
    heading, rest = group[0], group[1:]
    specimen = _specimen_column(heading)
    if specimen is None and not re.fullmatch(rf"(?i){_TESTS_HEADING}", heading):
        return None
    if specimen is not None and specimen.timing is not None:
        return None
    columns = tuple(_column(c) for c in rest)
    if any(c is None or c.specimen for c in columns) or not any(
        c is not None and c.role == "result" for c in columns
    ):
        return None
    said = specimen.specimen if specimen is not None else None
    columns = _timed(columns, rest)
    return tuple(
        Column(c.role, c.timing, said if c.role == "result" else None) if c else None
        for c in columns
    )


# A table turned on its side: one row a time point, one column a test ("Day | Hb (g/dL) |
# Platelets (×10^9/L) | Creatinine (mg/dL)", then "Day 1 | 8.2 | 45 | 2.1"), as a case's
# course is often printed. Read as rows of tests, nothing was read, or the day's number as a
# result. Each row is read as one clause a test, its time from the row's label.
_TIME_HEADING = re.compile(
    r"(?i)^(?:(?:hospital|icu|post-?operative|treatment)\s+)?(?:days?|dates?|times?"
    r"|time\s*points?|timepoints?|hd|pod|weeks?|months?|visits?|samples?|(?:blood\s+)?draws?"
    r"|hours?|h)(?:\s+(?:of|after|since|from)\s+\w+(?:\s+\w+)?)?(?:\s*\([^()]*\))?$|^$"
)
_DAY_NUMBER = re.compile(r"^[-−]?\d{1,3}$")


def transposed_header(
    line: str, is_test_name: Callable[[str], bool]
) -> tuple[list[str], str] | None:
    """The tests a header of time points' rows names, one a column after its time column,
    and the separator; None for any other line."""
    split = _cells(line)
    if split is None:
        return None
    cells, separator = split
    corner = _TIME_HEADING.match(cells[0]) or _PERSONS_HEADING.match(cells[0])
    if not corner or len(cells) < (2 if cells[0] else 3):
        return None  # one test's course needs its time column named: "Day | Platelets"
    tests = cells[1:]
    if not all(t and is_test_name(t) for t in tests):
        return None
    return tests, separator


# A table of persons on its side, one row a person ("Family member | Hb (g/dL) | MCV (fL) |
# HbA2 (%)", then "Patient | 9.1 | 62 | 5.8", "Mother | 12.0 | 70 | 4.9"), as a
# haemoglobinopathy's or a hereditary disease's family study prints it: the patient's row is
# read, another person's never (table_persons).
_PERSONS_HEADING = re.compile(
    r"(?i)^(?:family\s+members?|members?|subjects?|individuals?|relatives?|persons?"
    r"|relation(?:ship)?(?:\s+to\s+(?:the\s+)?(?:patient|proband))?)$"
)


def _person_row(label: str) -> str | None:
    """A row's label as a person: "own" (the patient: "Patient", "Proband", "Index case"),
    "another" (anyone else, a parent and a newborn too: which of them the patient is a table
    on its side does not tell beside the patient's own row), or None."""
    if _RESULT.match(label.strip()):
        return "own"
    return ANOTHER if person_column(label) is not None else None


def _time_label(label: str) -> Column | None:
    """A row's label as a time point: a heading's words ("Admission", "Day 5", "HD 3",
    "12/03/2019") or a day's number alone."""
    if _DAY_NUMBER.match(label):
        return Column("result", "later")
    column = _column(label)
    if column is None or column.role != "result" or column.specimen or column.timing is None:
        return None
    return column


# A heading inside a table, on a row of its own: "Hematology", "Complete blood count",
# "Urine", "Liver function tests". Taken as the table's end, the rows under it lost their
# later columns. A few words, no number and no sentence's stop.
_SUBHEADING = re.compile(r"[A-Za-z][A-Za-z()/&,' -]{0,39}(?<![ ,])")
_SUBHEADING_WORDS = 5


class TableReader:
    """Rewrites the rows under a header it reads, one line at a time."""

    def __init__(
        self, is_test_name: Callable[[str], bool] = lambda _: False, patient: Patient | None = None
    ) -> None:
        self.is_test_name = is_test_name
        self.patient = patient  # whose a parent's or a newborn's column is (table_persons)
        self._next = ""  # the line after the one being rewritten (rewrite_lines)
        # The tests of a table whose rows are time points, one a column.
        self.tests: list[str] = []
        self.columns: tuple[Column | None, ...] = ()
        self.separator = ""
        # A header whose cells one space parts: its readings, the first row choosing one.
        self.readings: tuple[tuple[Column | None, ...], ...] = ()
        # A header of side-by-side panels: each panel's columns after its tests' column.
        self.panels: tuple[tuple[Column | None, ...], ...] = ()
        # A test's row of no cells whose results follow one unit a row ("PO2 | ||||||", then
        # "mmHg | 80.0–100.0 | 91.7 | ...", "kPa | 10.5–13.5 | 12.2 | ..."): the test, and
        # whether its first unit's row has been read (the next ones are the same results).
        self.parent = ""
        self.parent_read = False

    def rewrite_lines(self, lines: list[str]) -> list[str]:
        """Each of a page's ``lines`` as ``rewrite`` gives it, each row of a table on its side
        knowing whether a later time point's row follows it."""
        rows = []
        for index, line in enumerate(lines):
            self._next = lines[index + 1] if index + 1 < len(lines) else ""
            rows.append(self.rewrite(line))
        return rows

    def rewrite(self, line: str) -> str:
        """``line`` as the reader should take it: a row under a read header rewritten, any
        other line as it is."""
        if glued_cells(line):
            return ""  # no number of it can be told from the next
        tests = transposed_header(line, self.is_test_name)
        if tests is not None:
            (self.tests, self.separator), self.columns, self.panels = tests, (), ()
            return ""  # the header holds no value
        if self.tests:
            return self._time_row(line)
        panels = panel_columns(line)
        if panels is not None:
            (self.panels, self.separator), self.columns = panels, ()
            return ""  # the header holds no value
        if self.panels:
            return self._panel_row(line)
        header = header_columns(line, self.patient)
        if header is not None:
            self.columns, self.separator = header
            return ""  # the header holds no value
        spaced = spaced_header_columns(line, self.patient)
        if spaced is not None:
            self.readings, self.columns, self.separator = spaced, max(spaced, key=len), " "
            return ""
        if not self.columns:
            return line
        heading = line.strip(" \t|")
        if _SUBHEADING.fullmatch(heading) and len(heading.split()) <= _SUBHEADING_WORDS:
            return line  # "Hematology", "Urine": a heading inside the table, which goes on
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
        if _UNIT_ROW.fullmatch(name) and self.parent:
            if self.parent_read:
                return ""  # the same results in another unit
            self.parent_read = True
            name = f"{self.parent} ({name})"
        elif not any(rest):
            self.parent, self.parent_read = name, False
        else:
            self.parent = ""
        if self.separator == "  " and len(rest) < len(self.columns):
            if self._anothers():
                return ""  # which of its numbers is the patient's cannot be told
            short = _short_row(name, rest)
            return line if short is None else short
        return self._row(line, name, rest)

    def _time_row(self, line: str) -> str:
        """A row of a table whose rows are time points: each test's cell as a clause, the
        row's time before the test's name. A line that is no such row ends the table."""
        split = _cells(line)
        person = _person_row(split[0][0]) if split is not None else None
        if split is not None and person == ANOTHER and split[1] == self.separator:
            return ""  # another person's row: none of its numbers is the patient's
        if person == "own":
            label: Column | None = Column("result")
        else:
            label = _time_label(split[0][0]) if split is not None else None
        if split is None or label is None or split[1] != self.separator:
            self.tests = []
            return line
        rest = split[0][1:]
        if len(rest) > len(self.tests):
            self.tests = []
            return line
        timing = label.timing
        if timing == "later" and self._time_row_follows():
            # a later time point's row follows: this row's results are earlier ones, only
            # the last row's current (a course printed one day a row, the first day first)
            timing = "earlier"
        said = _SAID.get(timing or "", "")
        clauses = [
            f"{said}{test} {_THOUSANDS.sub(_THOUSANDS_COMMA, cell)}"
            for test, cell in zip(self.tests, rest, strict=False)
            if _VALUE_CELL.match(cell)
        ]
        return "; ".join(clauses)

    def _time_row_follows(self) -> bool:
        """Whether the next line is another row of the table on its side, of a later time."""
        split = _cells(self._next)
        if split is None or split[1] != self.separator:
            return False
        label = _time_label(split[0][0])
        return label is not None and label.timing not in ("admission", "earlier")

    def _panel_row(self, line: str) -> str:
        """A row of side-by-side panels, each panel's test read under its own columns; a line
        that is no such row ends the table."""
        split = _cells(line)
        width = 1 + len(self.panels[0])
        if split is None or split[1] != self.separator or len(split[0]) > width * len(self.panels):
            self.panels = ()
            return line
        cells = split[0] + [""] * (width * len(self.panels) - len(split[0]))
        clauses = []
        for i, columns in enumerate(self.panels):
            name, rest = cells[i * width], cells[i * width + 1 : (i + 1) * width]
            if not re.search(r"[A-Za-z]", name):
                continue
            self.columns = columns
            row = self._row("", name, rest)
            if row:
                clauses.append(row)
        self.columns = ()
        return "; ".join(clauses)

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
        if len(rest) < min(len(columns) for columns in self.readings) and not self._anothers():
            short = _short_row(name, rest)
            return line if short is None else short
        return line

    def _row(self, line: str, name: str, rest: list[str]) -> str:
        """The row's result cells as one clause a column, its time and its specimen before
        the test's name."""
        reference = unit = ""
        specimens = {c.specimen for c in self.columns if c is not None and c.specimen}
        for column, cell in zip(self.columns, rest, strict=False):
            if column is not None and column.role == "reference" and _RANGE_CELL.search(cell):
                # one range beside two specimens' results is one of theirs, which is not told
                reference = "" if len(specimens) >= 2 else f" ({cell})"
            elif column is not None and column.role == "unit":
                unit = f" {cell}"
        clauses = []
        for column, cell in zip(self.columns, rest, strict=False):
            cell = _MARK_BEFORE.sub("", cell)
            if column is None or column.role != "result" or not _VALUE_CELL.match(cell):
                continue
            if column.venous and _OXYGEN_TENSION.match(name):
                continue  # a venous sample's oxygen tension (VENOUS_SAMPLE)
            said = _SAID.get(column.timing or "", "")
            if column.specimen is not None:
                said += f"{column.specimen} "
            value = _THOUSANDS.sub(_THOUSANDS_COMMA, cell)
            value = re.sub(r"\s*!+", "", value)  # the paper's mark of a result out of range
            clauses.append(f"{said}{name} {value}{unit}{reference}")
        if clauses:
            return "; ".join(clauses)
        # No result to read: the row's range is never one, the rest is read as printed,
        # without another person's cells ("Urine protein | negative | 2+" of a sister's).
        if any(_RANGE_CELL.search(c) for c in rest):
            return ""
        if self._anothers():
            kept = [c for column, c in zip(self.columns, rest, strict=False) if _own(column)]
            return _JOINED[self.separator].join([name, *kept])
        return line

    def _anothers(self) -> bool:
        """Whether the header read names another person's column."""
        return any(not _own(column) for column in self.columns)


def _own(column: Column | None) -> bool:
    return column is None or column.role != ANOTHER


_JOINED = {"|": " | ", "\t": "\t", "  ": "   ", " ": " "}


def _short_row(name: str, rest: list[str]) -> str | None:
    """A row between runs of spaces with fewer cells than the header: its empty cells left
    no trace, so no cell can be put under its column. A range is told by its shape and a
    bound ("<51") may be either, so it is no result; the numbers are read, none with a time."""
    if not all(_RANGE_CELL.search(c) or _VALUE_CELL.match(c) or _EMPTY.match(c) for c in rest):
        return None  # words among the cells: prose, or a result in words
    ranges = [c for c in rest if _RANGE_CELL.search(c)]
    reference = f" ({ranges[-1]})" if ranges else ""
    values = [
        _THOUSANDS.sub(_THOUSANDS_COMMA, c)
        for c in rest
        if c not in ranges and _VALUE_CELL.match(c)
    ]
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


def one_cell_a_line(
    lines: list[str], is_test_name: Callable[[str], bool], patient: Patient | None = None
) -> list[tuple[int, int]]:
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
        found = header_columns(header, patient) if end - i >= 3 else None
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


# A table whose header and rows the text joined into one line, its cells one space apart, as
# a table passage of an article's text (BioC) or a page's text without its rows' ends gives
# it: "Parameter Patient Reference WBC (×109/L) 3.2 4–10 Hb (g/dL) 10.2 12–14 Platelets
# (×109/L) 155 150–350" (Clinical Cases in Tropical Medicine, 2022, table 3.1 flattened so).
# Read as one run-on sentence, the results after the first few were lost (a test's name
# straight after the last one's range is no clause of its own). Apart, each row is a line
# of its own, read as a row a line is. The header names the tests' column and the value
# columns; a row ends after its cells where the next test's name begins, or after two
# cells or more where a capital begins a name the catalogue lacks ("Polymorphs (%) 92.1").
_JOINED_HEADER = re.compile(
    rf"(?i)^{_TESTS_HEADING}(?:\s*\([^()]*\))?(?:\s+{_COLUMN_HEADING})+(?=\s)"
)
_JOINED_CELL = rf"(?:{_SPACED_CELL}(?:%|/[^\s()]+)?|\([<>≤≥]?\s?\d[^()]*\))"
_CELL_RUN = re.compile(rf"(?:\s+{_JOINED_CELL})+\s+")
# a name's capitalised word ("Polymorphs", "CSF protein", "AP"), never a unit ("U/L", "IU/L")
_CAPITALISED = re.compile(r"[A-Z][A-Za-z0-9-]*(?=[\s(,:])")
_JOINED_ROWS = 3  # fewer is a sentence's list, not a table
_JOINED_LENGTH = 80  # characters: shorter is a header and a row, read as they are


def rows_on_one_line(line: str, is_test_name: Callable[[str], bool]) -> list[str] | None:
    """``line`` as a table's header and then one row a line, when it is a table whose rows
    the text joined into one line; None for any other line."""
    text = line.strip()
    if len(text) < _JOINED_LENGTH or "\t" in text or "|" in text:
        return None
    header = _JOINED_HEADER.match(text)
    if header is None:
        return None
    body = text[header.end() :].strip()
    if not (is_test_name(body[: _MAX_CELL * 2]) or _CAPITALISED.match(body)):
        return None
    rows: list[str] = []
    start = 0
    for run in _CELL_RUN.finditer(body):
        after = body[run.end() :]
        cells = len(re.findall(_JOINED_CELL, run.group()))
        if is_test_name(after[: _MAX_CELL * 2]) or (cells >= 2 and _CAPITALISED.match(after)):
            rows.append(body[start : run.end()].strip())
            start = run.end()
    rows.append(body[start:].strip())
    if len(rows) < _JOINED_ROWS:
        return None
    return [header.group(), *rows]


def rows_apart(
    raw_lines: list[str], lines_read: list[str], is_test_name: Callable[[str], bool]
) -> tuple[list[str], list[str]]:
    """``raw_lines`` and ``lines_read`` (the same lines as printed and as read) with each
    table joined into one line set out one row a line, in both alike."""
    raw_out: list[str] = []
    read_out: list[str] = []
    for raw, read in zip(raw_lines, lines_read, strict=True):
        raw_rows = rows_on_one_line(raw, is_test_name)
        read_rows = rows_on_one_line(read, is_test_name)
        if raw_rows is None or read_rows is None or len(raw_rows) != len(read_rows):
            raw_rows, read_rows = [raw], [read]  # the two must stay line for line
        raw_out.extend(raw_rows)
        read_out.extend(read_rows)
    return raw_out, read_out
