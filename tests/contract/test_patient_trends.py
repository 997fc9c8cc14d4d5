"""A patient's lab trends and timeline through the session's service, on both backends:
one series across the patient's cases in one unit, the signed note and critical value on the
timeline, and another doctor refused."""

from __future__ import annotations

import json
import uuid
from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest
from fhirclient.models.bundle import Bundle

from core.analysis.rules.engine import RulesEngine
from core.errors import PatientNotFound
from core.insights import Insights
from core.jobs.recovery import Recovery, RecoveryPolicy
from core.jobs.runner import AnalysisRunner
from core.models import NewCase, Upload, utc_now
from core.services.trends import CASE_SEEN, CRITICAL_VALUE, NOTE_SIGNED
from tests.contract.harness import SignedIn
from tests.doubles import case_service, sample_insights
from tests.samples import pdf_bytes


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


def test_the_analyzer_checks_a_new_case_against_the_patients_earlier_results(
    doctor_a: SignedIn,
) -> None:
    policy = RecoveryPolicy()
    runner = AnalysisRunner(RulesEngine(), workers=1, policy=policy)
    try:
        services = case_service(
            doctor_a.doctor, doctor_a.backend, runner, recovery=Recovery(runner, policy)
        )
        form = NewCase(patient_name="Ada Example", patient_age=71, patient_gender="female")
        lab = pdf_bytes(["Chemistry", "Creatinine 0.8 mg/dL (0.6-1.3)"])
        first = services.create_case(form, [Upload("march.pdf", lab, "lab")]).case
        assert runner.wait_idle(timeout=60)
        again = replace(form, patient_id=first.patient_id)
        later = pdf_bytes(["Chemistry", "Creatinine 1.4 mg/dL (0.6-1.3) H"])
        second = services.create_case(again, [Upload("june.pdf", later, "lab")]).case
        assert runner.wait_idle(timeout=60)
    finally:
        runner.shutdown(wait=True)
    first_insights = services.get_case(first.case_id).ai_insights
    assert first_insights is not None and first_insights["delta_checks"] == []
    insights = services.get_case(second.case_id).ai_insights
    assert insights is not None
    checks = insights["delta_checks"]
    assert [c["rule"] for c in checks] == ["creatinine_rise_48h", "creatinine_1_5x_7d"]
    assert checks[0]["earlier_case_id"] == first.case_id and checks[0]["earlier_value"] == 0.8
    assert insights["primary_diagnosis"]["icd_code"] == "N17.9"


def _of(bundle: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e["resource"] for e in bundle["entry"] if e["resource"]["resourceType"] == kind]


def test_the_fhir_patient_has_the_records_id_and_earlier_observations_on_request(
    doctor_a: SignedIn,
) -> None:
    patient_id, first, second = _two_visits(doctor_a)
    services = doctor_a.services
    for case_id in (first, second):
        (patient,) = _of(services.fhir_bundle(case_id), "Patient")
        assert patient["identifier"][0] == {"system": "urn:medcase:patient", "value": patient_id}
    plain = services.fhir_bundle(second)
    assert len(_of(plain, "Observation")) == 2  # this case's creatinine and potassium
    bundle = services.fhir_bundle(second, include_earlier=True)
    assert Bundle(json.loads(json.dumps(bundle)), strict=True).as_json() == bundle
    earlier = [o for o in _of(bundle, "Observation") if "effectiveDateTime" in o]
    assert len(earlier) == 1
    assert earlier[0]["code"]["text"] == "Creatinine"
    assert earlier[0]["valueQuantity"]["value"] == 88.42
    assert earlier[0]["status"] == "preliminary"
    assert first in earlier[0]["note"][-1]["text"]
    (composition,) = _of(bundle, "Composition")
    section = next(s for s in composition["section"] if s["title"] == "Earlier results")
    assert section["entry"] == [
        {"reference": f"urn:uuid:{earlier[0]['id']}", "display": "Creatinine"}
    ]
    # The first case has nothing earlier.
    assert not [o for o in _of(services.fhir_bundle(first, True), "Observation")
                if "effectiveDateTime" in o]  # fmt: skip


def test_the_chart_export_shows_the_trend_of_the_notes_tests(doctor_a: SignedIn) -> None:
    _, first, second = _two_visits(doctor_a)
    markdown = doctor_a.services.chart_markdown(second)
    assert "## Trends (this patient's earlier results)" in markdown
    (line,) = [row for row in markdown.splitlines() if row.startswith("- **Creatinine")]
    assert "1 (" in line and "→ 1.6 (this case); change since the previous: +0.6" in line
    assert "Potassium" not in line
    assert "Trends" not in doctor_a.services.chart_markdown(first)
    assert doctor_a.services.chart_pdf(second).startswith(b"%PDF")


def test_a_critical_value_is_on_the_timeline_when_its_blood_was_drawn(
    doctor_a: SignedIn,
) -> None:
    # An HL7 result of two days before the case: the timeline places its critical value
    # then (before the first case), not at the case's time; an untrusted time stays there.
    patient_id, first, second = _two_visits(doctor_a)
    first_seen = doctor_a.services.get_case(first).case.created_at
    drawn = first_seen - timedelta(days=2)
    collected = {"at": drawn.isoformat(), "precision": "minute", "zone_given": True}
    doubted = {**collected, "doubt": "after the time of this analysis"}
    later = [
        {"analyte": "Potassium", "value": 6.9, "unit": "mmol/L", "critical": True,
         "collected": collected},
        {"analyte": "Sodium", "value": 118, "unit": "mmol/L", "critical": True,
         "collected": doubted},
    ]  # fmt: skip
    form = NewCase(
        patient_name="Ada Example", patient_age=71, patient_gender="female", patient_id=patient_id
    )
    third = doctor_a.services.create_case(form, []).case
    _analyse(doctor_a, third.case_id, later)
    timeline = doctor_a.services.patient_trends(patient_id).timeline
    critical = [(e.at, e.case_id) for e in timeline if e.kind == CRITICAL_VALUE]
    assert (drawn, third.case_id) in critical
    assert (third.created_at, third.case_id) in critical  # the doubted sodium
    assert timeline[0].kind == CRITICAL_VALUE and timeline[0].case_id == third.case_id
    assert second in [case_id for _, case_id in critical]
