"""Critical results over HTTP (issue #27): the case's critical values with their state,
acknowledging one (404 another doctor's case, 409 twice, 422 a method not on the list),
signing refused while one waits, and the time-to-acknowledgment figure."""

from __future__ import annotations

import uuid
from typing import Any

from fastapi.testclient import TestClient

from core.bootstrap import Clinic
from core.insights import Insights, LabValue
from core.models import utc_now
from tests.api.conftest import Doctor, create_case
from tests.doubles import sample_insights

CRITICAL = [
    LabValue(analyte="Potassium", value=6.9, unit="mmol/L", flag="high", critical=True),
    LabValue(analyte="Sodium", value=118, unit="mmol/L", flag="low", critical=True),
]


def _critical_case(client: TestClient, clinic: Clinic, doctor: Doctor) -> str:
    case_id = create_case(client, doctor)["case"]["case_id"]
    backend = clinic.provider.backend
    assert backend.cases.request_analysis(doctor.user_id, case_id) is not None
    claim = str(uuid.uuid4())
    assert backend.cases.claim_analysis(doctor.user_id, case_id, claim, utc_now())
    insights = Insights.model_validate(sample_insights()).model_copy(
        update={"lab_values": CRITICAL}
    )
    assert backend.cases.complete_analysis(doctor.user_id, case_id, claim, insights)
    return case_id


def _values(client: TestClient, doctor: Doctor, case_id: str) -> Any:
    return client.get(f"/api/v1/cases/{case_id}/critical-values", headers=doctor.headers)


def _acknowledge(client: TestClient, doctor: Doctor, case_id: str, key: str, body: Any) -> Any:
    return client.post(
        f"/api/v1/cases/{case_id}/critical-values/{key}/acknowledgment",
        headers=doctor.headers,
        json=body,
    )


def test_critical_values_are_listed_acknowledged_once_and_signing_waits(
    client: TestClient, clinic: Clinic, fresh_doctor: Doctor
) -> None:
    case_id = _critical_case(client, clinic, fresh_doctor)
    listed = _values(client, fresh_doctor, case_id)
    assert listed.status_code == 200, listed.text
    body = listed.json()
    assert body["unacknowledged"] == 2
    assert {v["shown"] for v in body["critical_values"]} == {
        "Potassium 6.9 mmol/L (high)",
        "Sodium 118 mmol/L (low)",
    }
    first, second = body["critical_values"]
    assert first["acknowledged"] is False and first["seconds_waiting"] >= 0

    base = f"/api/v1/cases/{case_id}"
    for section in ("case_summary", "soap_note", "primary_diagnosis"):
        answer = client.post(
            f"{base}/review/{section}", headers=fresh_doctor.headers, json={"decision": "accept"}
        )
        assert answer.status_code == 201, answer.text
    refused = client.post(f"{base}/sign", headers=fresh_doctor.headers)
    assert refused.status_code == 409 and "Acknowledge" in refused.json()["detail"]

    bad = _acknowledge(client, fresh_doctor, case_id, first["value_key"], {"method": "fax"})
    assert bad.status_code == 422 and "read_back_by_phone" in bad.json()["detail"]
    done = _acknowledge(
        client,
        fresh_doctor,
        case_id,
        first["value_key"],
        {"method": "read_back_by_phone", "comment": "Read back by the ward nurse"},
    )
    assert done.status_code == 201, done.text
    record = done.json()
    assert record["acknowledged_by_email"] == fresh_doctor.email
    assert record["method_label"] == "Read back by telephone"
    assert record["comment"] == "Read back by the ward nurse"
    twice = _acknowledge(client, fresh_doctor, case_id, first["value_key"], {"method": "in_person"})
    assert twice.status_code == 409
    missing = _acknowledge(client, fresh_doctor, case_id, "f" * 64, {"method": "in_person"})
    assert missing.status_code == 404

    after = _values(client, fresh_doctor, case_id).json()
    assert after["unacknowledged"] == 1
    acknowledged = next(v for v in after["critical_values"] if v["acknowledged"])
    assert acknowledged["acknowledgment"]["method"] == "read_back_by_phone"
    assert acknowledged["seconds_waiting"] is None

    assert (
        _acknowledge(
            client, fresh_doctor, case_id, second["value_key"], {"method": "seen_on_screen"}
        ).status_code
        == 201
    )
    signed = client.post(f"{base}/sign", headers=fresh_doctor.headers)
    assert signed.status_code == 201, signed.text

    figure = client.get(
        "/api/v1/critical-values/acknowledgment-times", headers=fresh_doctor.headers
    )
    assert figure.status_code == 200
    numbers = figure.json()
    assert numbers["acknowledged"] == 2
    assert 0 <= numbers["median_seconds"] <= numbers["p90_seconds"]


def test_another_doctors_case_answers_not_found(
    client: TestClient, clinic: Clinic, doctor: Doctor, other_doctor: Doctor
) -> None:
    case_id = _critical_case(client, clinic, doctor)
    key = _values(client, doctor, case_id).json()["critical_values"][0]["value_key"]
    assert _values(client, other_doctor, case_id).status_code == 404
    answer = _acknowledge(client, other_doctor, case_id, key, {"method": "in_person"})
    assert answer.status_code == 404 and answer.json() == {"detail": "Case not found"}
    assert _values(client, doctor, case_id).json()["unacknowledged"] == 2
    empty = client.get(
        "/api/v1/critical-values/acknowledgment-times", headers=other_doctor.headers
    ).json()
    assert empty == {"acknowledged": 0, "median_seconds": None, "p90_seconds": None}
    assert client.get("/api/v1/critical-values/acknowledgment-times").status_code == 401


def test_a_value_only_an_earlier_analysis_found_is_listed_and_signing_waits(
    client: TestClient, clinic: Clinic, fresh_doctor: Doctor
) -> None:
    case_id = _critical_case(client, clinic, fresh_doctor)
    backend = clinic.provider.backend
    assert backend.cases.request_analysis(fresh_doctor.user_id, case_id) is not None
    claim = str(uuid.uuid4())
    assert backend.cases.claim_analysis(fresh_doctor.user_id, case_id, claim, utc_now())
    clean = Insights.model_validate(sample_insights()).model_copy(update={"lab_values": []})
    assert backend.cases.complete_analysis(fresh_doctor.user_id, case_id, claim, clean)
    body = _values(client, fresh_doctor, case_id).json()
    assert body["unacknowledged"] == 2
    assert [v["in_current_draft"] for v in body["critical_values"]] == [False, False]
    base = f"/api/v1/cases/{case_id}"
    for section in ("case_summary", "soap_note", "primary_diagnosis"):
        answer = client.post(
            f"{base}/review/{section}", headers=fresh_doctor.headers, json={"decision": "accept"}
        )
        assert answer.status_code == 201, answer.text
    assert client.post(f"{base}/sign", headers=fresh_doctor.headers).status_code == 409
    for value in body["critical_values"]:
        done = _acknowledge(
            client, fresh_doctor, case_id, value["value_key"], {"method": "in_person"}
        )
        assert done.status_code == 201, done.text
    assert _values(client, fresh_doctor, case_id).json()["critical_values"] == []
    assert client.post(f"{base}/sign", headers=fresh_doctor.headers).status_code == 201
