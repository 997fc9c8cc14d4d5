"""Request and response shapes of the pilot routes. Nothing here has a field for a
patient's name, age or gender: enrolled cases travel as pseudonyms and de-identified views."""

from __future__ import annotations

from dataclasses import asdict
from datetime import date, datetime
from typing import Any

from pydantic import BaseModel, Field

from core.pilot.figures import PilotFigures
from core.pilot.records import (
    CaseView,
    EnrolledInsights,
    Enrolment,
    PilotMember,
    PilotReview,
    PilotSeat,
    scores_json,
)


class PilotIn(BaseModel):
    name: str
    description: str = ""
    starts_on: str = Field(description="YYYY-MM-DD")
    ends_on: str = Field(description="YYYY-MM-DD, on or after the start")


class PilotOut(BaseModel):
    pilot_id: str
    name: str
    description: str
    starts_on: date
    ends_on: date
    coordinator_id: str
    created_at: datetime
    role: str = Field(description="The caller's role: coordinator, reviewer or doctor")


def pilot_out(seat: PilotSeat) -> dict[str, Any]:
    return {**asdict(seat.pilot), "role": seat.role}


class MemberIn(BaseModel):
    email: str = Field(description="The exact email of the member's account")
    role: str = Field(default="reviewer", json_schema_extra={"enum": ["reviewer", "doctor"]})


class MemberOut(BaseModel):
    user_id: str
    email: str
    role: str
    added_at: datetime


def member_out(member: PilotMember) -> dict[str, Any]:
    return {k: v for k, v in asdict(member).items() if k != "pilot_id"}


class EnrolIn(BaseModel):
    case_ids: list[str] = Field(description="The caller's own cases, with AI insights")


class EnrolmentOut(BaseModel):
    enrolment_id: str
    pseudonym: str
    number: int
    enrolled_at: datetime
    case_id: str | None = Field(description="Only for the doctor who enrolled the case")


def enrolment_out(enrolment: Enrolment, caller: str) -> dict[str, Any]:
    return {
        "enrolment_id": enrolment.enrolment_id,
        "pseudonym": enrolment.pseudonym,
        "number": enrolment.number,
        "enrolled_at": enrolment.enrolled_at,
        "case_id": enrolment.case_id if enrolment.owner_id == caller else None,
    }


class EnrolledCaseOut(EnrolmentOut):
    view: CaseView


class InsightsOut(BaseModel):
    enrolment_id: str
    draft_id: str
    ai_insights: dict[str, Any]


def insights_out(found: EnrolledInsights) -> dict[str, Any]:
    return {
        "enrolment_id": found.enrolment_id,
        "draft_id": found.draft_id,
        "ai_insights": found.ai_insights,
    }


class DiagnosisIn(BaseModel):
    diagnosis: str
    icd_code: str
    supersedes: str | None = Field(default=None, description="The submitted review corrected")


class ScoresIn(BaseModel):
    scores: dict[str, Any] = Field(
        description="Per section: {verdict, ratings: {accurate, complete, useful, "
        "free_of_invented_facts: 1-5}, comment}"
    )


class ReviewOut(BaseModel):
    review_id: str
    enrolment_id: str
    reviewer_id: str
    diagnosis: str
    icd_code: str
    diagnosed_at: datetime
    scores: dict[str, Any] | None
    submitted_at: datetime | None
    supersedes: str | None


def review_out(review: PilotReview) -> dict[str, Any]:
    values = asdict(review)
    values.pop("pilot_id")
    values["scores"] = scores_json(review.scores) if review.scores is not None else None
    return values


def figures_out(figures: PilotFigures) -> dict[str, Any]:
    result: dict[str, Any] = asdict(figures)
    return result
