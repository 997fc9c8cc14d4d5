"""A patient portal's result card read as one table row (issue #29).

Epic MyChart prints each test as a card, one cell per line: the test's name, its range in
words ("Normal range: 74 - 106 mg/dL"), the two ends of the card's gauge ("74    106"),
sometimes a "Value" label, and last the result alone on its line. The gauge's ends repeat
the range and are never results; the card is read as the row "name  result  range".
"""

from __future__ import annotations

import re

_RANGE_CELL = re.compile(
    r"(?i)^\s*(?:normal|reference)\s+(?:range|interval)\s*:\s*(?P<range>\S.*?)\s*$"
)
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_LABEL = re.compile(r"(?i)^\s*(?:value|result|your\s+value)\s*:?\s*$")
_RESULT = re.compile(r"^\s*[<>]?\s*\d+(?:\.\d+)?\s*$")


def card_row(cells: list[str]) -> list[str]:
    """``cells`` as the row "name, result, range" when they are a portal card, else as they are."""
    if len(cells) < 3:
        return cells
    printed = _RANGE_CELL.match(cells[1])
    if printed is None:
        return cells
    ends = {float(n) for n in _NUMBER.findall(printed.group("range"))}
    rest = [
        cell
        for cell in cells[2:]
        if not _LABEL.match(cell) and not _gauge(cell, ends) and cell.strip()
    ]
    if len(rest) != 1 or not _RESULT.match(rest[0]):
        return cells
    return [cells[0], rest[0].strip(), printed.group("range")]


def _gauge(cell: str, ends: set[float]) -> bool:
    """A cell of numbers only, each an end of the printed range: the gauge's scale."""
    if re.search(r"[^\d.\s]", cell):
        return False
    numbers = [float(n) for n in _NUMBER.findall(cell)]
    return len(numbers) >= 2 and set(numbers) <= ends
