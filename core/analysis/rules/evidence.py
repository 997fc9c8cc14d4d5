"""What the diagnosis rules work with: a case's lab values, unit conversions, candidates.

A candidate is one finding a rule's values support. It ranks by the finding's priority
plus a severity boost; its confidence grows with the number of values behind it and is
capped at 0.75, because these are rules over lab values, not a clinician's judgement.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from core.analysis.insights import LabValue
from core.analysis.labs.catalog import BY_NAME
from core.analysis.labs.units import unit_key
from core.analysis.rules.findings import FINDINGS, Finding

MAX_CONFIDENCE = 0.75
ADULT_AGE = 18


@dataclass
class Candidate:
    key: str  # a FINDINGS key
    evidence: list[LabValue]
    reason: str
    boost: int = 0  # severity: added to the finding's priority
    strength: float = 0.0  # added to confidence for decisive or concordant values
    supporting: list[LabValue] = field(default_factory=list)  # related, not decisive

    def __post_init__(self) -> None:
        if self.key not in FINDINGS:
            raise KeyError(f"unknown finding {self.key!r}")

    @property
    def finding(self) -> Finding:
        return FINDINGS[self.key]

    @property
    def rank(self) -> int:
        return self.finding.priority + self.boost

    @property
    def confidence(self) -> float:
        count = len({id(v) for v in self.evidence + self.supporting})
        score = 0.3 + 0.15 * min(count, 3) + self.strength
        return round(min(MAX_CONFIDENCE, max(0.1, score)), 2)


class LabResults:
    """A case's lab values by analyte; an abnormal reading is preferred over a normal one."""

    def __init__(self, values: list[LabValue]) -> None:
        self._by_analyte: dict[str, list[LabValue]] = {}
        for value in values:
            self._by_analyte.setdefault(value.analyte, []).append(value)

    def get(self, *analytes: str) -> LabValue | None:
        for analyte in analytes:
            readings = self._by_analyte.get(analyte, [])
            if readings:
                return next((v for v in readings if v.flag), readings[0])
        return None

    def flagged(self, flag: str, *analytes: str) -> LabValue | None:
        for analyte in analytes:
            for value in self._by_analyte.get(analyte, []):
                if value.flag == flag:
                    return value
        return None

    def high(self, *analytes: str) -> LabValue | None:
        return self.flagged("high", *analytes)

    def low(self, *analytes: str) -> LabValue | None:
        return self.flagged("low", *analytes)


# Conversions into the units the thresholds are written in: (from unit, to unit) -> convert.
_CONVERSIONS: dict[str, dict[tuple[str, str], Callable[[float], float]]] = {
    "Glucose": {("mmol/l", "mg/dl"): lambda x: x * 18.016},
    "Fasting glucose": {("mmol/l", "mg/dl"): lambda x: x * 18.016},
    "HbA1c": {("mmol/mol", "%"): lambda x: 0.0915 * x + 2.15},
    "Hemoglobin": {("g/l", "g/dl"): lambda x: x / 10, ("mmol/l", "g/dl"): lambda x: x * 1.611},
    "Potassium": {("meq/l", "mmol/l"): lambda x: x},
    "Sodium": {("meq/l", "mmol/l"): lambda x: x},
    "Platelets": {("/ul", "10^9/l"): lambda x: x / 1000},
    "eGFR": {("", "ml/min/1.73m2"): lambda x: x},
}


def amount(value: LabValue | None, unit: str) -> float | None:
    """The value in ``unit`` (a unit key), or None when its unit system is unknown."""
    if value is None:
        return None
    analyte = BY_NAME.get(value.analyte)
    known = analyte.range_for(value.unit, value.value) if analyte else None
    source = known.unit if known else unit_key(value.unit)
    if source == unit:
        return value.value
    convert = _CONVERSIONS.get(value.analyte, {}).get((source, unit))
    return convert(value.value) if convert else None


def present(*values: LabValue | None) -> list[LabValue]:
    return [v for v in values if v is not None]
