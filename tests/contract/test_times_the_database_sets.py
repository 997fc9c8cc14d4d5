"""sec19: the times of drafts, insights, critical findings, checkpoints and audit events
are the database's, whatever a token sends.

ai_drafts.generated_at (and so the insights' time) and audit_checkpoints.made_at were the
request's: the analyzer's key could date a draft as it liked, a doctor's token its
checkpoints (20261128061901_times_the_database_sets.sql). The others were the database's
already; each is sent here as each role's own token would send it.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from typing import Any

import httpx
import pytest

from core.models import NewCase
from tests.contract.harness import SignedIn
from tests.contract.test_pilot_integrity import pilot  # noqa: F401  (fixture)
from tests.doubles import sample_insights
from tests.supabase_stack.server import SupabaseStack

pytestmark = pytest.mark.postgres

ACCOUNTS = ("doctor", "other", "reviewer", "coordinator")
ROLES = (*ACCOUNTS, "analyzer")
SENT = "2001-02-03T04:05:06+00:00"


def _token(stack: SupabaseStack, roles: dict[str, Any], role: str) -> str:
    return stack.analyzer_key if role == "analyzer" else roles[role].token


def _database_now(stack: SupabaseStack) -> datetime:
    with stack.project.connect() as connection:
        return connection.execute("select now()").fetchone()[0]


def _the_databases(stack: SupabaseStack, stored: datetime) -> bool:
    """A time the database set just now, not the one sent."""
    return abs(_database_now(stack) - stored) < timedelta(minutes=5)


def _one(stack: SupabaseStack, query: str, *values: Any) -> Any:
    with stack.project.connect() as connection:
        found = connection.execute(query, list(values)).fetchone()
    return found[0] if found else None


def _waiting_case(owner: SignedIn) -> str:
    return owner.services.create_case(NewCase("Ann Lee", 40, "female", "Tired."), []).case.case_id


@pytest.mark.parametrize("role", ROLES)
def test_a_drafts_time_and_its_insights_are_the_databases(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
    role: str,
) -> None:
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    me = owner.doctor.user_id
    case_id = _waiting_case(owner)
    draft_id = str(uuid.uuid4())
    row = {
        "draft_id": draft_id,
        "case_id": case_id,
        "user_id": me,
        "ai_insights": sample_insights(),
        "generated_at": SENT,
    }
    with supabase_stack.rest_as(_token(supabase_stack, roles, role)) as rest:
        stored = rest.post("/rest/v1/ai_drafts", json=row, headers={"Prefer": "return=minimal"})
        if role != "analyzer":
            # No account's token stores a draft at all (sec18).
            assert stored.status_code in (401, 403), stored.text
            assert (
                _one(supabase_stack, "select 1 from public.ai_drafts where draft_id = %s", draft_id)
                is None
            )
            return
        assert stored.status_code == 201, stored.text
        replaced = rest.post(
            "/rest/v1/rpc/replace_case_insights",
            json={"p_case": case_id, "p_owner": me, "p_draft": draft_id},
        )
        assert replaced.status_code == 200, replaced.text
    drafted = _one(
        supabase_stack, "select generated_at from public.ai_drafts where draft_id = %s", draft_id
    )
    current = _one(
        supabase_stack, "select generated_at from public.case_insights where case_id = %s", case_id
    )
    assert _the_databases(supabase_stack, drafted), drafted
    assert current == drafted


@pytest.mark.parametrize("role", ROLES)
def test_a_critical_findings_time_is_the_databases(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
    role: str,
) -> None:
    _, roles, _ = pilot
    owner: SignedIn = roles["doctor"].signed_in
    me = owner.doctor.user_id
    case_id = _waiting_case(owner)
    draft_id = str(uuid.uuid4())
    with supabase_stack.rest_as(supabase_stack.analyzer_key) as rest:
        drafted = rest.post(
            "/rest/v1/ai_drafts",
            json={"draft_id": draft_id, "case_id": case_id, "user_id": me,
                  "ai_insights": sample_insights()},
            headers={"Prefer": "return=minimal"},
        )  # fmt: skip
        assert drafted.status_code == 201, drafted.text
    finding = {
        "case_id": case_id,
        "user_id": me,
        "draft_id": draft_id,
        "value_key": "7" * 64,
        "analyte": "Potassium",
        "shown": "Potassium 7.9 mmol/L",
        "found_at": SENT,
    }
    with supabase_stack.rest_as(_token(supabase_stack, roles, role)) as rest:
        stored = rest.post(
            "/rest/v1/critical_findings", json=finding, headers={"Prefer": "return=minimal"}
        )
    found_at = _one(
        supabase_stack,
        "select found_at from public.critical_findings where draft_id = %s",
        draft_id,
    )
    if role != "analyzer":
        assert stored.status_code in (401, 403), stored.text
        assert found_at is None
        return
    assert stored.status_code == 201, stored.text
    assert _the_databases(supabase_stack, found_at), found_at


def _head(rest: httpx.Client) -> dict[str, Any]:
    """The head of the caller's own audit chain (an event is recorded first)."""
    recorded = rest.post(
        "/rest/v1/audit_events",
        json={"action": "case_opened", "details": "{}", "occurred_at": SENT},
        headers={"Prefer": "return=minimal"},
    )
    assert recorded.status_code == 201, recorded.text
    (head,) = rest.get(
        "/rest/v1/audit_events",
        params={"select": "seq,hash,occurred_at", "order": "seq.desc", "limit": "1"},
    ).json()
    return head


@pytest.mark.parametrize("role", ACCOUNTS)
def test_an_audit_events_and_a_checkpoints_times_are_the_databases(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
    role: str,
) -> None:
    """Each account's token writes its own chain's events and checkpoints, with a time of
    its choosing sent: the database's is kept."""
    _, roles, _ = pilot
    me = roles[role].signed_in.doctor.user_id
    with supabase_stack.rest_as(roles[role].token) as rest:
        head = _head(rest)
        checkpoint = {
            "seq": head["seq"],
            "head_hash": head["hash"],
            "seal": "0" * 64,
            "made_at": SENT,
        }
        made = rest.post(
            "/rest/v1/audit_checkpoints", json=checkpoint, headers={"Prefer": "return=minimal"}
        )
        assert made.status_code == 201, made.text
    occurred = datetime.fromisoformat(head["occurred_at"])
    assert _the_databases(supabase_stack, occurred), occurred
    made_at = _one(
        supabase_stack,
        "select made_at from public.audit_checkpoints where user_id = %s and seq = %s",
        me,
        head["seq"],
    )
    assert _the_databases(supabase_stack, made_at), made_at


def test_the_analyzer_writes_no_checkpoint(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    _, roles, _ = pilot
    me = roles["doctor"].signed_in.doctor.user_id
    checkpoint = {"user_id": me, "seq": 1, "head_hash": "0" * 64, "seal": "0" * 64, "made_at": SENT}
    with supabase_stack.rest_as(supabase_stack.analyzer_key) as rest:
        made = rest.post("/rest/v1/audit_checkpoints", json=checkpoint)
    assert made.status_code == 403, made.text
