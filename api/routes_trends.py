"""The patient over time: a patient's lab trends and timeline (the owner's patients only)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from api import schemas, schemas_trends
from api.dependencies import CurrentCaller

router = APIRouter(tags=["patients"])

_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": schemas.ErrorOut, "description": description}
    for status, description in (
        (400, "Invalid input; the detail says what is wrong"),
        (401, "Invalid authentication credentials"),
        (404, "Patient not found (or another doctor's patient)"),
        (500, "Internal server error"),
    )
}


@router.get(
    "/api/v1/patients/{patient_id}/trends",
    response_model=schemas_trends.PatientTrendsOut,
    responses=_ERRORS,
)
def patient_trends(patient_id: str, caller: CurrentCaller) -> dict[str, Any]:
    """The patient's timeline (cases, signed notes, critical values) and one series per
    analyte and specimen, units harmonised, each point with its case and source line. A
    merged record answers with the record it was merged into."""
    return schemas_trends.trends_out(caller.services.patient_trends(patient_id))
