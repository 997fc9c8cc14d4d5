"""The FHIR R4 export over HTTP: the owner gets the document, others 404, no insights 400."""

from __future__ import annotations

from fastapi.testclient import TestClient
from fhirclient.models.bundle import Bundle

from api.main import create_app
from core.bootstrap import Clinic
from tests.api.conftest import Doctor, create_case, make_clinic, sign_up
from tests.doubles import finish_analysis


def _analysed_case(client: TestClient, clinic: Clinic, doctor: Doctor) -> str:
    case_id = create_case(client, doctor)["case"]["case_id"]
    finish_analysis(clinic.provider.backend, doctor.user_id, case_id)
    return case_id


def _sign(client: TestClient, doctor: Doctor, case_id: str) -> None:
    base = f"/api/v1/cases/{case_id}"
    for section in ("case_summary", "soap_note", "primary_diagnosis"):
        answer = client.post(
            f"{base}/review/{section}", headers=doctor.headers, json={"decision": "accept"}
        )
        assert answer.status_code == 201, answer.text
    assert client.post(f"{base}/sign", headers=doctor.headers).status_code == 201


def test_the_owner_gets_an_r4_document_draft_then_signed(
    client: TestClient, clinic: Clinic, fresh_doctor: Doctor
) -> None:
    case_id = _analysed_case(client, clinic, fresh_doctor)
    path = f"/api/v1/cases/{case_id}/fhir"

    draft = client.get(path, headers=fresh_doctor.headers)
    assert draft.status_code == 200, draft.text
    assert draft.headers["content-type"].startswith("application/fhir+json")
    bundle = draft.json()
    assert Bundle(bundle, strict=True).as_json() == bundle  # valid R4, round trip
    composition = bundle["entry"][0]["resource"]
    assert (bundle["type"], composition["status"]) == ("document", "preliminary")

    _sign(client, fresh_doctor, case_id)
    signed = client.get(path, headers=fresh_doctor.headers).json()
    composition = signed["entry"][0]["resource"]
    assert composition["status"] == "final"
    # The signer as they signed: name and credentials (issue #26), the e-mail beside them.
    signed_as = f"Dr {fresh_doctor.email.split('@')[0]}"
    assert composition["attester"][0]["party"]["display"] == f"{signed_as}, MD"
    doctor = next(
        e["resource"] for e in signed["entry"] if e["resource"]["resourceType"] == "Practitioner"
    )
    assert doctor["name"] == [{"text": signed_as}]
    assert doctor["qualification"] == [{"code": {"text": "MD"}}]
    assert doctor["telecom"] == [{"system": "email", "value": fresh_doctor.email}]
    patient = next(
        e["resource"] for e in signed["entry"] if e["resource"]["resourceType"] == "Patient"
    )
    assert patient["name"] == [{"text": "Jane Roe"}]

    events = client.get(f"/api/v1/cases/{case_id}/audit", headers=fresh_doctor.headers).json()
    exports = [e for e in events["events"] if e["action"] == "case_exported"]
    assert [e["details"] for e in exports] == [{"format": "fhir"}, {"format": "fhir"}]


def test_another_doctors_case_is_not_found(
    client: TestClient, clinic: Clinic, doctor: Doctor, other_doctor: Doctor
) -> None:
    case_id = _analysed_case(client, clinic, doctor)
    answer = client.get(f"/api/v1/cases/{case_id}/fhir", headers=other_doctor.headers)
    assert (answer.status_code, answer.json()) == (404, {"detail": "Case not found"})
    missing = client.get(
        "/api/v1/cases/00000000-0000-4000-8000-000000000000/fhir", headers=doctor.headers
    )
    assert missing.status_code == 404
    assert client.get(f"/api/v1/cases/{case_id}/fhir").status_code == 401


def test_a_case_without_insights_is_a_400_that_says_why(client: TestClient, doctor: Doctor) -> None:
    case_id = create_case(client, doctor)["case"]["case_id"]  # analyses are held
    answer = client.get(f"/api/v1/cases/{case_id}/fhir", headers=doctor.headers)
    assert answer.status_code == 400
    assert "no AI insights yet" in answer.json()["detail"]


def test_the_name_setting_leaves_the_name_out(tmp_path) -> None:
    clinic = make_clinic(tmp_path / "data", fhir_patient_name=False)
    with TestClient(create_app(clinic)) as client:
        doctor = sign_up(client, "fhir.unnamed@example.org")
        case_id = _analysed_case(client, clinic, doctor)
        answer = client.get(f"/api/v1/cases/{case_id}/fhir", headers=doctor.headers)
    clinic.close()
    assert answer.status_code == 200
    assert "Jane Roe" not in answer.text
    patient = next(
        e["resource"] for e in answer.json()["entry"] if e["resource"]["resourceType"] == "Patient"
    )
    assert "name" not in patient and patient["gender"] == "female"
