"""The pilot's records: pilots, members, enrolled cases and reviewers' blinded reviews.

Pure data. A reviewer's view of a case (``CaseView``) holds no name, age or gender: the
case is known by its pseudonym, "Case P-0042", from its enrolment number in the pilot.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from typing import Any, TypeVar

from pydantic import BaseModel, Field, SerializationInfo, ValidationError, field_serializer

from core.insights import ImageAnalysis, LabValue


def as_fields(value: Any) -> Mapping[str, Any]:
    """A part of a stored AI draft read as its fields (a section, the diagnosis, the
    provenance): an object as it is; anything else, a draft stored in a shape no analysis
    writes, reads as empty, so a pilot's pages never fail on one enrolled draft."""
    return value if isinstance(value, Mapping) else {}


class PilotRole(StrEnum):
    COORDINATOR = "coordinator"  # created the pilot; adds and removes members
    REVIEWER = "reviewer"  # scores enrolled cases blind
    DOCTOR = "doctor"  # enrols their own cases


class Verdict(StrEnum):
    ACCEPT = "accept"
    MINOR_EDIT = "minor_edit"
    MAJOR_EDIT = "major_edit"
    REJECT = "reject"


VERDICT_LABELS: dict[str, str] = {
    Verdict.ACCEPT: "Accept",
    Verdict.MINOR_EDIT: "Minor edit",
    Verdict.MAJOR_EDIT: "Major edit",
    Verdict.REJECT: "Reject",
}

# A short rubric in the spirit of PDSQI-9: each item rated 1 (poor) to 5 (excellent).
RUBRIC: tuple[str, ...] = ("accurate", "complete", "useful", "free_of_invented_facts")
RUBRIC_LABELS: dict[str, str] = {
    "accurate": "Accurate",
    "complete": "Complete",
    "useful": "Useful",
    "free_of_invented_facts": "Free of invented facts",
}
RATING_RANGE = (1, 5)
# What 1, 3 and 5 mean for each item, shown under its scale (issue #26).
RUBRIC_ANCHORS: dict[str, tuple[str, str, str]] = {
    "accurate": ("wrong", "minor errors", "no errors"),
    "complete": ("key facts missing", "some missing", "nothing missing"),
    "useful": ("no help", "some help", "usable as is"),
    "free_of_invented_facts": ("several invented", "one minor", "none invented"),
}


@dataclass(frozen=True)
class Pilot:
    pilot_id: str
    name: str
    description: str
    starts_on: date
    ends_on: date
    coordinator_id: str
    created_at: datetime

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> Pilot:
        """A pilot from a database row, whose dates and times are ISO 8601 text."""
        return cls(
            pilot_id=row["pilot_id"],
            name=row["name"],
            description=row["description"],
            starts_on=date.fromisoformat(row["starts_on"]),
            ends_on=date.fromisoformat(row["ends_on"]),
            coordinator_id=row["coordinator_id"],
            created_at=datetime.fromisoformat(row["created_at"]),
        )


@dataclass(frozen=True)
class PilotSeat:
    """A pilot as one account sees it: with the role that account has in it."""

    pilot: Pilot
    role: str  # PilotRole


@dataclass(frozen=True)
class PilotMember:
    pilot_id: str
    user_id: str
    email: str
    role: str  # PilotRole.REVIEWER or PilotRole.DOCTOR
    added_at: datetime


class LabText(BaseModel):
    label: str  # "Lab file 1": never the file's own name
    text: str  # redacted as the engines get it


class ImageView(BaseModel):
    label: str  # "Radiology image 1"
    reading: ImageAnalysis | None = None  # what the vision model wrote, scrubbed
    png: str | None = None  # base64 of the model-ready picture (identifiers stripped)


class CaseView(BaseModel):
    """What a reviewer sees of an enrolled case: no name, the age only as a ten-year band
    (90 and over as one, as HIPAA's Safe Harbor asks), and the sex as recorded."""

    age_band: str | None = None  # "40-49", "90+"; None in views enrolled before issue #26
    sex: str | None = None  # "female", "male", "other", "unknown"
    notes: str | None = None  # the doctor's notes, redacted
    lab_files: list[LabText] = Field(default_factory=list)
    lab_values: list[LabValue] = Field(default_factory=list)
    images: list[ImageView] = Field(default_factory=list)

    @field_serializer("lab_values")
    def _values_as_shown(self, values: list[LabValue], info: SerializationInfo) -> list[Any]:
        # A result's source key is the clinic's bookkeeping, not the reviewer's to see; its
        # collection time a date of care (and a field the database's view check refuses).
        hidden = {"source_key", "collected"}
        return [value.model_dump(mode=info.mode, exclude=hidden) for value in values]


_Model = TypeVar("_Model", bound=BaseModel)


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _readable(model: type[_Model], items: Any) -> list[_Model]:
    """Each item of a stored list that reads as ``model``; the others are left out."""
    kept = []
    for item in _listed(items):
        try:
            kept.append(model.model_validate(item))
        except ValidationError:
            continue
    return kept


def stored_view(raw: Any) -> CaseView:
    """An enrolled case's view as stored. A part that no longer reads (a lab value, lab
    text or image reading of a shape no analysis writes, stored before the database
    refused it) is left out, never the whole view: the reviewers still see the rest."""
    try:
        return CaseView.model_validate(raw)
    except ValidationError:
        pass
    fields = as_fields(raw)
    # An image whose reading no longer reads keeps its label and picture.
    images = [
        next(iter(_readable(ImageView, [image, {**as_fields(image), "reading": None}])), None)
        for image in _listed(fields.get("images"))
    ]
    words = {k: v for k in ("age_band", "sex", "notes") if isinstance(v := fields.get(k), str)}
    return CaseView(
        **words,
        lab_files=_readable(LabText, fields.get("lab_files")),
        lab_values=_readable(LabValue, fields.get("lab_values")),
        images=[image for image in images if image is not None],
    )


