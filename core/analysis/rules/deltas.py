"""Findings from the delta checks (core.analysis.delta): what a change since the patient's
earlier results says that the current values alone cannot.

A KDIGO creatinine criterion is acute kidney injury even with a creatinine still inside its
range; a haemoglobin fall of 2 g/dL is a bleed until shown otherwise. Both are acute by
their time course, so they rank as acute findings (the boost lifts them there).
"""

from __future__ import annotations

from collections.abc import Sequence

from core.analysis.rules.evidence import Candidate, LabResults
from core.insights import DeltaCheck

_FINDING_OF_RULE = {
    "creatinine_rise_48h": "acute_kidney_injury",
    "creatinine_1_5x_7d": "acute_kidney_injury",
    "hemoglobin_fall": "falling_hemoglobin",
}
# Enough to reach the acute weight (diagnosis._ACUTE_WEIGHT) with a value inside its range.
_ACUTE_BOOST = {"acute_kidney_injury": 15, "falling_hemoglobin": 21}


def delta_findings(labs: LabResults, checks: Sequence[DeltaCheck]) -> list[Candidate]:
    """One candidate per finding the delta checks make, with the current value as evidence
    and the first check's statement (which cites the earlier value) as its reason."""
    found: dict[str, Candidate] = {}
    for check in checks:
        key = _FINDING_OF_RULE.get(check.rule)
        current = labs.get(check.analyte)
        if key is None or current is None or key in found:
            continue
        found[key] = Candidate(
            key, [current], check.statement, boost=_ACUTE_BOOST[key], strength=0.1
        )
    return list(found.values())


def delta_plan(checks: Sequence[DeltaCheck]) -> list[str]:
    """The plan's lines for the changes since the earlier results."""
    return [f"Compared with earlier results: {check.statement}." for check in checks]
