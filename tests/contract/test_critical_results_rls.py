"""Critical results acknowledged (issue #27) in the databases themselves: through the
PostgREST stand-in with each role's own token (the owner, another doctor, a pilot's
reviewer of the owner's enrolled case), and in the embedded file with plain SQL. Only the
owner acknowledges, only through the database's function (its own time and audit event);
nobody changes or removes a finding or an acknowledgment; sign_note waits for them."""

from __future__ import annotations

import sqlite3
import uuid
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from core.analysis.labs.critical_keys import critical_value_key
from core.services.pilots import PilotService
from tests.contract.harness import (
    LocalHarness,
    SignedIn,
    sign_note_as_reviewed,
    with_signer_profile,
)
from tests.contract.test_critical_results import (
    INR,
    POTASSIUM,
    SODIUM,
    _analyse,
    _analysed,
    _review_all,
)
from tests.supabase_stack.harness import SupabaseHarness
from tests.supabase_stack.server import SupabaseStack


@dataclass
class Role:
    signed_in: SignedIn
    token: str


def _role(harness: SupabaseHarness) -> Role:
    session = harness.provider.accounts.sign_up(
        f"dr-{uuid.uuid4().hex[:10]}@clinic.test", "s3cret-pass"
    )
    signed_in = SignedIn(session.doctor, harness.provider.for_analysis(session))
    return Role(with_signer_profile(signed_in), session.access_token)


@pytest.fixture
def clinic(supabase_stack: SupabaseStack) -> Any:
    """The owner's analysed case with two critical values, enrolled in a pilot that the
    reviewer reviews; another doctor."""
    harness = SupabaseHarness(supabase_stack)
    roles = {name: _role(harness) for name in ("owner", "other", "coordinator", "reviewer")}
    lead = PilotService(
        roles["coordinator"].signed_in.doctor, roles["coordinator"].signed_in.backend
    )
    pilot = lead.create_pilot("P", "", "2026-11-01", "2027-01-31")
    lead.add_member(pilot.pilot_id, roles["owner"].signed_in.doctor.email, "doctor")
    lead.add_member(pilot.pilot_id, roles["reviewer"].signed_in.doctor.email, "reviewer")
    owner = roles["owner"].signed_in
    case_id = _analysed(owner, POTASSIUM, INR)
    assert PilotService(owner.doctor, owner.backend).enrol(pilot.pilot_id, [case_id])
    keys = [r.finding.value_key for r in owner.services.critical.critical_results(case_id)]
    yield roles, case_id, keys
    harness.close()


def _acknowledge(rest: httpx.Client, case_id: str, key: str, **more: Any) -> httpx.Response:
    body = {"p_case": case_id, "p_value_key": key, "p_method": "read_back_by_phone", **more}
    return rest.post("/rest/v1/rpc/acknowledge_critical_value", json=body)


@pytest.mark.postgres
def test_only_the_owner_acknowledges_through_the_function_with_the_databases_time(
    supabase_stack: SupabaseStack, clinic: Any
) -> None:
    roles, case_id, keys = clinic
    for name in ("other", "reviewer", "coordinator"):
        with supabase_stack.rest_as(roles[name].token) as rest:
            answer = _acknowledge(rest, case_id, keys[0])
            assert answer.status_code >= 400, (name, answer.text)
            # Nor do they see the owner's findings or acknowledgments.
            for table in ("critical_findings", "critical_acknowledgments"):
                seen = rest.get(f"/rest/v1/{table}", params={"select": "value_key"})
                assert seen.status_code == 200 and seen.json() == [], (name, table)
    with supabase_stack.rest_as(None) as rest:
        assert _acknowledge(rest, case_id, keys[0]).status_code == 401

    owner = roles["owner"]
    with supabase_stack.rest_as(owner.token) as rest:
        # No direct insert, whatever time or signer the client would like.
        forged = {
            "case_id": case_id,
            "user_id": owner.signed_in.doctor.user_id,
            "value_key": keys[0],
            "acknowledged_by": owner.signed_in.doctor.user_id,
            "acknowledged_by_email": "chief@clinic.test",
            "acknowledged_at": "2020-01-01T00:00:00+00:00",
            "found_at": "2020-01-01T00:00:00+00:00",
            "method": "in_person",
        }
        assert rest.post("/rest/v1/critical_acknowledgments", json=forged).status_code in (
            401,
            403,
        )
        # Nor an acknowledgment event of its own.
        event = {
            "case_id": case_id,
            "action": "critical_value_acknowledged",
            "details": '{"method":"in_person","value":"' + keys[0] + '"}',
        }
        assert rest.post("/rest/v1/audit_events", json=event).status_code == 403
        assert _acknowledge(rest, case_id, keys[0], p_method="carrier_pigeon").status_code == 400
        assert _acknowledge(rest, case_id, "0" * 64).status_code >= 400
        sneaky = _acknowledge(rest, case_id, keys[0], p_acknowledged_at="2020-01-01T00:00:00Z")
        assert sneaky.status_code == 400
        answer = _acknowledge(rest, case_id, keys[0], p_comment="Ward 4B read it back")
        assert answer.status_code == 200, answer.text
        again = _acknowledge(rest, case_id, keys[0])
        assert again.status_code == 409
    assert answer.json() is True  # no row leaves the function: read back under RLS
    with supabase_stack.rest_as(owner.token) as rest:
        [done] = rest.get(
            "/rest/v1/critical_acknowledgments",
            params={"select": "*", "case_id": f"eq.{case_id}"},
        ).json()
    assert done["acknowledged_by"] == owner.signed_in.doctor.user_id
    assert done["acknowledged_by_email"] == owner.signed_in.doctor.email
    assert done["acknowledged_at"] >= "2026" and done["comment"] == "Ward 4B read it back"
    events = [
        e
        for e in owner.signed_in.services.audit_events(case_id)
        if e.action == "critical_value_acknowledged"
    ]
    assert [e.details for e in events] == [{"method": "read_back_by_phone", "value": keys[0]}]
    assert owner.signed_in.services.verify_audit().intact


