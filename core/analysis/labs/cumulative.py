"""Cumulative reports: a row that prints a test's earlier results beside the current one.

LabCorp prints "Current Result and Flag", then "Previous Result and Date"; other
laboratories head the table with its dates, newest first, one column a date (issue #29).
The reader (``parse.py``) asks here how many earlier results a row may hold; the result
reader (``result.py``) takes them after the current one.
"""

from __future__ import annotations

import re
from itertools import pairwise

# A cumulative report prints each test's previous result after the current one: its header
# names a previous-result column ("Test  Current Result and Flag  Previous Result and Date
# Units  Reference Interval"), or its rows print two results and then the previous one's
# date ("WBC 6.2 8.6 11/23/2022 x10E3/uL 3.4-10.8") (issue #29).
_PREVIOUS_COLUMN = re.compile(
    r"(?i)^(?=.*\b(?:units?|reference|range|interval|flag|test)\b)"
    r".*\b(?:previous|prior|last)\s+(?:results?|values?)\b"
)
# A cumulative table headed by its dates, newest first ("Date 24/01/2021 23/01/2021
# 22/01/2021 11/01/2021 ..."): each row prints its newest result first, then older ones.
_DATE = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{2,4})(?![\d/])")
_DATE_CELL = re.compile(r"(\d{1,2})[/.](\d{1,2})[/.](\d{2,4})")
_RESULTS_THEN_DATE = re.compile(
    r"(?<![\d.])\d+(?:\.\d+)?\s+(?:(?:H|L|High|Low)\s+)?[<>]?\d+(?:\.\d+)?"
    r"\s+(?:(?:H|L|High|Low)\s+)?\d{1,2}/\d{1,2}/\d{2,4}\b"
)


def names_previous_column(raw_line: str) -> bool:
    """A table's header that names a previous-result column."""
    return len(raw_line) <= 160 and bool(_PREVIOUS_COLUMN.search(raw_line))


def date_columns(raw_line: str) -> int:
    """How many date columns head a cumulative table on ``raw_line`` (0 when it is none):
    at least three dates, newest first, and at most a word or two beside them."""
    dates = list(_DATE.finditer(raw_line))
    if len(dates) < 3 or len(_DATE.sub(" ", raw_line).split()) > 2:
        return 0
    return len(dates) if newest_first(dates) else 0


def newest_first(dates: list[re.Match[str]]) -> bool:
    """Whether ``dates`` (matches of a day, a month and a year, in the day's or the month's
    order as they tell) run from the newest to the oldest."""
    days = [(int(m.group(3)) % 100, int(m.group(2)), int(m.group(1))) for m in dates]
    if any(month > 12 for _, month, _ in days):  # month first: 01/24/2021
        days = [(year, day, month) for year, month, day in days]
    return all(later > earlier for later, earlier in pairwise(days))


def date_cell(cell: str) -> re.Match[str] | None:
    """The date a table's heading cell is, alone: "24/01/2021", "12.03.19"."""
    return _DATE_CELL.fullmatch(cell.strip())


def earlier_columns(dated: int, previous_column: bool, printed_row: str) -> int:
    """How many earlier results may follow the current one on ``printed_row``: the older
    of the ``dated`` columns of a table headed by its dates, else one where the header names a
    previous-result column or the row prints the previous result's date, else none."""
    if dated:
        return dated - 1
    return int(previous_column or bool(_RESULTS_THEN_DATE.search(printed_row)))
