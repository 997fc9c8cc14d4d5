"""sec20: the analyzer's writes to a case row go through functions of its own role.

A job's claim, heartbeat, stage, landing sections and the analysis's end (completed or
failed, with the review state and the audit event) were written with the doctor's token.
Now they are SECURITY DEFINER functions only ``medcase_analyzer`` may execute, each
checking the owner and the claim on the locked row
(20261128100000_the_analyzers_writes_to_cases.sql). On main none of them exists.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from core.errors import MedCaseError
from core.insights import Insights
from core.models import NewCase, utc_now
from tests.contract.harness import SignedIn
from tests.contract.test_pilot_integrity import pilot  # noqa: F401  (fixture)
from tests.doubles import sample_insights
from tests.supabase_stack.server import SupabaseStack

pytestmark = pytest.mark.postgres

ACCOUNTS = ("doctor", "other", "reviewer", "coordinator")
LATER = "2100-01-01T00:00:00+00:00"  # every claim is stale before it

ANALYSIS_COLUMNS = (
    "status, analysis_stage, analysis_error, analysis_claim::text, analysis_claimed_at,"
    " analysis_attempts, draft_sections, review_state"
)


def analysis_of(stack: SupabaseStack, case_id: str) -> tuple[Any, ...] | None:
    """The case row's analysis columns, read as the database's owner."""
    with stack.project.connect() as connection:
        return connection.execute(
            f"select {ANALYSIS_COLUMNS} from public.cases where case_id = %s", [case_id]
        ).fetchone()


def events_of(stack: SupabaseStack, case_id: str) -> list[str]:
    with stack.project.connect() as connection:
        rows = connection.execute(
            "select action from public.audit_events where case_id = %s order by seq", [case_id]
        ).fetchall()
    return [action for (action,) in rows]


def claimed_case(owner: SignedIn) -> tuple[str, str]:
    """A new case of the owner, claimed by a job (the app's path: the analyzer's key)."""
    me = owner.doctor.user_id
    case_id = owner.services.create_case(
        NewCase("Ann Lee", 40, "female", "Tired."), []
    ).case.case_id
    claim = str(uuid.uuid4())
    assert owner.backend.cases.claim_analysis(me, case_id, claim, utc_now())
    return case_id, claim


def call(stack: SupabaseStack, token: str, function: str, **arguments: Any) -> Any:
    with stack.rest_as(token) as rest:
        return rest.post(f"/rest/v1/rpc/{function}", json=arguments)


def the_analyzers_calls(case_id: str, owner: str, claim: str, draft: str) -> dict[str, dict]:
    """Each of the analyzer's functions, named with the right case, owner and claim."""
    held = {"p_case": case_id, "p_owner": owner, "p_claim": claim}
    return {
        "take_analysis": {"p_owner": owner, "p_claim": claim, "p_stale_before": LATER},
        "claim_case_analysis": {**held, "p_stale_before": LATER},
        "beat_analysis": held,
        "record_analysis_stage": {**held, "p_stage": "insights_compiled"},
        "save_draft_section": {
            **held,
            "p_section_name": "soap_note",
            "p_section": {"plan": "Words the AI never wrote."},
        },
        "complete_analysis": {**held, "p_draft": draft},
        "fail_analysis": {**held, "p_reason": "Failed by hand."},
    }


def stored_draft(stack: SupabaseStack, case_id: str, owner: str) -> str:
    """A draft of the case stored with the analyzer's key, as a job stores it."""
    draft_id = str(uuid.uuid4())
    row = {"draft_id": draft_id, "case_id": case_id, "user_id": owner}
    with stack.rest_as(stack.analyzer_key) as rest:
        stored = rest.post(
            "/rest/v1/ai_drafts",
            json={**row, "ai_insights": sample_insights()},
            headers={"Prefer": "return=minimal"},
        )
    assert stored.status_code == 201, stored.text
    return draft_id


