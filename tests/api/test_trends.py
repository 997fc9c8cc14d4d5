"""GET /api/v1/patients/{id}/trends (#27): the owner's patient's timeline and lab series,
units harmonised; another doctor's patient, a missing or a malformed id is a 404."""

from __future__ import annotations

import uuid
from typing import Any, cast

from fastapi.testclient import TestClient

from core.backends.local import LocalBackendProvider
from core.bootstrap import Clinic
from core.insights import Insights
from core.models import utc_now
from tests.api.conftest import Doctor, create_case
from tests.doubles import sample_insights

MISSING = "0b7c6c0e-8f8e-4f39-9d55-3f3c5d0f2f11"


def finish_analysis(clinic: Clinic, owner: str, case_id: str, lab_values: list[Any]) -> None:
    """Complete the case's analysis as a job does, with these lab values."""
    backend = cast(LocalBackendProvider, clinic.provider).backend
    assert backend.cases.request_analysis(owner, case_id) is not None
    claim = str(uuid.uuid4())
    assert backend.cases.claim_analysis(owner, case_id, claim, utc_now())
    record = sample_insights()
    record["lab_values"] = lab_values
    assert backend.cases.complete_analysis(owner, case_id, claim, Insights.model_validate(record))


def _two_cases(client: TestClient, clinic: Clinic, doctor: Doctor) -> tuple[str, str, str]:
    first = create_case(client, doctor)["case"]
    patient_id = first["patient_id"]
    finish_analysis(
        clinic, doctor.user_id, first["case_id"],
        lab_values=[{"analyte": "Glucose", "value": 7.0, "unit": "mmol/L",
                     "source_line": "Glucose 7.0 mmol/L"}],
    )  # fmt: skip
    second = create_case(client, doctor, patient_id=patient_id)["case"]
    finish_analysis(
        clinic, doctor.user_id, second["case_id"],
        lab_values=[{"analyte": "Glucose", "value": 140, "unit": "mg/dL", "flag": "high"}],
    )  # fmt: skip
    return patient_id, first["case_id"], second["case_id"]


def test_the_owner_gets_one_series_in_one_unit_with_latest_previous_and_change(
    client: TestClient, clinic: Clinic, fresh_doctor: Doctor
) -> None:
    patient_id, first, second = _two_cases(client, clinic, fresh_doctor)
    answer = client.get(f"/api/v1/patients/{patient_id}/trends", headers=fresh_doctor.headers)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["patient"]["patient_id"] == patient_id
    assert [(e["kind"], e["case_id"]) for e in body["timeline"]] == [
        ("case", first),
        ("case", second),
    ]
    (glucose,) = body["series"]
    assert (glucose["analyte"], glucose["unit"], glucose["specimen"]) == (
        "Glucose",
        "mg/dL",
        "serum/plasma",
    )
    assert [p["case_id"] for p in glucose["points"]] == [first, second]
    assert glucose["previous"]["as_written"] == "7 mmol/L"
    assert glucose["previous"]["source_line"] == "Glucose 7.0 mmol/L"
    assert abs(glucose["previous"]["value"] - 126.112) < 1e-6
    assert glucose["latest"]["value"] == 140
    assert abs(glucose["change"] - (140 - 126.112)) < 1e-6


def test_another_doctors_patient_and_a_bad_id_are_not_found(
    client: TestClient, clinic: Clinic, fresh_doctor: Doctor, other_doctor: Doctor
) -> None:
    patient_id, _, _ = _two_cases(client, clinic, fresh_doctor)
    path = f"/api/v1/patients/{patient_id}/trends"
    refused = client.get(path, headers=other_doctor.headers)
    assert (refused.status_code, refused.json()) == (404, {"detail": "Patient not found"})
    missing = client.get(f"/api/v1/patients/{MISSING}/trends", headers=fresh_doctor.headers)
    assert missing.status_code == 404
    malformed = client.get("/api/v1/patients/not-an-id/trends", headers=fresh_doctor.headers)
    assert malformed.status_code == 404  # as the other patient routes answer
    assert client.get(path).status_code == 401


def test_the_fhir_document_names_the_patient_record_and_adds_earlier_results_on_request(
    client: TestClient, clinic: Clinic, fresh_doctor: Doctor
) -> None:
    patient_id, first, second = _two_cases(client, clinic, fresh_doctor)
    path = f"/api/v1/cases/{second}/fhir"

    def resources(answer: Any, kind: str) -> list[dict[str, Any]]:
        assert answer.status_code == 200, answer.text
        return [e["resource"] for e in answer.json()["entry"]
                if e["resource"]["resourceType"] == kind]  # fmt: skip

    plain = client.get(path, headers=fresh_doctor.headers)
    (patient,) = resources(plain, "Patient")
    assert {"system": "urn:medcase:patient", "value": patient_id} in patient["identifier"]
    assert all("effectiveDateTime" not in o for o in resources(plain, "Observation"))
    with_earlier = client.get(path, headers=fresh_doctor.headers, params={"earlier": "true"})
    (earlier,) = [o for o in resources(with_earlier, "Observation") if "effectiveDateTime" in o]
    assert earlier["valueQuantity"]["value"] == 7.0 and first in earlier["note"][-1]["text"]


def test_points_are_in_collection_time_order_with_their_times(
    client: TestClient, clinic: Clinic, fresh_doctor: Doctor
) -> None:
    # Round sixteen: the second case imported a result collected in 2002, before the first
    # case's (read from text, at its case's time); another came with a time after now.
    first = create_case(client, fresh_doctor)["case"]
    patient_id = first["patient_id"]
    finish_analysis(
        clinic, fresh_doctor.user_id, first["case_id"],
        lab_values=[{"analyte": "Glucose", "value": 7.0, "unit": "mmol/L"}],
    )  # fmt: skip
    second = create_case(client, fresh_doctor, patient_id=patient_id)["case"]
    drawn = {"at": "2002-02-15T07:30:00Z", "zone_given": False}
    doubted = {"at": "2099-01-01T08:00:00Z", "doubt": "after the time of this analysis"}
    finish_analysis(
        clinic, fresh_doctor.user_id, second["case_id"],
        lab_values=[{"analyte": "Glucose", "value": 182, "unit": "mg/dL", "collected": drawn},
                    {"analyte": "Glucose", "value": 99, "unit": "mg/dL", "collected": doubted}],
    )  # fmt: skip
    body = client.get(f"/api/v1/patients/{patient_id}/trends", headers=fresh_doctor.headers)
    (glucose,) = body.json()["series"]
    points = glucose["points"]
    assert [(p["case_id"], p["collected"]) for p in points] == [
        (second["case_id"], True),
        (first["case_id"], False),
        (second["case_id"], False),
    ]
    assert points[0]["at"] == "2002-02-15T07:30:00+00:00"
    assert points[0]["time_precision"] == "minute" and points[0]["time_doubt"] is None
    assert points[1]["at"] == points[1]["seen_at"]
    assert points[2]["at"] == points[2]["seen_at"]
    assert points[2]["time_doubt"] == "after the time of this analysis"
