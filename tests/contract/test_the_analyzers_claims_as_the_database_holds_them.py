"""sec21: when a claim is stale is the database's to say, and a claim records
analysis_started in its own transaction
(20261128120100_the_analyzers_claims_as_the_database_holds_them.sql).

On main the analyzer's key naming a p_stale_before to come took over a claim that beat a
moment ago, and analysis_started was a second request with the key's own INSERT.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from core.errors import MedCaseError
from core.models import NewCase, utc_now
from tests.contract.harness import SignedIn
from tests.contract.test_pilot_integrity import pilot  # noqa: F401  (fixture)
from tests.contract.test_the_analyzers_writes_to_cases import (
    LATER,
    _audit_events_refused,
    analysis_of,
    call,
    claimed_case,
    events_of,
)
from tests.supabase_stack.server import SupabaseStack

pytestmark = pytest.mark.postgres


def _silent_for(stack: SupabaseStack, case_id: str, seconds: int) -> None:
    """The claim last beat ``seconds`` ago (as the database's owner)."""
    with stack.project.connect() as connection:
        connection.execute(
            "update public.cases set analysis_claimed_at = now() - make_interval(secs => %s)"
            " where case_id = %s",
            [seconds, case_id],
        )


def test_the_analyzers_key_takes_no_claim_that_beat_within_the_lease(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    me, key = owner.doctor.user_id, supabase_stack.analyzer_key
    case_id, claim = claimed_case(owner)
    for silent in (0, 5):  # a live job beats every 7.5 s at the default window
        _silent_for(supabase_stack, case_id, silent)
        before = analysis_of(supabase_stack, case_id)
        other = str(uuid.uuid4())
        named = call(
            supabase_stack,
            key,
            "claim_case_analysis",
            p_case=case_id,
            p_owner=me,
            p_claim=other,
            p_stale_before=LATER,
        )
        assert named.status_code == 200 and named.json() is False, (silent, named.text)
        taken = call(
            supabase_stack, key, "take_analysis", p_owner=me, p_claim=other, p_stale_before=LATER
        )
        assert taken.status_code == 200 and taken.json() is None, (silent, taken.text)
        assert analysis_of(supabase_stack, case_id) == before
        assert owner.backend.cases.heartbeat(me, case_id, claim)  # still the holder's
    # Silent past the lease: the caller's window decides, as before.
    _silent_for(supabase_stack, case_id, 20)
    early = "2000-01-01T00:00:00+00:00"
    assert (
        call(
            supabase_stack, key, "take_analysis", p_owner=me, p_claim=other, p_stale_before=early
        ).json()
        is None
    )
    taken = call(
        supabase_stack, key, "take_analysis", p_owner=me, p_claim=other, p_stale_before=LATER
    )
    assert taken.json() == case_id, taken.text
    assert analysis_of(supabase_stack, case_id)[5] == 2  # type: ignore[index]


def test_a_claim_and_its_analysis_started_are_one_transaction(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    me, cases = owner.doctor.user_id, owner.backend.cases
    named = owner.services.create_case(NewCase("Ann Lee", 40, "female", "Tired."), []).case
    # The event refused: no claim either (on main the claim stood without its event).
    with _audit_events_refused(supabase_stack):
        with pytest.raises(MedCaseError):
            cases.claim_analysis(me, named.case_id, str(uuid.uuid4()), utc_now())
        with pytest.raises(MedCaseError):
            cases.claim_next_analysis(me, str(uuid.uuid4()), utc_now())
    row = analysis_of(supabase_stack, named.case_id)
    assert row is not None and row[3] is None and row[5] == 0
    assert "analysis_started" not in events_of(supabase_stack, named.case_id)
    # With the trail back, each claim records its event once, on the owner's chain.
    assert cases.claim_analysis(me, named.case_id, str(uuid.uuid4()), utc_now())
    assert events_of(supabase_stack, named.case_id).count("analysis_started") == 1
    queued = owner.services.create_case(NewCase("Bo Li", 60, "male", "Cough."), []).case
    assert cases.claim_next_analysis(me, str(uuid.uuid4()), utc_now()) == queued.case_id
    assert events_of(supabase_stack, queued.case_id).count("analysis_started") == 1
    assert owner.services.verify_audit().intact
    # The key itself may write it no more, not even for a case it holds.
    event = {
        "user_id": me,
        "case_id": queued.case_id,
        "action": "analysis_started",
        "details": '{"by":"analyzer"}',
    }
    with supabase_stack.rest_as(supabase_stack.analyzer_key) as rest:
        written = rest.post(
            "/rest/v1/audit_events", json=event, headers={"Prefer": "return=minimal"}
        )
    assert written.status_code in (401, 403), written.text
    assert events_of(supabase_stack, queued.case_id).count("analysis_started") == 1
