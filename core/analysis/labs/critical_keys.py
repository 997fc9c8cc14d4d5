"""How a critical value is known across analyses (issue #27): its analyte's code (LOINC,
which names the specimen too, else the catalogue's name), its specimen, its result and
unit as reported, and its source (the file, the page, the time the report gives).

A re-analysis that reads the same value from the same file finds the same key, so the
acknowledgment stays; a value from another file, or another result, is a new one. The
key holds no patient data: codes, numbers, a file id.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from core.analysis.labs.format import format_result
from core.analysis.labs.loinc import loinc_of
from core.insights import Insights, LabValue


@dataclass(frozen=True)
class FoundCritical:
    """A critical value as the stores record it beside the draft that found it."""

    value_key: str
    analyte: str
    shown: str


def critical_value_key(value: LabValue) -> str:
    """The SHA-256 (hex) of the value's code, specimen, result, unit and source."""
    code = loinc_of(value)
    parts = (
        f"loinc:{code.code}" if code is not None else f"name:{value.analyte.casefold()}",
        (value.specimen or "blood").casefold(),
        format_result(value),
        (value.unit or "").casefold(),
        value.source_file_id or "",
        str(value.source_page or ""),
        (value.timing or "").casefold(),
    )
    return hashlib.sha256("|".join(parts).encode("utf-8")).hexdigest()


def shown_critical(value: LabValue) -> str:
    """ "Potassium 6.8 mmol/L (high)": the value as the acknowledgment list names it."""
    unit = f" {value.unit}" if value.unit else ""
    flag = f" ({value.flag})" if value.flag else ""
    specimen = f", {value.specimen}" if value.specimen else ""
    timing = f", {value.timing}" if value.timing else ""
    return f"{value.analyte} {format_result(value)}{unit}{flag}{specimen}{timing}"[:300]


def found_critical_values(insights: Insights) -> list[FoundCritical]:
    """The insights' critical values, one per key (a value read twice is one finding)."""
    found: dict[str, FoundCritical] = {}
    for value in insights.critical_values:
        key = critical_value_key(value)
        found.setdefault(key, FoundCritical(key, value.analyte[:200], shown_critical(value)))
    return list(found.values())
