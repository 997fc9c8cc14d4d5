"""The audit trail, against every backend: events of every action, newest first, no
patient data; append-only and hash-chained; nobody can change or remove an event."""

from __future__ import annotations

import sqlite3
import threading
import uuid

import pytest

from core.audit import ANALYZER_ACTIONS, STORE_WRITTEN_ACTIONS, AuditAction, verify_chain
from core.errors import CaseNotFound, InvalidInput, PermissionDenied
from core.models import NewCase, Upload, utc_now
from tests import samples
from tests.contract.harness import BackendHarness, LocalHarness, SignedIn
from tests.doubles import finish_analysis

PATIENT = "Ada Lovelace-Example"


def _open(who: SignedIn, uploads: list[Upload] | None = None) -> str:
    form = NewCase(PATIENT, 54, "female", "Thirst for three weeks.")
    return who.services.create_case(form, uploads or []).case.case_id


def _actions(who: SignedIn, case_id: str) -> list[str]:
    return [event.action for event in who.services.audit_events(case_id)]


def test_every_action_on_a_case_is_an_event_newest_first_and_without_patient_data(
    harness: BackendHarness, doctor_a: SignedIn
) -> None:
    services = doctor_a.services
    case_id = _open(doctor_a, [Upload("labs.pdf", samples.pdf_bytes(), "lab")])
    services.open_case(case_id)
    services.update_case(case_id, {"patient_name": "Ada B. Example", "patient_age": 55})
    added = services.upload_file(case_id, Upload("chest.png", samples.png_bytes(), "radiology"))
    services.download_file(case_id, added.file_id)
    finish_analysis(doctor_a.backend, doctor_a.doctor.user_id, case_id)
    review = services.review
    review.review_section(case_id, "case_summary", "accept")
    review.review_section(case_id, "soap_note", "edit", edited={"plan": "Oral iron."})
    review.review_section(case_id, "primary_diagnosis", "reject", reason=f"{PATIENT} unsure")
    review.sign(case_id)
    review.amend(case_id, {"soap_note": {"plan": "Oral iron twice daily."}}, "Dose")
    services.record_export(case_id, "pdf")
    services.update_case(case_id, {"status": "archived"})
    services.update_case(case_id, {"status": "active"})

    events = services.audit_events(case_id)
    # The Supabase store records the end of the analysis in its own transaction (sec20);
    # the embedded one leaves it to the runner, which finish_analysis does not run.
    finished = ["analysis_finished"] if doctor_a.backend.cases.records_analysis_end else []
    # ... and the start with the claim (sec21).
    started = ["analysis_started"] if doctor_a.backend.cases.records_analysis_start else []
    assert [event.action for event in events] == [
        "case_restored",
        "case_archived",
        "case_exported",
        "note_amended",
        "note_signed",
        "section_rejected",
        "section_edited",
        "section_accepted",
        *finished,
        *started,
        "file_downloaded",
        "analysis_requested",  # a file added is read without waiting for Re-run
        "file_added",
        "case_updated",
        "case_opened",
        "case_created",
    ]
    assert [event.seq for event in events] == sorted((e.seq for e in events), reverse=True)
    by_action = {event.action: event.details for event in events}
    assert by_action["case_updated"] == {"fields": ["patient_age", "patient_name"]}
    assert by_action["section_rejected"] == {"section": "primary_diagnosis"}
    assert by_action["note_amended"] == {"sections": ["soap_note"], "version": 2}
    assert all(event.user_id == doctor_a.doctor.user_id for event in events)
    # Who, when, which case, what: never the patient's name, notes or typed text.
    stored = repr([(e.details_json, e.action, e.case_id) for e in events])
    for secret in ("Ada", "Lovelace", "Thirst", "unsure", "Oral iron", "Dose"):
        assert secret not in stored
    assert services.verify_audit().intact


def test_sign_in_and_out_are_on_the_doctors_trail(harness: BackendHarness) -> None:
    from core.services import AccountService

    email = f"dr-{uuid.uuid4().hex[:10]}@clinic.test"
    signed_up = harness.provider.accounts.sign_up(email, "s3cret-pass")
    recorded: list[str] = []

    def trail(session) -> None:
        backend = harness.provider.for_session(session)
        backend.audit.record(session.doctor.user_id, "signed_in")
        recorded.append("in")

    accounts = AccountService(harness.provider.accounts, on_sign_in=trail)
    session = accounts.sign_in(email, "s3cret-pass")
    backend = harness.provider.for_session(session)
    assert [e.action for e in backend.audit.events(session.doctor.user_id)] == ["signed_in"]
    assert recorded == ["in"] and signed_up.doctor == session.doctor


