"""The rules engine's primary diagnosis: every rule's findings, ranked, the first one named.

When no rule fires the diagnosis says so honestly with a Z code ("examination without
abnormal findings", or "with abnormal findings" when values are out of range but match no
rule) and low confidence; with no lab values at all it is R69 with the lowest confidence.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.analysis.icd10 import annotate_diagnosis
from core.analysis.insights import LabValue, PrimaryDiagnosis
from core.analysis.labs.format import format_lab_value
from core.analysis.rules.evidence import ADULT_AGE, Candidate, LabResults
from core.analysis.rules.findings import FINDINGS, Finding
from core.analysis.rules.hematology import anemia, blood_cells, coagulation, iron_and_vitamins
from core.analysis.rules.metabolic import (
    diabetes_evidence,
    electrolytes,
    glycemia,
    kidney,
    lipids,
    thyroid,
)
from core.analysis.rules.organs import cardiac, inflammation, liver, urine


def rank_findings(values: list[LabValue], age: int) -> list[Candidate]:
    """Every finding the lab values support, most urgent first."""
    labs = LabResults(values)
    found = glycemia(labs, age)
    found += anemia(labs) + iron_and_vitamins(labs) + blood_cells(labs) + coagulation(labs)
    found += kidney(labs) + electrolytes(labs) + thyroid(labs) + lipids(labs)
    found += cardiac(labs) + inflammation(labs) + liver(labs)
    found += urine(labs, diabetic=bool(diabetes_evidence(labs)))
    return sorted(found, key=lambda c: (-c.rank, -c.confidence))


@dataclass(frozen=True)
class RulesDiagnosis:
    diagnosis: PrimaryDiagnosis  # ICD-10-CM checked
    finding: Finding  # the rule finding it names, with its plan
    ranked: list[Candidate]  # every finding, most urgent first; ranked[0] is the diagnosis


def diagnose(values: list[LabValue], age: int) -> RulesDiagnosis:
    """The primary diagnosis and every ranked finding behind it."""
    ranked = rank_findings(values, age)
    if ranked:
        first = ranked[0]
        evidence = first.evidence + [v for v in first.supporting if v not in first.evidence]
        diagnosis = PrimaryDiagnosis(
            primary_diagnosis=first.finding.name,
            icd_code=first.finding.code,
            description=f"Suggested by lab values: {first.reason}.",
            confidence_score=first.confidence,
            supporting_evidence=[format_lab_value(v) for v in evidence],
        )
        return RulesDiagnosis(annotate_diagnosis(diagnosis), first.finding, ranked)
    abnormal = [v for v in values if v.flag]
    age_group = "adult" if age >= ADULT_AGE else "child"
    if abnormal:
        key = f"abnormal_findings_{age_group}"
        description = (
            f"{len(abnormal)} lab value(s) outside their reference ranges, matching no rule "
            "for a specific condition."
        )
        confidence, evidence = 0.25, abnormal
    elif values:
        key = f"no_abnormal_findings_{age_group}"
        description = f"All {len(values)} lab values read are within their reference ranges."
        confidence, evidence = min(0.4, 0.15 + 0.02 * len(values)), []
    else:
        key = "not_determined"
        description = "No lab values could be read from the case's files."
        confidence, evidence = 0.1, []
    finding = FINDINGS[key]
    diagnosis = PrimaryDiagnosis(
        primary_diagnosis=finding.name,
        icd_code=finding.code,
        description=description,
        confidence_score=round(confidence, 2),
        supporting_evidence=[format_lab_value(v) for v in evidence],
    )
    return RulesDiagnosis(annotate_diagnosis(diagnosis), finding, ranked)
