"""sec19: a case's current insights are replaced in one transaction.

The analyzer's role replaced the case_insights row with a DELETE and then an INSERT, two
PostgREST requests: an INSERT that failed left the case without current insights. Now
``replace_case_insights`` (20261128061900_insights_replaced_in_one_transaction.sql) makes a
draft the current insights in one call, for the analyzer's role only and only for a case
being analysed.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from core.errors import MedCaseError
from core.insights import Insights
from core.models import NewCase, utc_now
from tests.contract.harness import LocalHarness, SignedIn
from tests.contract.test_pilot_integrity import pilot  # noqa: F401  (fixture)
from tests.doubles import finish_analysis, sample_insights
from tests.supabase_stack.server import SupabaseStack

ROLES = ("doctor", "other", "reviewer", "coordinator")


def _current(stack: SupabaseStack, case_id: str) -> tuple[Any, ...] | None:
    """The case's current insights row, read as the database's owner."""
    with stack.project.connect() as connection:
        return connection.execute(
            "select draft_id::text, ai_insights, generated_at, critical_count"
            " from public.case_insights where case_id = %s",
            [case_id],
        ).fetchone()


def _reanalysed(owner: SignedIn) -> str:
    """A case analysed once (it has current insights), now being analysed again."""
    me = owner.doctor.user_id
    case_id = owner.services.create_case(
        NewCase("Ann Lee", 40, "female", "Tired."), []
    ).case.case_id
    finish_analysis(owner.backend, me, case_id)
    assert owner.backend.cases.request_analysis(me, case_id) is not None
    return case_id


def _draft(stack: SupabaseStack, case_id: str, owner: str, **extra: Any) -> str:
    """A draft of the case stored with the analyzer's key, as a job stores it."""
    draft_id = str(uuid.uuid4())
    row = {
        "draft_id": draft_id,
        "case_id": case_id,
        "user_id": owner,
        "ai_insights": {**sample_insights(), **extra},
    }
    with stack.rest_as(stack.analyzer_key) as rest:
        stored = rest.post("/rest/v1/ai_drafts", json=row, headers={"Prefer": "return=minimal"})
    assert stored.status_code == 201, stored.text
    return draft_id


def _replace(stack: SupabaseStack, token: str, case_id: str, owner: str, draft_id: str) -> Any:
    arguments = {"p_case": case_id, "p_owner": owner, "p_draft": draft_id}
    with stack.rest_as(token) as rest:
        return rest.post("/rest/v1/rpc/replace_case_insights", json=arguments)


