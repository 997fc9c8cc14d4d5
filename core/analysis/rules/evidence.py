"""What the diagnosis rules work with: a case's lab values by analyte, and candidates.

A candidate is one finding a rule's values support. It ranks by the finding's priority
plus a severity boost; its confidence grows with the number of values behind it and is
capped at 0.75, because these are rules over lab values, not a clinician's judgement.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.analysis.insights import LabValue
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


def present(*values: LabValue | None) -> list[LabValue]:
    return [v for v in values if v is not None]
