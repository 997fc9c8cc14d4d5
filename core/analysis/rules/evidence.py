"""What the diagnosis rules work with: a case's lab values by analyte, and candidates.

A candidate is one finding a rule's values support. It ranks by the finding's priority
plus a severity boost; its confidence grows with the number of values behind it and is
capped at 0.75, because these are rules over lab values, not a clinician's judgement.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.analysis.labs.catalog import BY_NAME
from core.analysis.labs.context import TIMING_ORDER
from core.analysis.rules.findings import FINDINGS, Finding
from core.insights import LabValue

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
    """A case's current lab values by analyte: for each test, the latest blood value.

    Values of another specimen (CSF, pleural fluid; urine for a blood test) and earlier
    values stay on the case page but do not drive the findings: a CSF glucose of 40 is no
    hypoglycaemia, and a potassium of 6.1 yesterday that is 5.2 today is no hyperkalaemia
    now. Latest means the latest time the text names (earlier, admission, unstated, repeat,
    discharge), then the last written, since notes and reports tell results in order.
    """

    def __init__(self, values: list[LabValue]) -> None:
        self._by_analyte: dict[str, list[LabValue]] = {}
        for _, value in sorted(enumerate(values), key=_when):
            if value.specimen is None or _urine_test(value.analyte):
                self._by_analyte.setdefault(value.analyte, []).append(value)

    def get(self, *analytes: str) -> LabValue | None:
        for analyte in analytes:
            readings = self._by_analyte.get(analyte, [])
            if readings:
                return readings[-1]
        return None

    def flagged(self, flag: str, *analytes: str) -> LabValue | None:
        for analyte in analytes:
            latest = self.get(analyte)
            if latest is not None and latest.flag == flag:
                return latest
        return None

    def high(self, *analytes: str) -> LabValue | None:
        return self.flagged("high", *analytes)

    def low(self, *analytes: str) -> LabValue | None:
        return self.flagged("low", *analytes)


def _when(item: tuple[int, LabValue]) -> tuple[int, int]:
    position, value = item
    return TIMING_ORDER.get(value.timing, 2), position


def _urine_test(analyte: str) -> bool:
    known = BY_NAME.get(analyte)
    return known is not None and (known.panel == "Urinalysis" or analyte.startswith("Urine"))


def present(*values: LabValue | None) -> list[LabValue]:
    return [v for v in values if v is not None]


@dataclass
class Ranked:
    """One diagnosis in the ranking, from the notes, the labs, or both."""

    name: str
    code: str
    tier: int  # SEVERITY_RANK of critical, acute, chronic, symptom
    source: str  # "stated", "current", "history", "lab"
    evidence: list[str] = field(default_factory=list)
    lab: Candidate | None = None
    order: int = 0  # the order the doctor wrote it in

    @property
    def lab_values(self) -> list[LabValue]:
        if self.lab is None:
            return []
        return self.lab.evidence + [v for v in self.lab.supporting if v not in self.lab.evidence]
