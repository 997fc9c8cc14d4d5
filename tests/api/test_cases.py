"""The case routes: each answer's shape and status, and each error row, over HTTP."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from core import models
from core.bootstrap import Clinic
from core.insights import CaseSummary, Insights, PrimaryDiagnosis, Provenance, SoapNote
from tests import samples
from tests.api.conftest import CASE_FORM, Doctor, create_case, make_clinic, sign_up

NewCaseFn = Callable[..., dict[str, Any]]
NOT_FOUND = {"detail": "Case not found"}
FORBIDDEN = {"detail": "Insufficient permissions to access this resource"}
CASE_KEYS = {
    "case_id",
    "user_id",
    "patient_name",
    "patient_age",
    "patient_gender",
    "case_summary",
    "status",
    "created_at",
    "updated_at",
    "review_state",
    "analysis_stage",
    "analysis_error",
    "patient_id",
}
FILE_KEYS = {"file_id", "file_name", "file_type", "file_size", "file_url", "file_category"}
MISSING_CASE = "0b7c6c0e-8f8e-4f39-9d55-3f3c5d0f2f11"


def _at(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00"))


@pytest.mark.parametrize("path", ["/cases/create_case", "/api/v1/cases"])
def test_create_case_with_files_is_201_with_the_case_and_its_files(
    client: TestClient, doctor: Doctor, path: str
) -> None:
    pdf, png, dicom = samples.pdf_bytes(), samples.png_bytes(), samples.dicom_bytes()
    answer = client.post(
        path,
        headers=doctor.headers,
        data={**CASE_FORM, "user_id": doctor.user_id, "case_summary": "Fever for 3 days"},
        files=[
            ("lab_files", ("cbc.pdf", pdf, "application/pdf")),
            ("radiology_files", ("chest.png", png, "image/png")),
            ("radiology_files", ("head.dcm", dicom, "application/dicom")),
        ],
    )
    assert answer.status_code == 201, answer.text
    body = answer.json()
    assert body["message"] == "Case created successfully"
    case = body["case"]
    assert set(case) == CASE_KEYS
    assert uuid.UUID(case["case_id"])
    assert case["user_id"] == doctor.user_id
    assert (case["patient_name"], case["patient_age"], case["patient_gender"]) == (
        "Jane Roe",
        54,
        "female",
    )
    assert case["case_summary"] == "Fever for 3 days"
    assert case["status"] == "analyzing"
    assert abs(_at(case["created_at"]) - datetime.now(UTC)) < timedelta(minutes=1)
    files = body["uploaded_files"]
    assert [f["file_name"] for f in files] == ["cbc.pdf", "chest.png", "head.dcm"]
    assert [f["file_category"] for f in files] == ["lab", "radiology", "radiology"]
    assert [f["file_type"] for f in files] == ["application/pdf", "image/png", "application/dicom"]
    assert [f["file_size"] for f in files] == [len(pdf), len(png), len(dicom)]
    for record in files:
        assert set(record) >= FILE_KEYS
        assert record["file_url"].startswith(f"{doctor.user_id}/{case['case_id']}/")
        assert record["file_url"].split("/")[2] == record["file_id"]


def test_create_case_without_files_or_notes(client: TestClient, new_case: NewCaseFn) -> None:
    body = new_case(patient_gender="Male")
    assert body["uploaded_files"] == []
    assert body["case"]["case_summary"] is None
    assert body["case"]["patient_gender"] == "male"


@pytest.mark.parametrize(
    ("form", "detail"),
    [
        ({"patient_age": "fifty"}, "patient_age must be a whole number"),
        ({"patient_age": "54.5"}, "patient_age must be a whole number"),
        ({"patient_age": "151"}, "Patient age must be between 0 and 150"),
        ({"patient_age": "-1"}, "Patient age must be between 0 and 150"),
        ({"patient_name": "   "}, "Patient name is required"),
        ({"patient_gender": "robot"}, "Patient gender must be one of"),
    ],
)
def test_create_case_with_invalid_fields_is_400(
    client: TestClient, doctor: Doctor, form: dict[str, str], detail: str
) -> None:
    answer = client.post("/cases/create_case", headers=doctor.headers, data={**CASE_FORM, **form})
    assert answer.status_code == 400
    assert answer.json()["detail"].startswith(detail)


def test_create_case_missing_fields_names_them(client: TestClient, doctor: Doctor) -> None:
    answer = client.post("/api/v1/cases", headers=doctor.headers, data={"patient_name": "X"})
    assert answer.status_code == 400
    assert answer.json() == {
        "detail": "patient_age is required; patient_gender is required",
    }


def test_validation_errors_never_echo_the_patient_name(client: TestClient, doctor: Doctor) -> None:
    answer = client.post(
        "/cases/create_case",
        headers=doctor.headers,
        data={"patient_name": "Zebulon Quarterfield", "patient_age": "old", "patient_gender": "x"},
    )
    assert answer.status_code == 400
    assert "Zebulon" not in answer.text


def test_create_case_for_another_user_id_is_403(
    client: TestClient, doctor: Doctor, other_doctor: Doctor
) -> None:
    before = client.get("/cases/all_cases", headers=other_doctor.headers).json()["cases"]
    answer = client.post(
        "/cases/create_case",
        headers=doctor.headers,
        data={**CASE_FORM, "user_id": other_doctor.user_id},
    )
    assert answer.status_code == 403
    assert answer.json() == FORBIDDEN
    after = client.get("/cases/all_cases", headers=other_doctor.headers).json()["cases"]
    assert after == before


def test_all_cases_lists_the_doctors_cases_in_creation_order(
    client: TestClient, fresh_doctor: Doctor
) -> None:
    names = ["First Patient", "Second Patient", "Third Patient"]
    made = [create_case(client, fresh_doctor, patient_name=name)["case"] for name in names]
    for params in ({}, {"user_id": fresh_doctor.user_id}):
        answer = client.get("/cases/all_cases", headers=fresh_doctor.headers, params=params)
        assert answer.status_code == 200
        cases = answer.json()["cases"]
        assert [c["case_id"] for c in cases] == [c["case_id"] for c in made]
        assert [c["patient_name"] for c in cases] == names
        assert all(set(c) == CASE_KEYS for c in cases)


def test_all_cases_for_another_user_id_is_403(
    client: TestClient, doctor: Doctor, other_doctor: Doctor
) -> None:
    answer = client.get(
        "/cases/all_cases", headers=doctor.headers, params={"user_id": other_doctor.user_id}
    )
    assert answer.status_code == 403
    assert answer.json() == FORBIDDEN


def test_get_case_has_files_with_upload_time_and_no_insights_yet(
    client: TestClient, doctor: Doctor, new_case: NewCaseFn
) -> None:
    created = new_case(files=[("lab_files", ("labs.txt", b"Hemoglobin 9.8 g/dL", "text/plain"))])
    case_id = created["case"]["case_id"]
    answer = client.get(f"/cases/cases/{case_id}", headers=doctor.headers)
    assert answer.status_code == 200
    body = answer.json()
    assert body["case"] == created["case"]
    assert body["ai_insights"] is None
    [record] = body["files"]
    assert set(record) >= FILE_KEYS | {"uploaded_at"}
    assert record["file_id"] == created["uploaded_files"][0]["file_id"]
    insights = client.get(f"/api/v1/cases/{case_id}/insights", headers=doctor.headers)
    assert insights.status_code == 200
    assert insights.json() == {
        "case_id": case_id,
        "medical_insights": None,
        "insights_verified": None,
    }


def _store_insights(
    clinic: Clinic, doctor: Doctor, case_id: str, summary: str = "Anaemia with infection"
) -> dict[str, Any]:
    """Write insights through the repository exactly as the analyzer's job does."""
    insights = Insights.compile(
        CaseSummary(comprehensive_summary=summary, confidence_score=0.7),
        SoapNote(subjective="Fatigue", objective="Hb 9.8", assessment="Anaemia", plan="Iron"),
        PrimaryDiagnosis(primary_diagnosis="Anaemia", icd_code="D64.9", confidence_score=0.6),
        generated_at=datetime.now(UTC).isoformat(),
        lab_values=[],
        provenance=Provenance(engine="rules", written_by="test", prompt_version="t1"),
    )
    session = models.AuthSession(
        models.Doctor(doctor.user_id, doctor.email), doctor.access_token, "", 0
    )
    repository = clinic.provider.for_session(session).cases
    claim = uuid.uuid4().hex
    stale = datetime.now(UTC) - timedelta(minutes=5)
    assert repository.claim_analysis(doctor.user_id, case_id, claim, stale)
    assert repository.complete_analysis(doctor.user_id, case_id, claim, insights)
    return insights.model_dump(mode="json")


