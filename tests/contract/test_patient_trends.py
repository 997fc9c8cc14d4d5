"""A patient's lab trends and timeline through the session's service, on both backends:
one series across the patient's cases in one unit, the signed note and critical value on the
timeline, and another doctor refused."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from core.errors import PatientNotFound
from core.insights import Insights
from core.models import NewCase, utc_now
from core.services.trends import CASE_SEEN, CRITICAL_VALUE, NOTE_SIGNED
from tests.contract.harness import SignedIn
from tests.doubles import sample_insights


def _analyse(who: SignedIn, case_id: str, labs: list[dict[str, Any]]) -> None:
    backend, owner = who.backend, who.doctor.user_id
    assert backend.cases.request_analysis(owner, case_id) is not None
    claim = str(uuid.uuid4())
    assert backend.cases.claim_analysis(owner, case_id, claim, utc_now())
    record = sample_insights()
    record["lab_values"] = labs
    assert backend.cases.complete_analysis(owner, case_id, claim, Insights.model_validate(record))


def _two_visits(who: SignedIn) -> tuple[str, str, str]:
    form = NewCase(patient_name="Ada Example", patient_age=71, patient_gender="female")
    first = who.services.create_case(form, []).case
    assert first.patient_id is not None
    _analyse(who, first.case_id, [{"analyte": "Creatinine", "value": 88.42, "unit": "µmol/L"}])
    again = NewCase(
        patient_name="Ada Example", patient_age=71, patient_gender="female",
        patient_id=first.patient_id,
    )  # fmt: skip
    second = who.services.create_case(again, []).case
    _analyse(
        who,
        second.case_id,
        [
            {"analyte": "Creatinine", "value": 1.6, "unit": "mg/dL", "flag": "high"},
            {"analyte": "Potassium", "value": 6.9, "unit": "mmol/L", "flag": "high",
             "critical": True},
        ],
    )  # fmt: skip
    return first.patient_id, first.case_id, second.case_id


def test_a_patients_values_across_cases_are_one_series_in_one_unit(doctor_a: SignedIn) -> None:
    patient_id, first, second = _two_visits(doctor_a)
    trends = doctor_a.services.patient_trends(patient_id)
    assert [c.case_id for c in trends.cases] == [first, second]
    creatinine = next(s for s in trends.series if s.analyte == "Creatinine")
    assert creatinine.unit == "mg/dL"
    assert [p.case_id for p in creatinine.points] == [first, second]
    assert [p.value for p in creatinine.points] == [1.0, 1.6]
    assert creatinine.points[0].as_written == "88.42 µmol/L"
    assert creatinine.change == 0.6
    kinds = [(e.kind, e.case_id) for e in trends.timeline]
    assert kinds == [(CASE_SEEN, first), (CASE_SEEN, second), (CRITICAL_VALUE, second)]


def test_a_signed_note_is_on_the_timeline(doctor_a: SignedIn) -> None:
    patient_id, first, _ = _two_visits(doctor_a)
    review = doctor_a.services.review
    for section in ("case_summary", "soap_note", "primary_diagnosis"):
        review.review_section(first, section, "accept")
    review.sign(first)
    trends = doctor_a.services.patient_trends(patient_id)
    signed = [e for e in trends.timeline if e.kind == NOTE_SIGNED]
    assert [(e.case_id, e.text) for e in signed] == [(first, "Note signed")]


def test_another_doctor_cannot_read_the_trends(doctor_a: SignedIn, doctor_b: SignedIn) -> None:
    patient_id, _, _ = _two_visits(doctor_a)
    with pytest.raises(PatientNotFound):
        doctor_b.services.patient_trends(patient_id)
