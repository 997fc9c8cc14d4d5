"""The rules engine's plan: urgent steps first, each suggestion checked against the notes,
and never "routine care" while a value is critical or a part of the files was not read."""

from __future__ import annotations

from core.analysis.rules.diagnosis import RulesDiagnosis
from core.analysis.rules.evidence import LabResults, Ranked
from core.analysis.rules.report import CaseReading
from core.analysis.rules.therapy import guarded_plan


def urgent_plan(reading: CaseReading) -> str:
    """The first line of the plan when any value is critical."""
    names = ", ".join(dict.fromkeys(v.analyte for v in reading.critical))
    return (
        f"URGENT: critical value(s) for {names}: make sure the responsible clinician knows "
        "now, repeat to confirm, and act on them before anything else."
    )


def plan_lines(result: RulesDiagnosis, reading: CaseReading) -> list[str]:
    """The plan for the primary diagnosis and the differential, then what is left to read."""
    labs = LabResults(reading.values)
    lines = []
    for index, ranked in enumerate(result.ranked[:4]):
        step = _step(ranked, reading, labs)
        lines.append(step if index == 0 else f"{ranked.name}: {step}")
    if not result.ranked:
        lines.append(
            "No diagnosis could be determined from the files: review the files and the "
            "patient directly."
        )
        if reading.abnormal:
            lines.append(
                "Review the values outside their reference ranges with the history and "
                "examination; repeat them if they are unexpected."
            )
    if reading.unread_tests:
        lines.append(
            "Check the results the engine could not read: " + ", ".join(reading.unread_tests) + "."
        )
    if reading.unread_pages:
        lines.append(f"Read the {reading.unread_pages} page(s) without a text layer yourself.")
    return lines


def _step(ranked: Ranked, reading: CaseReading, labs: LabResults) -> str:
    if ranked.lab is None:
        return (
            "As assessed in the notes: manage with the treating team and confirm with the "
            "relevant tests."
        )
    known = reading.facts.knows(*_KNOWN_AS.get(ranked.lab.key, ()))
    return guarded_plan(ranked.lab.finding.plan, reading.facts, labs, known=known)


# A lab finding whose diagnosis the notes may already hold: then it is not "to confirm".
_KNOWN_AS: dict[str, tuple[str, ...]] = {
    "type2_diabetes": ("Type 2 diabetes mellitus", "Type 1 diabetes mellitus"),
    "hypothyroidism": ("Hypothyroidism",),
    "autoimmune_thyroiditis": ("Hypothyroidism",),
}
