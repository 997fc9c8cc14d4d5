"""The patient routes (#27) over HTTP: list and search, create with likely duplicates
offered, one patient with its cases, merge and unmerge, a case created for a patient;
the usual error shapes and ownership (another doctor's patient is a 404)."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi.testclient import TestClient

from core.bootstrap import Clinic
from tests.api.conftest import Doctor

NOT_FOUND = {"detail": "Patient not found"}
PATIENT_KEYS = {
    "patient_id",
    "name",
    "sex",
    "date_of_birth",
    "record_number",
    "merged_into",
    "created_at",
}
MISSING = "0b7c6c0e-8f8e-4f39-9d55-3f3c5d0f2f11"


def _patient(client: TestClient, doctor: Doctor, **body: object) -> dict:  # type: ignore[type-arg]
    answer = client.post(
        "/api/v1/patients",
        headers=doctor.headers,
        json={"name": "Thandiwe Nkosi", "sex": "female", **body},
    )
    assert answer.status_code == 201, answer.text
    return answer.json()  # type: ignore[no-any-return]


def _age(born: str) -> int:
    day, today = datetime.fromisoformat(born).date(), datetime.now(UTC).date()
    return today.year - day.year - ((today.month, today.day) < (day.month, day.day))


def test_create_a_patient_and_its_likely_duplicates(
    client: TestClient, fresh_doctor: Doctor
) -> None:
    first = _patient(client, fresh_doctor, date_of_birth="1949-03-02", record_number="MRN 5")
    assert first["message"] == "Patient created successfully"
    assert set(first["patient"]) == PATIENT_KEYS
    assert first["patient"]["date_of_birth"] == "1949-03-02"
    assert first["likely_duplicates"] == []
    again = _patient(client, fresh_doctor, name="NKOSI, Thandíwe", date_of_birth="1949-03-02")
    assert [(d["patient"]["patient_id"], d["reasons"]) for d in again["likely_duplicates"]] == [
        (first["patient"]["patient_id"], ["same date of birth and a similar name"])
    ]
    listed = client.get("/api/v1/patients", headers=fresh_doctor.headers).json()["patients"]
    assert [p["patient_id"] for p in listed] == [
        first["patient"]["patient_id"],
        again["patient"]["patient_id"],
    ]
    found = client.get(
        "/api/v1/patients", headers=fresh_doctor.headers, params={"search": "mrn5"}
    ).json()
    assert [p["patient_id"] for p in found["patients"]] == [first["patient"]["patient_id"]]
    suggestions = client.get(
        "/api/v1/patients/merge_suggestions", headers=fresh_doctor.headers
    ).json()["suggestions"]
    assert [(s["kept"]["patient_id"], s["duplicate"]["patient_id"]) for s in suggestions] == [
        (first["patient"]["patient_id"], again["patient"]["patient_id"])
    ]


def test_invalid_patients_are_400(client: TestClient, fresh_doctor: Doctor) -> None:
    for body, detail in (
        ({"name": "X", "sex": "robot"}, "Patient gender must be one of"),
        ({"name": "  ", "sex": "male"}, "Patient name is required"),
        ({"name": "X", "sex": "male", "date_of_birth": "02/03/1949"}, "Date of birth must be"),
        ({"sex": "male"}, "name is required"),
    ):
        answer = client.post("/api/v1/patients", headers=fresh_doctor.headers, json=body)
        assert answer.status_code == 400, body
        assert answer.json()["detail"].startswith(detail)
    limit = client.get("/api/v1/patients", headers=fresh_doctor.headers, params={"limit": 0})
    assert limit.status_code == 400
    assert client.get("/api/v1/patients").status_code == 401


def test_a_case_for_a_new_patient_then_one_for_the_same_patient(
    client: TestClient, fresh_doctor: Doctor
) -> None:
    headers = fresh_doctor.headers
    first = client.post(
        "/api/v1/cases",
        headers=headers,
        data={
            "patient_name": "Kofi Mensah",
            "patient_gender": "male",
            "date_of_birth": "1970-05-20",
            "record_number": "H-991",
        },
    )
    assert first.status_code == 201, first.text
    case = first.json()["case"]
    assert case["patient_age"] == _age("1970-05-20")
    assert first.json()["likely_duplicates"] == []
    patient_id = case["patient_id"]
    second = client.post(
        "/api/v1/cases", headers=headers, data={"patient_id": patient_id, "case_summary": "June"}
    )
    assert second.status_code == 201, second.text
    assert second.json()["case"]["patient_name"] == "Kofi Mensah"
    # A new patient like the first: created, and the first offered.
    third = client.post(
        "/api/v1/cases",
        headers=headers,
        data={
            "patient_name": "Mensah Kofi",
            "patient_gender": "male",
            "patient_age": "56",
            "record_number": "h991",
        },
    )
    assert [d["patient"]["patient_id"] for d in third.json()["likely_duplicates"]] == [patient_id]
    detail = client.get(f"/api/v1/patients/{patient_id}", headers=headers)
    assert detail.status_code == 200
    body = detail.json()
    assert body["patient"]["record_number"] == "H-991"
    assert [c["case_id"] for c in body["cases"]] == [
        case["case_id"],
        second.json()["case"]["case_id"],
    ]
    missing = client.post("/api/v1/cases", headers=headers, data={"patient_name": "X"})
    assert missing.json() == {"detail": "patient_age is required; patient_gender is required"}
    no_age = client.post(
        "/api/v1/cases",
        headers=headers,
        data={"patient_id": third.json()["case"]["patient_id"]},
    )
    assert (no_age.status_code, no_age.json()) == (400, {"detail": "Patient age is required"})


def test_merge_and_unmerge(client: TestClient, clinic: Clinic, fresh_doctor: Doctor) -> None:
    headers = fresh_doctor.headers
    kept = _patient(client, fresh_doctor)["patient"]["patient_id"]
    duplicate = _patient(client, fresh_doctor)["patient"]["patient_id"]
    case = client.post(
        "/api/v1/cases", headers=headers, data={"patient_id": duplicate, "patient_age": "60"}
    ).json()["case"]
    merged = client.post(
        f"/api/v1/patients/{duplicate}/merge", headers=headers, json={"into": kept}
    )
    assert merged.status_code == 200, merged.text
    assert merged.json() == {
        "message": "Patient merged",
        "patient": client.get(f"/api/v1/patients/{kept}", headers=headers).json()["patient"],
    }
    cases = client.get(f"/api/v1/patients/{kept}", headers=headers).json()["cases"]
    assert [c["case_id"] for c in cases] == [case["case_id"]]
    again = client.post(f"/api/v1/patients/{duplicate}/merge", headers=headers, json={"into": kept})
    assert (again.status_code, again.json()) == (
        409,
        {"detail": "This record is merged already: unmerge it first"},
    )
    undone = client.post(f"/api/v1/patients/{duplicate}/unmerge", headers=headers)
    assert undone.status_code == 200
    assert undone.json()["patient"]["merged_into"] is None
    assert client.get(f"/api/v1/patients/{kept}", headers=headers).json()["cases"] == []
    twice = client.post(f"/api/v1/patients/{duplicate}/unmerge", headers=headers)
    assert (twice.status_code, twice.json()) == (409, {"detail": "This record is not merged"})
    events = clinic.provider.backend.audit.events(fresh_doctor.user_id)  # type: ignore[attr-defined]
    # Reading a record is on the trail too (patient_opened), between the merge events.
    events = [e for e in events if e.action != "patient_opened"]
    assert [(e.action, e.details) for e in events[:2]] == [
        ("patient_unmerged", {"patient": duplicate, "from": kept}),
        ("patient_merged", {"patient": duplicate, "into": kept}),
    ]


def test_another_doctors_patient_is_not_found(
    client: TestClient, fresh_doctor: Doctor, other_doctor: Doctor
) -> None:
    theirs = _patient(client, fresh_doctor)["patient"]["patient_id"]
    mine = _patient(client, other_doctor)["patient"]["patient_id"]
    for method, path, body in (
        ("GET", f"/api/v1/patients/{theirs}", None),
        ("GET", f"/api/v1/patients/{MISSING}", None),
        ("GET", "/api/v1/patients/not-an-id", None),
        ("POST", f"/api/v1/patients/{theirs}/unmerge", None),
        ("POST", f"/api/v1/patients/{mine}/merge", {"into": theirs}),
        ("POST", f"/api/v1/patients/{theirs}/merge", {"into": mine}),
        ("PATCH", f"/api/v1/patients/{theirs}", {"name": "Someone Else"}),
    ):
        answer = client.request(method, path, headers=other_doctor.headers, json=body)
        assert (answer.status_code, answer.json()) == (404, NOT_FOUND), path
    case = client.post(
        "/api/v1/cases",
        headers=other_doctor.headers,
        data={"patient_id": theirs, "patient_age": "30"},
    )
    assert (case.status_code, case.json()) == (404, NOT_FOUND)
    searched = client.get(
        "/api/v1/patients", headers=other_doctor.headers, params={"search": "nkosi"}
    ).json()["patients"]
    assert theirs not in [p["patient_id"] for p in searched]


def test_a_fhir_bundle_case_for_an_existing_patient(
    client: TestClient, fresh_doctor: Doctor
) -> None:
    patient = _patient(client, fresh_doctor, date_of_birth="1974-12-25")["patient"]
    answer = client.post(
        "/api/v1/cases/fhir",
        headers={**fresh_doctor.headers, "Content-Type": "application/fhir+json"},
        params={"patient_id": patient["patient_id"]},
        content=b'{"resourceType": "Bundle", "type": "collection", "entry": []}',
    )
    assert answer.status_code == 201, answer.text
    case = answer.json()["case"]
    assert (case["patient_id"], case["patient_name"], case["patient_age"]) == (
        patient["patient_id"],
        "Thandiwe Nkosi",
        _age("1974-12-25"),
    )
    missing = client.post(
        "/api/v1/cases/fhir",
        headers={**fresh_doctor.headers, "Content-Type": "application/fhir+json"},
        params={"patient_name": "X"},
        content=b'{"resourceType": "Bundle", "type": "collection", "entry": []}',
    )
    assert missing.json() == {"detail": "patient_age is required; patient_gender is required"}


def test_correct_a_patients_details(
    client: TestClient, clinic: Clinic, fresh_doctor: Doctor
) -> None:
    created = _patient(client, fresh_doctor, record_number="MRN 5")["patient"]
    path = f"/api/v1/patients/{created['patient_id']}"
    answer = client.patch(
        path, headers=fresh_doctor.headers, json={"date_of_birth": "1949-03-02", "name": "T. Nkosi"}
    )
    assert answer.status_code == 200, answer.text
    patient = answer.json()["patient"]
    assert (patient["name"], patient["date_of_birth"], patient["record_number"]) == (
        "T. Nkosi",
        "1949-03-02",
        "MRN 5",  # left out: unchanged
    )
    cleared = client.patch(path, headers=fresh_doctor.headers, json={"record_number": None})
    assert cleared.json()["patient"]["record_number"] is None
    for body, detail in (
        ({"date_of_birth": "02/03/1949"}, "Date of birth must be a date such as 1958-02-11"),
        ({"name": None}, "Patient name is required and must be text"),
    ):
        refused = client.patch(path, headers=fresh_doctor.headers, json=body)
        assert (refused.status_code, refused.json()) == (400, {"detail": detail})
    sex = client.patch(path, headers=fresh_doctor.headers, json={"sex": "male"})
    assert sex.status_code == 400 and "sex" in sex.json()["detail"]
    assert client.get(path, headers=fresh_doctor.headers).json()["patient"]["sex"] == "female"
    events = clinic.provider.backend.audit.events(fresh_doctor.user_id)  # type: ignore[attr-defined]
    actions = [e.action for e in events]
    assert actions.count("patient_updated") == 2 and actions.count("patient_opened") == 1
