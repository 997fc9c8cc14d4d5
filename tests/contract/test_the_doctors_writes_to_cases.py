"""sec20: an account's token writes no analysis column of a case.

The doctor's token held UPDATE on every column of ``cases``: straight to PostgREST it could
mark its own case analysed or failed, set its stage, date or take its claim, or write the
landing sections shown as the AI's (and insert a case already "analysed"). Now UPDATE is
granted column by column, and the status changes a doctor may ask for go through
``request_analysis``, ``archive_case`` and ``restore_case``
(20261128100100_the_doctors_writes_to_cases.sql). On main the owner's PATCH and insert
were written, and the three functions did not exist.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from core.models import NewCase, utc_now
from tests.contract.harness import SignedIn
from tests.contract.test_pilot_integrity import pilot  # noqa: F401  (fixture)
from tests.contract.test_the_analyzers_writes_to_cases import analysis_of, claimed_case
from tests.doubles import finish_analysis
from tests.supabase_stack.server import SupabaseStack

pytestmark = pytest.mark.postgres

ACCOUNTS = ("doctor", "other", "reviewer", "coordinator")

# What a token tried to write: the analyzer's columns, and the archive's bookkeeping.
FORGED: dict[str, list[dict[str, Any]]] = {
    "status": [{"status": "completed"}, {"status": "failed"}, {"status": "archived"}],
    "analysis_stage": [{"analysis_stage": "completed"}],
    "analysis_error": [{"analysis_error": "Failed by hand."}],
    "analysis_attempts": [{"analysis_attempts": 0}],
    "analysis_claim": [{"analysis_claim": str(uuid.uuid4())}, {"analysis_claim": None}],
    "analysis_claimed_at": [{"analysis_claimed_at": "2100-01-01T00:00:00+00:00"}],
    "draft_sections": [{"draft_sections": {"soap_note": {"plan": "Words the AI never wrote."}}}],
    "archived_from": [{"archived_from": "completed"}],
}


def _patch(stack: SupabaseStack, token: str, case_id: str, values: dict[str, Any]) -> Any:
    with stack.rest_as(token) as rest:
        return rest.patch(
            "/rest/v1/cases",
            params={"case_id": f"eq.{case_id}"},
            json=values,
            headers={"Prefer": "return=representation"},
        )


def _call(stack: SupabaseStack, token: str, function: str, case_id: str) -> Any:
    with stack.rest_as(token) as rest:
        return rest.post(f"/rest/v1/rpc/{function}", json={"p_case": case_id})


@pytest.mark.parametrize("role", ACCOUNTS)
def test_no_accounts_token_writes_a_cases_analysis(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
    role: str,
) -> None:
    """The owner's case being analysed, and the same case analysed: every analysis column
    refused (4xx) to the owner, another doctor, the pilot's reviewer and its coordinator,
    the row unchanged."""
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    being_analysed, _claim = claimed_case(owner)
    analysed = owner.services.create_case(NewCase("Bo Li", 60, "male", "Cough."), []).case.case_id
    finish_analysis(owner.backend, owner.doctor.user_id, analysed)
    for case_id in (being_analysed, analysed):
        before = analysis_of(supabase_stack, case_id)
        for column, attempts in FORGED.items():
            for values in attempts:
                answer = _patch(supabase_stack, roles[role].token, case_id, values)
                assert 400 <= answer.status_code < 500, (column, values, answer.text)
                # With the doctor's own fields beside them, still refused whole.
                mixed = {"patient_age": 41, **values}
                answer = _patch(supabase_stack, roles[role].token, case_id, mixed)
                assert 400 <= answer.status_code < 500, (column, values, answer.text)
        assert analysis_of(supabase_stack, case_id) == before


@pytest.mark.parametrize("role", ACCOUNTS)
def test_no_accounts_token_opens_a_case_already_analysed(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
    role: str,
) -> None:
    """A case inserted for itself, but completed, failed, claimed or with sections."""
    _, roles, _ = pilot
    me: SignedIn = roles[role].signed_in
    now = utc_now().isoformat()
    new = {
        "user_id": me.doctor.user_id,
        "patient_name": "Ann Lee",
        "patient_age": 40,
        "patient_gender": "female",
        "case_summary": "Tired.",
        "status": "analyzing",
        "analysis_stage": "initialized",
        "created_at": now,
        "updated_at": now,
    }
    forged = [
        {"status": "completed", "analysis_stage": "completed"},
        {"status": "failed", "analysis_stage": "error", "analysis_error": "Failed by hand."},
        {"analysis_claim": str(uuid.uuid4()), "analysis_claimed_at": now},
        {"analysis_attempts": 3},
        {"draft_sections": {"soap_note": {"plan": "Words the AI never wrote."}}},
        {"status": "archived", "archived_from": "completed"},
        {"review_state": "awaiting_review"},
    ]
    with supabase_stack.rest_as(roles[role].token) as rest:
        for values in forged:
            row = {**new, "case_id": str(uuid.uuid4()), **values}
            answer = rest.post("/rest/v1/cases", json=row, headers={"Prefer": "return=minimal"})
            assert 400 <= answer.status_code < 500, (values, answer.text)
            assert analysis_of(supabase_stack, row["case_id"]) is None
        # A new case waiting for its first analysis, as the app opens one.
        row = {**new, "case_id": str(uuid.uuid4())}
        answer = rest.post("/rest/v1/cases", json=row, headers={"Prefer": "return=minimal"})
        assert answer.status_code == 201, answer.text


def test_the_owner_still_edits_reviews_archives_restores_and_requests_analysis(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    """Every legitimate doctor path, straight to PostgREST with the owner's token."""
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    token = roles["doctor"].token
    me = owner.doctor.user_id
    case_id = owner.services.create_case(
        NewCase("Ann Lee", 40, "female", "Tired."), []
    ).case.case_id
    finish_analysis(owner.backend, me, case_id)
    # The doctor's own fields (the database moves the content version, sec21).
    edited = {
        "patient_name": "Ann B. Lee",
        "patient_age": 41,
        "case_summary": "Tired for a month.",
        "updated_at": utc_now().isoformat(),
    }
    answer = _patch(supabase_stack, token, case_id, edited)
    assert answer.status_code == 200 and len(answer.json()) == 1, answer.text
    stored = answer.json()[0]
    assert {name: stored[name] for name in edited if name != "updated_at"} == {
        name: value for name, value in edited.items() if name != "updated_at"
    }
    assert stored["content_version"] == 2
    # Every section reviewed: the review state the decisions give (sec21).
    for section in ("case_summary", "soap_note", "primary_diagnosis"):
        owner.services.review.review_section(case_id, section, "accepted")
    reviewed = _patch(supabase_stack, token, case_id, {"review_state": "reviewed"})
    assert reviewed.status_code == 200 and reviewed.json()[0]["review_state"] == "reviewed"
    # Archive and restore: back to completed, as it was.
    assert _call(supabase_stack, token, "archive_case", case_id).json() is True
    assert analysis_of(supabase_stack, case_id)[0] == "archived"  # type: ignore[index]
    assert _call(supabase_stack, token, "archive_case", case_id).json() is False  # already
    assert _call(supabase_stack, token, "restore_case", case_id).json() is True
    row = analysis_of(supabase_stack, case_id)
    assert row is not None and row[0] == "completed" and row[7] == "reviewed"
    assert _call(supabase_stack, token, "restore_case", case_id).json() is False  # not archived
    # Re-analysis: analyzing from the start, no claim, no attempt, no sections.
    assert _call(supabase_stack, token, "request_analysis", case_id).json() is True
    assert analysis_of(supabase_stack, case_id) == (
        "analyzing",
        "initialized",
        None,
        None,
        None,
        0,
        None,
        "reviewed",
    )
    # Archived while a job holds it: the claim released; restored, it is requested again.
    running, claim = claimed_case(owner)
    assert owner.backend.cases.save_draft_section(me, running, claim, "soap_note", {"plan": "x"})
    assert _call(supabase_stack, token, "archive_case", running).json() is True
    archived = analysis_of(supabase_stack, running)
    assert archived is not None and archived[0] == "archived" and archived[3] is None
    assert not owner.backend.cases.heartbeat(me, running, claim)
    assert _call(supabase_stack, token, "restore_case", running).json() is True
    assert analysis_of(supabase_stack, running) == (
        "analyzing",
        "initialized",
        None,
        None,
        None,
        0,
        None,
        None,
    )


@pytest.mark.parametrize("role", ["other", "reviewer", "coordinator", "analyzer"])
def test_the_doctors_functions_change_no_case_but_the_callers_own(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
    role: str,
) -> None:
    """Another account's token answers false and changes nothing; the analyzer's key may
    not call them at all."""
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    token = supabase_stack.analyzer_key if role == "analyzer" else roles[role].token
    analysed = owner.services.create_case(NewCase("Bo Li", 60, "male", "Cough."), []).case.case_id
    finish_analysis(owner.backend, owner.doctor.user_id, analysed)
    archived = owner.services.create_case(NewCase("Cy Ng", 30, "male", "Rash."), []).case.case_id
    owner.services.update_case(archived, {"status": "archived"})
    before = {case: analysis_of(supabase_stack, case) for case in (analysed, archived)}
    for function, case_id in (
        ("request_analysis", analysed),
        ("archive_case", analysed),
        ("restore_case", archived),
    ):
        answer = _call(supabase_stack, token, function, case_id)
        if role == "analyzer":
            assert answer.status_code == 403, (function, answer.text)
        else:
            assert answer.status_code == 200 and answer.json() is False, (function, answer.text)
    assert {case: analysis_of(supabase_stack, case) for case in before} == before
