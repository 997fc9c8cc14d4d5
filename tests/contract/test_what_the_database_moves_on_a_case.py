"""sec21: a case's content version and review state, and a request for analysis, follow
core.lifecycle in the database (20261128120000_what_the_database_moves_on_a_case.sql).

On main the owner's token, straight to PostgREST, could change the patient's details and
keep or choose ``content_version`` (an outdated draft looked current; a file added did not
move it), set ``review_state`` to any unsigned state whatever the decisions said, and call
``request_analysis`` on an archived case, which came back analysing.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from core import lifecycle
from core.errors import InvalidInput
from core.models import CaseStatus, NewCase, Upload, utc_now
from tests import samples
from tests.contract.harness import BackendHarness, LocalHarness, SignedIn
from tests.contract.test_pilot_integrity import pilot  # noqa: F401  (fixture)
from tests.doubles import finish_analysis
from tests.supabase_stack.server import SupabaseStack

ACCOUNTS = ("doctor", "other", "reviewer", "coordinator")


def _case_row(stack: SupabaseStack, case_id: str) -> tuple[Any, ...] | None:
    """content_version, review_state, status, archived_from, as the database's owner."""
    with stack.project.connect() as connection:
        return connection.execute(
            "select content_version, review_state, status, archived_from"
            " from public.cases where case_id = %s",
            [case_id],
        ).fetchone()


def _patch(stack: SupabaseStack, token: str, case_id: str, values: dict[str, Any]) -> Any:
    with stack.rest_as(token) as rest:
        return rest.patch(
            "/rest/v1/cases",
            params={"case_id": f"eq.{case_id}"},
            json={**values, "updated_at": utc_now().isoformat()},
            headers={"Prefer": "return=representation"},
        )


def _refused(answer: Any) -> bool:
    """Refused outright (4xx), or no row of another's case written (RLS)."""
    return 400 <= answer.status_code < 500 or (answer.status_code == 200 and answer.json() == [])


def _analysed_case(owner: SignedIn) -> str:
    case_id = owner.services.create_case(
        NewCase("Ann Lee", 40, "female", "Tired."), []
    ).case.case_id
    finish_analysis(owner.backend, owner.doctor.user_id, case_id, case_version=1)
    return case_id


@pytest.mark.postgres
@pytest.mark.parametrize("role", ACCOUNTS)
def test_no_accounts_token_chooses_the_content_version(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
    role: str,
) -> None:
    """Named alone or beside the doctor's fields, kept or moved back: refused, the row
    unchanged."""
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    case_id = _analysed_case(owner)
    owner.services.update_case(case_id, {"patient_age": 41})  # version 2
    before = _case_row(supabase_stack, case_id)
    assert before is not None and before[0] == 2
    for values in (
        {"content_version": 1},
        {"content_version": 2},
        {"content_version": 7},
        {"patient_age": 42, "content_version": 2},
        {"case_summary": "Tired for a year.", "content_version": 1},
    ):
        answer = _patch(supabase_stack, roles[role].token, case_id, values)
        assert _refused(answer), (values, answer.text)
    assert _case_row(supabase_stack, case_id) == before


