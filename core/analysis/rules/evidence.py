"""What the diagnosis rules work with: a case's lab values by analyte, and candidates.

A candidate is one finding a rule's values support. It ranks by the finding's priority
plus a severity boost; its confidence grows with the number of values behind it and is
capped at 0.75, because these are rules over lab values, not a clinician's judgement.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.analysis.labs.context import TIMING_ORDER
from core.analysis.rules.findings import FINDINGS, Finding
from core.insights import LabValue
from core.vocabulary.catalog import BY_NAME

MAX_CONFIDENCE = 0.75
ADULT_AGE = 18
# A value within 10 % of its limit (LDL 100 against "< 100") is borderline (issue #29).
BORDERLINE = 1.10
# Findings whose diagnostic criteria lie just past the reference limit.
DEFINED_NEAR_THE_LIMIT = frozenset({"prediabetes"})
# Findings made by a change since earlier results (core.analysis.rules.deltas): a value
# inside its range may make them, so they are never borderline.
DEFINED_BY_CHANGE = frozenset({"acute_kidney_injury", "falling_hemoglobin"})
# Markers that rise with any inflammation: they support a diagnosis, they seldom are one.
NONSPECIFIC = frozenset({"elevated_crp", "elevated_esr", "elevated_ferritin"})


def fold_beyond(value: LabValue) -> float:
    """The value over its limit (high) or the limit over the value (low); 1.0 at or within
    the limit, or when the range or the sign makes a ratio meaningless."""
    high, low = value.reference_high, value.reference_low
    if value.flag == "high" and high is not None and high <= 0 < value.value:
        return float("inf")  # a positive dipstick against "negative"
    if value.flag == "high" and high is not None and high > 0 and value.value > 0:
        return max(1.0, value.value / high)
    if value.flag == "low" and low is not None and low > 0 and value.value > 0:
        return max(1.0, low / value.value)
    if value.flag == "low" and low is not None and low > 0:
        return float("inf")  # a zero count below a positive limit
    return 1.0 if not value.critical else float("inf")


def distance_outside(value: LabValue) -> float:
    """How far outside its range a value is, in widths of the range (0 within it)."""
    high, low, x = value.reference_high, value.reference_low, value.value
    if value.flag == "high" and high is not None:
        width = (high - low) if low is not None and high > low else abs(high)
        return max(0.0, (x - high) / width) if width > 0 else 1.0
    if value.flag == "low" and low is not None:
        width = (high - low) if high is not None and high > low else abs(low)
        return max(0.0, (low - x) / width) if width > 0 else 1.0
    return 0.0


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
    def beyond(self) -> float:
        """How far the furthest value lies outside its range, in widths of the range (for a
        one-sided range, in multiples of its limit): 0 within, 1.0 a whole range beyond."""
        return max((distance_outside(v) for v in self.evidence), default=0.0)

    @property
    def borderline(self) -> bool:
        """Every value within 10 % of its limit (and within half the range's width of it),
        none critical: too little to diagnose alone. A sodium of 124 is 8 % below 135 but
        a whole range below it: no borderline value. Prediabetes is defined by a band just
        above the limit (ADA: HbA1c 5.7-6.4 %): only a value at the limit itself is."""
        if self.key in DEFINED_BY_CHANGE:
            return False
        if self.key in DEFINED_NEAR_THE_LIMIT:  # borderline only when at the limit itself
            return bool(self.evidence) and all(fold_beyond(v) <= 1.0 for v in self.evidence)
        return bool(self.evidence) and all(
            not v.critical and fold_beyond(v) <= BORDERLINE and distance_outside(v) <= 0.5
            for v in self.evidence
        )

    @property
    def weight(self) -> float:
        """How strongly the values make this finding: the finding's clinical weight, scaled
        by how far its values lie outside their ranges and by how many abnormal values
        agree (issue #29: not the organ table's order alone)."""
        abnormal = {id(v) for v in self.evidence + self.supporting if v.flag or v.critical}
        agree = 0.1 * min(max(len(abnormal) - 1, 0), 3)
        scale = 0.5 if self.key in NONSPECIFIC else 1.0
        return self.rank / 100 * scale * (1 + min(self.beyond, 3.0)) + agree

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
            if value.doubtful:
                continue  # a doubtful read is for the doctor to check, never a finding
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
    hedged: bool = False  # worded with doubt ("may represent", "cannot be excluded")
    concluded: bool = False  # the document's conclusion ("was diagnosed with", "confirmed")
    found: bool = False  # named now by a test's result ("CT revealed an aortic aneurysm")
    complaint: bool = False  # what the patient presented with ("presented with an acute abdomen")
    earlier: bool = False  # the case's earlier, working diagnosis ("initially diagnosed with")

    @property
    def lab_values(self) -> list[LabValue]:
        if self.lab is None:
            return []
        return self.lab.evidence + [v for v in self.lab.supporting if v not in self.lab.evidence]
