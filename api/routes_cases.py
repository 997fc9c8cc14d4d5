"""The case routes: thin translations of HTTP into ``core.services`` calls.

Routes are plain ``def`` so FastAPI runs them in its thread pool: the core is blocking
(SQLite, disk, HTTP to Supabase).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Body, File, Form, Header, Query, Request, UploadFile
from starlette.concurrency import run_in_threadpool

from api import schemas
from api.dependencies import CurrentCaller, check_user_id
from api.schemas_patients import duplicate_out
from core.errors import InvalidInput
from core.models import CaseDetail, CreatedCase, FileCategory, Gender, NewCase, Upload
from core.services import CaseService
from core.validation import MAX_AGE, MIN_AGE

router = APIRouter(tags=["cases"])

_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": schemas.ErrorOut, "description": description}
    for status, description in (
        (400, "Invalid input; the detail says what is wrong"),
        (401, "Invalid authentication credentials"),
        (403, "Insufficient permissions to access this resource"),
        (404, "Case not found (or another doctor's case)"),
        (409, "The case has a signed note, which is never deleted: archive it instead"),
        (413, "A file over the size limit"),
        (500, "Internal server error"),
    )
}


# Documented in the schema only: the core checks them and words the 400 answers.
_AGE_RANGE = {"minimum": MIN_AGE, "maximum": MAX_AGE, "description": "Whole years"}
_GENDERS = {"enum": [gender.value for gender in Gender]}
_UNLESS_PICKED = "Required for a new patient; an existing patient's own with patient_id"
_LAB_TYPES = "PDF, DOC, DOCX, TXT, CSV, HL7 (v2 ORU^R01), JSON (FHIR R4)"
_CATEGORIES = {"enum": [category.value for category in FileCategory]}


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    return {status: _ERRORS[status] for status in (401, 500, *statuses)}


_CREATE_ERRORS = {
    **_errors(400, 403, 413),
    404: {"model": schemas.ErrorOut, "description": "Patient not found (patient_id)"},
}


def _upload(part: UploadFile, category: str) -> Upload:
    # The part as the server spooled it (to disk past 1 MB): the core checks it from its
    # start and headers and storage copies it in chunks, so it never lands in memory whole.
    return Upload(file_name=part.filename or "", content=part.file, category=category)


@router.post(
    "/cases/create_case",
    status_code=201,
    response_model=schemas.CreatedCaseOut,
    responses=_CREATE_ERRORS,
    summary="Open a case with its lab files and radiology images",
)
@router.post(
    "/api/v1/cases",
    status_code=201,
    response_model=schemas.CreatedCaseOut,
    responses=_CREATE_ERRORS,
    summary="Open a case (same as /cases/create_case)",
)
def create_case(
    caller: CurrentCaller,
    patient_name: Annotated[str | None, Form(description=_UNLESS_PICKED)] = None,
    patient_age: Annotated[int | None, Form(json_schema_extra=_AGE_RANGE)] = None,
    patient_gender: Annotated[
        str | None, Form(description=_UNLESS_PICKED, json_schema_extra=_GENDERS)
    ] = None,
    patient_id: Annotated[
        str | None,
        Form(description="An existing patient of the doctor's (GET /api/v1/patients?search=)"),
    ] = None,
    date_of_birth: Annotated[
        str | None, Form(description="A new patient's date of birth, YYYY-MM-DD")
    ] = None,
    record_number: Annotated[
        str | None, Form(description="A new patient's medical record number")
    ] = None,
    user_id: Annotated[str | None, Form(description="If given, the token's own user")] = None,
    case_summary: Annotated[str | None, Form(description="The doctor's notes")] = None,
    lab_files: Annotated[list[UploadFile], File(description=_LAB_TYPES)] = [],  # noqa: B006
    radiology_files: Annotated[list[UploadFile], File(description="JPG, PNG, DCM")] = [],  # noqa: B006
    idempotency_key: Annotated[
        str | None,
        Header(
            description="One submission, one case: a repeat with the same key (8 to 128 "
            "letters, digits, '-' or '_') answers with the case the first request made"
        ),
    ] = None,
) -> dict[str, Any]:
    """Opens the case, stores its files, and starts the background analysis."""
    check_user_id(user_id, caller.doctor)
    uploads = [_upload(part, FileCategory.LAB.value) for part in lab_files]
    uploads += [_upload(part, FileCategory.RADIOLOGY.value) for part in radiology_files]
    form = _new_case_form(
        patient_name,
        patient_age,
        patient_gender,
        patient_id,
        date_of_birth,
        record_number,
        case_summary,
    )
    created = caller.services.create_case(form, uploads, request_key=idempotency_key)
    return _created(created)


def _new_case_form(
    patient_name: str | None,
    patient_age: int | None,
    patient_gender: str | None,
    patient_id: str | None,
    date_of_birth: str | None,
    record_number: str | None,
    case_summary: str | None,
) -> NewCase:
    """The case's form: a new patient's fields (named when missing, as FastAPI names a
    missing field), or an existing patient's id."""
    fields = {"patient_age": patient_age, "patient_gender": patient_gender}
    if date_of_birth:
        fields.pop("patient_age")  # the age follows from the date of birth
    patient_id = patient_id or None  # an empty field names no patient
    if patient_id is None:
        _required(fields)
    return NewCase(
        patient_name=patient_name or "",
        patient_age=patient_age,  # type: ignore[arg-type]  # checked by the core
        patient_gender=patient_gender or "",
        case_summary=case_summary,
        patient_id=patient_id,
        date_of_birth=date_of_birth,
        record_number=record_number,
    )


