"""The lab catalogue's UCUM codes, as the FHIR export names them (core.analysis.labs.ucum)."""

from __future__ import annotations

from core.analysis.labs.ucum import UCUM, UCUM_SYSTEM, ucum_code

__all__ = ["UCUM", "UCUM_SYSTEM", "ucum_code"]
