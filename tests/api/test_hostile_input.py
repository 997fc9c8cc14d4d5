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
