"""Signing belongs to the store (issue 23): no client writes a signed version or a signing
event; every read checks the hash; the audit chain is anchored by the app's checkpoints.

Through the PostgREST stand-in with each role's own token (the owner doctor, another
doctor, a pilot reviewer, a pilot coordinator), and on both backends through the ports.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from dataclasses import dataclass
from typing import Any

import pytest

from core.audit import event_hash, occurred_text
from core.export.markdown import chart_markdown
from core.insights import Insights
from core.review import NOTE_NOT_VERIFIED, canonical, content_hash, hash_matches, signed_at_text
from core.services.pilots import PilotService
from tests.contract.harness import BackendHarness, LocalHarness, SignedIn, with_signer_profile
from tests.contract.test_review import EDITED_SOAP, _analysed, _review_all
from tests.doubles import case_service
from tests.supabase_stack.harness import SupabaseHarness
from tests.supabase_stack.postgres import PostgresCluster
from tests.supabase_stack.server import SupabaseStack

KEY = b"the-app-key-that-the-database-never-sees"
FORGED_SECTIONS = {
    "case_summary": {
        "decision": "accepted",
        "text": {"comprehensive_summary": "x"},
        "reason": None,
    },
    "soap_note": {"decision": "edited", "text": {"plan": "stop all insulin"}, "reason": None},
    "primary_diagnosis": {"decision": "rejected", "text": None, "reason": "n/a"},
}
# An amendment of all three sections as the doctor's versions (what sign_note accepts of
# a changed section since sign17: the editor's shape, marked edited).
AMENDED_SECTIONS = {
    "case_summary": {
        "decision": "edited",
        "text": {
            "comprehensive_summary": "x",
            "key_findings": [],
            "lab_summary": "",
            "radiology_summary": "",
        },
        "reason": None,
    },
    "soap_note": {
        "decision": "edited",
        "text": {"subjective": "", "objective": "", "assessment": "", "plan": "stop all insulin"},
        "reason": None,
    },
    "primary_diagnosis": {
        "decision": "edited",
        "text": {"primary_diagnosis": "Anaemia", "icd_code": "D64.9", "description": ""},
        "reason": None,
    },
}


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
    """The owner doctor with a signed note, another doctor, and a pilot's coordinator and
    reviewer (the owner is the pilot's enrolling doctor)."""
    harness = SupabaseHarness(supabase_stack)
    roles = {name: _role(harness) for name in ("owner", "other", "coordinator", "reviewer")}
    lead = PilotService(
        roles["coordinator"].signed_in.doctor, roles["coordinator"].signed_in.backend
    )
    pilot = lead.create_pilot("P", "", "2026-11-01", "2027-01-31")
    lead.add_member(pilot.pilot_id, roles["owner"].signed_in.doctor.email, "doctor")
    lead.add_member(pilot.pilot_id, roles["reviewer"].signed_in.doctor.email, "reviewer")
    owner = roles["owner"].signed_in
    case_id = _analysed(owner)
    _review_all(owner, case_id)
    signed = owner.services.review.sign(case_id)
    yield harness, roles, case_id, signed
    harness.close()


@pytest.mark.postgres
def test_no_role_inserts_a_signed_version_straight_through_postgrest(
    supabase_stack: SupabaseStack, clinic: Any
) -> None:
    _, roles, case_id, signed = clinic
    owner = roles["owner"].signed_in.doctor
    forged = {
        "note_id": str(uuid.uuid4()),
        "case_id": case_id,
        "user_id": owner.user_id,
        "version": 2,
        "draft_id": signed.draft_id,
        "content": {"sections": FORGED_SECTIONS},
        "content_hash": "0" * 64,
        "signed_by": owner.user_id,
        "signer_email": "chief@clinic.test",
        "signed_at": "2020-01-01T00:00:00+00:00",
        "amendment_reason": "routine",
    }
    for name, role in roles.items():
        with supabase_stack.rest_as(role.token) as rest:
            answer = rest.post("/rest/v1/signed_notes", json=forged)
            assert answer.status_code in (401, 403), (name, answer.text)
    with supabase_stack.rest_as(None) as rest:
        assert rest.post("/rest/v1/signed_notes", json=forged).status_code in (401, 403)
    versions = roles["owner"].signed_in.services.review.versions(case_id)
    assert [v.version for v in versions] == [1]


@pytest.mark.postgres
def test_the_database_signs_with_its_own_time_signer_version_hash_and_event(
    supabase_stack: SupabaseStack, clinic: Any
) -> None:
    _, roles, case_id, signed = clinic
    owner = roles["owner"]
    arguments = {
        "p_case": case_id,
        "p_version": 2,
        "p_draft": signed.draft_id,
        "p_sections": AMENDED_SECTIONS,
        "p_reason": "Dose changed",
    }
    # Another doctor, the pilot's reviewer and its coordinator cannot sign the owner's note.
    for name in ("other", "reviewer", "coordinator"):
        with supabase_stack.rest_as(roles[name].token) as rest:
            answer = rest.post("/rest/v1/rpc/sign_note", json=arguments)
            assert answer.status_code >= 400, (name, answer.text)
    with supabase_stack.rest_as(None) as rest:
        assert rest.post("/rest/v1/rpc/sign_note", json=arguments).status_code == 401
    # The owner's own call: whatever they would like the time, signer or hash to be, the
    # function takes no such argument, and computes them.
    with supabase_stack.rest_as(owner.token) as rest:
        sneaky = rest.post(
            "/rest/v1/rpc/sign_note",
            json={**arguments, "p_signed_at": "2020-01-01T00:00:00Z"},
        )
        assert sneaky.status_code == 400
        taken = rest.post("/rest/v1/rpc/sign_note", json={**arguments, "p_version": 1})
        assert taken.status_code == 200 and taken.json() is None  # version 1 is signed
        answer = rest.post("/rest/v1/rpc/sign_note", json=arguments)
        assert answer.status_code == 200, answer.text
        assert rest.post("/rest/v1/rpc/sign_note", json=arguments).json() is None
    versions = owner.signed_in.services.review.versions(case_id)
    amended = versions[-1]
    assert (amended.note_id, amended.version) == (answer.json(), 2)
    assert amended.signer_email == owner.signed_in.doctor.email
    assert amended.signed_by == owner.signed_in.doctor.user_id
    assert amended.signed_at > signed.signed_at and amended.signed_at.year >= 2026
    assert hash_matches(amended) and amended.verified
    events = owner.signed_in.services.audit_events(case_id)
    assert [(e.action, e.details) for e in events[:2]] == [
        (
            "note_amended",
            {"sections": ["case_summary", "primary_diagnosis", "soap_note"], "version": 2},
        ),
        ("note_signed", {"version": 1}),
    ]
    assert owner.signed_in.services.verify_audit().intact


@pytest.mark.postgres
def test_no_client_appends_signing_events_or_megabytes_to_the_trail(
    supabase_stack: SupabaseStack, clinic: Any
) -> None:
    _, roles, case_id, _ = clinic
    owner = roles["owner"]
    with supabase_stack.rest_as(owner.token) as rest:
        for action in ("note_signed", "note_amended"):
            answer = rest.post(
                "/rest/v1/audit_events",
                json={"case_id": case_id, "action": action, "details": '{"version":7}'},
            )
            assert answer.status_code == 403, answer.text
        huge = json.dumps({"fields": ["a" * 60] * 20_000}, separators=(",", ":"))
        answer = rest.post(
            "/rest/v1/audit_events",
            json={"case_id": case_id, "action": "case_opened", "details": huge},
        )
        assert answer.status_code == 400, answer.text
        ok = rest.post("/rest/v1/audit_events", json={"case_id": case_id, "action": "case_opened"})
        assert ok.status_code == 201, ok.text
    for name in ("other", "reviewer", "coordinator"):
        with supabase_stack.rest_as(roles[name].token) as rest:
            answer = rest.post(
                "/rest/v1/audit_events",
                json={"case_id": None, "action": "note_signed", "details": '{"version":1}'},
            )
            assert answer.status_code == 403, (name, answer.text)
    # A checkpoint a client writes without the app's key counts for nothing.
    with supabase_stack.rest_as(owner.token) as rest:
        events = rest.get(
            "/rest/v1/audit_events", params={"select": "seq,hash", "order": "seq.desc", "limit": 1}
        ).json()
        forged = {"seq": events[0]["seq"], "head_hash": events[0]["hash"], "seal": "0" * 64}
        assert rest.post("/rest/v1/audit_checkpoints", json=forged).status_code == 201
        wrong = {**forged, "seq": events[0]["seq"] + 5}
        assert rest.post("/rest/v1/audit_checkpoints", json=wrong).status_code == 403
    check = case_service(
        owner.signed_in.doctor, owner.signed_in.backend, seal_key=KEY
    ).verify_audit()
    assert check.intact and check.anchored_seq == check.events_checked
    # The app's own sealed checkpoint took that position beside the forged one: the trail
    # read again is anchored there, not merely said to be.
    again = owner.signed_in.backend.audit.verify(owner.signed_in.doctor.user_id, KEY)
    assert again.intact and again.anchored_seq == forged["seq"] == check.events_checked


# --- both backends ------------------------------------------------------------------------


def _as_owner_of_the_database(harness: BackendHarness, *statements: tuple[str, list[Any]]) -> None:
    """Run SQL as whoever holds the database itself, its guards switched off."""
    if isinstance(harness, LocalHarness):
        with harness.provider.database.write() as sql:
            for name in (
                "signed_notes_read_only",
                "audit_events_unchanged",
                "audit_events_kept",
            ):
                sql.execute(f"DROP TRIGGER IF EXISTS {name}")
            for statement, values in statements:
                sql.execute(statement.replace("%s", "?"), values)
        return
    assert isinstance(harness, SupabaseHarness)
    with harness.project.connect() as connection:
        connection.execute("set local session_replication_role = replica")
        for statement, values in statements:
            connection.execute(statement, values)


def test_a_version_changed_behind_the_app_reads_as_not_verified_everywhere(
    harness: BackendHarness, doctor_a: SignedIn
) -> None:
    case_id = _analysed(doctor_a)
    _review_all(doctor_a, case_id)
    signed = doctor_a.services.review.sign(case_id)
    assert signed.verified
    tampered = {"sections": {**signed.content["sections"], **FORGED_SECTIONS}}
    _as_owner_of_the_database(
        harness,
        (
            "update signed_notes set content = %s where note_id = %s",
            [json.dumps(tampered), signed.note_id],
        ),
    )
    (read,) = doctor_a.services.review.versions(case_id)
    assert read.section_text("soap_note") == {"plan": "stop all insulin"}
    assert not read.verified
    assert not doctor_a.services.review.summary(case_id).latest.verified
    bundle = doctor_a.services.fhir_bundle(case_id)
    composition = bundle["entry"][0]["resource"]
    assert "attester" not in composition  # not presented as attested
    assert "Not verified" in composition["text"]["div"]
    case = doctor_a.services.get_case(case_id).case
    insights = Insights.model_validate(
        doctor_a.backend.cases.get_insights(doctor_a.doctor.user_id, case_id)
    )
    assert NOTE_NOT_VERIFIED in chart_markdown(case, insights, read).replace("\\", "")


def test_signing_writes_one_event_from_the_store_and_the_version_verifies(
    doctor_a: SignedIn,
) -> None:
    case_id = _analysed(doctor_a)
    review = doctor_a.services.review
    _review_all(doctor_a, case_id)
    signed = review.sign(case_id)
    amended = review.amend(
        case_id, {"soap_note": {**EDITED_SOAP, "plan": "Oral iron, recheck in 6 weeks."}}, "Plan"
    )
    assert signed.verified and amended.verified
    assert [n.verified for n in review.versions(case_id)] == [True, True]
    actions = [
        (e.action, e.details)
        for e in doctor_a.services.audit_events(case_id)
        if e.action.startswith("note_")
    ]
    assert actions == [
        ("note_amended", {"sections": ["soap_note"], "version": 2}),
        ("note_signed", {"version": 1}),
    ]


def test_an_owner_who_deletes_an_event_and_rechains_the_rest_is_caught_by_the_checkpoint(
    harness: BackendHarness, doctor_a: SignedIn
) -> None:
    services = case_service(doctor_a.doctor, doctor_a.backend, seal_key=KEY)
    case_id = _analysed(doctor_a)
    for _ in range(3):
        services.open_case(case_id)
    first = services.verify_audit()
    assert first.intact and first.anchored_seq == first.events_checked
    services.open_case(case_id)
    owner = doctor_a.doctor.user_id
    events = sorted(doctor_a.backend.audit.events(owner), key=lambda e: e.seq)
    # Delete event 2 and re-chain every later one, hashes and all: the chain alone is intact.
    statements: list[tuple[str, list[Any]]] = [
        ("delete from audit_events where user_id = %s and seq = 2", [owner])
    ]
    previous = events[0].hash
    for new_seq, event in enumerate(events[2:], start=2):
        new_hash = event_hash(
            previous,
            new_seq,
            owner,
            event.case_id,
            event.action,
            event.details_json,
            occurred_text(event.occurred_at),
        )
        statements.append(
            (
                "update audit_events set seq = %s, prev_hash = %s, hash = %s"
                " where user_id = %s and seq = %s",
                [new_seq, previous, new_hash, owner, event.seq],
            )
        )
        previous = new_hash
    _as_owner_of_the_database(harness, *statements)
    relinked = doctor_a.backend.audit.verify(owner)  # without the app's key: looks intact
    assert relinked.intact
    check = services.verify_audit()
    assert not check.intact
    assert check.first_broken_seq == first.anchored_seq
    assert "re-chained" in (check.reason or "") or "there are" in (check.reason or "")


# --- the hash is the same in SQL and in Python --------------------------------------------


@pytest.mark.postgres
def test_sql_hashes_a_note_exactly_as_core_review_does(
    postgres_cluster: PostgresCluster, rls_database: str
) -> None:
    from datetime import UTC, datetime

    tricky = {
        "soap_note": {
            "decision": "edited",
            "text": {
                "plan": 'Ëxtra "quoted" \\ back\nline\ttab\x01 ✓ 😀 é',
                "B": ["z", "Z", "é", "e\u0301"],
                "a": None,
                "aa": "",
                "é": "key",
            },
            "reason": None,
        },
        "case_summary": {"decision": "accepted", "text": {"key_findings": []}, "reason": None},
        "primary_diagnosis": {"decision": "rejected", "text": None, "reason": "no"},
    }
    case_id, draft_id, signer = (str(uuid.uuid4()) for _ in range(3))
    with postgres_cluster.connect(rls_database) as db:
        assert db.execute(
            "select public.canonical_json(%s::jsonb)", [json.dumps(tricky)]
        ).fetchone()[0] == canonical(tricky)
        for moment in (
            datetime(2026, 11, 25, 18, 0, 0, 0, tzinfo=UTC),
            datetime(2026, 11, 25, 18, 0, 0, 120, tzinfo=UTC),
        ):
            sql_hash = db.execute(
                "select public.signed_note_hash(%s, 3, %s, %s::jsonb, %s, %s)",
                [case_id, draft_id, json.dumps(tricky), signer, moment],
            ).fetchone()[0]
            python_hash = content_hash(case_id, 3, draft_id, tricky, signer, signed_at_text(moment))
            assert sql_hash == python_hash
        db.rollback()


def test_the_embedded_store_refuses_a_forged_version_and_a_forged_signing_event(
    tmp_path,
) -> None:
    harness = LocalHarness(tmp_path / "data")
    doctor = harness.sign_up()
    case_id = _analysed(doctor)
    _review_all(doctor, case_id)
    signed = doctor.services.review.sign(case_id)
    owner = doctor.doctor.user_id
    row = [
        str(uuid.uuid4()),
        case_id,
        owner,
        2,
        signed.draft_id,
        json.dumps({"sections": FORGED_SECTIONS}),
        "0" * 64,
        owner,
        "x@t",
        "2020-01-01T00:00:00+00:00",
        "routine",
    ]
    insert = (
        "INSERT INTO signed_notes (note_id, case_id, user_id, version, draft_id, content,"
        " content_hash, signed_by, signer_email, signed_at, amendment_reason)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    )
    database = harness.provider.database
    with pytest.raises(sqlite3.IntegrityError, match="hash"), database.write() as sql:
        sql.execute(insert, row)
    with pytest.raises(sqlite3.IntegrityError, match="next version"), database.write() as sql:
        row[3] = 5
        row[6] = content_hash(
            case_id, 5, signed.draft_id, FORGED_SECTIONS, owner, "2020-01-01T00:00:00+00:00"
        )
        sql.execute(insert, row)
    with pytest.raises(sqlite3.IntegrityError, match="with their note"), database.write() as sql:
        sql.execute(
            "INSERT INTO audit_events (user_id, case_id, action, details)"
            " VALUES (?, ?, 'note_amended', '{\"version\":2}')",
            (owner, case_id),
        )
    with pytest.raises(sqlite3.IntegrityError, match="with their note"), database.write() as sql:
        sql.execute(
            "INSERT INTO audit_events (user_id, case_id, action, details)"
            " VALUES (?, ?, 'note_signed', '{\"version\":1}')",
            (owner, case_id),
        )
    assert [v.version for v in doctor.services.review.versions(case_id)] == [1]
