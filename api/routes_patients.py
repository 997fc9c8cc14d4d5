"""The patient routes: a doctor's own patient records, their cases, merge and unmerge."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Query

from api import schemas, schemas_patients
from api.dependencies import CurrentCaller
from api.schemas_patients import duplicate_out, suggestion_out
from core.services.patients import MAX_SEARCH_RESULTS

router = APIRouter(tags=["patients"])

_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": schemas.ErrorOut, "description": description}
    for status, description in (
        (400, "Invalid input; the detail says what is wrong"),
        (401, "Invalid authentication credentials"),
        (404, "Patient not found (or another doctor's patient)"),
        (409, "The merge would tangle the records; the detail says why"),
        (500, "Internal server error"),
    )
}


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    return {status: _ERRORS[status] for status in (401, 500, *statuses)}


@router.get(
    "/api/v1/patients", response_model=schemas_patients.PatientListOut, responses=_errors(400)
)
def list_patients(
    caller: CurrentCaller,
    search: Annotated[
        str | None,
        Query(description="Words of the name (accents, case and order aside) or the record number"),
    ] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_SEARCH_RESULTS)] = 20,
) -> dict[str, Any]:
    """The doctor's patients: with ``search``, the matching records not merged into
    another (at most ``limit``); without, every record, merged ones included, oldest first."""
    patients = caller.services.patients
    found = patients.search(search, limit) if search is not None else patients.list_patients()
    return {"patients": [patient.public_dict() for patient in found]}


@router.post(
    "/api/v1/patients",
    status_code=201,
    response_model=schemas_patients.CreatedPatientOut,
    responses=_errors(400),
)
def create_patient(
    caller: CurrentCaller, body: Annotated[schemas_patients.PatientIn, Body()]
) -> dict[str, Any]:
    """A new patient record. Existing records that may be the same person (the same record
    number; the same date of birth and a similar name) are listed with it, never merged."""
    patient, duplicates = caller.services.patients.create_patient(
        body.name, body.sex, body.date_of_birth, body.record_number
    )
    return {
        "message": "Patient created successfully",
        "patient": patient.public_dict(),
        "likely_duplicates": [duplicate_out(d) for d in duplicates],
    }


@router.get(
    "/api/v1/patients/merge_suggestions",
    response_model=schemas_patients.MergeSuggestionsOut,
    responses=_errors(),
)
def merge_suggestions(caller: CurrentCaller) -> dict[str, Any]:
    """Pairs of the doctor's records that may be one person (the older would be kept)."""
    found = caller.services.patients.merge_suggestions()
    return {"suggestions": [suggestion_out(s) for s in found]}


@router.get(
    "/api/v1/patients/{patient_id}",
    response_model=schemas_patients.PatientDetailOut,
    responses=_errors(404),
)
def get_patient(patient_id: str, caller: CurrentCaller) -> dict[str, Any]:
    """One of the doctor's records with the cases of its whole record, oldest first (a
    patient_opened event on the audit trail)."""
    patients = caller.services.patients
    patient = patients.open_patient(patient_id)
    cases = patients.patient_cases(patient.patient_id)
    return {"patient": patient.public_dict(), "cases": [case.public_dict() for case in cases]}


@router.patch(
    "/api/v1/patients/{patient_id}",
    response_model=schemas_patients.PatientChangedOut,
    responses=_errors(400, 404),
)
def update_patient(
    patient_id: str,
    caller: CurrentCaller,
    body: Annotated[schemas_patients.PatientChangesIn, Body()],
) -> dict[str, Any]:
    """Correct the record's name, date of birth or record number (a patient_updated event
    names the fields, never their values). The cases keep the details they were made with."""
    changes = body.model_dump(exclude_unset=True)
    patient = caller.services.patients.update_patient(patient_id, changes)
    return {"message": "Patient updated", "patient": patient.public_dict()}


@router.post(
    "/api/v1/patients/{patient_id}/merge",
    response_model=schemas_patients.PatientChangedOut,
    responses=_errors(400, 404, 409),
)
def merge_patient(
    patient_id: str, caller: CurrentCaller, body: Annotated[schemas_patients.MergeIn, Body()]
) -> dict[str, Any]:
    """Merge this record into ``into`` (kept): its cases join that patient's history. On
    the audit trail; undone by unmerge."""
    kept = caller.services.patients.merge(patient_id, body.into)
    return {"message": "Patient merged", "patient": kept.public_dict()}


@router.post(
    "/api/v1/patients/{patient_id}/unmerge",
    response_model=schemas_patients.PatientChangedOut,
    responses=_errors(404, 409),
)
def unmerge_patient(patient_id: str, caller: CurrentCaller) -> dict[str, Any]:
    """Undo this record's merge: its own cases are its own again. On the audit trail."""
    patient = caller.services.patients.unmerge(patient_id)
    return {"message": "Patient unmerged", "patient": patient.public_dict()}
