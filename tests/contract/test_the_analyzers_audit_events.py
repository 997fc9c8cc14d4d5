"""sec19: the analyzer's audit events are written with the analyzer's role (sec21: by its
functions, in the step's transaction; its role inserts no event itself).

analysis_started, analysis_finished and analysis_failed went on the doctor's chain with the
doctor's token, so any doctor's token could write them
(20261128061902_the_analyzers_audit_events.sql). Now only the analyzer's key writes them,
as the app writes them and at that step of the case, on the owner's chain, stamped and
linked like every other event.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from core.analysis.failures import AnalyzerNotConfigured
from core.audit import ANALYZER_ACTIONS, AuditAction
from core.models import NewCase, utc_now
from tests.contract.harness import SignedIn
from tests.contract.test_pilot_integrity import pilot  # noqa: F401  (fixture)
from tests.doubles import finish_analysis
from tests.supabase_stack.server import SupabaseStack

pytestmark = pytest.mark.postgres

ACCOUNTS = ("doctor", "other", "reviewer", "coordinator")
BY_THE_ANALYZER = '{"by":"analyzer"}'


def _events(stack: SupabaseStack, case_id: str) -> list[tuple[Any, ...]]:
    with stack.project.connect() as connection:
        return connection.execute(
            "select seq, action, details from public.audit_events where case_id = %s order by seq",
            [case_id],
        ).fetchall()


def _waiting_case(owner: SignedIn) -> str:
    return owner.services.create_case(NewCase("Ann Lee", 40, "female", "Tired."), []).case.case_id


@pytest.mark.parametrize("action", sorted(ANALYZER_ACTIONS))
@pytest.mark.parametrize("role", ACCOUNTS)
def test_no_accounts_token_writes_the_analyzers_events(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
    role: str,
    action: str,
) -> None:
    """Not even on the account's own chain, about its own case being analysed."""
    _, roles, _ = pilot
    me: SignedIn = roles[role].signed_in
    case_id = _waiting_case(me)
    before = _events(supabase_stack, case_id)
    event = {
        "user_id": me.doctor.user_id,
        "case_id": case_id,
        "action": action,
        "details": BY_THE_ANALYZER,
    }
    with supabase_stack.rest_as(roles[role].token) as rest:
        written = rest.post(
            "/rest/v1/audit_events", json=event, headers={"Prefer": "return=minimal"}
        )
    assert written.status_code == 403, written.text
    assert _events(supabase_stack, case_id) == before


def test_the_analyzer_records_each_step_on_the_owners_chain(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    """Each step's event is written by the analyzer's function in the step's own
    transaction (analysis_started with the claim since sec21); the key itself writes none."""
    _, roles, ids = pilot
    owner: SignedIn = roles["doctor"].signed_in
    me = owner.doctor.user_id
    case_id = _waiting_case(owner)

    def record(action: str, case: str | None = case_id, **changed: Any) -> int:
        event = {"user_id": me, "case_id": case, "action": action, "details": BY_THE_ANALYZER}
        with supabase_stack.rest_as(supabase_stack.analyzer_key) as rest:
            return rest.post(
                "/rest/v1/audit_events",
                json={**event, **changed},
                headers={"Prefer": "return=minimal"},
            ).status_code

    started, finished, failed = (
        AuditAction.ANALYSIS_STARTED.value,
        AuditAction.ANALYSIS_FINISHED.value,
        AuditAction.ANALYSIS_FAILED.value,
    )
    # While the case is being analysed: no event from the key itself.
    for action in (started, finished, failed, AuditAction.CASE_OPENED.value):
        assert record(action) in (401, 403), action
    assert record(started, case=str(uuid.uuid4())) in (401, 403)
    # Claimed and analysed: started with the claim, finished with the completion.
    finish_analysis(owner.backend, me, case_id)
    actions = [a for _, a, _ in _events(supabase_stack, case_id)]
    assert (actions.count(started), actions.count(finished)) == (1, 1)
    assert actions.index(started) < actions.index(finished)
    for action in (started, finished, failed):
        assert record(action) in (401, 403), action
    assert record(started, case=ids["case"]) in (401, 403)
    # On the owner's chain, linked and stamped like every other event.
    check = owner.services.verify_audit()
    assert check.intact, check


def test_an_analysis_through_the_app_records_its_steps_with_the_analyzers_key(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    """The app's path: a job's claim records analysis_started (sec21); a session's backend
    (a doctor's token only) cannot record the analyzer's events, and says why."""
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    me = owner.doctor.user_id
    case_id = _waiting_case(owner)
    assert owner.backend.cases.claim_analysis(me, case_id, str(uuid.uuid4()), utc_now())
    assert [a for _, a, _ in _events(supabase_stack, case_id)][-1] == "analysis_started"
    harness, _, _ = pilot
    session = harness.provider.accounts.sign_in(owner.doctor.email, "s3cret-pass")
    doctors_own = harness.provider.for_session(session)
    try:
        with pytest.raises(AnalyzerNotConfigured, match="SUPABASE_ANALYZER_KEY"):
            doctors_own.audit.record(
                me, AuditAction.ANALYSIS_FINISHED.value, case_id, {"by": "analyzer"}
            )
    finally:
        doctors_own.close()
