"""A JSON body that repeats a key in one object (sec17): Python's parser keeps the last
value, a proxy, a log or another client the first, so the value a request is seen to send
need not be the one the app acts on. Refused with a 400 naming the key, before any route
runs, nothing written; the FHIR upload refused such a file since round sixteen."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import Doctor, create_case

_JSON = {"Content-Type": "application/json"}


def _cases(client: TestClient, doctor: Doctor) -> list[str]:
    listed = client.get("/cases/all_cases", headers=doctor.headers).json()["cases"]
    return sorted(case["case_id"] for case in listed)


@pytest.mark.parametrize(
    ("path", "body", "key"),
    [
        (
            "",
            b'{"case_summary": "Fever since Monday", "case_summary": "Stop insulin"}',
            "case_summary",
        ),
        (
            "",
            b'{"patient_name": "Jane Roe", "patient_name": "Ann Lee"}',
            "patient_name",
        ),
        (
            "/review/soap_note",
            b'{"decision": "accept", "reason": null, "decision": "reject"}',
            "decision",
        ),
        (
            "/amend",
            b'{"sections": {"soap_note": {"plan": "Rest", "plan": "Stop insulin"}},'
            b' "reason": "typo"}',
            "plan",
        ),
    ],
    ids=["case-notes", "patient-name", "review-decision", "nested-amendment"],
)
def test_a_json_body_that_repeats_a_key_is_refused_naming_it_and_nothing_is_written(
    client: TestClient, doctor: Doctor, path: str, body: bytes, key: str
) -> None:
    case = create_case(client, doctor, case_summary="Fever since Monday")["case"]
    url = (
        f"/cases/cases/{case['case_id']}" if not path else f"/api/v1/cases/{case['case_id']}{path}"
    )
    method = "PUT" if not path else "POST"

    answer = client.request(method, url, headers={**doctor.headers, **_JSON}, content=body)

    assert answer.status_code == 400, answer.text
    assert answer.json()["detail"] == (
        f"The JSON body repeats the key '{key}' in one object: send each key once"
    )
    stored = client.get(f"/cases/cases/{case['case_id']}", headers=doctor.headers).json()
    assert stored["case"]["case_summary"] == "Fever since Monday"
    assert stored["case"]["patient_name"] == "Jane Roe"
    # The same keys once each are an ordinary request.
    once = b'{"case_summary": "Fever since Tuesday"}'
    kept = client.put(
        f"/cases/cases/{case['case_id']}", headers={**doctor.headers, **_JSON}, content=once
    )
    assert kept.status_code == 200, kept.text


def test_a_fhir_body_that_repeats_a_key_opens_no_case(client: TestClient, doctor: Doctor) -> None:
    before = _cases(client, doctor)
    body = (
        b'{"resourceType": "Observation", "status": "final", "code": {"text": "Glucose"},'
        b' "valueQuantity": {"value": 5.2, "unit": "mmol/L", "value": 1.1}}'
    )
    answer = client.post(
        "/api/v1/cases/fhir",
        params={"patient_name": "Jane Roe", "patient_age": 54, "patient_gender": "female"},
        headers={**doctor.headers, "Content-Type": "application/fhir+json"},
        content=body,
    )
    assert answer.status_code == 400, answer.text
    assert answer.json()["detail"] == (
        "The JSON body repeats the key 'value' in one object: send each key once"
    )
    assert _cases(client, doctor) == before


@pytest.mark.parametrize(
    ("path", "query"),
    [
        ("/cases/all_cases", "user_id={me}&user_id={other}"),
        ("/cases/all_cases", "user_id={other}&user_id={me}"),
        (
            "/api/v1/cases/fhir",
            "patient_name=Jane+Roe&patient_age=54&patient_gender=female&patient_name=Ann+Lee",
        ),
    ],
    ids=["own-then-other", "other-then-own", "fhir-patient-name"],
)
def test_a_query_string_that_repeats_a_key_is_refused_naming_it(
    client: TestClient, doctor: Doctor, other_doctor: Doctor, path: str, query: str
) -> None:
    """FastAPI reads a repeated query key as its last value, a proxy or a log often as the
    first: ``?user_id=mine&user_id=theirs`` was answered for the last one."""
    before = _cases(client, doctor)
    mine = client.get("/cases/all_cases", headers=doctor.headers)
    me = mine.json()["cases"][0]["user_id"] if before else _user_id(client, doctor)
    them = _user_id(client, other_doctor)
    url = f"{path}?{query.format(me=me, other=them)}"
    method = "POST" if path.endswith("fhir") else "GET"
    answer = client.request(
        method,
        url,
        headers={**doctor.headers, "Content-Type": "application/fhir+json"},
        content=b'{"resourceType": "Bundle", "type": "collection"}' if method == "POST" else None,
    )
    assert answer.status_code == 400, answer.text
    key = "patient_name" if path.endswith("fhir") else "user_id"
    assert answer.json()["detail"] == (
        f"The query string repeats the key '{key}': send each key once"
    )
    assert _cases(client, doctor) == before
    once = client.get(f"/cases/all_cases?user_id={me}", headers=doctor.headers)
    assert once.status_code == 200, once.text


def _user_id(client: TestClient, doctor: Doctor) -> str:
    return str(client.get("/auth/v1/user", headers=doctor.headers).json()["id"])
