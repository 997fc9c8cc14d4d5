"""How sure the rules engine is of a diagnosis, in a score and one line of reasons; and the
honest abstention when nothing supports a diagnosis.

A doctor's stated diagnosis supported by lab values scores highest; a lab pattern alone
scores by how many values support it, and one value alone never reaches 0.5; values read
without a unit and tests or pages that could not be read lower the score, since the part
not read may change the picture. Nothing scores above 0.75: these are rules, not a
clinician's judgement.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.analysis.labs.format import format_lab_value
from core.analysis.rules.evidence import Ranked
from core.insights import LabValue, PrimaryDiagnosis

NOT_DETERMINED = "Not determined"
_ITEMS = re.compile(r"(?:^|\s)\d{1,2}\.\s+|(?<=[.;])\s+")
THIN_CONFIDENCE = 0.45  # a diagnosis on one piece of evidence never reaches 0.5
MAX_CONFIDENCE = 0.75


def confidence_of(r: Ranked, unsure: int) -> tuple[float, str]:
    """The score and its one-line reason: evidence, agreement, and how surely it was read."""
    values = r.lab_values
    unitless = sum(1 for v in values if v.unit is None and v.flag is not None)
    if r.source == "stated" and r.lab is not None:
        score, reason = 0.7, "stated by the doctor and supported by lab values"
    elif r.source == "stated":
        score, reason = 0.6, "stated by the doctor; no lab value bears on it"
    elif r.lab is not None:
        score = r.lab.confidence
        count = len({id(v) for v in values})
        reason = f"{count} lab value(s) support it; no diagnosis is stated in the notes"
        if r.source in ("current", "history"):
            score += 0.05
            reason = f"named in the notes and supported by {count} lab value(s)"
        if count <= 1:
            score = min(score, THIN_CONFIDENCE)
            reason = "a single lab value supports it"
    elif r.source == "current":
        score, reason = 0.3, "a presenting complaint only; no lab value or stated diagnosis"
    else:
        score, reason = 0.25, "a known condition only; nothing in the files bears on it now"
    if r.hedged:
        score -= HEDGED_PENALTY
        reason += "; worded with doubt in the document"
    if unitless:
        score -= 0.05
        reason += f"; {unitless} value(s) without a unit"
    if unsure:
        score -= 0.05
        reason += f"; {unsure} test(s) or page(s) could not be read"
    return round(min(MAX_CONFIDENCE, max(0.1, score)), 2), reason[0].upper() + reason[1:] + "."


HEDGED_PENALTY = 0.15
_NORMAL = re.compile(
    r"(?i)\b(?:no|not|without|normal|unremarkable|negative|clear|stable|nonacute|"
    r"within\s+normal\s+limits)\b"
)


def abstain(
    values: list[LabValue], unsure: int, impressions: Sequence[str] = ()
) -> PrimaryDiagnosis:
    """No diagnosis, said plainly: what was read and why nothing supports a diagnosis. An
    imaging report's impression is quoted: a normal study is said to be normal."""
    abnormal = [v for v in values if v.flag]
    items = [i.strip() for text in impressions for i in _ITEMS.split(text) if i.strip()]
    if items and not abnormal:
        quoted = " ".join(impressions)[:300]
        if all(_NORMAL.search(item) for item in items):
            description = (
                f'A normal imaging study: the impression finds no abnormality ("{quoted}").'
            )
            reason = "The imaging report's impression is normal and the notes state no diagnosis."
        else:
            description = (
                "The imaging report's impression names no condition the rules can code "
                f'("{quoted}").'
            )
            reason = "An imaging impression without a codable condition; no stated diagnosis."
    elif abnormal:
        description = (
            f"{len(abnormal)} lab value(s) outside their reference ranges match no rule for a "
            "specific condition, and the notes state none."
        )
        reason = "Values out of range without a pattern; no stated diagnosis."
    elif values:
        description = f"All {len(values)} lab values read are within their reference ranges."
        reason = "Nothing abnormal was read and the notes state no diagnosis."
    else:
        description = "No lab values could be read and the notes state no diagnosis."
        reason = "Nothing to go on: no lab values read, no diagnosis stated."
    if unsure:
        reason = reason[:-1] + f"; {unsure} test(s) or page(s) could not be read."
    diagnosis = PrimaryDiagnosis(
        primary_diagnosis=NOT_DETERMINED,
        icd_code="",
        description=description,
        confidence_score=0.2 if abnormal else 0.1,
        supporting_evidence=[format_lab_value(v) for v in abnormal],
        confidence_reason=reason,
    )
    return diagnosis.model_copy(update={"icd_code_valid": None})
