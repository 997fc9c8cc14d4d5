"""A lumbar puncture's table whose caption names no fluid, known by its reference ranges.

A case report prints the cerebrospinal fluid's results as a table of their own, and its
caption usually says so ("TABLE 35.2 CSF Results on Admission"), which the caption's heading
reading already takes. When it does not ("TABLE 16.2 Results on Admission", under a table
"Blood Results on Admission"; Clinical Cases in Tropical Medicine, 2nd ed., chapter 16, the
casebook of docs/clinical-rounds.md's twenty-fifth round), the rows still print the fluid's
own reference ranges: white cells 0-5 per microlitre and a protein of 0.15-0.42 g/L. No blood
table prints either (a blood count's white cells run to 10-11 x 10^9/L or 11,000/uL, a
serum's total protein to 80 g/L or 8 g/dL), so the two together name the fluid as surely as
a caption, and the table's glucose of 1.2 mmol/L is the CSF's, not a critical blood glucose.

A urinalysis prints white cells 0-5 too, but per high-power field: a count per field is never
taken as the fluid's, nor a table holding a urine's own tests (specific gravity, nitrite). A
block whose lines name a specimen themselves is left to the reading of those names.
"""

from __future__ import annotations

import re

from core.analysis.labs.critical import in_prose

_WHITE_CELLS = re.compile(
    r"(?i)\b(?:leu[ck]ocytes?|white\s+(?:blood\s+)?cells?|white\s+cell\s+count|wbcs?|cells)\b"
)
_PROTEIN = re.compile(r"(?i)\b(?:total\s+)?proteins?\b")
_GLUCOSE = re.compile(r"(?i)\bglucose\b")
# a count per field is the urine's microscopy
_PER_FIELD = re.compile(r"(?i)/\s*h\.?p\.?f\b|\bper\s+(?:high[-\s]power\s+)?field\b|\bhpf\b")
_PER_VOLUME = re.compile(
    r"(?i)/\s*(?:μl|µl|ul|mcl|mm3|mm³|cumm|cu\.?\s*mm)(?![a-z])|\bper\s+(?:μl|µl|mm3|mm³)"
)
# the last range a row prints: its reference
_RANGE = re.compile(r"(\d+(?:\.\d+)?)\s*(?:-|–|to)\s*(\d+(?:\.\d+)?)")
# a urine's own tests: a urinalysis prints protein and white cells too
_URINE_TESTS = re.compile(
    r"(?i)specific\s+gravity|\bnitrites?\b|leu[ck]ocyte\s+esterase|\bketones?\b|\bcasts?\b"
)
_SPECIMEN_NAMED = re.compile(
    r"(?i)\b(?:blood|serum|plasma|urine|urinalysis|csf|cerebrospinal|spinal|lumbar|fluid|"
    r"pleural|ascitic|peritoneal|synovial|pericardial|stool)\b"
)
_CELLS_UPPER = 5  # the CSF's white cells: 0-5 per microlitre
_PROTEIN_UPPER_G_L = 1.0  # the CSF's protein: 0.15-0.45 g/L (a serum's is 60-80 g/L)
_PROTEIN_UPPER_MG_DL = (10.0, 60.0)  # 15-45 mg/dL (a serum's is 6-8 g/dL)


def _reference_upper(row: str) -> float | None:
    ranges = _RANGE.findall(row)
    return float(ranges[-1][1]) if ranges else None


def _cells_of_csf(row: str) -> bool:
    upper = _reference_upper(row)
    return (
        upper is not None
        and upper <= _CELLS_UPPER
        and bool(_PER_VOLUME.search(row))
        and not _PER_FIELD.search(row)
    )


def _protein_of_csf(row: str) -> bool:
    upper = _reference_upper(row)
    if upper is None:
        return False
    if re.search(r"(?i)\bg\s*/\s*l\b", row):
        return upper < _PROTEIN_UPPER_G_L
    low, high = _PROTEIN_UPPER_MG_DL
    return bool(re.search(r"(?i)\bmg\s*/\s*dl\b", row)) and low <= upper <= high


def _rows_of(lines: list[str]) -> dict[str, list[str]]:
    """The block's text from each white-cell, protein or glucose name to the next such name,
    by the name's kind: a row, whether its cells share a line or stand one a line."""
    text = " | ".join(lines)
    names = sorted(
        [(m.start(), "cells") for m in _WHITE_CELLS.finditer(text)]
        + [(m.start(), "protein") for m in _PROTEIN.finditer(text)]
        + [(m.start(), "glucose") for m in _GLUCOSE.finditer(text)]
    )
    if not names:
        return {}
    ends = [start for start, _ in names[1:]] + [len(text)]
    rows: dict[str, list[str]] = {}
    for (start, kind), end in zip(names, ends, strict=True):
        rows.setdefault(kind, []).append(text[start:end])
    return rows


def csf_table_lines(lines: list[str]) -> set[int]:
    """The indexes of the lines of a table (a run of non-blank lines that are no running
    sentences) whose rows print the CSF's white-cell and protein reference ranges and whose
    lines name no specimen."""
    found: set[int] = set()
    block: list[int] = []
    for index, line in enumerate([*lines, ""]):
        if line.strip() and not in_prose(line):
            block.append(index)
            continue
        told = [lines[i] for i in block]
        if (
            len(told) >= 2
            and not any(map(_SPECIMEN_NAMED.search, told))
            and not any(map(_URINE_TESTS.search, told))
        ):
            rows = _rows_of(told)
            if any(map(_cells_of_csf, rows.get("cells", []))) and any(
                map(_protein_of_csf, rows.get("protein", []))
            ):
                found.update(block)
        block = []
    return found
