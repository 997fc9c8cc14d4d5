"""Pilots over HTTP: pilots, members, enrolment, blinded reviews, figures and CSV.

The same bearer token, errors and rules as the case routes; a pilot the caller has no part
in answers 404 "Pilot not found". No answer carries a patient's name: enrolled cases are
pseudonyms with de-identified views, and a case id goes only to the doctor who enrolled it.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Response

from api import schemas, schemas_pilots
from api.dependencies import CurrentCaller, CurrentClinic
from core.services.pilots import PilotService

router = APIRouter(prefix="/api/v1/pilots", tags=["pilots"])

_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": schemas.ErrorOut, "description": description}
    for status, description in (
        (400, "Invalid input; the detail says what is wrong"),
        (401, "Invalid authentication credentials"),
        (403, "Not allowed in this pilot (or the blind diagnosis is not recorded yet)"),
        (404, "Pilot or enrolled case not found"),
        (500, "Internal server error"),
    )
}


def _pilots(caller: CurrentCaller, clinic: CurrentClinic) -> PilotService:
    return clinic.pilots_for(caller.services)


Pilots = Annotated[PilotService, Depends(_pilots)]


@router.get("", response_model=list[schemas_pilots.PilotOut], responses=_ERRORS)
def list_pilots(pilots: Pilots) -> list[dict[str, Any]]:
    """The pilots the caller coordinates or belongs to, with their role in each."""
    return [schemas_pilots.pilot_out(seat) for seat in pilots.pilots()]


@router.post("", status_code=201, response_model=schemas_pilots.PilotOut, responses=_ERRORS)
def create_pilot(pilots: Pilots, body: Annotated[schemas_pilots.PilotIn, Body()]) -> dict[str, Any]:
    """A new pilot; the caller coordinates it."""
    pilot = pilots.create_pilot(body.name, body.description, body.starts_on, body.ends_on)
    return schemas_pilots.pilot_out(pilots.seat(pilot.pilot_id))


@router.get("/{pilot_id}", response_model=schemas_pilots.PilotOut, responses=_ERRORS)
def get_pilot(pilot_id: str, pilots: Pilots) -> dict[str, Any]:
    return schemas_pilots.pilot_out(pilots.seat(pilot_id))


@router.get("/{pilot_id}/members", response_model=list[schemas_pilots.MemberOut], responses=_ERRORS)
def list_members(pilot_id: str, pilots: Pilots) -> list[dict[str, Any]]:
    """Every member for the coordinator; a member's own membership otherwise."""
    return [schemas_pilots.member_out(m) for m in pilots.members(pilot_id)]


@router.post(
    "/{pilot_id}/members",
    status_code=201,
    response_model=schemas_pilots.MemberOut,
    responses=_ERRORS,
)
def add_member(
    pilot_id: str, pilots: Pilots, body: Annotated[schemas_pilots.MemberIn, Body()]
) -> dict[str, Any]:
    """As the coordinator: add the account with exactly this email."""
    return schemas_pilots.member_out(pilots.add_member(pilot_id, body.email, body.role))


@router.delete("/{pilot_id}/members/{user_id}", status_code=204, responses=_ERRORS)
def remove_member(pilot_id: str, user_id: str, pilots: Pilots) -> Response:
    pilots.remove_member(pilot_id, user_id)
    return Response(status_code=204)


@router.post(
    "/{pilot_id}/enrolments",
    status_code=201,
    response_model=list[schemas_pilots.EnrolmentOut],
    responses=_ERRORS,
)
def enrol(
    pilot_id: str, pilots: Pilots, body: Annotated[schemas_pilots.EnrolIn, Body()]
) -> list[dict[str, Any]]:
    """Enrol several of the caller's own cases at once (all or none)."""
    me = pilots.doctor.user_id
    return [schemas_pilots.enrolment_out(e, me) for e in pilots.enrol(pilot_id, body.case_ids)]


