"""A patient's lab results as the analyzer and the patient page read them: the lab values
of each case of the patient's record (core.analysis.history.CaseResults), from the current
insights of each case; a record damaged past reading gives no values rather than none at all."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from core.analysis.history import CaseResults
from core.insights import LabValue
from core.models import Case
from core.ports import Backend

log = logging.getLogger(__name__)


def lab_values_of(insights: dict[str, Any] | None) -> list[LabValue]:
    """The lab values a stored insights record holds (an unreadable one is left out)."""
    if not isinstance(insights, dict) or not isinstance(insights.get("lab_values"), list):
        return []
    values = []
    for row in insights["lab_values"]:
        try:
            values.append(LabValue.model_validate(row))
        except ValidationError:
            continue
    return values


def case_results(
    backend: Backend,
    owner: str,
    cases: list[Case],
    insights: Mapping[str, dict[str, Any] | None] | None = None,
) -> list[CaseResults]:
    """Each case's lab values with when it was seen, oldest first (``insights`` by case id
    when the caller has read them already)."""
    known = insights or {}
    return [
        CaseResults(
            case.case_id,
            case.created_at,
            lab_values_of(
                known[case.case_id]
                if case.case_id in known
                else backend.cases.get_insights(owner, case.case_id)
            ),
        )
        for case in sorted(cases, key=lambda c: c.created_at)
    ]


def earlier_results(backend: Backend, owner: str, case: Case) -> list[CaseResults]:
    """The results of the patient's cases seen before this one (none without a patient).
    A failure to read them leaves the analysis without delta checks, never failed."""
    if case.patient_id is None:
        return []
    try:
        cases = backend.patients.patient_cases(owner, case.patient_id)
        earlier = [c for c in cases if c.case_id != case.case_id and c.created_at < case.created_at]
        return case_results(backend, owner, earlier)
    except Exception as error:  # noqa: BLE001 - delta checks are advisory
        log.warning("case %s: earlier results not read (%s)", case.case_id, type(error).__name__)
        return []
