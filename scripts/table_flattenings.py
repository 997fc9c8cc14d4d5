"""How the lab reader holds up when one table reaches it flattened in different ways.

usage:
  python scripts/table_flattenings.py <dir of markdown files>

A table in a case report reaches the reader as text, and how its cells were parted depends on
what made the text: tabs (a copy from a page), pipes (markdown), runs of spaces (a PDF's
layout), one space, a newline after every cell (a page's or a PDF's text without its layout),
or nothing at all (a page whose cells end without a gap). This reads every markdown table of
the files given (``| Parameter | Patient | Reference |`` and its rows), renders it in each of
those six flattenings, runs the reader (``read_lab_text``) over each, and counts against the
table itself: the patient's numbers found, the numbers read that are none of them, and how
many of those were marked critical.

The truth is mechanical and rough: a column is the patient's when its heading names the
patient, a result, a value or a time ("Patient", "Result", "Admission", "Day 3"), not a
reference; a cell is a result when it is a number alone. A value read from a cell that holds
more (a unit, a share in brackets) counts as "not the patient's", so the false count is an
upper bound. The same files under two versions of the reader tell what a rule changed.

The twenty-fifth round ran it over the 43 lab tables of "Clinical Cases in Tropical Medicine"
(2nd ed., 2022) as ``belovedshark/ClinicalDiagnosis_RAG`` stores them
(``Processed/out_all_structured/*-tables.md``; no licence is stated, so they are counted here
and never shipped): docs/clinical-rounds.md, the lead's section of that round.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

FLATTENINGS = ("pipe", "tab", "spaces", "single", "lines", "glued")
_SEPARATOR_ROW = re.compile(r":?-+:?")
_PATIENT_COLUMN = re.compile(r"(?i)patient|result|value|admission|day|week|follow")
_REFERENCE_COLUMN = re.compile(r"(?i)ref|normal|range")
_NUMBER_CELL = re.compile(r"^[<>]?(\d+(?:\.\d+)?)$")

Table = list[list[str]]


def tables(markdown: str) -> Iterator[Table]:
    """Each markdown table of ``markdown`` as its rows of cells, the separator row left out."""
    rows: Table = []
    for line in [*markdown.split("\n"), ""]:
        if line.strip().startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not all(_SEPARATOR_ROW.fullmatch(c) for c in cells if c):
                rows.append(cells)
        elif rows:
            yield rows
            rows = []


def render(table: Table, flattening: str) -> str:
    """``table`` as text, its cells parted the way ``flattening`` names."""
    joiners = {"pipe": " | ", "tab": "\t", "spaces": "   ", "single": " ", "lines": "\n"}
    if flattening == "glued":
        return "\n".join("".join(row) for row in table)
    if flattening == "pipe":
        return "\n".join(f"| {' | '.join(row)} |" for row in table)
    return "\n".join(joiners[flattening].join(row) for row in table)


def patient_numbers(table: Table) -> list[float]:
    """The numbers in the patient's columns of ``table``, one a cell that holds only one."""
    header = table[0]
    columns = [
        i
        for i, heading in enumerate(header)
        if _PATIENT_COLUMN.search(heading) and not _REFERENCE_COLUMN.search(heading)
    ]
    numbers = []
    for row in table[1:]:
        if len(row) != len(header):
            continue
        for i in columns:
            cell = _NUMBER_CELL.match(row[i].replace(" ", "").replace(",", ""))
            if cell:
                numbers.append(float(cell.group(1)))
    return numbers


def score(table: Table, flattening: str) -> tuple[int, int, int, int]:
    """(patient numbers, found, read but none of them, of those marked critical)."""
    from core.analysis.labs.parse import read_lab_text

    truth = patient_numbers(table)
    read = read_lab_text(render(table, flattening)).values
    found = sum(1 for number in truth if any(abs(v.value - number) < 1e-6 for v in read))
    other = [v for v in read if not any(abs(v.value - number) < 1e-6 for number in truth)]
    return len(truth), found, len(other), sum(1 for v in other if v.critical)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    found_tables = [
        table
        for path in sorted(args.folder.glob("*.md"))
        for table in tables(path.read_text(encoding="utf-8", errors="replace"))
        if len(table) >= 2 and patient_numbers(table)
    ]
    print(f"{len(found_tables)} tables with the patient's numbers")
    for flattening in FLATTENINGS:
        totals = [0, 0, 0, 0]
        for table in found_tables:
            for i, count in enumerate(score(table, flattening)):
                totals[i] += count
        truth, found, other, critical = totals
        recall = found / truth if truth else 0.0
        print(
            f"{flattening:7s} numbers={truth} found={found} recall={recall:.3f} "
            f"read_not_the_patients={other} of_them_critical={critical}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
