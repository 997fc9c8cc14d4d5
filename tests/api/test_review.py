"""Physician review over HTTP: review, sign, amend and versions, with the usual errors."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from core.bootstrap import Clinic
from tests.api.conftest import Doctor, create_case, sign_up
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
    first = client.get(f"{base}/versions/1", headers=fresh_doctor.headers)
    assert first.json() == version_one
    missing = client.get(f"{base}/versions/7", headers=fresh_doctor.headers)
    assert (missing.status_code, missing.json()) == (404, {"detail": "Version not found"})
    case = client.get(f"/cases/cases/{case_id}", headers=fresh_doctor.headers).json()["case"]
    assert case["review_state"] == "amended"


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