def test_insights_appear_on_the_case_once_saved(
    client: TestClient, clinic: Clinic, doctor: Doctor, new_case: NewCaseFn
) -> None:
    case_id = new_case()["case"]["case_id"]
    insights = _store_insights(clinic, doctor, case_id)
    detail = client.get(f"/cases/cases/{case_id}", headers=doctor.headers).json()
    assert detail["ai_insights"] == insights
    assert detail["case"]["status"] == "completed"
    answer = client.get(f"/api/v1/cases/{case_id}/insights", headers=doctor.headers)
    # This clinic holds no sealing key, so nothing is claimed about the record's origin.
    assert answer.json() == {
        "case_id": case_id,
        "medical_insights": insights,
        "insights_verified": None,
    }


def test_the_owner_reads_the_patients_name_where_the_engine_saw_the_placeholder(
    client: TestClient, clinic: Clinic, doctor: Doctor, new_case: NewCaseFn
) -> None:
    created = new_case(patient_name="Mary Seacole")["case"]
    stored = _store_insights(clinic, doctor, created["case_id"], "[PATIENT] is anaemic.")
    assert stored["case_summary"]["comprehensive_summary"] == "[PATIENT] is anaemic."

    detail = client.get(f"/cases/cases/{created['case_id']}", headers=doctor.headers).json()
    assert detail["ai_insights"]["case_summary"]["comprehensive_summary"] == (
        "Mary Seacole is anaemic."
    )
    answer = client.get(f"/api/v1/cases/{created['case_id']}/insights", headers=doctor.headers)
    summary = answer.json()["medical_insights"]["case_summary"]["comprehensive_summary"]
    assert summary == "Mary Seacole is anaemic."


