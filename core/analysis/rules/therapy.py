"""Plans that never contradict what the notes and the labs already say.

A finding's plan is written for a patient the engine knows nothing about ("consider
metformin"). Before it is shown, each suggestion to start a medicine is checked against the
medicines the notes name (the patient already takes it: review it instead) and against the
labs that forbid it (metformin with reduced kidney function: FDA labelling contraindicates
it below an eGFR of 30 and advises against starting it between 30 and 45; a creatinine
raised for the patient's sex is read the same way when no eGFR is given). A known
diagnosis is not asked to be confirmed again.
"""

from __future__ import annotations

import re

from core.analysis.labs.conversion import amount
from core.analysis.rules.evidence import LabResults
from core.analysis.rules.notes import NoteFacts

# (suggestion in a plan, medicine group in NoteFacts.medicines, wording when already taken)
_ALREADY_TAKEN: tuple[tuple[str, str, str], ...] = (
    (
        r"consider metformin(?: if kidney function allows)?",
        "metformin",
        "review the current metformin (dose, adherence, kidney function)",
    ),
    (r"consider statin therapy", "statin", "review the current statin (dose, adherence)"),
    (
        r"or treat with levothyroxine if confirmed",
        "levothyroxine",
        "and review the current levothyroxine dose",
    ),
    (r"oral iron replacement", "iron", "review the current iron therapy (dose, adherence)"),
    (r"consider iron replacement", "iron", "review the current iron therapy"),
    (
        r"(?:consider )?vitamin B12 replacement",
        "vitamin_b12",
        "review the current vitamin B12 replacement",
    ),
    (r"Vitamin D replacement", "vitamin_d", "Review the current vitamin D dose"),
)
_CONFIRM = re.compile(r"Confirm by the standard criteria if not yet confirmed \([^)]*\); ")


def guarded_plan(plan: str, facts: NoteFacts, labs: LabResults, known: bool = False) -> str:
    """``plan`` with every suggestion the notes or the labs contradict rewritten."""
    for pattern, medicine, instead in _ALREADY_TAKEN:
        if medicine in facts.medicines:
            plan = re.sub(pattern, instead, plan, flags=re.IGNORECASE)
    if "metformin" in plan.lower() and "metformin" not in facts.medicines:
        why = metformin_barrier(labs)
        if why:
            plan = re.sub(
                r"consider metformin(?: if kidney function allows)?",
                f"metformin is not suggested ({why}); choose glucose-lowering treatment with "
                "the kidney function in mind",
                plan,
                flags=re.IGNORECASE,
            )
    if known:
        plan = _CONFIRM.sub("", plan)
        plan = plan[:1].upper() + plan[1:]
    return plan


def metformin_barrier(labs: LabResults) -> str | None:
    """Why the labs forbid starting metformin, or None."""
    egfr = amount(labs.get("eGFR"), "ml/min/1.73m2")
    if egfr is not None and egfr < 45:
        return f"eGFR {egfr:g}, below 45"
    creatinine = labs.high("Creatinine")
    if creatinine is not None:
        return f"creatinine {creatinine.value:g} {creatinine.unit or ''}, above range".replace(
            "  ", " "
        )
    return None