@pytest.mark.postgres
def test_nobody_changes_or_removes_a_finding_or_an_acknowledgment(
    supabase_stack: SupabaseStack, clinic: Any
) -> None:
    roles, case_id, keys = clinic
    owner = roles["owner"]
    with supabase_stack.rest_as(owner.token) as rest:
        assert _acknowledge(rest, case_id, keys[0]).status_code == 200
        for role in roles.values():
            with supabase_stack.rest_as(role.token) as anyone:
                for table, change in (
                    ("critical_findings", {"shown": "Potassium 4.0 mmol/L"}),
                    ("critical_acknowledgments", {"method": "in_person"}),
                ):
                    where = {"case_id": f"eq.{case_id}"}
                    patched = anyone.patch(f"/rest/v1/{table}", params=where, json=change)
                    assert patched.status_code in (401, 403), (table, patched.text)
                    removed = anyone.delete(f"/rest/v1/{table}", params=where)
                    assert removed.status_code in (401, 403), (table, removed.text)
        findings = rest.get(
            "/rest/v1/critical_findings", params={"select": "shown", "case_id": f"eq.{case_id}"}
        ).json()
        acknowledged = rest.get(
            "/rest/v1/critical_acknowledgments",
            params={"select": "method", "case_id": f"eq.{case_id}"},
        ).json()
    assert len(findings) == 2 and acknowledged == [{"method": "read_back_by_phone"}]


@pytest.mark.postgres
def test_sign_note_waits_for_every_acknowledgment_through_postgrest(
    supabase_stack: SupabaseStack, clinic: Any
) -> None:
    roles, case_id, keys = clinic
    owner = roles["owner"]
    _review_all(owner.signed_in, case_id)
    draft = owner.signed_in.services.review.summary(case_id).draft
    assert draft is not None
    arguments = sign_note_as_reviewed(owner.signed_in, case_id)
    with supabase_stack.rest_as(owner.token) as rest:
        refused = rest.post("/rest/v1/rpc/sign_note", json=arguments)
        assert refused.status_code == 400, refused.text
        assert refused.json()["hint"] == "critical_values_unacknowledged"
        for key in keys:
            assert _acknowledge(rest, case_id, key).status_code == 200
        signed = rest.post("/rest/v1/rpc/sign_note", json=arguments)
        assert signed.status_code == 200 and signed.json(), signed.text


