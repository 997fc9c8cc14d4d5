"""Physician review over HTTP: review, sign, amend and versions, with the usual errors."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fastapi.testclient import TestClient

from api.main import create_app
from core.bootstrap import Clinic
from tests.api.conftest import Doctor, create_case, make_clinic, sign_up
from tests.doubles import finish_analysis, put_in_status

NOT_FOUND = {"detail": "Case not found"}
SOAP = {
    "subjective": "Fatigue for two months.",
    "objective": "Pale.",
    "assessment": "Iron deficiency anaemia.",
    "plan": "Oral iron; recheck in 6 weeks.",
}


def _analysed_case(client: TestClient, clinic: Clinic, doctor: Doctor) -> str:
    case_id = create_case(client, doctor)["case"]["case_id"]
    backend = clinic.provider.backend  # embedded: the one backend every session shares
    finish_analysis(backend, doctor.user_id, case_id)
    return case_id


def _post(client: TestClient, doctor: Doctor, path: str, body: Any = None):
    return client.post(path, headers=doctor.headers, json=body)


def test_review_sign_amend_and_read_every_version(
    client: TestClient, clinic: Clinic, fresh_doctor: Doctor
) -> None:
    case_id = _analysed_case(client, clinic, fresh_doctor)
    base = f"/api/v1/cases/{case_id}"
    status = client.get(f"{base}/review", headers=fresh_doctor.headers).json()
    assert status["review_state"] == "awaiting_review"
    assert status["draft"]["sections"]["primary_diagnosis"]["icd_code"] == "D50.9"
    assert not status["ready_to_sign"]
    draft_id = status["draft"]["draft_id"]

    accepted = _post(client, fresh_doctor, f"{base}/review/case_summary", {"decision": "accept"})
    assert accepted.status_code == 201, accepted.text
    edited = _post(
        client,
        fresh_doctor,
        f"{base}/review/soap_note",
        {"decision": "edit", "edited": SOAP, "draft_id": draft_id},
    )
    assert edited.json()["edited"] == SOAP
    refused = _post(
        client, fresh_doctor, f"{base}/review/primary_diagnosis", {"decision": "reject"}
    )
    assert refused.status_code == 400
    assert refused.json() == {"detail": "Say why the section is rejected"}
    early = _post(client, fresh_doctor, f"{base}/sign")
    assert early.status_code == 400 and "still open: Primary diagnosis" in early.json()["detail"]
    _post(
        client,
        fresh_doctor,
        f"{base}/review/primary_diagnosis",
        {"decision": "reject", "reason": "Awaiting ferritin"},
    )
    status = client.get(f"{base}/review", headers=fresh_doctor.headers).json()
    assert (status["review_state"], status["ready_to_sign"]) == ("reviewed", True)

    signed = _post(client, fresh_doctor, f"{base}/sign")
    assert signed.status_code == 201, signed.text
    version_one = signed.json()
    assert (version_one["version"], version_one["signer_email"]) == (1, fresh_doctor.email)
    assert version_one["sections"]["soap_note"]["text"] == SOAP
    again = _post(client, fresh_doctor, f"{base}/review/case_summary", {"decision": "accept"})
    assert again.status_code == 400 and "amend" in again.json()["detail"]

    no_reason = _post(client, fresh_doctor, f"{base}/amend", {"sections": {}, "reason": ""})
    assert no_reason.status_code == 400
    # Issue #23: a reason nobody can see, or one that reads backwards on screen, is none.
    diagnosis = {"primary_diagnosis": {"primary_diagnosis": "X", "icd_code": "D50.9"}}
    for unseen in ("\u200b\u200b\u2060", "\u00a0\u3000\u200d", "\u202eFerritin 6", "ok\u2066x"):
        refused = _post(
            client, fresh_doctor, f"{base}/amend", {"sections": diagnosis, "reason": unseen}
        )
        assert refused.status_code == 400, unseen
    amended = _post(
        client,
        fresh_doctor,
        f"{base}/amend",
        {
            "sections": {
                "primary_diagnosis": {
                    "primary_diagnosis": "Iron deficiency anaemia",
                    "icd_code": "D50.9",
                }
            },
            "reason": "Ferritin 6 ng/mL",
        },
    )
    assert amended.status_code == 201, amended.text
    assert amended.json()["version"] == 2
    listed = client.get(f"{base}/versions", headers=fresh_doctor.headers).json()["versions"]
    assert [v["version"] for v in listed] == [1, 2]
    assert [v["verified"] for v in listed] == [True, True]  # each hash checked as read
    first = client.get(f"{base}/versions/1", headers=fresh_doctor.headers)
    assert first.json() == version_one
    missing = client.get(f"{base}/versions/7", headers=fresh_doctor.headers)
    assert (missing.status_code, missing.json()) == (404, {"detail": "Version not found"})
    case = client.get(f"/cases/cases/{case_id}", headers=fresh_doctor.headers).json()["case"]
    assert case["review_state"] == "amended"
    # A signed note is never deleted: the case answers 409 and stays.
    deleted = client.delete(f"/cases/cases/{case_id}", headers=fresh_doctor.headers)
    assert deleted.status_code == 409 and "archive the case" in deleted.json()["detail"]
    assert client.get(f"{base}/versions", headers=fresh_doctor.headers).json()["versions"]


def test_another_doctors_case_answers_not_found_on_every_review_route(
    client: TestClient, clinic: Clinic, fresh_doctor: Doctor
) -> None:
    case_id = _analysed_case(client, clinic, fresh_doctor)
    intruder = sign_up(client, f"intruder-{case_id[:8]}@example.org")
    base = f"/api/v1/cases/{case_id}"
    answers = [
        client.get(f"{base}/review", headers=intruder.headers),
        _post(client, intruder, f"{base}/review/case_summary", {"decision": "accept"}),
        _post(client, intruder, f"{base}/sign"),
        _post(client, intruder, f"{base}/amend", {"sections": {"soap_note": SOAP}, "reason": "x"}),
        client.get(f"{base}/versions", headers=intruder.headers),
        client.get(f"{base}/versions/1", headers=intruder.headers),
    ]
    assert [(a.status_code, a.json()) for a in answers] == [(404, NOT_FOUND)] * len(answers)
    unsigned = client.get(f"{base}/review")
    assert unsigned.status_code == 401
    mine = client.get(f"{base}/review", headers=fresh_doctor.headers).json()
    assert mine["decisions"] == {}


def test_archive_and_restore_over_http_and_analyzer_statuses_refused(
    client: TestClient, fresh_doctor: Doctor
) -> None:
    case_id = create_case(client, fresh_doctor)["case"]["case_id"]
    path = f"/cases/cases/{case_id}"
    refused = client.put(path, headers=fresh_doctor.headers, json={"status": "completed"})
    assert refused.status_code == 400
    assert "set by the analyzer" in refused.json()["detail"]
    archived = client.put(path, headers=fresh_doctor.headers, json={"status": "archived"})
    assert archived.json()["case"]["status"] == "archived"
    restored = client.put(path, headers=fresh_doctor.headers, json={"status": "active"})
    assert restored.json()["case"]["status"] == "analyzing"


def test_a_failed_analysis_says_why_and_can_be_run_again(
    client: TestClient, clinic: Clinic, fresh_doctor: Doctor
) -> None:
    case_id = create_case(client, fresh_doctor)["case"]["case_id"]
    put_in_status(clinic.provider.backend, fresh_doctor.user_id, case_id, "failed")
    case = client.get(f"/cases/cases/{case_id}", headers=fresh_doctor.headers).json()["case"]
    assert (case["status"], case["analysis_error"]) == ("failed", "Analysis failed: Test")
    rerun = _post(client, fresh_doctor, f"/api/v1/cases/{case_id}/analysis")
    assert rerun.status_code == 202
    assert rerun.json()["case"]["status"] == "analyzing"
    assert rerun.json()["case"]["analysis_error"] is None
    other = sign_up(client, f"other-{case_id[:8]}@example.org")
    assert _post(client, other, f"/api/v1/cases/{case_id}/analysis").status_code == 404


def test_the_audit_trail_over_http_as_json_and_csv_and_its_check(
    client: TestClient, clinic: Clinic, fresh_doctor: Doctor
) -> None:
    case_id = _analysed_case(client, clinic, fresh_doctor)
    client.get(f"/cases/cases/{case_id}", headers=fresh_doctor.headers).raise_for_status()
    _post(
        client, fresh_doctor, f"/api/v1/cases/{case_id}/review/case_summary", {"decision": "accept"}
    )
    path = f"/api/v1/cases/{case_id}/audit"
    events = client.get(path, headers=fresh_doctor.headers).json()["events"]
    assert [e["action"] for e in events] == ["section_accepted", "case_opened", "case_created"]
    assert events[0]["prev_hash"] == events[1]["hash"]
    table = client.get(path, params={"format": "csv"}, headers=fresh_doctor.headers)
    assert table.headers["content-type"].startswith("text/csv")
    assert table.text.splitlines()[0] == "seq,occurred_at,action,case_id,details,hash"
    assert "Jane" not in table.text
    check = client.get("/api/v1/audit/verify", headers=fresh_doctor.headers).json()
    assert check["intact"] and check["events_checked"] >= 3
    other = sign_up(client, f"auditor-{case_id[:8]}@example.org")
    assert client.get(path, headers=other.headers).json() == NOT_FOUND


def test_the_review_routes_read_the_patients_name_as_the_dashboard_does(
    client: TestClient, clinic: Clinic, fresh_doctor: Doctor
) -> None:
    # One display policy for every front end: the stored draft says [PATIENT]; its owner
    # reads the name over HTTP in the draft, the signed version and the version list.
    case_id = create_case(client, fresh_doctor, patient_name="Mary Seacole")["case"]["case_id"]
    finish_analysis(clinic.provider.backend, fresh_doctor.user_id, case_id, summary="[PATIENT]:")
    base = f"/api/v1/cases/{case_id}"
    status = client.get(f"{base}/review", headers=fresh_doctor.headers).json()
    summary = status["draft"]["sections"]["case_summary"]["comprehensive_summary"]
    assert summary.startswith("Mary Seacole:") and "[PATIENT]" not in str(status)
    for section in ("case_summary", "soap_note", "primary_diagnosis"):
        _post(client, fresh_doctor, f"{base}/review/{section}", {"decision": "accept"})
    signed = _post(client, fresh_doctor, f"{base}/sign").json()
    assert "Mary Seacole:" in str(signed) and "[PATIENT]" not in str(signed)
    listed = client.get(f"{base}/versions", headers=fresh_doctor.headers).json()["versions"]
    assert listed == [signed]
    # What is stored stays redacted (the hash covers the stored text).
    stored = clinic.provider.backend.reviews.signed_notes(fresh_doctor.user_id, case_id)
    assert "[PATIENT]:" in str(stored[0].content)


def test_the_chains_check_answers_with_the_checkpoint_the_app_sealed(tmp_path) -> None:
    keyed = replace(make_clinic(tmp_path / "data"), seal_key=b"the-app-key-the-database-lacks")
    with TestClient(create_app(keyed)) as client:
        doctor = sign_up(client, "checkpoint@example.org")
        case_id = _analysed_case(client, keyed, doctor)
        client.get(f"/cases/cases/{case_id}", headers=doctor.headers).raise_for_status()
        head = client.get(f"/api/v1/cases/{case_id}/audit", headers=doctor.headers).json()
        check = client.get("/api/v1/audit/verify", headers=doctor.headers).json()
    # The chain's count and head hash, sealed by the app's key: the doctor keeps them.
    assert check["intact"] and check["checkpoint_events"] == check["events_checked"]
    assert check["checkpoint_hash"] == head["events"][0]["hash"]