@pytest.mark.postgres
def test_the_analyzer_makes_a_draft_the_current_insights_of_a_case_being_analysed(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    me = owner.doctor.user_id
    case_id = _reanalysed(owner)
    critical = {"analyte": "Potassium", "value": 7.9, "unit": "mmol/L", "critical": True}
    draft_id = _draft(supabase_stack, case_id, me, lab_values=[critical])
    answer = _replace(supabase_stack, supabase_stack.analyzer_key, case_id, me, draft_id)
    assert answer.status_code == 200 and answer.json() is True, answer.text
    with supabase_stack.project.connect() as connection:
        drafted, at = connection.execute(
            "select ai_insights, generated_at from public.ai_drafts where draft_id = %s",
            [draft_id],
        ).fetchone()
    # The draft's own JSON and time; the critical count counted by the database.
    assert _current(supabase_stack, case_id) == (draft_id, drafted, at, 1)


@pytest.mark.postgres
@pytest.mark.parametrize("role", ROLES)
def test_no_accounts_token_replaces_the_insights(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
    role: str,
) -> None:
    """The owner's, another doctor's, the reviewer's and the coordinator's tokens may not
    call the function, even with the owner's own case and a draft of it."""
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    me = owner.doctor.user_id
    case_id = _reanalysed(owner)
    draft_id = _draft(supabase_stack, case_id, me)
    before = _current(supabase_stack, case_id)
    answer = _replace(supabase_stack, roles[role].token, case_id, me, draft_id)
    assert answer.status_code in (401, 403), answer.text
    assert _current(supabase_stack, case_id) == before


@pytest.mark.postgres
def test_the_analyzer_replaces_no_insights_of_a_case_not_being_analysed(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    _, roles, ids = pilot
    owner: SignedIn = roles["doctor"].signed_in
    me = owner.doctor.user_id
    other = roles["other"].signed_in.doctor.user_id
    being_analysed = _reanalysed(owner)
    draft_id = _draft(supabase_stack, being_analysed, me)
    analysed = ids["case"]  # signed off and enrolled
    analysed_draft = owner.backend.reviews.drafts(me, analysed)[-1].draft_id
    before = {case: _current(supabase_stack, case) for case in (analysed, being_analysed)}
    key = supabase_stack.analyzer_key
    # A case analysed already; the case under another owner; a draft of another case.
    assert _replace(supabase_stack, key, analysed, me, analysed_draft).status_code == 403
    assert _replace(supabase_stack, key, being_analysed, other, draft_id).status_code == 403
    assert _replace(supabase_stack, key, being_analysed, me, analysed_draft).status_code == 409
    assert _replace(supabase_stack, key, str(uuid.uuid4()), me, draft_id).status_code == 403
    assert {case: _current(supabase_stack, case) for case in before} == before


@contextmanager
def _insights_writes_fail(stack: SupabaseStack) -> Iterator[None]:
    """Every write of a case_insights row fails, as a write can (a lost connection, a
    constraint): a trigger of the test's own schema, removed afterwards."""
    with stack.project.connect() as connection:
        connection.execute("create schema if not exists sec19_failing")
        connection.execute(
            "create or replace function sec19_failing.refuse() returns trigger"
            " language plpgsql set search_path = '' as"
            " $$ begin raise exception 'the write failed'; end; $$"
        )
        connection.execute(
            "create trigger sec19_insights_writes_fail before insert or update"
            " on public.case_insights for each row execute function sec19_failing.refuse()"
        )
    try:
        yield
    finally:
        with stack.project.connect() as connection:
            connection.execute("drop trigger sec19_insights_writes_fail on public.case_insights")
            connection.execute("drop schema sec19_failing cascade")


@pytest.mark.postgres
def test_a_failing_write_keeps_the_previous_insights(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    """Through the app's own path (a job's backend, the analyzer's key): the insert failing
    after the removal left no current insights while they were two requests."""
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    me = owner.doctor.user_id
    case_id = _reanalysed(owner)
    before = _current(supabase_stack, case_id)
    assert before is not None
    claim = str(uuid.uuid4())
    assert owner.backend.cases.claim_analysis(me, case_id, claim, utc_now())
    written = Insights.model_validate(sample_insights())
    with _insights_writes_fail(supabase_stack), pytest.raises(MedCaseError):
        owner.backend.cases.complete_analysis(me, case_id, claim, written)
    assert _current(supabase_stack, case_id) == before


def test_the_embedded_file_replaces_them_in_one_transaction_too(tmp_path: Path) -> None:
    """The embedded twin: the draft, the insights and the status in one write transaction
    (as before sec19; this holds it)."""
    harness = LocalHarness(tmp_path / "data")
    owner = harness.sign_up()
    me = owner.doctor.user_id
    case_id = _reanalysed(owner)
    database = harness.provider.database
    before = (
        database.connection()
        .execute("SELECT draft_id, ai_insights FROM case_insights WHERE case_id = ?", (case_id,))
        .fetchone()
    )
    claim = str(uuid.uuid4())
    assert owner.backend.cases.claim_analysis(me, case_id, claim, utc_now())
    with database.write() as db:
        db.execute(
            "CREATE TRIGGER insights_write_fails BEFORE UPDATE ON case_insights"
            " BEGIN SELECT RAISE(ABORT, 'the write failed'); END"
        )
    with pytest.raises(Exception):  # noqa: B017  (sqlite3's own error)
        owner.backend.cases.complete_analysis(
            me, case_id, claim, Insights.model_validate(sample_insights())
        )
    after = (
        database.connection()
        .execute("SELECT draft_id, ai_insights FROM case_insights WHERE case_id = ?", (case_id,))
        .fetchone()
    )
    assert tuple(after) == tuple(before)
    assert owner.services.get_case(case_id).case.status == "analyzing"
