"""The lab catalogue's LOINC codes, as the FHIR export names them.

The codes live beside the analytes they code (core.analysis.labs.loinc): the parser, the
flags, the critical list and this export read one catalogue.
"""

from __future__ import annotations

from core.analysis.labs.loinc import (
    LOINC,
    LOINC_SYSTEM,
    LoincCode,
    LoincTest,
    check_digit_ok,
    loinc_for,
    loinc_of,
)

__all__ = [
    "LOINC",
    "LOINC_SYSTEM",
    "LoincCode",
    "LoincTest",
    "check_digit_ok",
    "loinc_for",
    "loinc_of",
]