OLDEST_BAND = 90  # ages from here on are one band: few enough to identify a patient


def age_band(age: int) -> str:
    """The ten-year band a reviewer sees instead of the age: 47 -> "40-49", 93 -> "90+"."""
    if age >= OLDEST_BAND:
        return f"{OLDEST_BAND}+"
    low = max(age, 0) // 10 * 10
    return f"{low}-{low + 9}"


def pseudonym(number: int) -> str:
    """The name a case goes by in a pilot: "Case P-0042"."""
    return f"Case P-{number:04d}"


@dataclass(frozen=True)
class Enrolment:
    """A case enrolled in a pilot; ``view`` is None in lists (it is read one at a time)."""

    enrolment_id: str
    pilot_id: str
    case_id: str
    owner_id: str
    number: int
    enrolled_at: datetime
    view: CaseView | None = None

    @property
    def pseudonym(self) -> str:
        return pseudonym(self.number)


@dataclass(frozen=True)
class NewEnrolment:
    """What the enrolling doctor hands the store: the de-identified view and AI insights."""

    enrolment_id: str
    pilot_id: str
    case_id: str
    draft_id: str
    view: CaseView
    ai_insights: dict[str, Any]  # the draft's insights, redacted like the view
    signed_sections: dict[str, Any] | None = None  # the signed note's text per section


@dataclass(frozen=True)
class EnrolledInsights:
    """The AI draft of an enrolled case, as reviewers see it after their blind diagnosis."""

    enrolment_id: str
    draft_id: str
    ai_insights: dict[str, Any]
    signed_sections: dict[str, Any] | None = None


@dataclass(frozen=True)
class SectionScore:
    verdict: str  # Verdict
    ratings: dict[str, int]  # RUBRIC item -> 1..5
    comment: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "ratings": dict(self.ratings), "comment": self.comment}

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> SectionScore:
        return cls(
            verdict=str(value["verdict"]),
            ratings={str(k): int(v) for k, v in dict(value["ratings"]).items()},
            comment=value.get("comment"),
        )


@dataclass(frozen=True)
class PilotReview:
    """One reviewer's review of one enrolled case: the blind diagnosis first, then the
    scores. Final once submitted; a correction is a new review naming the one it replaces."""

    review_id: str
    pilot_id: str
    enrolment_id: str
    reviewer_id: str
    diagnosis: str
    icd_code: str
    diagnosed_at: datetime
    scores: dict[str, SectionScore] | None = None  # section -> score, once submitted
    submitted_at: datetime | None = None
    supersedes: str | None = None

    @property
    def submitted(self) -> bool:
        return self.submitted_at is not None

    @classmethod
    def from_row(cls, row: Mapping[str, Any], scores: dict[str, Any] | None) -> PilotReview:
        """A review from a database row (times as ISO 8601 text); ``scores`` is the row's
        scores column as JSON already decoded (each backend stores it its own way)."""
        submitted = row["submitted_at"]
        return cls(
            review_id=row["review_id"],
            pilot_id=row["pilot_id"],
            enrolment_id=row["enrolment_id"],
            reviewer_id=row["reviewer_id"],
            diagnosis=row["diagnosis"],
            icd_code=row["icd_code"],
            diagnosed_at=datetime.fromisoformat(row["diagnosed_at"]),
            scores=scores_from_json(scores),
            submitted_at=datetime.fromisoformat(submitted) if submitted else None,
            supersedes=row["supersedes"],
        )


def scores_json(scores: dict[str, SectionScore]) -> dict[str, Any]:
    return {section: score.as_json() for section, score in scores.items()}


SCORED_SECTIONS = ("case_summary", "soap_note", "primary_diagnosis")
MAX_SCORE_COMMENT = 2_000
ICD_CODE_FORM = re.compile(r"^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$")


def stored_scores_valid(value: Any) -> bool:
    """Whether stored scores are what a review accepts (core.pilot.rules.section_scores):
    every section, a known verdict, a whole 1-5 rating per rubric item, a short comment.
    Both databases refuse others; a row stored before that is read as unscored."""
    if value is None:
        return True
    if not isinstance(value, Mapping) or set(value) != set(SCORED_SECTIONS):
        return False
    low, high = RATING_RANGE
    for score in value.values():
        if not isinstance(score, Mapping) or score.get("verdict") not in set(Verdict):
            return False
        ratings = score.get("ratings")
        if not isinstance(ratings, Mapping) or set(ratings) != set(RUBRIC):
            return False
        for rating in ratings.values():
            if isinstance(rating, bool) or not isinstance(rating, int) or not low <= rating <= high:
                return False
        comment = score.get("comment")
        if comment is not None and (
            not isinstance(comment, str) or len(comment) > MAX_SCORE_COMMENT
        ):
            return False
    return True


def scores_from_json(value: Any) -> dict[str, SectionScore] | None:
    """Stored scores; None when there are none, or when they are not valid scores (a row
    written before the databases checked them): such a review counts as unscored."""
    if value is None or not stored_scores_valid(value):
        return None
    return {section: SectionScore.from_json(score) for section, score in value.items()}


def current_reviews(reviews: list[PilotReview]) -> list[PilotReview]:
    """The submitted reviews that no later submitted review supersedes (one per reviewer
    and case, unless a reviewer corrected twice from the same review)."""
    submitted = [review for review in reviews if review.submitted and review.scores is not None]
    replaced = {review.supersedes for review in submitted if review.supersedes}
    return [review for review in submitted if review.review_id not in replaced]
