"""The pilot routes: a pilot from set-up to figures over HTTP, with the auth and error
rules of the case routes; no answer to a reviewer carries a patient's name."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from core.bootstrap import Clinic
from tests.api.conftest import Doctor, create_case, sign_up
from tests.doubles import finish_analysis

NAME = "Ignaz Semmelweis"
SCORES = {
    section: {
        "verdict": "minor_edit",
        "ratings": {"accurate": 4, "complete": 4, "useful": 3, "free_of_invented_facts": 5},
    }
    for section in ("case_summary", "soap_note", "primary_diagnosis")
}


@pytest.fixture(scope="module")
def team(client: TestClient) -> dict[str, Doctor]:
    return {who: sign_up(client, f"pilot-{who}@example.org") for who in ("lead", "doc", "rev", "x")}


def _analysed_case(client: TestClient, clinic: Clinic, doctor: Doctor) -> str:
    case_id: str = create_case(client, doctor, patient_name=NAME, case_summary=f"{NAME}: fever.")[
        "case"
    ]["case_id"]
    backend = clinic.provider.backend  # type: ignore[attr-defined]
    finish_analysis(backend, doctor.user_id, case_id)
    return case_id


def test_a_pilot_over_http(client: TestClient, clinic: Clinic, team: dict[str, Doctor]) -> None:
    lead, doc, rev, outsider = team["lead"], team["doc"], team["rev"], team["x"]
    seen_by_reviewer: list[httpx.Response] = []

    def call(who: Doctor, method: str, path: str, **kw: Any) -> httpx.Response:
        answer = client.request(method, f"/api/v1/pilots{path}", headers=who.headers, **kw)
        if who is rev:
            seen_by_reviewer.append(answer)
        return answer

    created = call(lead, "POST", "", json={"name": "Fever pilot", "starts_on": "2026-11-01",
                                           "ends_on": "2027-02-01"})  # fmt: skip
    assert created.status_code == 201 and created.json()["role"] == "coordinator"
    pilot = created.json()["pilot_id"]
    assert call(lead, "POST", "", json={"name": "x", "starts_on": "2026-11-02",
                                        "ends_on": "2026-11-01"}).status_code == 400  # fmt: skip
    assert (
        call(
            lead, "POST", f"/{pilot}/members", json={"email": doc.email, "role": "doctor"}
        ).status_code
        == 201
    )
    assert call(lead, "POST", f"/{pilot}/members", json={"email": rev.email}).status_code == 201
    assert (
        call(lead, "POST", f"/{pilot}/members", json={"email": "nobody@example.org"}).status_code
        == 400
    )
    assert call(rev, "POST", f"/{pilot}/members", json={"email": outsider.email}).status_code == 403
    assert call(outsider, "GET", f"/{pilot}").json() == {"detail": "Pilot not found"}

    case_id = _analysed_case(client, clinic, doc)
    enrolled = call(doc, "POST", f"/{pilot}/enrolments", json={"case_ids": [case_id]})
    assert enrolled.status_code == 201
    [entry] = enrolled.json()
    assert (entry["pseudonym"], entry["case_id"]) == ("Case P-0001", case_id)
    enrolment = entry["enrolment_id"]
    assert (
        call(outsider, "POST", f"/{pilot}/enrolments", json={"case_ids": [case_id]}).status_code
        == 404
    )

    listed = call(rev, "GET", f"/{pilot}/enrolments").json()
    assert listed == [{**entry, "case_id": None}]  # no case id for a reviewer
    view = call(rev, "GET", f"/{pilot}/enrolments/{enrolment}").json()
    assert "fever" in view["view"]["notes"]
    blind = call(rev, "GET", f"/{pilot}/enrolments/{enrolment}/insights")
    assert blind.status_code == 403 and "diagnosis" in blind.json()["detail"]
    review = call(rev, "POST", f"/{pilot}/enrolments/{enrolment}/reviews",
                  json={"diagnosis": "Fever", "icd_code": "R50.9"})  # fmt: skip
    assert review.status_code == 201 and review.json()["submitted_at"] is None
    assert call(rev, "GET", f"/{pilot}/enrolments/{enrolment}/insights").status_code == 200
    review_id = review.json()["review_id"]
    bad = call(rev, "POST", f"/{pilot}/reviews/{review_id}/scores", json={"scores": {}})
    assert bad.status_code == 400
    done = call(rev, "POST", f"/{pilot}/reviews/{review_id}/scores", json={"scores": SCORES})
    assert done.status_code == 200 and done.json()["scores"]["soap_note"]["verdict"] == "minor_edit"
    again = call(rev, "POST", f"/{pilot}/reviews/{review_id}/scores", json={"scores": SCORES})
    assert again.status_code == 400  # final
    call(rev, "GET", f"/{pilot}/reviews")
    call(rev, "GET", f"/{pilot}/figures")
    call(rev, "GET", "")
    assert call(rev, "GET", f"/{pilot}/export/reviews.csv").status_code == 403

    figures = call(lead, "GET", f"/{pilot}/figures").json()
    assert (figures["enrolled"], figures["reviewed"]) == (1, 1)
    exact = figures["overall"]["agreement"]["exact"]
    assert (exact["successes"], exact["n"], exact["low"]) == (0, 1, 0.0)
    assert exact["high"] == pytest.approx(0.7935, abs=1e-4)
    csv = call(lead, "GET", f"/{pilot}/export/reviews.csv")
    assert csv.headers["content-type"].startswith("text/csv")
    assert "Case P-0001" in csv.text
    for answer in seen_by_reviewer:
        assert "Semmelweis" not in answer.text and "Ignaz" not in answer.text
    assert len(seen_by_reviewer) >= 9

    removed = call(lead, "DELETE", f"/{pilot}/members/{rev.user_id}")
    assert removed.status_code == 204
    assert call(rev, "GET", f"/{pilot}/enrolments").status_code == 404


def test_pilot_routes_need_a_token(client: TestClient) -> None:
    assert client.get("/api/v1/pilots").json() == {"detail": "Invalid authentication credentials"}
    assert (
        client.get("/api/v1/pilots/not-a-uuid", headers={"Authorization": "Bearer x"}).status_code
        == 401
    )
