"""Every CSV the product writes, through one writer that keeps spreadsheets from running
what a cell says.

A spreadsheet opening a CSV treats a cell that starts with ``=``, ``+``, ``-`` or ``@``
(or a tab or carriage return before one) as a formula: ``=HYPERLINK(...)`` or
``=cmd|...`` typed into a review comment would run on the statistician's machine. Such a
text cell is written with a leading apostrophe, which shows it as the text it is (OWASP's
advice for CSV injection). Numbers the product computes (a kappa of -0.2) are not text
and are written as they are.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def inert_cell(value: Any) -> Any:
    """``value``, or a text that would start a formula with an apostrophe before it."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A CSV document: the header, then each row, every text cell made inert."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([inert_cell(name) for name in header])
    writer.writerows([inert_cell(value) for value in row] for row in rows)
    return out.getvalue()
