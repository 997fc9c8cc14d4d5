"""The patient record's own record number and date of birth are taken out of what a pilot
reviewer reads (core/privacy/known_identifiers.py), and the display policy gives a
reviewer no patient record at all (#27)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from core.models import Patient
from core.privacy.display import UNNAMED, Audience, DisplayPolicy
from core.privacy.known_identifiers import known_identifier_patterns
from core.privacy.redaction import CaseScrubber

BORN = date(1958, 2, 1)
PATIENT = Patient(
    patient_id="p",
    user_id="d",
    name="Ada Obi",
    sex="female",
    created_at=datetime(2026, 1, 1, tzinfo=UTC),
    date_of_birth=BORN,
    record_number="HX-778812",
)


def _scrub(text: str) -> str:
    known = known_identifier_patterns(PATIENT.record_number, PATIENT.date_of_birth)
    return CaseScrubber(PATIENT.name, {}, known)(text)


@pytest.mark.parametrize(
    "written",
    [
        "HX-778812",
        "hx 778812",
        "HX778812",
        "778812",
        "1958-02-01",
        "01.02.1958",
        "1/2/1958",
        "02/01/1958",
        "2-1-1958",
    ],
)
def test_the_records_own_number_and_birth_date_go_however_written(written: str) -> None:
    scrubbed = _scrub(f"Seen re {written}; well.")
    assert scrubbed == "Seen re [IDENTIFIER]; well."


@pytest.mark.parametrize(
    "kept",
    ["Hb 11.0 g/dL", "1958 admissions", "7788120 units", "on 2026-02-01", "01.02.1959", "HX-7"],
)
def test_other_numbers_and_dates_stay(kept: str) -> None:
    assert _scrub(kept) == kept


def test_no_record_no_patterns() -> None:
    assert known_identifier_patterns(None, None) == []
    assert known_identifier_patterns("12", None) == []  # too short to remove anywhere


def test_the_display_policy_gives_a_reviewer_no_patient_record() -> None:
    assert DisplayPolicy().patient(PATIENT, Audience.OWNER) == PATIENT
    assert DisplayPolicy().patient(PATIENT, Audience.PILOT_REVIEWER) is None
    unnamed = DisplayPolicy(fhir_patient_name=False).patient(PATIENT, Audience.FHIR)
    assert unnamed is not None and unnamed.name == UNNAMED
    assert DisplayPolicy().patient(PATIENT, Audience.FHIR) == PATIENT