@pytest.mark.parametrize("case_id", [MISSING_CASE, "not-a-uuid", "1; DROP TABLE cases"])
def test_unknown_or_malformed_case_ids_are_404_on_every_case_route(
    client: TestClient, doctor: Doctor, case_id: str
) -> None:
    calls = [
        ("GET", f"/cases/cases/{case_id}", {}),
        ("PUT", f"/cases/cases/{case_id}", {"json": {"patient_name": "New"}}),
        ("DELETE", f"/cases/cases/{case_id}", {}),
        ("GET", f"/cases/files/{case_id}", {}),
        ("GET", f"/api/v1/cases/{case_id}/insights", {}),
        (
            "POST",
            "/cases/upload",
            {"data": {"case_id": case_id}, "files": {"file": ("a.txt", b"text", "text/plain")}},
        ),
    ]
    for method, path, extra in calls:
        answer = client.request(method, path, headers=doctor.headers, **extra)
        assert answer.status_code == 404, (method, path, answer.text)
        assert answer.json() == NOT_FOUND


def test_update_changes_fields_and_refreshes_updated_at(
    client: TestClient, doctor: Doctor, new_case: NewCaseFn
) -> None:
    created = new_case(case_summary="Initial notes")["case"]
    changes = {
        "patient_name": "Janet Roe",
        "patient_age": 55,
        "case_summary": "Revised",
        "status": "archived",
    }
    answer = client.put(f"/cases/cases/{created['case_id']}", headers=doctor.headers, json=changes)
    assert answer.status_code == 200
    body = answer.json()
    assert body["message"] == "Case updated successfully"
    case = body["case"]
    assert {key: case[key] for key in changes} == changes
    assert case["patient_gender"] == created["patient_gender"]
    assert case["created_at"] == created["created_at"]
    assert _at(case["updated_at"]) > _at(created["updated_at"])
    stored = client.get(f"/cases/cases/{created['case_id']}", headers=doctor.headers).json()
    assert stored["case"] == case


def test_update_with_an_empty_summary_clears_the_notes(
    client: TestClient, doctor: Doctor, new_case: NewCaseFn
) -> None:
    case_id = new_case(case_summary="Old notes")["case"]["case_id"]
    cleared = {"case_summary": ""}
    answer = client.put(f"/cases/cases/{case_id}", headers=doctor.headers, json=cleared)
    assert answer.status_code == 200
    assert answer.json()["case"]["case_summary"] is None


@pytest.mark.parametrize(
    "request_body",
    [{"json": {}}, {"json": {"patient_name": None, "status": None}}, {}],
)
def test_update_with_nothing_to_change_is_400(
    client: TestClient, doctor: Doctor, new_case: NewCaseFn, request_body: dict[str, Any]
) -> None:
    case_id = new_case()["case"]["case_id"]
    answer = client.put(f"/cases/cases/{case_id}", headers=doctor.headers, **request_body)
    assert answer.status_code == 400
    assert answer.json() == {"detail": "No data provided for update"}


