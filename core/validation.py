"""Rules for what a doctor may enter. Pure functions; each rejection is an InvalidInput."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Mapping
from dataclasses import asdict
from datetime import UTC, date, datetime
from typing import Any

from core import plain_text
from core.errors import CaseNotFound, InvalidInput, NothingToUpdate, PatientNotFound
from core.lifecycle import RESTORE, ReviewState
from core.models import CaseStatus, Gender, NewCase

MAX_NAME_LENGTH = 200
MAX_SUMMARY_LENGTH = 20_000
MIN_AGE, MAX_AGE = 0, 150
MAX_EMAIL_LENGTH = 320
MAX_RECORD_NUMBER_LENGTH = 64
EARLIEST_BIRTH_DATE = date(1850, 1, 1)
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
UPDATABLE_FIELDS = ("patient_name", "patient_age", "case_summary", "status")


def case_id(value: Any) -> str:
    """A case id in its usual spelling; a malformed one names no case: the same 404 as
    another doctor's case."""
    try:
        return str(uuid.UUID(str(value)))
    except (ValueError, TypeError, AttributeError):
        raise CaseNotFound() from None


def patient_id(value: Any) -> str:
    """A patient id in its usual spelling; a malformed one names no patient (404)."""
    try:
        return str(uuid.UUID(str(value)))
    except (ValueError, TypeError, AttributeError):
        raise PatientNotFound() from None


def date_of_birth(value: Any) -> date | None:
    """None, a date, or its ISO text ("1958-02-11"); not in the future, not before 1850."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, datetime):
        value = value.date()
    if isinstance(value, str):
        try:
            value = date.fromisoformat(value.strip())
        except ValueError:
            raise InvalidInput("Date of birth must be a date such as 1958-02-11") from None
    if not isinstance(value, date):
        raise InvalidInput("Date of birth must be a date such as 1958-02-11")
    if not EARLIEST_BIRTH_DATE <= value <= datetime.now(UTC).date():
        raise InvalidInput("Date of birth must be a past date after 1850")
    return value


def record_number(value: Any) -> str | None:
    """The medical record number as typed (trimmed); None when blank."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidInput("Record number must be text")
    number = plain_text.normalised(value).strip()
    if not number:
        return None
    if len(number) > MAX_RECORD_NUMBER_LENGTH:
        raise InvalidInput(f"Record number must be at most {MAX_RECORD_NUMBER_LENGTH} characters")
    hidden = plain_text.hidden_characters(number)
    if hidden or not number.isprintable():
        raise InvalidInput(f"Record number must not contain {hidden or 'control characters'}")
    return number


def patient_name(value: Any) -> str:
    """The name as typed, in its one normal form (core.plain_text); hidden characters refused."""
    if not isinstance(value, str):
        raise InvalidInput("Patient name is required and must be text")
    name = plain_text.normalised(value).strip()
    if not name:
        raise InvalidInput("Patient name is required")
    if len(name) > MAX_NAME_LENGTH:
        raise InvalidInput(f"Patient name must be at most {MAX_NAME_LENGTH} characters")
    hidden = plain_text.hidden_characters(name)
    if hidden:
        raise InvalidInput(f"Patient name must not contain {hidden}")
    return name


def email_address(value: Any) -> str:
    """A doctor's email, lower-cased, in plain ASCII: a look-alike letter (a Cyrillic "а"
    for a Latin "a") would otherwise make a second account that reads the same."""
    address = plain_text.normalised(value if isinstance(value, str) else "").strip().lower()
    if address and not address.isascii():
        raise InvalidInput(
            "Email address must use only Latin letters, digits and punctuation"
            " (no accented or look-alike characters)"
        )
    if not _EMAIL.match(address) or not address.isprintable() or len(address) > MAX_EMAIL_LENGTH:
        raise InvalidInput("Enter a valid email address")
    return address


def patient_age(value: Any) -> int:
    if value is None:
        raise InvalidInput("Patient age is required")
    # bool is an int subclass in Python; True is not an age.
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput("Patient age must be a whole number")
    if not MIN_AGE <= value <= MAX_AGE:
        raise InvalidInput(f"Patient age must be between {MIN_AGE} and {MAX_AGE}")
    return value


def patient_gender(value: Any) -> str:
    allowed = ", ".join(g.value for g in Gender)
    if not isinstance(value, str) or value.strip().lower() not in {g.value for g in Gender}:
        raise InvalidInput(f"Patient gender must be one of: {allowed}")
    return value.strip().lower()