@pytest.mark.postgres
def test_the_database_moves_the_version_when_the_content_or_the_files_change(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    token, me = roles["doctor"].token, owner.doctor.user_id
    case_id = _analysed_case(owner)
    assert _case_row(supabase_stack, case_id)[0] == 1  # type: ignore[index]
    # The same values again: the content did not change.
    answer = _patch(supabase_stack, token, case_id, {"patient_name": "Ann Lee"})
    assert answer.status_code == 200 and answer.json()[0]["content_version"] == 1
    # Each change of the details or notes moves it on, without the token naming it.
    for values in ({"patient_age": 41}, {"case_summary": "Tired for a month."}):
        answer = _patch(supabase_stack, token, case_id, values)
        assert answer.status_code == 200, answer.text
    assert _case_row(supabase_stack, case_id)[0] == 3  # type: ignore[index]
    assert owner.services.review.summary(case_id).draft_outdated
    # A file added straight to PostgREST (no app to ask for the move) moves it too.
    file_id = str(uuid.uuid4())
    row = {
        "file_id": file_id,
        "case_id": case_id,
        "user_id": me,
        "file_name": "later.pdf",
        "file_type": "application/pdf",
        "file_size": 10,
        "file_url": f"{me}/{case_id}/{file_id}/later.pdf",
        "file_category": "lab",
        "uploaded_at": utc_now().isoformat(),
    }
    with supabase_stack.rest_as(token) as rest:
        added = rest.post("/rest/v1/case_files", json=row, headers={"Prefer": "return=minimal"})
        assert added.status_code == 201, added.text
        assert _case_row(supabase_stack, case_id)[0] == 4  # type: ignore[index]
        removed = rest.delete("/rest/v1/case_files", params={"file_id": f"eq.{file_id}"})
        assert removed.status_code in (200, 204), removed.text
    assert _case_row(supabase_stack, case_id)[0] == 5  # type: ignore[index]
    # A new case is its first version: a token may not open one further on.
    now = utc_now().isoformat()
    new = {
        "case_id": str(uuid.uuid4()),
        "user_id": me,
        "patient_name": "Bo Li",
        "patient_age": 60,
        "patient_gender": "male",
        "case_summary": "Cough.",
        "status": "analyzing",
        "analysis_stage": "initialized",
        "content_version": 9,
        "created_at": now,
        "updated_at": now,
    }
    with supabase_stack.rest_as(token) as rest:
        answer = rest.post("/rest/v1/cases", json=new, headers={"Prefer": "return=minimal"})
    assert 400 <= answer.status_code < 500, answer.text
    assert _case_row(supabase_stack, new["case_id"]) is None


def test_the_app_moves_the_version_as_before(harness: BackendHarness) -> None:
    """Both backends, through the app: a new case with files is version 1; an edit and a
    file added after the analysis each move it by one."""
    doctor = harness.sign_up()
    services = doctor.services
    upload = Upload("first.pdf", samples.pdf_bytes(), "lab")
    opened = services.create_case(NewCase("Ann Lee", 40, "female", "Tired."), [upload])
    case_id = opened.case.case_id
    assert services.get_case(case_id).case.content_version == 1
    finish_analysis(doctor.backend, doctor.doctor.user_id, case_id, case_version=1)
    assert services.update_case(case_id, {"patient_age": 41}).content_version == 2
    services.upload_file(case_id, Upload("later.pdf", samples.pdf_bytes(), "lab"))
    assert services.get_case(case_id).case.content_version == 3
    assert services.review.summary(case_id).draft_outdated


@pytest.mark.postgres
@pytest.mark.parametrize("role", ACCOUNTS)
def test_no_accounts_token_sets_a_review_state_the_decisions_do_not_give(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
    role: str,
) -> None:
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    token = roles[role].token
    # No draft yet: no review state at all.
    waiting = owner.services.create_case(NewCase("Bo Li", 60, "male", "Cough."), []).case.case_id
    for state in ("awaiting_review", "reviewed"):
        assert _refused(_patch(supabase_stack, token, waiting, {"review_state": state}))
    assert _case_row(supabase_stack, waiting)[1] is None  # type: ignore[index]
    # A draft with one decision: awaiting review, not reviewed.
    analysed = _analysed_case(owner)
    review = owner.services.review
    review.review_section(analysed, "case_summary", "accepted")
    answer = _patch(supabase_stack, token, analysed, {"review_state": "reviewed"})
    assert _refused(answer), answer.text
    assert _case_row(supabase_stack, analysed)[1] == "awaiting_review"  # type: ignore[index]
    # Every section decided: reviewed, and not back.
    review.review_section(analysed, "soap_note", "accepted")
    review.review_section(analysed, "primary_diagnosis", "accepted")
    assert _case_row(supabase_stack, analysed)[1] == "reviewed"  # type: ignore[index]
    answer = _patch(supabase_stack, token, analysed, {"review_state": "awaiting_review"})
    assert _refused(answer), answer.text
    assert _case_row(supabase_stack, analysed)[1] == "reviewed"  # type: ignore[index]


@pytest.mark.postgres
def test_the_owner_writes_the_review_state_the_decisions_give(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    """The app's path straight to PostgREST: each section decided, then the state."""
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    token = roles["doctor"].token
    analysed = _analysed_case(owner)
    draft = owner.services.review.summary(analysed).draft
    assert draft is not None
    with supabase_stack.rest_as(token) as rest:
        for section in ("case_summary", "soap_note", "primary_diagnosis"):
            row = {
                "review_id": str(uuid.uuid4()),
                "case_id": analysed,
                "user_id": owner.doctor.user_id,
                "draft_id": draft.draft_id,
                "section": section,
                "decision": "accepted",
            }
            added = rest.post(
                "/rest/v1/section_reviews", json=row, headers={"Prefer": "return=minimal"}
            )
            assert added.status_code == 201, added.text
    answer = _patch(supabase_stack, token, analysed, {"review_state": "awaiting_review"})
    assert answer.status_code == 200 and answer.json() != [], answer.text  # unchanged
    answer = _patch(supabase_stack, token, analysed, {"review_state": "reviewed"})
    assert answer.status_code == 200 and answer.json()[0]["review_state"] == "reviewed"


@pytest.mark.postgres
def test_an_archived_case_is_not_requested_for_analysis(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    """Straight to PostgREST with the owner's token: false, nothing written."""
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    token = roles["doctor"].token
    case_id = _analysed_case(owner)
    owner.services.update_case(case_id, {"status": "archived"})
    before = _case_row(supabase_stack, case_id)
    assert before is not None and before[2:] == ("archived", "completed")
    with supabase_stack.rest_as(token) as rest:
        answer = rest.post("/rest/v1/rpc/request_analysis", json={"p_case": case_id})
    assert answer.status_code == 200 and answer.json() is False, answer.text
    assert _case_row(supabase_stack, case_id) == before


def _set_status(harness: BackendHarness, case_id: str, status: str) -> None:
    """The case put in ``status`` behind the ports (the database's owner)."""
    archived_from = "completed" if status == CaseStatus.ARCHIVED.value else None
    if isinstance(harness, LocalHarness):
        with harness.provider.database.write() as db:
            db.execute(
                "UPDATE cases SET status = ?, archived_from = ? WHERE case_id = ?",
                (status, archived_from, case_id),
            )
        return
    with harness.stack.project.connect() as connection:  # type: ignore[attr-defined]
        connection.execute(
            "update public.cases set status = %s, archived_from = %s where case_id = %s",
            [status, archived_from, case_id],
        )


@pytest.mark.parametrize("status", [status.value for status in CaseStatus])
def test_a_request_for_analysis_follows_the_lifecycle(harness: BackendHarness, status: str) -> None:
    """Each backend's request_analysis takes exactly the statuses core.lifecycle allows,
    and the service says why it refuses an archived case."""
    doctor = harness.sign_up()
    owner = doctor.doctor.user_id
    case_id = doctor.services.create_case(
        NewCase("Ann Lee", 40, "female", "Tired."), []
    ).case.case_id
    _set_status(harness, case_id, status)
    requested = doctor.backend.cases.request_analysis(owner, case_id)
    assert (requested is not None) is lifecycle.may_request_analysis(status)
    after = doctor.backend.cases.get_case(owner, case_id)
    assert after is not None
    if requested is None:
        assert (after.status, after.archived_from) == (status, "completed")
        with pytest.raises(InvalidInput):
            doctor.services.request_analysis(case_id)
    else:
        assert (after.status, after.analysis_stage) == ("analyzing", "initialized")
