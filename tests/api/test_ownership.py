"""The ownership matrix: a second doctor gets 404 or 403 on every route, never data."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from core.bootstrap import Clinic
from tests import samples
from tests.api.conftest import CASE_FORM, Doctor, create_case

PATIENT = "Octavia Nightingale-Brume"


@pytest.fixture(scope="module")
def owned_case(client: TestClient, doctor: Doctor) -> dict[str, Any]:
    return create_case(
        client,
        doctor,
        files=[("lab_files", ("cbc.pdf", samples.pdf_bytes(), "application/pdf"))],
        patient_name=PATIENT,
        case_summary="Private notes about the patient",
    )


def _snapshot(client: TestClient, doctor: Doctor, case_id: str) -> dict[str, Any]:
    answer = client.get(f"/cases/cases/{case_id}", headers=doctor.headers)
    assert answer.status_code == 200
    return answer.json()


def _calls(case_id: str, owner_id: str) -> list[tuple[str, str, dict[str, Any], int]]:
    """Every route a second doctor might try on the first one's case, and its answer."""
    text_file = {"file": ("more.txt", b"Sodium 139 mmol/L", "text/plain")}
    return [
        ("GET", f"/cases/cases/{case_id}", {}, 404),
        ("PUT", f"/cases/cases/{case_id}", {"json": {"patient_name": "Stolen"}}, 404),
        ("PUT", f"/cases/cases/{case_id}", {"json": {}}, 400),
        ("DELETE", f"/cases/cases/{case_id}", {}, 404),
        ("GET", f"/cases/files/{case_id}", {}, 404),
        ("GET", f"/api/v1/cases/{case_id}/insights", {}, 404),
        ("POST", "/cases/upload", {"data": {"case_id": case_id}, "files": text_file}, 404),
        ("GET", "/cases/all_cases", {"params": {"user_id": owner_id}}, 403),
        ("POST", "/cases/create_case", {"data": {**CASE_FORM, "user_id": owner_id}}, 403),
        ("POST", "/api/v1/cases", {"data": {**CASE_FORM, "user_id": owner_id}}, 403),
    ]


def test_a_second_doctor_gets_404_or_403_and_never_data(
    client: TestClient,
    clinic: Clinic,
    doctor: Doctor,
    other_doctor: Doctor,
    owned_case: dict[str, Any],
) -> None:
    case_id = owned_case["case"]["case_id"]
    before = _snapshot(client, doctor, case_id)
    stored_files = sorted((clinic.settings.data_dir / "files").rglob("*"))
    for method, path, extra, status in _calls(case_id, doctor.user_id):
        answer = client.request(method, path, headers=other_doctor.headers, **extra)
        assert answer.status_code == status, (method, path, answer.text)
        assert set(answer.json()) == {"detail"}
        assert PATIENT not in answer.text
        assert "Private notes" not in answer.text
    # Nothing the second doctor tried changed the owner's case, files or storage.
    assert _snapshot(client, doctor, case_id) == before
    assert sorted((clinic.settings.data_dir / "files").rglob("*")) == stored_files


def test_another_doctors_case_looks_exactly_like_a_missing_one(
    client: TestClient, doctor: Doctor, other_doctor: Doctor, owned_case: dict[str, Any]
) -> None:
    missing = "2f0e4c1a-5b6d-4e7f-8a9b-0c1d2e3f4a5b"
    on_theirs = _calls(owned_case["case"]["case_id"], doctor.user_id)
    on_missing = _calls(missing, doctor.user_id)
    for (method, path, extra, status), (_, absent_path, absent_extra, _) in zip(
        on_theirs, on_missing, strict=True
    ):
        if status != 404:
            continue
        theirs = client.request(method, path, headers=other_doctor.headers, **extra)
        absent = client.request(method, absent_path, headers=doctor.headers, **absent_extra)
        assert (theirs.status_code, theirs.json()) == (absent.status_code, absent.json())


def test_each_doctor_lists_only_their_own_cases(
    client: TestClient, doctor: Doctor, other_doctor: Doctor, owned_case: dict[str, Any]
) -> None:
    theirs = create_case(client, other_doctor, patient_name="Someone Else")["case"]["case_id"]
    mine = client.get("/cases/all_cases", headers=doctor.headers).json()["cases"]
    others = client.get("/cases/all_cases", headers=other_doctor.headers).json()["cases"]
    assert owned_case["case"]["case_id"] in {c["case_id"] for c in mine}
    assert theirs not in {c["case_id"] for c in mine}
    assert {c["user_id"] for c in mine} == {doctor.user_id}
    assert {c["user_id"] for c in others} == {other_doctor.user_id}
    assert PATIENT not in str(others)
