"""The FHIR R4 export through the session's service, against every backend."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from fhirclient.models.bundle import Bundle

from core.errors import CaseNotFound, InvalidInput
from core.insights import Insights
from core.models import NewCase, utc_now
from tests.contract.harness import SignedIn
from tests.doubles import case_service, sample_insights

LABS = [
    {"analyte": "Hemoglobin", "value": 6.2, "unit": "g/dL", "reference_low": 12,
     "reference_high": 16, "flag": "low", "critical": True},
    {"analyte": "Ferritin", "value": 8, "unit": "ng/mL", "reference_low": 15,
     "reference_high": 300, "flag": "low"},
]  # fmt: skip
DIFFERENTIAL = [{"diagnosis": "Anaemia of chronic disease", "icd_code": "D63.8"}]
EDITED_SOAP = {
    "subjective": "Fatigue for two months.",
    "objective": "Pale conjunctivae.",
    "assessment": "Iron deficiency anaemia from menorrhagia.",
    "plan": "Oral iron; gynaecology referral.",
}


def _analyse(who: SignedIn, case_id: str, labs: list[dict[str, Any]]) -> None:
    """Complete an analysis as a job does, with these lab values and a differential."""
    backend, owner = who.backend, who.doctor.user_id
    assert backend.cases.request_analysis(owner, case_id) is not None
    claim = str(uuid.uuid4())
    assert backend.cases.claim_analysis(owner, case_id, claim, utc_now())
    record = sample_insights()
    record["lab_values"] = labs
    record["primary_diagnosis"]["differential"] = DIFFERENTIAL
    assert backend.cases.complete_analysis(owner, case_id, claim, Insights.model_validate(record))


def _case(who: SignedIn, analysed: bool = True) -> str:
    form = NewCase(patient_name="Ada Example", patient_age=41, patient_gender="female")
    case_id = who.services.create_case(form, []).case.case_id
    if analysed:
        _analyse(who, case_id, LABS)
    return case_id


def _of(bundle: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e["resource"] for e in bundle["entry"] if e["resource"]["resourceType"] == kind]


def test_a_draft_exports_as_a_preliminary_document(doctor_a: SignedIn) -> None:
    case_id = _case(doctor_a)
    bundle = doctor_a.services.fhir_bundle(case_id)
    assert Bundle(json.loads(json.dumps(bundle)), strict=True).as_json() == bundle
    (composition,) = _of(bundle, "Composition")
    assert composition["status"] == "preliminary" and "DRAFT" in composition["title"]
    statuses = [c["verificationStatus"]["coding"][0]["code"] for c in _of(bundle, "Condition")]
    assert statuses == ["provisional", "differential"]
    observations = _of(bundle, "Observation")
    assert [o["interpretation"][0]["coding"][0]["code"] for o in observations] == ["LL", "L"]
    (patient,) = _of(bundle, "Patient")
    assert patient["name"] == [{"text": "Ada Example"}]
    events = doctor_a.services.audit_events(case_id)
    assert [(e.action, e.details) for e in events if e.action == "case_exported"] == [
        ("case_exported", {"format": "fhir"})
    ]


def test_a_signed_note_exports_its_signed_text_and_the_draft_it_was_signed_on(
    doctor_a: SignedIn,
) -> None:
    case_id = _case(doctor_a)
    review = doctor_a.services.review
    review.review_section(case_id, "case_summary", "accept")
    review.review_section(case_id, "soap_note", "edit", edited=EDITED_SOAP)
    review.review_section(case_id, "primary_diagnosis", "accept")
    # The critical haemoglobin is acknowledged first (#27): signing waits for it.
    for result in doctor_a.services.critical.critical_results(case_id):
        doctor_a.services.critical.acknowledge(case_id, result.finding.value_key, "in_person")
    note = review.sign(case_id)
    # A re-run after sign-off writes a new draft with other lab values; the signed
    # document keeps the values of the draft it was signed on.
    _analyse(doctor_a, case_id, LABS[:1])

    bundle = doctor_a.services.fhir_bundle(case_id)
    (composition,) = _of(bundle, "Composition")
    assert composition["status"] == "final"
    assert composition["attester"][0]["time"] == note.signed_at.isoformat(timespec="seconds")
    assessment = next(s for s in composition["section"] if s["title"] == "Assessment")
    assert "from menorrhagia" in assessment["text"]["div"]
    # What was signed, and nothing the physician did not review: no AI differential.
    (primary,) = _of(bundle, "Condition")
    assert primary["verificationStatus"]["coding"][0]["code"] == "confirmed"
    assert primary["code"]["coding"][0]["code"] == "D50.9"
    assert len(_of(bundle, "Observation")) == 2
    assert bundle["identifier"]["value"] == f"urn:uuid:{note.note_id}"

    amended = review.amend(case_id, {"soap_note": {**EDITED_SOAP, "plan": "IV iron."}}, "Plan")
    again = doctor_a.services.fhir_bundle(case_id)
    (composition,) = _of(again, "Composition")
    assert composition["status"] == "amended"
    assert composition["relatesTo"][0]["targetIdentifier"]["value"] == f"urn:uuid:{note.note_id}"
    assert again["identifier"]["value"] == f"urn:uuid:{amended.note_id}"


def test_no_insights_is_invalid_input_and_another_doctors_case_is_not_found(
    doctor_a: SignedIn, doctor_b: SignedIn
) -> None:
    waiting = _case(doctor_a, analysed=False)
    with pytest.raises(InvalidInput, match="no AI insights yet"):
        doctor_a.services.fhir_bundle(waiting)
    analysed = _case(doctor_a)
    with pytest.raises(CaseNotFound) as hidden:
        doctor_b.services.fhir_bundle(analysed)
    assert hidden.value.detail == "Case not found"
    assert [e for e in doctor_b.services.audit_events() if e.action == "case_exported"] == []


def test_the_setting_leaves_the_patients_name_out(doctor_a: SignedIn) -> None:
    case_id = _case(doctor_a)
    services = case_service(doctor_a.doctor, doctor_a.backend, fhir_patient_name=False)
    bundle = services.fhir_bundle(case_id)
    assert "Ada Example" not in json.dumps(bundle)
    (patient,) = _of(bundle, "Patient")
    assert patient["gender"] == "female" and patient["extension"][0]["valueAge"]["value"] == 41


def test_the_engines_placeholder_reads_as_the_name_only_where_names_are_exported(
    doctor_a: SignedIn,
) -> None:
    case_id = doctor_a.services.create_case(
        NewCase(patient_name="Ada <b>Example</b>", patient_age=41, patient_gender="female"), []
    ).case.case_id
    backend, owner = doctor_a.backend, doctor_a.doctor.user_id
    assert backend.cases.request_analysis(owner, case_id) is not None
    claim = str(uuid.uuid4())
    assert backend.cases.claim_analysis(owner, case_id, claim, utc_now())
    record = sample_insights()
    record["soap_note"]["subjective"] = "[PATIENT] reports fatigue."
    assert backend.cases.complete_analysis(owner, case_id, claim, Insights.model_validate(record))

    named = json.dumps(doctor_a.services.fhir_bundle(case_id))
    assert "[PATIENT]" not in named
    # The name enters the XHTML narrative escaped, never as markup.
    assert "Ada &lt;b&gt;Example&lt;/b&gt; reports fatigue." in named
    unnamed = case_service(doctor_a.doctor, backend, fhir_patient_name=False)
    without = json.dumps(unnamed.fhir_bundle(case_id))
    assert "[PATIENT]" not in without and "Example" not in without
    assert "the patient reports fatigue." in without