@pytest.mark.postgres
def test_sign_note_waits_for_every_critical_value_the_case_held_through_postgrest(
    supabase_stack: SupabaseStack, clinic: Any
) -> None:
    """The analyzer wrote with the doctor's own token (until sec18), so that token could
    make a draft without the critical values current: a clean new one, or an older one pointed back
    to. sign_note waited only for the current draft's values; now for every value the
    case held, and each of them can be acknowledged."""
    roles, case_id, keys = clinic
    owner = roles["owner"]
    # A clean new draft made current (what a re-analysis writes with the token).
    _analyse(owner.signed_in, case_id, SODIUM)
    # An older clean draft pointed back to.
    older = _analysed(owner.signed_in, SODIUM, name="Bea Example")
    clean = owner.signed_in.services.review.summary(older).draft
    assert clean is not None
    _analyse(owner.signed_in, older, POTASSIUM)
    with supabase_stack.rest_as(owner.token) as rest:
        moved = rest.patch(
            "/rest/v1/case_insights",
            params={"case_id": f"eq.{older}"},
            json={"draft_id": clean.draft_id},
        )
        # Since sec18 the doctor's token moves no pointer (only the analyzer's role writes
        # the insights); the database's owner still can, and signing still waits.
        assert moved.status_code == 403, moved.text
    with supabase_stack.project.connect() as connection:
        connection.execute(
            "update public.case_insights set draft_id = %s where case_id = %s",
            [clean.draft_id, older],
        )
    older_keys = [critical_value_key(POTASSIUM)]
    for case, case_keys in ((case_id, keys), (older, older_keys)):
        _review_all(owner.signed_in, case)
        draft = owner.signed_in.services.review.summary(case).draft
        assert draft is not None
        arguments = sign_note_as_reviewed(owner.signed_in, case)
        with supabase_stack.rest_as(owner.token) as rest:
            refused = rest.post("/rest/v1/rpc/sign_note", json=arguments)
            assert refused.status_code == 400, refused.text
            assert refused.json()["hint"] == "critical_values_unacknowledged"
            for key in case_keys:
                done = _acknowledge(rest, case, key)
                assert done.status_code == 200, done.text
            signed = rest.post("/rest/v1/rpc/sign_note", json=arguments)
            assert signed.status_code == 200 and signed.json(), signed.text


@pytest.mark.postgres
def test_every_critical_value_is_read_when_the_project_caps_its_answers(
    supabase_stack: SupabaseStack, clinic: Any
) -> None:
    """A case analysed many times holds more findings than one answer of a project's "Max
    rows" carries: the adapter reads them all, page by page, or a waiting value would be
    missing from the case page while the database still refuses the signature."""
    roles, case_id, _ = clinic
    owner = roles["owner"].signed_in
    critical = owner.services.critical
    _analyse(owner, case_id, SODIUM)  # the first draft's two values now wait as earlier ones
    third = POTASSIUM.model_copy(update={"value": 7.4})
    _analyse(owner, case_id, third)  # the current draft's one, acknowledged
    critical.acknowledge(case_id, critical_value_key(third), "in_person")
    uncapped = critical.critical_results(case_id)
    assert len(uncapped) == 3
    supabase_stack.project.max_rows = 1  # below the adapter's page: every answer cut short
    try:
        capped = critical.critical_results(case_id)
    finally:
        supabase_stack.project.max_rows = None
    assert capped == uncapped
    assert [r.acknowledged for r in capped].count(True) == 1


def test_the_embedded_file_refuses_changes_removals_and_early_signatures(
    tmp_path: Any,
) -> None:
    harness = LocalHarness(tmp_path / "data")
    owner = harness.sign_up()
    case_id = _analysed(owner, POTASSIUM)
    key = owner.services.critical.critical_results(case_id)[0].finding.value_key
    database = sqlite3.connect(harness.provider.database.path, isolation_level=None)
    for statement in (
        "UPDATE critical_findings SET shown = 'Potassium 4.0 mmol/L'",
        "DELETE FROM critical_findings",
        "INSERT INTO critical_acknowledgments (case_id, user_id, value_key, acknowledged_by,"
        " acknowledged_by_email, acknowledged_at, found_at, method) VALUES"
        f" ('{case_id}', '{owner.doctor.user_id}', '{'0' * 64}', '{owner.doctor.user_id}',"
        " 'x@y.z', '2020-01-01', '2020-01-01', 'in_person')",
        "INSERT INTO audit_events (user_id, case_id, action, details) VALUES"
        f" ('{owner.doctor.user_id}', '{case_id}', 'critical_value_acknowledged',"
        f' \'{{"method":"in_person","value":"{key}"}}\')',
    ):
        with pytest.raises(sqlite3.DatabaseError):
            database.execute(statement)
    owner.services.critical.acknowledge(case_id, key, "in_person")
    for statement in (
        "UPDATE critical_acknowledgments SET method = 'seen_on_screen'",
        "DELETE FROM critical_acknowledgments",
    ):
        with pytest.raises(sqlite3.DatabaseError):
            database.execute(statement)
    database.close()
    # A case without a signed note is still deleted whole, its findings with it.
    owner.services.delete_case(case_id)
    assert owner.services.critical.figure().count == 0