@pytest.mark.parametrize(
    "function",
    [
        "take_analysis",
        "claim_case_analysis",
        "beat_analysis",
        "record_analysis_stage",
        "save_draft_section",
        "complete_analysis",
        "fail_analysis",
    ],
)
@pytest.mark.parametrize("role", ACCOUNTS)
def test_no_accounts_token_calls_the_analyzers_functions(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
    role: str,
    function: str,
) -> None:
    """Not even the owner, on their own case being analysed, knowing the live claim."""
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    me = owner.doctor.user_id
    case_id, claim = claimed_case(owner)
    draft = stored_draft(supabase_stack, case_id, me)
    before, trail = analysis_of(supabase_stack, case_id), events_of(supabase_stack, case_id)
    arguments = the_analyzers_calls(case_id, me, claim, draft)[function]
    answer = call(supabase_stack, roles[role].token, function, **arguments)
    assert answer.status_code in (401, 403), answer.text
    assert analysis_of(supabase_stack, case_id) == before
    assert events_of(supabase_stack, case_id) == trail


def test_the_analyzer_claims_only_a_waiting_case_of_the_owner_named(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    _, roles, ids = pilot
    owner: SignedIn = roles["doctor"].signed_in
    me, other = owner.doctor.user_id, roles["other"].signed_in.doctor.user_id
    key = supabase_stack.analyzer_key
    case_id = owner.services.create_case(
        NewCase("Ann Lee", 40, "female", "Tired."), []
    ).case.case_id
    first, second = str(uuid.uuid4()), str(uuid.uuid4())

    def claim(case: str, who: str, token: str, stale_before: str = "2000-01-01T00:00:00Z") -> Any:
        answer = call(
            supabase_stack,
            key,
            "claim_case_analysis",
            p_case=case,
            p_owner=who,
            p_claim=token,
            p_stale_before=stale_before,
        )
        assert answer.status_code == 200, answer.text
        return answer.json()

    assert claim(case_id, other, first) is False  # another owner
    assert claim(ids["case"], me, first, LATER) is False  # analysed (signed and enrolled)
    assert claim(str(uuid.uuid4()), me, first) is False
    assert take(supabase_stack, other, first) is None
    assert claim(case_id, me, first) is True
    assert claim(case_id, me, second) is False  # the claim is live
    # The claim's time is the database's: no argument names one.
    with supabase_stack.project.connect() as connection:
        at, now = connection.execute(
            "select analysis_claimed_at, now() from public.cases where case_id = %s", [case_id]
        ).fetchone()
    assert abs((now - at).total_seconds()) < 60
    dated = call(
        supabase_stack,
        key,
        "claim_case_analysis",
        p_case=case_id,
        p_owner=me,
        p_claim=second,
        p_stale_before=LATER,
        p_claimed_at="2001-01-01T00:00:00Z",
    )
    assert dated.status_code >= 400
    # Stale (silent past the database's lease, sec21): taken over, the attempt counted.
    assert claim(case_id, me, second, LATER) is False  # a time to come is no such thing
    with supabase_stack.project.connect() as connection:
        connection.execute(
            "update public.cases set analysis_claimed_at = now() - interval '1 minute'"
            " where case_id = %s",
            [case_id],
        )
    assert claim(case_id, me, second, LATER) is True
    row = analysis_of(supabase_stack, case_id)
    assert row is not None and row[3] == second and row[5] == 2


def take(stack: SupabaseStack, owner: str, claim: str) -> Any:
    answer = call(
        stack,
        stack.analyzer_key,
        "take_analysis",
        p_owner=owner,
        p_claim=claim,
        p_stale_before=LATER,
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_analyzer_writes_each_step_only_under_the_owner_and_the_claim(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    me, other = owner.doctor.user_id, roles["other"].signed_in.doctor.user_id
    case_id, claim = claimed_case(owner)
    draft = stored_draft(supabase_stack, case_id, me)
    key = supabase_stack.analyzer_key
    wrong = {
        "another claim": (me, str(uuid.uuid4())),
        "another owner": (other, claim),
    }
    for why, (who, token) in wrong.items():
        before, trail = analysis_of(supabase_stack, case_id), events_of(supabase_stack, case_id)
        for function, arguments in the_analyzers_calls(case_id, who, token, draft).items():
            if function in ("take_analysis", "claim_case_analysis"):
                continue  # these take a case that waits, whatever claim it had
            answer = call(supabase_stack, key, function, **arguments)
            assert answer.status_code == 200 and answer.json() is False, (why, function)
        assert analysis_of(supabase_stack, case_id) == before, why
        assert events_of(supabase_stack, case_id) == trail, why
    # The stages of an analysis under way only: completed and error are the end's.
    for stage in ("completed", "error", "initialized"):
        answer = call(
            supabase_stack,
            key,
            "record_analysis_stage",
            p_case=case_id,
            p_owner=me,
            p_claim=claim,
            p_stage=stage,
        )
        assert answer.status_code == 400, (stage, answer.text)
    # Under the right owner and claim, each step.
    calls = the_analyzers_calls(case_id, me, claim, draft)
    for function in ("beat_analysis", "record_analysis_stage", "save_draft_section"):
        answer = call(supabase_stack, key, function, **calls[function])
        assert answer.status_code == 200 and answer.json() is True, (function, answer.text)
    row = analysis_of(supabase_stack, case_id)
    assert row is not None
    assert row[1] == "insights_compiled"
    assert row[6] == {"soap_note": {"plan": "Words the AI never wrote."}}
    answer = call(supabase_stack, key, "complete_analysis", **calls["complete_analysis"])
    assert answer.status_code == 200 and answer.json() is True, answer.text
    status, stage, error, held, at, _, sections, review = analysis_of(supabase_stack, case_id)
    assert (status, stage, error, held, at, sections, review) == (
        "completed",
        "completed",
        None,
        None,
        None,
        None,
        "awaiting_review",
    )
    with supabase_stack.project.connect() as connection:
        current = connection.execute(
            "select draft_id::text from public.case_insights where case_id = %s", [case_id]
        ).fetchone()
    assert current == (draft,)
    assert events_of(supabase_stack, case_id).count("analysis_finished") == 1
    # Closed: the claim ends nothing more.
    for function in ("beat_analysis", "fail_analysis", "complete_analysis"):
        answer = call(supabase_stack, key, function, **calls[function])
        assert answer.status_code == 200 and answer.json() is False, function


def test_the_analyzer_fails_a_case_it_holds_and_records_it_at_once(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    me = owner.doctor.user_id
    case_id, claim = claimed_case(owner)
    assert owner.backend.cases.fail_analysis(me, case_id, claim, "The engine was unreachable")
    row = analysis_of(supabase_stack, case_id)
    assert row is not None
    assert row[:4] == ("failed", "error", "The engine was unreachable", None)
    assert events_of(supabase_stack, case_id).count("analysis_failed") == 1


@contextmanager
def _audit_events_refused(stack: SupabaseStack) -> Iterator[None]:
    """Every new audit event fails (a trigger of the test's own, removed afterwards)."""
    with stack.project.connect() as connection:
        connection.execute("create schema if not exists sec20_failing")
        connection.execute(
            "create or replace function sec20_failing.refuse() returns trigger"
            " language plpgsql set search_path = '' as"
            " $$ begin raise exception 'the event was refused'; end; $$"
        )
        connection.execute(
            "create trigger sec20_events_refused before insert on public.audit_events"
            " for each row execute function sec20_failing.refuse()"
        )
    try:
        yield
    finally:
        with stack.project.connect() as connection:
            connection.execute("drop trigger sec20_events_refused on public.audit_events")
            connection.execute("drop schema sec20_failing cascade")


def test_the_end_of_an_analysis_and_its_event_are_one_transaction(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    """Through the app's path: the event refused, the case stays being analysed under the
    claim (on main the status was written first and the event after, in two requests)."""
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    me = owner.doctor.user_id
    cases = owner.backend.cases
    case_id, claim = claimed_case(owner)
    written = Insights.model_validate(sample_insights())
    with _audit_events_refused(supabase_stack):
        with pytest.raises(MedCaseError):
            cases.complete_analysis(me, case_id, claim, written)
        with pytest.raises(MedCaseError):
            cases.fail_analysis(me, case_id, claim, "Failed")
    row = analysis_of(supabase_stack, case_id)
    assert row is not None and row[0] == "analyzing" and row[3] == claim
    with supabase_stack.project.connect() as connection:
        assert (
            connection.execute(
                "select 1 from public.case_insights where case_id = %s", [case_id]
            ).fetchone()
            is None
        )
    # With the trail back, the same claim completes the case, its event written with it.
    assert cases.complete_analysis(me, case_id, claim, written)
    assert analysis_of(supabase_stack, case_id)[0] == "completed"  # type: ignore[index]
    assert events_of(supabase_stack, case_id).count("analysis_finished") == 1
