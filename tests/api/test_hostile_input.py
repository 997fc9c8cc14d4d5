"""Input an outsider sends the HTTP API on purpose (round fourteen): each refused with a
clear 400 before anything is written, the app running on."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import Doctor, create_case

# JSON may escape half of a UTF-16 pair ("\ud800"): Python decodes it into a str that no
# UTF-8 encoder takes, so SQLite's write raised (a 500 after every check had passed) and
# PostgreSQL refuses it too. The escape is written by hand: json.dumps would pair it.
LONE = "\\ud800"


def _body(fields: dict[str, Any]) -> bytes:
    return json.dumps(fields).replace("LONE", LONE).encode()


def _routes(case_id: str) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        ("PUT", f"/cases/cases/{case_id}", {"case_summary": "Fever LONE since Monday"}),
        (
            "POST",
            "/api/v1/pilots",
            {"name": "Sepsis LONE pilot", "starts_on": "2026-11-01", "ends_on": "2027-01-31"},
        ),
        ("PUT", "/api/v1/me/signer-profile", {"display_name": "Dr LONE", "credentials": "MD"}),
        ("POST", "/auth/v1/signup", {"email": "lone@example.org", "password": "LONE horse 7a"}),
    ]


@pytest.mark.parametrize("which", range(4), ids=["case", "pilot", "signer", "signup"])
def test_text_with_an_unpaired_surrogate_is_refused_before_anything_is_written(
    client: TestClient, doctor: Doctor, which: int
) -> None:
    case = create_case(client, doctor, case_summary="Fever since Monday")["case"]
    method, url, fields = _routes(case["case_id"])[which]
    headers = {**doctor.headers, "Content-Type": "application/json"}
    pilots_before = client.get("/api/v1/pilots", headers=doctor.headers).json()

    answer = client.request(method, url, headers=headers, content=_body(fields))

    assert answer.status_code == 400, answer.text
    assert answer.json()["detail"] == (
        "Text must not contain an unpaired surrogate escape (\\ud800 to \\udfff): "
        "write the character itself, or its pair"
    )
    stored = client.get(f"/cases/cases/{case['case_id']}", headers=doctor.headers).json()
    assert stored["case"]["case_summary"] == "Fever since Monday"
    assert client.get("/api/v1/pilots", headers=doctor.headers).json() == pilots_before
    # A pair (an emoji) is text like any other, and the app answers on.
    pair = json.dumps({"case_summary": "Fever \U0001f912 since Monday"}).encode()
    kept = client.put(f"/cases/cases/{case['case_id']}", headers=headers, content=pair)
    assert kept.status_code == 200, kept.text
    assert kept.json()["case"]["case_summary"] == "Fever \U0001f912 since Monday"


_LAUGHS = (
    b'<?xml version="1.0"?>\n<!DOCTYPE Bundle [\n<!ENTITY lol "lol">\n'
    + b"".join(
        b'<!ENTITY lol%d "%s">\n'
        % (level, (b"&lol%d;" % (level - 1) if level > 1 else b"&lol;") * 10)
        for level in range(1, 10)
    )
    + b']>\n<Bundle xmlns="http://hl7.org/fhir"><type value="collection"/>'
    b'<entry><resource><Observation><status value="final"/><code><text value="&lol9;"/>'
    b"</code></Observation></resource></entry></Bundle>\n"
)
_PASSWD = (
    b'<?xml version="1.0"?>\n<!DOCTYPE Observation [<!ENTITY who SYSTEM "file:///etc/passwd">]>\n'
    b'<Observation xmlns="http://hl7.org/fhir"><status value="final"/>'
    b'<code><text value="&who;"/></code></Observation>\n'
)
_GLUCOSE = {
    "resourceType": "Observation",
    "status": "final",
    "code": {"text": "Glucose"},
    "valueQuantity": {"value": 5.5, "unit": "mmol/L"},
}
_CUT_OFF = json.dumps({"resourceType": "Bundle", "type": "collection", "entry": []}).encode()[:-3]
# Valid JSON nested 100,000 deep: Python's parser gives up with a RecursionError.
_DEEP = b'{"resourceType": "Bundle", "type": "collection", "meta": ' + b"[" * 100_000
_DEEP += b"]" * 100_000 + b"}"
_HL7_HEAD = b"MSH|^~\\&|LAB|CLINIC|||202611250800||ORU^R01|1|P|2.5\r"
_OBX = b"OBX|1|NM|2345-7^Glucose^LN||5.5|mmol/L|||||F\r"

HOSTILE_MESSAGES = [
    ("bundle.xml", _LAUGHS, "the XML declares a DOCTYPE or entities, which FHIR never does"),
    ("bundle.xml", _PASSWD, "the XML declares a DOCTYPE or entities, which FHIR never does"),
    ("bundle.json", _CUT_OFF, "the file is not JSON (JSONDecodeError)"),
    ("bundle.json", _DEEP, "the JSON is nested deeper than any FHIR resource"),
    ("results.hl7", b"MSH|" + _HL7_HEAD[4:].replace(b"^~\\&", b"^^^^") + _OBX, "MSH-2"),
    ("results.hl7", _HL7_HEAD + _OBX * 60_000, "the file has more than 50,000 segments"),
]
_IDS = ["billion-laughs", "external-entity", "cut-off-json", "deep-json", "bad-msh-2", "60k-obx"]


def _cases(client: TestClient, doctor: Doctor) -> int:
    return len(client.get("/cases/all_cases", headers=doctor.headers).json()["cases"])


@pytest.mark.parametrize(("name", "content", "reason"), HOSTILE_MESSAGES, ids=_IDS)
def test_a_message_no_reader_can_read_is_refused_at_upload_saying_why(
    client: TestClient, fresh_doctor: Doctor, name: str, content: bytes, reason: str
) -> None:
    # Before, these passed the upload check (they start like their kind) and made a case
    # whose only file the analysis then could not read: a warning, after the fact.
    form = {"patient_name": "Jane Roe", "patient_age": "54", "patient_gender": "female"}
    answer = client.post(
        "/cases/create_case",
        headers=fresh_doctor.headers,
        data=form,
        files=[("lab_files", (name, content, "application/octet-stream"))],
    )
    assert answer.status_code == 400, answer.text
    detail = answer.json()["detail"]
    assert detail.startswith(f"'{name}' is not a valid "), detail
    assert reason in detail
    assert "root:" not in detail and "lollol" not in detail
    assert _cases(client, fresh_doctor) == 0


@pytest.mark.parametrize(
    ("media", "content", "reason"),
    [
        ("application/fhir+xml", _LAUGHS, "declares a DOCTYPE or entities"),
        ("application/fhir+xml", _PASSWD, "declares a DOCTYPE or entities"),
        ("application/fhir+json", _CUT_OFF, "the file is not JSON"),
        ("application/fhir+json", _DEEP, "nested deeper than any FHIR resource"),
    ],
    ids=_IDS[:4],
)
def test_the_fhir_route_refuses_what_no_reader_can_read_and_makes_no_case(
    client: TestClient, fresh_doctor: Doctor, media: str, content: bytes, reason: str
) -> None:
    query = {"patient_name": "Jane Roe", "patient_age": "54", "patient_gender": "female"}
    answer = client.post(
        "/api/v1/cases/fhir",
        headers={**fresh_doctor.headers, "Content-Type": media},
        params=query,
        content=content,
    )
    assert answer.status_code == 400, answer.text
    assert reason in answer.json()["detail"]
    assert _cases(client, fresh_doctor) == 0
    # A readable resource still opens a case.
    good = client.post(
        "/api/v1/cases/fhir",
        headers={**fresh_doctor.headers, "Content-Type": "application/fhir+json"},
        params=query,
        content=json.dumps(_GLUCOSE).encode(),
    )
    assert good.status_code == 201, good.text
