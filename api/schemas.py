"""The API's request and response shapes, as the OpenAPI schema at /docs shows them.

Field names follow the reference API. Request models only describe and type the fields;
the rules (ranges, lengths, allowed values) stay in ``core.validation``.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from core.lifecycle import DOCTOR_STATUS_REQUESTS

_AGE_RANGE: dict[str, Any] = {"minimum": 0, "maximum": 150}


class ErrorOut(BaseModel):
    detail: str


class CaseOut(BaseModel):
    case_id: str
    user_id: str
    patient_name: str
    patient_age: int
    patient_gender: str
    case_summary: str | None
    status: str
    created_at: datetime
    updated_at: datetime
    review_state: str | None = Field(
        default=None, description="awaiting_review | reviewed | signed | amended; null before"
    )
    analysis_stage: str | None = Field(default=None, description="The analyzer's last stage")
    analysis_error: str | None = Field(
        default=None, description="Why the analysis failed (no patient data); null otherwise"
    )
    patient_id: str | None = Field(
        default=None, description="The doctor's patient record the case is for"
    )


class FileOut(BaseModel):
    file_id: str
    case_id: str
    file_name: str = Field(description="The original name, for display only")
    file_type: str = Field(description="MIME type, from the checked content")
    file_size: int
    file_url: str = Field(description="Storage key: {user_id}/{case_id}/{file_id}/{safe_name}")
    file_category: str = Field(description="lab | radiology")
    uploaded_at: datetime


class PatientOut(BaseModel):
    patient_id: str
    name: str
    sex: str
    date_of_birth: date | None
    record_number: str | None
    merged_into: str | None = Field(description="The record this one is merged into, if any")
    created_at: datetime


class DuplicateOut(BaseModel):
    patient: PatientOut
    reasons: list[str] = Field(description="Why it may be the same person")


class CreatedCaseOut(BaseModel):
    message: str
    case: CaseOut
    uploaded_files: list[FileOut]
    likely_duplicates: list[DuplicateOut] = Field(
        default=[],
        description="A new patient made for the case: existing records that may be the same "
        "person (offered to merge, never merged silently)",
    )


class CaseListOut(BaseModel):
    cases: list[CaseOut]


class CaseDetailOut(BaseModel):
    case: CaseOut
    files: list[FileOut]
    ai_insights: dict[str, Any] | None = Field(
        description="null until the analysis is done; [PATIENT] reads as the patient's name "
        "(the stored, sealed record stays redacted)"
    )
    insights_verified: bool | None = Field(
        default=None,
        description="true when the insights carry the analyzer's intact seal; false for a "
        "record the analyzer did not write or that was changed; null without insights",
    )


class CaseUpdatedOut(BaseModel):
    message: str
    case: CaseOut


class MessageOut(BaseModel):
    message: str


class UploadedFileOut(BaseModel):
    message: str
    file: FileOut


class FileListOut(BaseModel):
    files: list[FileOut]


class InsightsOut(BaseModel):
    case_id: str
    medical_insights: dict[str, Any] | None = Field(
        description="The case's ai_insights, [PATIENT] read as the patient's name; null "
        "until the analysis is done"
    )
    insights_verified: bool | None = Field(
        default=None, description="Whether the insights carry the analyzer's intact seal"
    )


class CaseChanges(BaseModel):
    """Every field optional; at least one must change something."""

    # Unknown fields reach the core, which names them in its 400 answer; the schema says
    # they are not allowed, and the ranges and values below are the core's rules.
    model_config = ConfigDict(extra="allow", json_schema_extra={"additionalProperties": False})

    patient_name: str | None = None
    patient_age: StrictInt | None = Field(default=None, json_schema_extra=_AGE_RANGE)
    case_summary: str | None = Field(default=None, description="An empty string clears it")
    status: str | None = Field(
        default=None,
        description=(
            "'archived' archives the case; 'active' restores an archived case to the status "
            "it had. The analyzer's statuses (analyzing, completed, failed) are refused."
        ),
        json_schema_extra={"enum": [*DOCTOR_STATUS_REQUESTS, None]},
    )


class Credentials(BaseModel):
    email: str
    password: str


class TokenRequest(BaseModel):
    """grant_type=password takes email and password; grant_type=refresh_token takes the token."""

    email: str | None = None
    password: str | None = None
    refresh_token: str | None = None


class UserOut(BaseModel):
    id: str
    email: str


class SessionOut(BaseModel):
    access_token: str
    token_type: Literal["bearer"]
    expires_in: int
    expires_at: int
    refresh_token: str
    user: UserOut
