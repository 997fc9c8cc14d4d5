"""What a pilot accepts: its details, a member, a blind diagnosis and a reviewer's scores.

Pure functions; each rejection is an InvalidInput in words.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from core import icd10, plain_text
from core.errors import InvalidInput
from core.pilot.records import RATING_RANGE, RUBRIC, RUBRIC_LABELS, PilotRole, SectionScore, Verdict
from core.review import SECTION_LABELS, Section

MAX_PILOT_NAME = 200
MAX_DESCRIPTION = 2_000
MAX_DIAGNOSIS = 500
MAX_COMMENT = 2_000


def _text(value: Any, what: str, limit: int, *, required: bool) -> str:
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise InvalidInput(f"{what} must be text")
    text = plain_text.normalised(value).strip()
    # Read by the pilot's other members: as it is stored, and nothing hidden in it.
    if plain_text.has_direction_controls(text):
        raise InvalidInput(f"{what} must not contain text-direction control characters")
    if plain_text.has_control_characters(text):
        raise InvalidInput(f"{what} must not contain control characters")
    if required and not text:
        raise InvalidInput(f"{what} is required")
    if len(text) > limit:
        raise InvalidInput(f"{what} must be at most {limit} characters")
    return text


def _day(value: Any, what: str) -> date:
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        raise InvalidInput(f"{what} must be a date (YYYY-MM-DD)") from None


def pilot_details(
    name: Any, description: Any, starts_on: Any, ends_on: Any
) -> tuple[str, str, date, date]:
    """A pilot's name, description and dates; the end is on or after the start."""
    start, end = _day(starts_on, "Start date"), _day(ends_on, "End date")
    if end < start:
        raise InvalidInput("The end date must be on or after the start date")
    return (
        _text(name, "Pilot name", MAX_PILOT_NAME, required=True),
        _text(description, "Description", MAX_DESCRIPTION, required=False),
        start,
        end,
    )


def member_role(value: Any) -> str:
    """A member is a reviewer or an enrolling doctor (the coordinator is not a member)."""
    if value in (PilotRole.REVIEWER.value, PilotRole.DOCTOR.value):
        return str(value)
    raise InvalidInput("A member is a reviewer or a doctor")


def blind_diagnosis(diagnosis: Any, icd_code: Any) -> tuple[str, str]:
    """The reviewer's own diagnosis and its ICD-10-CM code, checked against the code set."""
    text = _text(diagnosis, "Diagnosis", MAX_DIAGNOSIS, required=True)
    if not isinstance(icd_code, str) or not icd_code.strip():
        raise InvalidInput("ICD-10 code is required")
    valid, _ = icd10.check_icd10(icd_code)
    if not valid:
        raise InvalidInput(f"{icd_code.strip()[:20]!r} is not an ICD-10-CM code")
    return text, icd10.normalize_icd10(icd_code)


def section_scores(value: Any) -> dict[str, SectionScore]:
    """A verdict, a 1-5 rating per rubric item and an optional comment for every section."""
    if not isinstance(value, Mapping):
        raise InvalidInput("Scores are given per section")
    unknown = set(value) - {s.value for s in Section}
    if unknown:
        raise InvalidInput(f"Unknown section: {sorted(unknown)[0]}")
    scores: dict[str, SectionScore] = {}
    for section in Section:
        label = SECTION_LABELS[section]
        given = value.get(section.value)
        if not isinstance(given, Mapping):
            raise InvalidInput(f"{label}: a verdict and ratings are required")
        verdict = given.get("verdict")
        if verdict not in {v.value for v in Verdict}:
            raise InvalidInput(f"{label}: the verdict is accept, minor_edit, major_edit or reject")
        ratings = given.get("ratings")
        if not isinstance(ratings, Mapping) or set(ratings) != set(RUBRIC):
            raise InvalidInput(f"{label}: rate each of {', '.join(RUBRIC)}")
        low, high = RATING_RANGE
        for item in RUBRIC:
            rating = ratings[item]
            if isinstance(rating, bool) or not isinstance(rating, int) or not low <= rating <= high:
                raise InvalidInput(f"{label}: {RUBRIC_LABELS[item]} is rated {low} to {high}")
        comment = _text(given.get("comment"), f"{label} comment", MAX_COMMENT, required=False)
        scores[section.value] = SectionScore(
            verdict=str(verdict),
            ratings={item: int(ratings[item]) for item in RUBRIC},
            comment=comment or None,
        )
    return scores