@pytest.mark.parametrize(
    ("request_body", "detail"),
    [
        ({"json": {"patient_gender": "male"}}, "Patient gender is fixed at creation"),
        ({"json": {"diagnosis": "flu"}}, "Unknown field(s): diagnosis"),
        ({"json": {"patient_age": "fifty"}}, "patient_age must be a whole number"),
        ({"json": {"patient_age": True}}, "patient_age must be a whole number"),
        ({"json": {"patient_age": 200}}, "Patient age must be between 0 and 150"),
        ({"json": {"status": "deleted"}}, "Status must be one of"),
        ({"json": {"patient_name": 42}}, "patient_name must be text"),
        ({"json": ["patient_name"]}, "Request body must be a JSON object"),
        (
            {"content": b"{not json", "headers": {"Content-Type": "application/json"}},
            "Request body is not valid JSON",
        ),
    ],
)
def test_update_with_invalid_changes_is_400(
    client: TestClient,
    doctor: Doctor,
    new_case: NewCaseFn,
    request_body: dict[str, Any],
    detail: str,
) -> None:
    case_id = new_case()["case"]["case_id"]
    headers = {**doctor.headers, **request_body.pop("headers", {})}
    answer = client.put(f"/cases/cases/{case_id}", headers=headers, **request_body)
    assert answer.status_code == 400
    assert answer.json()["detail"].startswith(detail)


def test_delete_removes_the_case_and_its_stored_files(
    client: TestClient, clinic: Clinic, doctor: Doctor, new_case: NewCaseFn
) -> None:
    created = new_case(files=[("radiology_files", ("x.png", samples.png_bytes(), "image/png"))])
    case_id = created["case"]["case_id"]
    stored = clinic.settings.data_dir / "files" / created["uploaded_files"][0]["file_url"]
    assert stored.read_bytes() == samples.png_bytes()
    answer = client.delete(f"/cases/cases/{case_id}", headers=doctor.headers)
    assert answer.status_code == 200
    assert answer.json() == {"message": "Case deleted successfully"}
    assert not stored.exists()
    assert not (clinic.settings.data_dir / "files" / doctor.user_id / case_id).exists()
    assert client.get(f"/cases/cases/{case_id}", headers=doctor.headers).status_code == 404
    again = client.delete(f"/cases/cases/{case_id}", headers=doctor.headers)
    assert again.status_code == 404
    assert again.json() == NOT_FOUND


def test_an_unexpected_backend_failure_is_500_without_patient_data(tmp_path: Path) -> None:
    clinic = make_clinic(tmp_path / "data")
    with TestClient(create_app(clinic), raise_server_exceptions=False) as broken:
        doctor = sign_up(broken, "broken@example.org")
        # The blob store's folder turns into a plain file: every write below it fails.
        files_root = clinic.settings.data_dir / "files"
        files_root.rmdir()
        files_root.write_text("not a folder")
        answer = broken.post(
            "/cases/create_case",
            headers=doctor.headers,
            data={**CASE_FORM, "patient_name": "Zebulon Quarterfield"},
            files=[("lab_files", ("cbc.pdf", samples.pdf_bytes(), "application/pdf"))],
        )
        assert answer.status_code == 500
        assert answer.json()["detail"].startswith("Internal server error: ")
        assert "Zebulon" not in answer.text
        # All or nothing: the failed create left no case behind.
        assert broken.get("/cases/all_cases", headers=doctor.headers).json() == {"cases": []}


def test_an_idempotency_key_makes_one_case_however_often_the_request_is_sent(
    client: TestClient, fresh_doctor: Doctor
) -> None:
    headers = {**fresh_doctor.headers, "Idempotency-Key": "retry-3c9d0e1f"}
    answers = [client.post("/cases/create_case", headers=headers, data=CASE_FORM) for _ in range(3)]
    assert [a.status_code for a in answers] == [201, 201, 201]
    assert len({a.json()["case"]["case_id"] for a in answers}) == 1
    listed = client.get("/cases/all_cases", headers=fresh_doctor.headers).json()["cases"]
    assert len(listed) == 1
    bad = client.post(
        "/cases/create_case",
        headers={**fresh_doctor.headers, "Idempotency-Key": "no"},
        data=CASE_FORM,
    )
    assert bad.status_code == 400 and "Idempotency key" in bad.json()["detail"]
