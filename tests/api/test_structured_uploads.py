"""The HTTP API takes HL7 v2 and FHIR lab files like any lab file, and the case's lab table
holds what the messages say (issue #28); files that only pretend to be messages are refused.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from core.analysis.engines import build_engine
from core.config import Settings
from core.jobs.runner import AnalysisRunner
from tests.api.conftest import Doctor, create_case, make_clinic, sign_up

STRUCTURED = Path(__file__).resolve().parents[1] / "structured"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    runner = AnalysisRunner(build_engine(Settings()), workers=1)
    clinic = make_clinic(tmp_path_factory.mktemp("structured") / "data", analyzer=runner)
    with TestClient(create_app(clinic), raise_server_exceptions=False) as test_client:
        yield test_client
    runner.shutdown(wait=True)


@pytest.fixture(scope="module")
def doctor(client: TestClient) -> Doctor:
    return sign_up(client, "lab-bridge@example.org")


def _analysed(client: TestClient, doctor: Doctor, case_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        detail = client.get(f"/cases/cases/{case_id}", headers=doctor.headers).json()
        if detail["ai_insights"] is not None and detail["case"]["status"] != "analyzing":
            return dict(detail)
        assert time.monotonic() < deadline, "no insights within the polling window"
        time.sleep(0.2)


def test_a_case_created_with_an_hl7_file_has_its_values(client: TestClient, doctor: Doctor) -> None:
    content = (STRUCTURED / "ghh_lab_glucose_v24.hl7").read_bytes()
    created = create_case(
        client,
        doctor,
        [("lab_files", ("everywoman.hl7", content, "application/octet-stream"))],
        patient_name="Eve Everywoman",
        patient_age="40",
        patient_gender="female",
    )
    [record] = created["uploaded_files"]
    assert record["file_type"] == "text/plain"
    detail = _analysed(client, doctor, created["case"]["case_id"])
    [glucose] = detail["ai_insights"]["lab_values"]
    assert (glucose["analyte"], glucose["value"], glucose["flag"], glucose["sender_flag"]) == (
        "Glucose",
        182,
        "high",
        "H",
    )


def test_a_fhir_bundle_uploaded_to_a_case_is_read(client: TestClient, doctor: Doctor) -> None:
    created = create_case(
        client, doctor, patient_name="Peter Chalmers", patient_age="51", patient_gender="male"
    )
    case_id = created["case"]["case_id"]
    content = (STRUCTURED / "fhir_ghp_cbc_bundle.json").read_bytes()
    answer = client.post(
        "/cases/upload",
        headers=doctor.headers,
        data={"case_id": case_id},
        files={"file": ("cbc.json", content, "application/fhir+json")},
    )
    assert answer.status_code == 201, answer.text
    assert answer.json()["file"]["file_type"] == "application/fhir+json"
    detail = _analysed(client, doctor, case_id)
    values = {
        v["analyte"]: (v["value"], v["sender_flag"]) for v in detail["ai_insights"]["lab_values"]
    }
    # r3 Haematocrit 55 % H, r6 Platelet Count 444 (no interpretation)
    assert values["Hematocrit"] == (55, "H")
    assert values["Platelets"] == (444, None)


def test_a_fhir_bundle_in_xml_uploaded_to_a_case_is_read(
    client: TestClient, doctor: Doctor
) -> None:
    created = create_case(
        client, doctor, patient_name="Peter Chalmers", patient_age="51", patient_gender="male"
    )
    case_id = created["case"]["case_id"]
    content = (STRUCTURED / "fhir_ghp_cbc_bundle.xml").read_bytes()
    answer = client.post(
        "/cases/upload",
        headers=doctor.headers,
        data={"case_id": case_id},
        files={"file": ("cbc.xml", content, "application/fhir+xml")},
    )
    assert answer.status_code == 201, answer.text
    assert answer.json()["file"]["file_type"] == "application/fhir+xml"
    detail = _analysed(client, doctor, case_id)
    values = {
        v["analyte"]: (v["value"], v["sender_flag"]) for v in detail["ai_insights"]["lab_values"]
    }
    # r3 Haematocrit 55 % H, r6 Platelet Count 444 (no interpretation)
    assert values["Hematocrit"] == (55, "H")
    assert values["Platelets"] == (444, None)


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("results.hl7", b"PID|1||123\rOBX|1|NM|2823-3^K^LN||6.9"),  # no MSH
        ("results.json", b"[1, 2, 3]"),  # JSON, but no FHIR resource
        ("results.json", b"\x89PNG\r\n\x1a\n" + b"\x00" * 64),
        ("results.xml", b"<html><body>Potassium 6.9</body></html>"),  # XML, but not FHIR's
    ],
    ids=["hl7-without-msh", "json-not-fhir", "png-named-json", "xml-not-fhir"],
)
def test_files_that_are_not_messages_are_refused(
    client: TestClient, doctor: Doctor, name: str, content: bytes
) -> None:
    answer = client.post(
        "/cases/create_case",
        headers=doctor.headers,
        data={"patient_name": "Jane Roe", "patient_age": "54", "patient_gender": "female"},
        files=[("lab_files", (name, content, "application/octet-stream"))],
    )
    assert answer.status_code == 400, answer.text
    assert "content does not match" in answer.text


def test_a_fhir_bundle_posted_to_the_create_route_makes_a_case_with_its_results(
    client: TestClient, doctor: Doctor
) -> None:
    content = (STRUCTURED / "fhir_ghp_cbc_bundle.json").read_bytes()
    answer = client.post(
        "/api/v1/cases/fhir",
        headers={**doctor.headers, "Content-Type": "application/fhir+json"},
        params={"patient_name": "Ada Lovelace", "patient_age": 36, "patient_gender": "female"},
        content=content,
    )
    assert answer.status_code == 201, answer.text
    created = answer.json()
    [record] = created["uploaded_files"]
    assert (record["file_name"], record["file_category"]) == ("fhir-bundle.json", "lab")
    detail = _analysed(client, doctor, created["case"]["case_id"])
    # The Bundle's Patient (Peter James Chalmers, male) is not this case's patient (#27):
    # warned about, and its values are kept out of the analysis until the doctor checks.
    assert detail["ai_insights"]["lab_values"] == []
    warnings = detail["ai_insights"]["provenance"]["warnings"]
    assert any(
        "WRONG PATIENT" in w and "name, sex, age differ" in w and "kept out" in w for w in warnings
    )


def test_a_fhir_bundle_in_xml_posted_to_the_create_route_makes_the_same_case(
    client: TestClient, doctor: Doctor
) -> None:
    content = (STRUCTURED / "fhir_ghp_cbc_bundle.xml").read_bytes()
    answer = client.post(
        "/api/v1/cases/fhir",
        headers={**doctor.headers, "Content-Type": "application/fhir+xml"},
        params={"patient_name": "Peter Chalmers", "patient_age": 51, "patient_gender": "male"},
        content=content,
    )
    assert answer.status_code == 201, answer.text
    [record] = answer.json()["uploaded_files"]
    assert (record["file_name"], record["file_type"]) == ("fhir-bundle.xml", "application/fhir+xml")
    detail = _analysed(client, doctor, answer.json()["case"]["case_id"])
    values = {v["analyte"]: v["value"] for v in detail["ai_insights"]["lab_values"]}
    assert values == {
        "Hemoglobin": 176,
        "RBC": 5.9,
        "Hematocrit": 55,
        "MCV": 99,
        "MCH": 36,
        "Platelets": 444,
    }


@pytest.mark.parametrize(
    ("body", "params", "detail"),
    [
        (b"not json", {}, "content does not match"),
        (b"<html>no FHIR</html>", {}, "content does not match"),
        (b"{}", {}, "content does not match"),
        (b'{"resourceType": "Bundle"}', {"patient_age": "old"}, "patient_age"),
    ],
    ids=["not-json", "html", "no-resource", "bad-age"],
)
def test_the_fhir_create_route_refuses_what_is_not_a_bundle_or_a_patient(
    client: TestClient, doctor: Doctor, body: bytes, params: dict[str, str], detail: str
) -> None:
    query = {"patient_name": "Jane Roe", "patient_age": "54", "patient_gender": "female"}
    answer = client.post(
        "/api/v1/cases/fhir",
        headers={**doctor.headers, "Content-Type": "application/fhir+json"},
        params={**query, **params},
        content=body,
    )
    assert answer.status_code == 400, answer.text
    assert detail in answer.json()["detail"]
