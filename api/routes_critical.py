"""Critical results over HTTP (issue #27): a case's critical values with their
acknowledgment, acknowledging one, and the time from finding to acknowledgment.

Same auth, errors and ownership rules as the case routes: another doctor's case answers
404 "Case not found"; a second acknowledgment 409; a method not on the list 422.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body

from api import schemas, schemas_critical
from api.dependencies import CurrentCaller
from core import validation
from core.models import utc_now

router = APIRouter(prefix="/api/v1", tags=["critical results"])


def _errors(*extra: tuple[int, str]) -> dict[int | str, dict[str, Any]]:
    return {
        status: {"model": schemas.ErrorOut, "description": description}
        for status, description in (
            (400, "Invalid input; the detail says what is wrong"),
            (401, "Invalid authentication credentials"),
            (404, "Case (or critical value) not found, or another doctor's case"),
            *extra,
            (500, "Internal server error"),
        )
    }


@router.get(
    "/cases/{case_id}/critical-values",
    response_model=schemas_critical.CriticalValueListOut,
    responses=_errors(),
)
def critical_values(case_id: str, caller: CurrentCaller) -> dict[str, Any]:
    """The critical values of the case's current analysis, oldest finding first, each
    acknowledged (who, when, how) or waiting (and for how long)."""
    results = caller.services.critical.critical_results(case_id)
    now = utc_now()
    return {
        "case_id": validation.case_id(case_id),
        "critical_values": [schemas_critical.critical_value_out(r, now) for r in results],
        "unacknowledged": sum(1 for r in results if not r.acknowledged),
    }


@router.post(
    "/cases/{case_id}/critical-values/{value_key}/acknowledgment",
    status_code=201,
    response_model=schemas_critical.AcknowledgmentOut,
    responses=_errors((409, "Acknowledged already"), (422, "The method is not on the list")),
)
def acknowledge(
    case_id: str,
    value_key: str,
    caller: CurrentCaller,
    body: Annotated[schemas_critical.AcknowledgmentIn, Body()],
) -> dict[str, Any]:
    """Acknowledge one critical value: the database records who and when, with an audit
    event; the body says how it was communicated and an optional comment."""
    done = caller.services.critical.acknowledge(case_id, value_key, body.method, body.comment)
    return schemas_critical.acknowledgment_out(done)


@router.get(
    "/critical-values/acknowledgment-times",
    response_model=schemas_critical.AcknowledgmentFigureOut,
    responses=_errors(),
)
def acknowledgment_times(caller: CurrentCaller) -> dict[str, Any]:
    """Median and 90th percentile time from finding to acknowledgment, in seconds, over
    every critical value the doctor acknowledged (null when none)."""
    return schemas_critical.figure_out(caller.services.critical.figure())