@router.get(
    "/{pilot_id}/enrolments",
    response_model=list[schemas_pilots.EnrolmentOut],
    responses=_ERRORS,
)
def list_enrolments(pilot_id: str, pilots: Pilots) -> list[dict[str, Any]]:
    me = pilots.doctor.user_id
    return [schemas_pilots.enrolment_out(e, me) for e in pilots.enrolments(pilot_id)]


@router.get(
    "/{pilot_id}/enrolments/{enrolment_id}",
    response_model=schemas_pilots.EnrolledCaseOut,
    responses=_ERRORS,
)
def enrolled_case(pilot_id: str, enrolment_id: str, pilots: Pilots) -> dict[str, Any]:
    """The de-identified view of an enrolled case."""
    pilots.seat(pilot_id)
    found = pilots.enrolled_case(enrolment_id)
    return {**schemas_pilots.enrolment_out(found, pilots.doctor.user_id), "view": found.view}


@router.get(
    "/{pilot_id}/enrolments/{enrolment_id}/insights",
    response_model=schemas_pilots.InsightsOut,
    responses=_ERRORS,
)
def enrolled_insights(pilot_id: str, enrolment_id: str, pilots: Pilots) -> dict[str, Any]:
    """The AI draft; a reviewer gets it after recording their own diagnosis (403 before)."""
    pilots.seat(pilot_id)
    return schemas_pilots.insights_out(pilots.ai_insights(enrolment_id))


@router.post(
    "/{pilot_id}/enrolments/{enrolment_id}/reviews",
    status_code=201,
    response_model=schemas_pilots.ReviewOut,
    responses=_ERRORS,
)
def record_diagnosis(
    pilot_id: str,
    enrolment_id: str,
    pilots: Pilots,
    body: Annotated[schemas_pilots.DiagnosisIn, Body()],
) -> dict[str, Any]:
    """The reviewer's blind diagnosis: the first step of a review."""
    pilots.seat(pilot_id)
    review = pilots.record_diagnosis(enrolment_id, body.diagnosis, body.icd_code, body.supersedes)
    return schemas_pilots.review_out(review)


@router.post(
    "/{pilot_id}/reviews/{review_id}/scores",
    response_model=schemas_pilots.ReviewOut,
    responses=_ERRORS,
)
def submit_scores(
    pilot_id: str,
    review_id: str,
    pilots: Pilots,
    body: Annotated[schemas_pilots.ScoresIn, Body()],
) -> dict[str, Any]:
    """Score every section; the review is final afterwards."""
    return schemas_pilots.review_out(pilots.submit_scores(pilot_id, review_id, body.scores))


@router.get("/{pilot_id}/reviews", response_model=list[schemas_pilots.ReviewOut], responses=_ERRORS)
def list_reviews(pilot_id: str, pilots: Pilots) -> list[dict[str, Any]]:
    """Every review for the coordinator; the caller's own otherwise."""
    return [schemas_pilots.review_out(r) for r in pilots.reviews(pilot_id)]


@router.get("/{pilot_id}/figures", responses=_ERRORS)
def figures(pilot_id: str, pilots: Pilots) -> dict[str, Any]:
    """Every figure, overall and by engine, model and prompt version."""
    return schemas_pilots.figures_out(pilots.figures(pilot_id))


def _csv(text: str, name: str) -> Response:
    return Response(
        text,
        media_type="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


_CSV = {**_ERRORS, 200: {"content": {"text/csv": {}}, "description": "CSV"}}


@router.get("/{pilot_id}/export/reviews.csv", responses=_CSV)
def export_reviews(pilot_id: str, pilots: Pilots) -> Response:
    """Every review, without patient data (the coordinator only)."""
    return _csv(pilots.export_csv(pilot_id)[0], "pilot_reviews.csv")


@router.get("/{pilot_id}/export/figures.csv", responses=_CSV)
def export_figures(pilot_id: str, pilots: Pilots) -> Response:
    """Every figure with its interval and n (the coordinator only)."""
    return _csv(pilots.export_csv(pilot_id)[1], "pilot_figures.csv")
