"""Request and response shapes of the patient routes (the owner's own records only)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from api.schemas import CaseOut, DuplicateOut, PatientOut
from core.models import Gender, LikelyDuplicate, MergeSuggestion

_SEXES: dict[str, Any] = {"enum": [gender.value for gender in Gender]}


class PatientIn(BaseModel):
    name: str
    sex: str = Field(json_schema_extra=_SEXES)
    date_of_birth: str | None = Field(default=None, description="YYYY-MM-DD")
    record_number: str | None = Field(default=None, description="The medical record number")


class PatientChangesIn(BaseModel):
    """The details to correct; a field left out stays as it is (null clears the date of
    birth or record number). The sex is fixed: any other field is refused."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = None
    date_of_birth: str | None = Field(default=None, description="YYYY-MM-DD")
    record_number: str | None = Field(default=None, description="The medical record number")


class MergeIn(BaseModel):
    into: str = Field(description="The record this one is merged into (kept)")


class PatientListOut(BaseModel):
    patients: list[PatientOut]


class CreatedPatientOut(BaseModel):
    message: str
    patient: PatientOut
    likely_duplicates: list[DuplicateOut] = Field(
        description="Existing records that may be the same person: offered, never merged"
    )


class PatientDetailOut(BaseModel):
    patient: PatientOut
    cases: list[CaseOut] = Field(
        description="The cases of the whole record (those of records merged into it too), "
        "oldest first"
    )


class PatientChangedOut(BaseModel):
    message: str
    patient: PatientOut


class MergeSuggestionOut(BaseModel):
    kept: PatientOut
    duplicate: PatientOut
    reasons: list[str]


class MergeSuggestionsOut(BaseModel):
    suggestions: list[MergeSuggestionOut]


def duplicate_out(duplicate: LikelyDuplicate) -> dict[str, Any]:
    return {"patient": duplicate.patient.public_dict(), "reasons": list(duplicate.reasons)}


def suggestion_out(suggestion: MergeSuggestion) -> dict[str, Any]:
    return {
        "kept": suggestion.kept.public_dict(),
        "duplicate": suggestion.duplicate.public_dict(),
        "reasons": list(suggestion.reasons),
    }
