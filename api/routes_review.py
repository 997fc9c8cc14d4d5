"""Physician review over HTTP: the draft and its decisions, sign-off, amendments, versions.

Same auth, errors and ownership rules as the case routes: another doctor's case answers
404 "Case not found".
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Path

from api import schemas, schemas_review
from api.dependencies import CurrentCaller
from core import validation

router = APIRouter(prefix="/api/v1/cases/{case_id}", tags=["review"])

_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": schemas.ErrorOut, "description": description}
    for status, description in (
        (400, "Invalid input; the detail says what is wrong"),
        (401, "Invalid authentication credentials"),
        (404, "Case not found (or another doctor's case)"),
        (500, "Internal server error"),
    )
}
# Signing and amending wait until every critical value is acknowledged (issue #27).
_SIGN_ERRORS = {
    **_ERRORS,
    409: {"model": schemas.ErrorOut, "description": "A critical value awaits acknowledgment"},
}
_SECTION = Path(json_schema_extra={"enum": schemas_review.SECTIONS})


@router.get("/review", response_model=schemas_review.ReviewOut, responses=_ERRORS)
def review_status(case_id: str, caller: CurrentCaller) -> dict[str, Any]:
    """The current AI draft, the decision on each section, and every signed version."""
    summary = caller.services.review.shown_summary(case_id)
    return schemas_review.review_out(validation.case_id(case_id), summary)


@router.post(
    "/review/{section}",
    status_code=201,
    response_model=schemas_review.SectionDecisionOut,
    responses=_ERRORS,
)
def review_section(
    case_id: str,
    section: Annotated[str, _SECTION],
    caller: CurrentCaller,
    body: Annotated[schemas_review.SectionDecisionIn, Body()],
) -> dict[str, Any]:
    """Accept a section, edit it (the doctor's text beside the AI draft), or reject it."""
    record = caller.services.review.review_section(
        case_id,
        section,
        body.decision,
        edited=body.edited,
        reason=body.reason,
        draft_id=body.draft_id,
    )
    return schemas_review.decision_out(record)


@router.post(
    "/sign", status_code=201, response_model=schemas_review.VersionOut, responses=_SIGN_ERRORS
)
def sign(case_id: str, caller: CurrentCaller) -> dict[str, Any]:
    """Sign the note once every section has a decision; it is read-only afterwards."""
    review = caller.services.review
    note = review.sign(case_id)
    return schemas_review.version_out(review.shown_version(case_id, note.version))


@router.post(
    "/amend", status_code=201, response_model=schemas_review.VersionOut, responses=_SIGN_ERRORS
)
def amend(
    case_id: str,
    caller: CurrentCaller,
    body: Annotated[schemas_review.AmendmentIn, Body()],
) -> dict[str, Any]:
    """A new signed version with the changed sections and the reason for the amendment."""
    review = caller.services.review
    note = review.amend(case_id, body.sections, body.reason)
    return schemas_review.version_out(review.shown_version(case_id, note.version))


@router.get("/versions", response_model=schemas_review.VersionListOut, responses=_ERRORS)
def versions(case_id: str, caller: CurrentCaller) -> dict[str, Any]:
    """Every signed version of the note, oldest first."""
    notes = caller.services.review.shown_versions(case_id)
    return {"versions": [schemas_review.version_out(note) for note in notes]}


@router.get("/versions/{version}", response_model=schemas_review.VersionOut, responses=_ERRORS)
def version(case_id: str, version: int, caller: CurrentCaller) -> dict[str, Any]:
    """One signed version (1 is the sign-off, later ones are amendments)."""
    return schemas_review.version_out(caller.services.review.shown_version(case_id, version))