def _created(created: CreatedCase) -> dict[str, Any]:
    return {
        "message": "Case created successfully",
        "case": created.case.public_dict(),
        "uploaded_files": [record.public_dict() for record in created.files],
        "likely_duplicates": [duplicate_out(d) for d in created.likely_duplicates],
    }


def _required(fields: Mapping[str, object]) -> None:
    """A new patient's fields, named as FastAPI names a missing field."""
    missing = [f"{name} is required" for name, value in fields.items() if value is None]
    if missing:
        raise InvalidInput("; ".join(missing))


_FHIR_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            media: {"schema": {"type": "object", "description": "A FHIR R4 Bundle"}}
            for media in ("application/fhir+json", "application/json", "application/fhir+xml")
        },
    }
}


@router.post(
    "/api/v1/cases/fhir",
    status_code=201,
    response_model=schemas.CreatedCaseOut,
    responses=_CREATE_ERRORS,
    summary="Open a case from a FHIR R4 Bundle of lab results",
    openapi_extra=_FHIR_BODY,
)
async def create_case_from_fhir(
    request: Request,
    caller: CurrentCaller,
    patient_name: Annotated[str | None, Query(description=_UNLESS_PICKED)] = None,
    patient_age: Annotated[int | None, Query(json_schema_extra=_AGE_RANGE)] = None,
    patient_gender: Annotated[
        str | None, Query(description=_UNLESS_PICKED, json_schema_extra=_GENDERS)
    ] = None,
    patient_id: Annotated[
        str | None, Query(description="An existing patient of the doctor's")
    ] = None,
    date_of_birth: Annotated[
        str | None, Query(description="A new patient's date of birth, YYYY-MM-DD")
    ] = None,
    record_number: Annotated[
        str | None, Query(description="A new patient's medical record number")
    ] = None,
    case_summary: Annotated[str | None, Query(description="The doctor's notes")] = None,
) -> dict[str, Any]:
    """The body (a Bundle of Observations, DiagnosticReports, Patient, Specimens) becomes
    the case's lab file ``fhir-bundle.json`` (``fhir-bundle.xml`` when sent as XML), read
    like any lab file by the analysis; its Patient is compared with the case's patient
    there (a wrong-patient warning)."""
    body = await request.body()  # bounded by the request-size limit before it is read
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    name = "fhir-bundle.xml" if media.endswith(("/xml", "+xml")) else "fhir-bundle.json"
    form = _new_case_form(
        patient_name,
        patient_age,
        patient_gender,
        patient_id,
        date_of_birth,
        record_number,
        case_summary,
    )
    upload = Upload(name, body, FileCategory.LAB.value)
    created = await run_in_threadpool(caller.services.create_case, form, [upload])
    return _created(created)


@router.get("/cases/all_cases", response_model=schemas.CaseListOut, responses=_errors(403))
def all_cases(
    caller: CurrentCaller,
    user_id: Annotated[str | None, Query(description="If given, the token's own user")] = None,
) -> dict[str, Any]:
    """The doctor's cases in creation order."""
    check_user_id(user_id, caller.doctor)
    cases = caller.services.list_cases()
    return {"cases": [case.public_dict() for case in cases]}