def case_summary(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidInput("Doctor's summary must be text")
    if "\x00" in value:
        # PostgreSQL cannot store a NUL in text; both backends refuse it alike.
        raise InvalidInput("Doctor's summary must not contain NUL characters")
    if plain_text.has_control_characters(value):
        # A terminal's escape or a vertical tab: no FHIR string holds one, no note needs it.
        raise InvalidInput("Doctor's summary must not contain control characters")
    if plain_text.has_direction_controls(value):
        # "Warfarin \u202e5 mg\u202c" shows reordered: the notes read as they are stored.
        raise InvalidInput("Doctor's summary must not contain text-direction control characters")
    summary = value.strip()
    if len(summary) > MAX_SUMMARY_LENGTH:
        raise InvalidInput(f"Doctor's summary must be at most {MAX_SUMMARY_LENGTH} characters")
    return summary or None


def case_status(value: Any) -> str:
    """A status word: one of the statuses (for filters)."""
    allowed = ", ".join(s.value for s in CaseStatus)
    if not isinstance(value, str) or value.strip().lower() not in {s.value for s in CaseStatus}:
        raise InvalidInput(f"Status must be one of: {allowed}")
    return value.strip().lower()


def requested_status(value: Any) -> str:
    """What a doctor's update asks of the status: a status, or 'active' (restore); whether
    the doctor may ask for it is core.lifecycle's rule."""
    if isinstance(value, str) and value.strip().lower() == RESTORE:
        return RESTORE
    return case_status(value)


def review_state(value: Any) -> str:
    allowed = ", ".join(s.value for s in ReviewState)
    if not isinstance(value, str) or value.strip().lower() not in {s.value for s in ReviewState}:
        raise InvalidInput(f"Review state must be one of: {allowed}")
    return value.strip().lower()


def age_range(lowest: Any, highest: Any) -> None:
    """A list filter's ages: each None (no bound) or an age, the lowest not above the highest."""
    for bound in (lowest, highest):
        if bound is not None:
            patient_age(bound)
    if lowest is not None and highest is not None and lowest > highest:
        raise InvalidInput("The lowest age must not be above the highest")


def time_range(start: Any, end: Any) -> None:
    """A list filter's creation times: each None or a time with its zone, start before end."""
    for bound in (start, end):
        if bound is not None and (not isinstance(bound, datetime) or bound.tzinfo is None):
            raise InvalidInput("A date filter needs a time with its time zone")
    if start is not None and end is not None and start >= end:
        raise InvalidInput("The first date must not be after the last")


def new_case(form: NewCase) -> NewCase:
    """The form, validated and normalised."""
    return NewCase(
        patient_name=patient_name(form.patient_name),
        patient_age=patient_age(form.patient_age),
        patient_gender=patient_gender(form.patient_gender),
        case_summary=case_summary(form.case_summary),
        patient_id=None if form.patient_id is None else patient_id(form.patient_id),
        date_of_birth=date_of_birth(form.date_of_birth),
        record_number=record_number(form.record_number),
    )


def _problems(
    checks: Mapping[str, Callable[[Any], Any]], values: Mapping[str, Any]
) -> dict[str, str]:
    problems: dict[str, str] = {}
    for field, check in checks.items():
        try:
            check(values.get(field))
        except InvalidInput as error:
            problems[field] = error.detail
    return problems


def new_case_problems(form: NewCase) -> dict[str, str]:
    """What is wrong with each field of a new case, by field name (empty: nothing), so a
    form can say it under the field; the same rules ``new_case`` enforces."""
    checks = {
        "patient_name": patient_name,
        "patient_age": patient_age,
        "patient_gender": patient_gender,
        "case_summary": case_summary,
        "date_of_birth": date_of_birth,
        "record_number": record_number,
    }
    return _problems(checks, asdict(form))


def case_edit_problems(entered: Mapping[str, Any]) -> dict[str, str]:
    """What is wrong with each field a doctor may edit (name, age, notes), by field name."""
    checks = {
        "patient_name": patient_name,
        "patient_age": patient_age,
        "case_summary": case_summary,
    }
    return _problems({field: checks[field] for field in checks if field in entered}, entered)


def case_changes(changes: Mapping[str, Any]) -> dict[str, Any]:
    """The fields an update really changes (present and not None), validated."""
    if "patient_gender" in changes and changes["patient_gender"] is not None:
        raise InvalidInput("Patient gender is fixed at creation and cannot be changed")
    unknown = sorted(set(changes) - set(UPDATABLE_FIELDS) - {"patient_gender"})
    if unknown:
        raise InvalidInput(f"Unknown field(s): {', '.join(unknown)}")
    present = {k: v for k, v in changes.items() if k in UPDATABLE_FIELDS and v is not None}
    if not present:
        raise NothingToUpdate()
    rules = {
        "patient_name": patient_name,
        "patient_age": patient_age,
        "status": requested_status,
    }
    validated: dict[str, Any] = {}
    for key, value in present.items():
        if key == "case_summary":
            # An empty summary clears the notes; that is a real change.
            validated[key] = case_summary(value)
        else:
            validated[key] = rules[key](value)
    return validated


_REQUEST_KEY = re.compile(r"[A-Za-z0-9_-]{8,128}")


def request_key(value: object) -> str:
    """An idempotency key: 8 to 128 letters, digits, '-' or '_' (a UUID fits)."""
    if not isinstance(value, str) or not _REQUEST_KEY.fullmatch(value):
        raise InvalidInput(
            "Idempotency key must be 8 to 128 letters, digits, '-' or '_' (a UUID fits)"
        )
    return value