def test_details_that_could_carry_free_text_are_refused(doctor_a: SignedIn) -> None:
    case_id = _open(doctor_a)
    trail, owner = doctor_a.backend.audit, doctor_a.doctor.user_id
    for details in ({"note": PATIENT}, {"Name": "x"}, {"fields": ["ok", "Two words"]}):
        with pytest.raises(InvalidInput):
            trail.record(owner, "case_updated", case_id, details)
    with pytest.raises(InvalidInput):
        trail.record(owner, "case_renamed", case_id)


def test_every_action_and_every_kind_of_detail_goes_into_the_chain(doctor_a: SignedIn) -> None:
    # The store's own checks (an action list, the details' alphabet) must refuse nothing
    # that core.audit allows: they are written out again in each backend's migrations.
    case_id = _open(doctor_a)
    trail, owner = doctor_a.backend.audit, doctor_a.doctor.user_id
    details = {"fields": ["patient_age", "v1.2:x-y"], "version": -2, "format": "pdf", "n": 0}
    # The signing events come from the store's own signing transaction only; the analyzer's
    # steps as the analyzer records them (below).
    recorded = [
        action
        for action in AuditAction
        if action not in STORE_WRITTEN_ACTIONS and action not in ANALYZER_ACTIONS
    ]
    for action in recorded:
        trail.record(owner, action, case_id, details)
    for action in STORE_WRITTEN_ACTIONS:
        with pytest.raises(InvalidInput, match="written by the store"):
            trail.record(owner, action, case_id, details)
    events = trail.events(owner, case_id)
    assert [event.action for event in reversed(events)] == ["case_created", *recorded]
    assert all(event.details == details for event in events[: len(recorded)])
    check = trail.verify(owner)
    # ... after the harness's signer profile (its event) and the case's creation.
    assert (check.intact, check.events_checked) == (True, len(recorded) + 2)


def test_the_analyzers_steps_go_into_the_chain_as_the_analyzer_records_them(
    doctor_a: SignedIn,
) -> None:
    """Each at its step (under Supabase only then, and with the analyzer's key: sec19;
    the end of an analysis recorded by the store's own transaction there: sec20, and the
    start by the claim's: sec21)."""
    case_id = _open(doctor_a)
    cases, trail, owner = doctor_a.backend.cases, doctor_a.backend.audit, doctor_a.doctor.user_id
    by_the_analyzer = {"by": "analyzer"}
    if not cases.records_analysis_start:
        trail.record(owner, AuditAction.ANALYSIS_STARTED, case_id, by_the_analyzer)
    finish_analysis(doctor_a.backend, owner, case_id)
    if not cases.records_analysis_end:
        trail.record(owner, AuditAction.ANALYSIS_FINISHED, case_id, by_the_analyzer)
    assert cases.request_analysis(owner, case_id) is not None
    claim = str(uuid.uuid4())
    assert cases.claim_analysis(owner, case_id, claim, utc_now())
    if not cases.records_analysis_start:
        trail.record(owner, AuditAction.ANALYSIS_STARTED, case_id, by_the_analyzer)
    assert cases.fail_analysis(owner, case_id, claim, "The model did not answer")
    if not cases.records_analysis_end:
        trail.record(owner, AuditAction.ANALYSIS_FAILED, case_id, by_the_analyzer)
    events = trail.events(owner, case_id)
    steps = [event.action for event in reversed(events) if event.action in ANALYZER_ACTIONS]
    assert steps == [
        "analysis_started",
        "analysis_finished",
        "analysis_started",
        "analysis_failed",
    ]
    assert trail.verify(owner).intact


def test_concurrent_events_get_a_gap_free_chain(doctor_a: SignedIn) -> None:
    case_id = _open(doctor_a)
    trail, owner = doctor_a.backend.audit, doctor_a.doctor.user_id
    errors: list[BaseException] = []

    def record_some() -> None:
        try:
            for _ in range(5):
                trail.record(owner, "case_opened", case_id)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=record_some) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    events = trail.events(owner)
    assert sorted(event.seq for event in events) == list(range(1, len(events) + 1))
    check = trail.verify(owner)
    assert (check.intact, check.events_checked) == (True, len(events))