@router.get("/cases/cases/{case_id}", response_model=schemas.CaseDetailOut, responses=_errors(404))
def get_case(case_id: str, caller: CurrentCaller) -> dict[str, Any]:
    """One case with its files and AI insights (null until ready); recorded as opened."""
    detail = _polled_case(case_id, caller, opened=True)
    return {
        "case": detail.case.public_dict(),
        "files": [record.public_dict() for record in detail.files],
        "ai_insights": _for_owner(caller.services, detail),
        "insights_verified": detail.insights_verified,
    }


@router.put(
    "/cases/cases/{case_id}",
    response_model=schemas.CaseUpdatedOut,
    responses=_errors(400, 404),
)
def update_case(
    case_id: str,
    caller: CurrentCaller,
    changes: Annotated[schemas.CaseChanges | None, Body()] = None,
) -> dict[str, Any]:
    """Change the patient's name or age, the notes, or the status; gender is fixed."""
    fields = changes.model_dump(exclude_unset=True) if changes is not None else {}
    case = caller.services.update_case(case_id, fields)
    return {"message": "Case updated successfully", "case": case.public_dict()}


@router.delete(
    "/cases/cases/{case_id}", response_model=schemas.MessageOut, responses=_errors(404, 409)
)
def delete_case(case_id: str, caller: CurrentCaller) -> dict[str, Any]:
    """Deletes the case for good, with its files and insights; a case with a signed note
    is never deleted (409: archive it instead)."""
    caller.services.delete_case(case_id)
    return {"message": "Case deleted successfully"}


@router.post(
    "/cases/upload",
    status_code=201,
    response_model=schemas.UploadedFileOut,
    responses=_errors(400, 404, 413),
)
def upload_file(
    caller: CurrentCaller,
    case_id: Annotated[str, Form()],
    file: Annotated[UploadFile, File()],
    file_category: Annotated[str, Form(json_schema_extra=_CATEGORIES)] = FileCategory.LAB.value,
) -> dict[str, Any]:
    """Adds a lab file or radiology image to one of the doctor's cases."""
    record = caller.services.upload_file(case_id, _upload(file, file_category))
    return {"message": "File uploaded successfully", "file": record.public_dict()}


@router.get("/cases/files/{case_id}", response_model=schemas.FileListOut, responses=_errors(404))
def list_files(case_id: str, caller: CurrentCaller) -> dict[str, Any]:
    """The case's files in upload order; [] when none."""
    files = caller.services.list_files(case_id)
    return {"files": [record.public_dict() for record in files]}


@router.get(
    "/api/v1/cases/{case_id}/insights",
    response_model=schemas.InsightsOut,
    responses=_errors(404),
)
def case_insights(case_id: str, caller: CurrentCaller) -> dict[str, Any]:
    """The case's AI insights; medical_insights is null until the analysis is done."""
    detail = _polled_case(case_id, caller)
    return {
        "case_id": detail.case.case_id,
        "medical_insights": _for_owner(caller.services, detail),
        "insights_verified": detail.insights_verified,
    }


def _for_owner(services: CaseService, detail: CaseDetail) -> dict[str, Any] | None:
    """The insights as their owner reads them (the display policy: [PATIENT] as the
    patient's name; the stored record, which the seal covers, stays redacted and
    insights_verified is about that record)."""
    if detail.ai_insights is None:
        return None
    shown: dict[str, Any] = services.display.text(detail.ai_insights, detail.case)
    return shown


def _polled_case(case_id: str, caller: CurrentCaller, opened: bool = False) -> CaseDetail:
    """The case a client polls for its insights; one still analysing is offered to the
    analyzer again (``core.jobs.recovery`` decides how often), so a job that died with
    its process does not leave the client waiting forever."""
    services = caller.services
    detail = services.open_case(case_id) if opened else services.get_case(case_id)
    caller.services.resume_if_abandoned(detail.case)
    return detail


@router.post(
    "/api/v1/cases/{case_id}/analysis",
    status_code=202,
    response_model=schemas.CaseUpdatedOut,
    responses=_errors(400, 404),
    summary="Analyse the case again (after a failure, or after files were added)",
)
def rerun_analysis(case_id: str, caller: CurrentCaller) -> dict[str, Any]:
    """Queues a new analysis; the case is 'analyzing' until it completes or fails. An
    archived case is refused (400): restore it first."""
    case = caller.services.request_analysis(case_id)
    return {"message": "Analysis queued", "case": case.public_dict()}