def test_chains_are_per_doctor_and_another_doctor_sees_none_of_mine(
    doctor_a: SignedIn, doctor_b: SignedIn
) -> None:
    case_id = _open(doctor_a)
    theirs = _open(doctor_b)
    # Each chain: the doctor's signer profile (set as the harness signs them up), a case.
    assert [e.case_id for e in doctor_b.services.audit_events()] == [theirs, None]
    with pytest.raises(CaseNotFound):
        doctor_b.services.audit_events(case_id)
    mine = doctor_a.services.audit_events()
    assert [e.seq for e in mine] == [2, 1]  # a's chain starts at 1 whatever b did
    # Nobody can put an event on another doctor's case (RLS, or the same rule embedded).
    with pytest.raises((CaseNotFound, PermissionDenied)):
        doctor_b.backend.audit.record(doctor_b.doctor.user_id, "case_opened", case_id)
    assert _actions(doctor_a, case_id) == ["case_created"]


def test_a_deleted_case_leaves_its_events(harness: BackendHarness, doctor_a: SignedIn) -> None:
    case_id = _open(doctor_a)
    doctor_a.services.delete_case(case_id)
    events = doctor_a.backend.audit.events(doctor_a.doctor.user_id, case_id)
    assert [e.action for e in events] == ["case_deleted", "case_created"]
    assert doctor_a.services.verify_audit().intact


def test_the_embedded_store_refuses_changes_and_removals_and_a_change_shows(
    tmp_path,
) -> None:
    harness = LocalHarness(tmp_path / "data")
    doctor = harness.sign_up()
    case_id = _open(doctor)
    doctor.services.open_case(case_id)
    db = harness.provider.database
    with pytest.raises(sqlite3.IntegrityError, match="never changed"), db.write() as sql:
        sql.execute("UPDATE audit_events SET action = 'case_opened' WHERE seq = 1")
    with pytest.raises(sqlite3.IntegrityError, match="never deleted"), db.write() as sql:
        sql.execute("DELETE FROM audit_events")
    with pytest.raises(sqlite3.IntegrityError, match="stamped by the database"), db.write() as sql:
        sql.execute(
            "INSERT INTO audit_events (user_id, case_id, action, seq, hash)"
            " VALUES (?, ?, 'case_opened', 99, 'forged')",
            (doctor.doctor.user_id, case_id),
        )
    # Someone with the file and SQLite in hand drops the guard and edits history:
    with db.write() as sql:
        sql.execute("DROP TRIGGER audit_events_unchanged")
        sql.execute("UPDATE audit_events SET details = '{\"files\":9}' WHERE seq = 1")
    check = doctor.services.verify_audit()
    assert (check.intact, check.first_broken_seq) == (False, 1)
    assert verify_chain([]).intact


def test_the_embedded_store_refuses_a_replace_an_unknown_action_and_free_text(
    tmp_path,
) -> None:
    harness = LocalHarness(tmp_path / "data")
    doctor = harness.sign_up()
    _open(doctor)
    trail, owner = doctor.backend.audit, doctor.doctor.user_id
    sealed = trail.events(owner)
    # Plain SQL, past the adapter: a REPLACE would delete event 1 without a delete trigger.
    for statement, refusal in (
        (
            "INSERT OR REPLACE INTO audit_events (event_id, user_id, action)"
            " VALUES (1, ?, 'signed_in')",
            "never replaced",
        ),
        (
            "REPLACE INTO audit_events (event_id, user_id, action) VALUES (1, ?, 'signed_in')",
            "never replaced",
        ),
        (
            "INSERT INTO audit_events (event_id, user_id, action) VALUES (-1, ?, 'signed_in')",
            "numbered by the database",
        ),
        (
            "INSERT INTO audit_events (user_id, action) VALUES (?, 'case_renamed')",
            "unknown audit action",
        ),
        (
            "INSERT INTO audit_events (user_id, action, details)"
            f" VALUES (?, 'signed_in', '{{\"note\":\"{PATIENT}\"}}')",
            "words and numbers",
        ),
    ):
        with (
            pytest.raises(sqlite3.IntegrityError, match=refusal),
            harness.provider.database.write() as sql,
        ):
            sql.execute(statement, (owner,))
    trail.record(owner, "signed_out")  # and the chain goes on from where it was
    assert trail.events(owner)[1:] == sealed
    assert trail.verify(owner).intact
