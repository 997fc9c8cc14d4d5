"""What only the Supabase backend has: RLS behind the HTTP APIs, token errors, the claim
as a conditional update, the analyzer over PostgREST, and a strict test stack.

Everything runs through the real supabase-py client against the local stack over a real
PostgreSQL 15 (tests/supabase_stack); without PostgreSQL these skip (and fail in CI).
"""

from __future__ import annotations

import contextlib
import threading
import uuid
from collections.abc import Iterator
from datetime import timedelta

import httpx
import psycopg
import pytest
from postgrest.exceptions import APIError
from psycopg.types.json import Jsonb

from benchmarks.case_list import insights_for
from core.analysis.rules.engine import RulesEngine
from core.backends.supabase import SupabaseBackendProvider
from core.backends.supabase_blobs import BUCKET
from core.bootstrap import build_clinic
from core.config import Settings
from core.errors import (
    CaseNotFound,
    FileTooLarge,
    InvalidInput,
    NotAuthenticated,
    PermissionDenied,
)
from core.files import FILE_KINDS
from core.jobs.recovery import RecoveryPolicy
from core.jobs.runner import AnalysisRunner
from core.models import AuthSession, CaseQuery, NewCase, Upload, utc_now
from core.services.pilots import PilotService
from tests import samples
from tests.contract.harness import LocalHarness, SignedIn, claim_gone_quiet
from tests.contract.test_critical_results import SODIUM, _analysed
from tests.doubles import case_service, put_in_status
from tests.supabase_stack.harness import SupabaseHarness
from tests.supabase_stack.server import SupabaseStack
from tests.supabase_stack.smoke import main as smoke_main
from tests.supabase_stack.smoke import run_journey

pytestmark = pytest.mark.postgres


@pytest.fixture
def stack_harness(supabase_stack: SupabaseStack) -> Iterator[SupabaseHarness]:
    harness = SupabaseHarness(supabase_stack)
    yield harness
    harness.close()


def _session(harness: SupabaseHarness) -> AuthSession:
    return harness.provider.accounts.sign_up(f"dr-{uuid.uuid4().hex[:8]}@clinic.test", "pass-word")


def _open_case(who: SignedIn, uploads: list[Upload] | None = None):
    return who.services.create_case(
        NewCase("Ada Example", 54, "female", "Thirst."), uploads or []
    ).case


# --- RLS is the barrier, not the app's owner filter -----------------------------------------


def test_without_the_owner_filter_rls_still_hides_another_doctors_rows(
    stack_harness: SupabaseHarness,
) -> None:
    a, b = _session(stack_harness), _session(stack_harness)
    a_backend = stack_harness.provider.for_session(a)
    case = _open_case(SignedIn(a.doctor, a_backend), [Upload("l.txt", b"Glucose 180", "lab")])
    intruder = stack_harness.provider.session_client(b)

    assert intruder.table("cases").select("*").execute().data == []
    assert intruder.table("case_files").select("*").execute().data == []
    patched = intruder.table("cases").update({"patient_name": "Taken"}).eq("case_id", case.case_id)
    assert patched.execute().data == []
    assert intruder.table("cases").delete().eq("case_id", case.case_id).execute().data == []
    # The owner's own client sees it, unchanged.
    mine = stack_harness.provider.session_client(a).table("cases").select("*").execute().data
    assert [(row["case_id"], row["patient_name"]) for row in mine] == [
        (case.case_id, "Ada Example")
    ]


def test_storage_keeps_each_doctor_in_their_own_folder(stack_harness: SupabaseHarness) -> None:
    a, b = _session(stack_harness), _session(stack_harness)
    a_blobs = stack_harness.provider.for_session(a).blobs
    b_blobs = stack_harness.provider.for_session(b).blobs
    key = f"{a.doctor.user_id}/{uuid.uuid4()}/{uuid.uuid4()}/labs.pdf"
    a_blobs.put(key, b"%PDF-1.4 a's file", "application/pdf")

    with pytest.raises(CaseNotFound):
        b_blobs.get(key)
    with pytest.raises(PermissionDenied):
        b_blobs.put(f"{a.doctor.user_id}/{uuid.uuid4()}/x/evil.pdf", b"x", "application/pdf")
    b_blobs.delete([key])
    b_blobs.delete_folder(f"{a.doctor.user_id}/")
    assert a_blobs.get(key) == b"%PDF-1.4 a's file"
    assert stack_harness.stored_keys() == {key}


def test_the_bucket_refuses_other_types_and_oversized_files(
    stack_harness: SupabaseHarness,
) -> None:
    with stack_harness.project.connect() as connection:
        size_limit, allowed = connection.execute(
            "select file_size_limit, allowed_mime_types from storage.buckets where id = %s",
            [BUCKET],
        ).fetchone()
    assert size_limit == 50 * 1024 * 1024
    assert set(allowed) == {kind.mime_type for kind in FILE_KINDS.values()}
    a = _session(stack_harness)
    blobs = stack_harness.provider.for_session(a).blobs
    folder = f"{a.doctor.user_id}/{uuid.uuid4()}/{uuid.uuid4()}"
    with pytest.raises(InvalidInput, match="does not accept this type"):
        blobs.put(f"{folder}/page.html", b"<html>", "text/html")
    with pytest.raises(FileTooLarge):
        blobs.put(f"{folder}/big.pdf", b"%PDF" + b"0" * size_limit, "application/pdf")
    assert stack_harness.stored_keys() == set()


def test_the_anon_key_alone_reads_nothing_and_writes_nothing(
    stack_harness: SupabaseHarness, supabase_stack: SupabaseStack
) -> None:
    a = _session(stack_harness)
    _open_case(SignedIn(a.doctor, stack_harness.provider.for_session(a)))
    headers = {
        "apikey": supabase_stack.anon_key,
        "Authorization": f"Bearer {supabase_stack.anon_key}",
    }
    with httpx.Client(base_url=supabase_stack.url, headers=headers) as anon:
        assert anon.get("/rest/v1/cases", params={"select": "*"}).status_code == 401
        created = anon.post("/rest/v1/cases", json={"patient_name": "X"})
        assert created.status_code == 401
    assert stack_harness.row_counts()["cases"] == 1


# --- tokens -----------------------------------------------------------------------------------


def _forged(supabase_stack: SupabaseStack, session: AuthSession, lifetime: int) -> AuthSession:
    claims = {"sub": session.doctor.user_id, "role": "authenticated", "session_id": "x"}
    token = supabase_stack.project.sign(claims, lifetime)
    return AuthSession(session.doctor, token, "", 0)


@pytest.mark.parametrize("token", ["expired", "tampered"])
def test_an_expired_or_tampered_token_is_not_authenticated_everywhere(
    stack_harness: SupabaseHarness, supabase_stack: SupabaseStack, token: str
) -> None:
    session = _session(stack_harness)
    if token == "expired":
        bad = _forged(supabase_stack, session, lifetime=-10)
    else:
        bad = AuthSession(session.doctor, session.access_token[:-4] + "AAAA", "", 0)
    backend = stack_harness.provider.for_session(bad)
    for attempt in (
        lambda: case_service(bad.doctor, backend).list_cases(),
        lambda: backend.blobs.get(f"{bad.doctor.user_id}/a/b/c.pdf"),
        lambda: stack_harness.provider.accounts.verify(bad.access_token),
    ):
        with pytest.raises(NotAuthenticated) as error:
            attempt()
        assert (error.value.status, error.value.detail) == (
            401,
            "Invalid authentication credentials",
        )


# --- the analyzer's claim ---------------------------------------------------------------------


def test_a_claim_is_taken_once_and_a_stale_one_can_be_taken_over(
    stack_harness: SupabaseHarness,
) -> None:
    who = stack_harness.sign_up()
    owner, cases = who.doctor.user_id, who.backend.cases
    case_id = _open_case(who).case_id
    now = utc_now()
    first, second = str(uuid.uuid4()), str(uuid.uuid4())

    assert cases.claim_analysis(owner, case_id, first, stale_before=now - timedelta(minutes=5))
    assert not cases.claim_analysis(owner, case_id, second, stale_before=now - timedelta(minutes=5))
    assert cases.record_stage(owner, case_id, first, "lab_documents_processed")
    # A time to come does not make a claim that beat just now stale (sec21)...
    assert not cases.claim_analysis(owner, case_id, second, stale_before=utc_now() + timedelta(1))
    # ...the first job went quiet; after the stale window another process takes the case.
    claim_gone_quiet(stack_harness, case_id, 60)
    assert cases.claim_analysis(owner, case_id, second, stale_before=utc_now() + timedelta(1))
    assert not cases.record_stage(owner, case_id, first, "case_summary_generated")
    late, taken_over = insights_for("Late job", "R53.83"), insights_for("Anaemia", "D64.9")
    assert not cases.complete_analysis(owner, case_id, first, late)
    assert cases.get_insights(owner, case_id) is None
    assert cases.complete_analysis(owner, case_id, second, taken_over)
    assert cases.get_insights(owner, case_id) == taken_over.model_dump(mode="json")
    assert cases.get_case(owner, case_id).status == "completed"
    # A completed case is no longer 'analyzing': nobody can claim it.
    assert not cases.claim_analysis(owner, case_id, first, stale_before=utc_now() + timedelta(1))


def test_racing_processes_claim_a_case_exactly_once(stack_harness: SupabaseHarness) -> None:
    session = _session(stack_harness)
    who = SignedIn(session.doctor, stack_harness.provider.for_session(session))
    case_id = _open_case(who).case_id
    start = threading.Barrier(8)
    won: list[bool] = []

    def claim() -> None:
        # One job's backend per "process": the claim is the analyzer's (sec20).
        backend = stack_harness.provider.for_analysis(session)
        start.wait()
        won.append(
            backend.cases.claim_analysis(
                who.doctor.user_id, case_id, str(uuid.uuid4()), utc_now() - timedelta(minutes=5)
            )
        )

    threads = [threading.Thread(target=claim) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(won) == [False] * 7 + [True]


def test_the_analyzer_completes_a_case_over_postgrest(stack_harness: SupabaseHarness) -> None:
    who = stack_harness.sign_up()
    runner = AnalysisRunner(RulesEngine(), workers=2)
    try:
        created = case_service(who.doctor, who.backend, runner).create_case(
            NewCase("Ada Example", 61, "female", "Thirst and fatigue."),
            [
                Upload("labs.pdf", samples.pdf_bytes(samples.LAB_REPORT_LINES), "lab"),
                Upload("chest.png", samples.png_bytes(), "radiology"),
            ],
        )
        assert runner.wait_idle(timeout=60)
    finally:
        runner.shutdown(wait=True)
    detail = who.services.get_case(created.case.case_id)
    assert (detail.case.status, detail.case.analysis_stage) == ("completed", "completed")
    assert 0.0 <= detail.ai_insights["overall_confidence_score"] <= 1.0
    lab = next(f for f in detail.files if f.file_category == "lab")
    assert lab.text_data and "Glucose" in lab.text_data


def test_a_doctors_sign_in_resumes_what_a_dead_process_left_analysing(
    stack_harness: SupabaseHarness,
) -> None:
    """No start-up sweep sees every doctor's rows under RLS: the doctor's own session
    picks their unfinished cases up again, and a live claim is still left alone."""
    who = stack_harness.sign_up()
    owner, cases = who.doctor.user_id, who.backend.cases
    crashed, alive = _open_case(who).case_id, _open_case(who).case_id
    assert cases.claim_analysis(owner, crashed, str(uuid.uuid4()), utc_now())
    assert cases.claim_analysis(owner, alive, str(uuid.uuid4()), utc_now())
    with stack_harness.project.connect() as connection:
        connection.execute(
            "update public.cases set analysis_claimed_at = now() - interval '1 hour'"
            " where case_id = %s",
            [crashed],
        )

    policy = RecoveryPolicy(stale_after=timedelta(minutes=10))
    runner = AnalysisRunner(RulesEngine(), workers=2, policy=policy)
    try:
        assert case_service(who.doctor, who.backend, runner).resume_unfinished() == 2
        assert runner.wait_idle(timeout=60)
    finally:
        runner.shutdown(wait=True)
    assert cases.get_case(owner, crashed).status == "completed"
    assert cases.get_insights(owner, crashed) is not None
    assert cases.get_case(owner, alive).status == "analyzing"


# --- wiring and the stack itself --------------------------------------------------------------


def test_supabase_settings_wire_the_supabase_backend(supabase_stack: SupabaseStack) -> None:
    clinic = build_clinic(
        Settings(
            supabase_url=supabase_stack.url,
            supabase_anon_key=supabase_stack.anon_key,
            supabase_analyzer_key=supabase_stack.analyzer_key,
        )
    )
    try:
        assert isinstance(clinic.provider, SupabaseBackendProvider)
        assert clinic.backend_label == "Supabase"
        assert clinic.analyzer is not None
    finally:
        clinic.close()


@pytest.mark.parametrize(
    ("method", "path", "params"),
    [
        ("GET", "/rest/v1/cases", {"select": "*", "offset": "-1"}),
        ("GET", "/rest/v1/cases", {"select": "*", "patient_name": "ilike.*a*"}),
        ("GET", "/rest/v1/cases", {"select": "no_such_column"}),
        ("GET", "/rest/v1/doctors", {}),
        ("GET", "/auth/v1/user", {"extra": "1"}),
    ],
)
def test_the_stack_refuses_what_it_does_not_know(
    stack_harness: SupabaseHarness, supabase_stack: SupabaseStack, method, path, params
) -> None:
    session = _session(stack_harness)
    headers = {"apikey": supabase_stack.anon_key, "Authorization": f"Bearer {session.access_token}"}
    with httpx.Client(base_url=supabase_stack.url, headers=headers) as client:
        answer = client.request(method, path, params=params)
    assert answer.status_code in (400, 404), answer.text


def test_the_stack_refuses_unknown_preferences(
    stack_harness: SupabaseHarness, supabase_stack: SupabaseStack
) -> None:
    session = _session(stack_harness)
    headers = {
        "apikey": supabase_stack.anon_key,
        "Authorization": f"Bearer {session.access_token}",
        "Prefer": "return=representation,tx=rollback",
    }
    with httpx.Client(base_url=supabase_stack.url, headers=headers) as client:
        answer = client.patch("/rest/v1/cases", json={"patient_age": 1})
    assert answer.status_code == 400


def test_the_smoke_journey_passes_against_the_stack(supabase_stack: SupabaseStack) -> None:
    steps: list[str] = []
    run_journey(
        supabase_stack.url,
        supabase_stack.anon_key,
        supabase_stack.analyzer_key,
        say=steps.append,
    )
    assert [step.split(":")[0] for step in steps] == ["ok"] * 7
    assert steps[-1] == "ok: case deleted, signed out"


def test_the_smoke_script_needs_the_two_settings() -> None:
    assert smoke_main({}) == 2


# --- the case list: the same answers as the embedded backend --------------------------------

LIST_QUERIES = [
    CaseQuery(),
    CaseQuery(search="ada"),
    CaseQuery(search="%"),
    CaseQuery(search="_"),
    CaseQuery(search="ÉMILE"),
    CaseQuery(statuses=("archived",)),
    CaseQuery(statuses=("completed", "analyzing"), descending=False),
    CaseQuery(limit=2, offset=1),
    CaseQuery(search="nobody"),
]


def _caseload(harness) -> tuple[SignedIn, list[tuple]]:
    """Five cases in several states (one analysed), and another doctor's 'Ada' beside them."""
    who, other = harness.sign_up(), harness.sign_up()
    _open_case(other)
    names = ["Ada Lovelace", "Grace 100% Hopper", "ada_b", "Émile Zola", "Ève Curie"]
    ids = [who.services.create_case(NewCase(name, 40, "other"), []).case.case_id for name in names]
    cases, owner = who.backend.cases, who.doctor.user_id
    claim = str(uuid.uuid4())
    assert cases.claim_analysis(owner, ids[0], claim, utc_now() - timedelta(minutes=5))
    assert cases.complete_analysis(owner, ids[0], claim, insights_for("Type 2 diabetes", "E11.9"))
    who.services.update_case(ids[1], {"status": "archived"})
    put_in_status(who.backend, who.doctor.user_id, ids[2], "failed")
    answers = []
    for query in LIST_QUERIES:
        page = who.services.list_case_page(query)
        rows = [
            (r.case.patient_name, r.case.status, r.primary_diagnosis, r.icd_code) for r in page.rows
        ]
        answers.append((rows, page.total, page.counts_by_status))
    return who, answers


def test_the_case_list_answers_as_the_embedded_backend_does(
    stack_harness: SupabaseHarness, tmp_path
) -> None:
    _, embedded = _caseload(LocalHarness(tmp_path / "data"))
    _, supabase = _caseload(stack_harness)
    for query, expected, got in zip(LIST_QUERIES, embedded, supabase, strict=True):
        assert got == expected, query
    # Not alike by accident: the filters did pick different rows (% and _ are no wildcards).
    assert [row[0] for row in supabase[1][0]] == ["ada_b", "Ada Lovelace"]
    assert [row[0] for row in supabase[3][0]] == ["ada_b"]
    assert [row[0] for row in supabase[4][0]] == ["Émile Zola"]
    assert supabase[2][0] == []  # "Grace 100% Hopper" is archived, so not listed by default
    assert supabase[0][0][0] == ("Ève Curie", "analyzing", None, None)  # newest first
    assert ("Ada Lovelace", "completed", "Type 2 diabetes", "E11.9") in supabase[0][0]


# --- forged insights are shown as not verified -------------------------------------------


def test_insights_a_doctor_forges_through_postgrest_are_not_verified(
    stack_harness: SupabaseHarness,
) -> None:
    key = b"the analyzer's key, held by the app servers only"
    session = _session(stack_harness)
    backend = stack_harness.provider.for_analysis(session)
    who = SignedIn(session.doctor, backend)
    services = case_service(session.doctor, backend, seal_key=key)
    analysed = _open_case(who)
    runner = AnalysisRunner(RulesEngine(), workers=1, seal_key=key)
    try:
        runner.enqueue(session.doctor, analysed.case_id, backend.borrowed)
        assert runner.wait_idle(timeout=60)
    finally:
        runner.shutdown(wait=True)
    genuine = services.get_case(analysed.case_id)
    assert (genuine.case.status, genuine.insights_verified) == ("completed", True)

    rest = stack_harness.provider.session_client(session).postgrest
    # The doctor's own token, straight to PostgREST, changes no insights (sec18: only the
    # analyzer's role writes them) ...
    altered = {**genuine.ai_insights, "overall_confidence_score": 0.99}
    with pytest.raises(APIError):
        rest.from_("case_insights").update({"ai_insights": altered}).eq(
            "case_id", analysed.case_id
        ).execute()
    assert services.get_case(analysed.case_id).insights_verified is True
    # ... and what whoever holds the database changes shows as not verified.
    with stack_harness.project.connect() as connection:
        connection.execute(
            "update public.case_insights set ai_insights = %s where case_id = %s",
            [Jsonb(altered), analysed.case_id],
        )
    assert services.get_case(analysed.case_id).insights_verified is False

    # A record written from scratch, for a case never analysed, "by" any model.
    forged_case = _open_case(who)
    forged = {**genuine.ai_insights}
    forged["provenance"] = {**forged["provenance"], "written_by": "GPT-9", "seal": "0" * 64}
    row = {"case_id": forged_case.case_id, "user_id": session.doctor.user_id, "ai_insights": forged}
    with pytest.raises(APIError):
        rest.from_("case_insights").insert(row).execute()
    with stack_harness.project.connect() as connection:
        connection.execute(
            "insert into public.case_insights (case_id, user_id, ai_insights) values (%s, %s, %s)",
            [forged_case.case_id, session.doctor.user_id, Jsonb(forged)],
        )
    # The doctor's token no longer marks the case analysed either (sec20): the database's
    # owner does, as whoever holds the database could.
    with pytest.raises(APIError):
        rest.from_("cases").update({"status": "completed"}).eq(
            "case_id", forged_case.case_id
        ).execute()
    with stack_harness.project.connect() as connection:
        connection.execute(
            "update public.cases set status = 'completed' where case_id = %s",
            [forged_case.case_id],
        )
    detail = services.get_case(forged_case.case_id)
    assert (detail.case.status, detail.insights_verified) == ("completed", False)


# --- the audit trail cannot be altered by any client -------------------------------------


def test_audit_events_cannot_be_changed_or_removed_through_postgrest_or_by_the_owner(
    stack_harness: SupabaseHarness,
) -> None:
    a, b = _session(stack_harness), _session(stack_harness)
    a_side = SignedIn(a.doctor, stack_harness.provider.for_session(a))
    case_id = _open_case(a_side).case_id
    a_side.services.open_case(case_id)
    before = [e.hash for e in a_side.services.audit_events(case_id)]
    assert len(before) == 2

    for who in (a, b):  # the owner, and another doctor, straight to PostgREST
        rest = stack_harness.provider.session_client(who).postgrest
        with contextlib.suppress(Exception):
            rest.from_("audit_events").update({"action": "case_created"}).eq(
                "case_id", case_id
            ).execute()
        with contextlib.suppress(Exception):
            rest.from_("audit_events").delete().eq("case_id", case_id).execute()
    # A forged stamp is overwritten by the trigger: the chain stays the database's.
    rest = stack_harness.provider.session_client(a).postgrest
    rest.from_("audit_events").insert(
        {
            "user_id": a.doctor.user_id,
            "case_id": case_id,
            "action": "case_opened",
            "details": "{}",
            "seq": 1,
            "prev_hash": "",
            "hash": "f" * 64,
            "occurred_at": "2000-01-01T00:00:00Z",
        }
    ).execute()
    events = a_side.services.audit_events(case_id)
    assert [e.hash for e in events][1:] == before  # nothing changed or went away
    assert (events[0].seq, events[0].occurred_at.year) == (3, utc_now().year)
    assert a_side.services.verify_audit().intact

    with stack_harness.project.connect() as connection:  # the database owner
        for statement in (
            "update public.audit_events set action = 'case_created' where case_id = %s",
            "delete from public.audit_events where case_id = %s",
        ):
            refused = pytest.raises(psycopg.errors.InsufficientPrivilege)
            with refused, connection.transaction():
                connection.execute(statement, [case_id])
        # An owner who turns the guard off and rewrites history is found out.
        with connection.transaction():
            connection.execute(
                "alter table public.audit_events disable trigger audit_events_unchanged"
            )
            connection.execute(
                "update public.audit_events set details = '{\"files\":9}'"
                " where case_id = %s and seq = 1",
                [case_id],
            )
            connection.execute(
                "alter table public.audit_events enable trigger audit_events_unchanged"
            )
    check = a_side.services.verify_audit()
    assert (check.intact, check.first_broken_seq) == (False, 1)


def test_free_text_in_audit_details_is_refused_even_straight_through_postgrest(
    stack_harness: SupabaseHarness,
) -> None:
    a = _session(stack_harness)
    a_side = SignedIn(a.doctor, stack_harness.provider.for_session(a))
    case_id = _open_case(a_side).case_id
    rest = stack_harness.provider.session_client(a).postgrest
    for forged in (
        {"details": '{"note":"Ada Example"}'},
        {"details": '{"note":"ada example"}'},
        {"details": '{"note":"Ada"}'},
        {"action": "case_renamed"},
    ):
        row = {"case_id": case_id, "action": "case_opened", "details": "{}", **forged}
        with pytest.raises(APIError) as refused:
            rest.from_("audit_events").insert(row).execute()
        assert refused.value.code == "23514"  # a check constraint, whoever asks
    assert [e.action for e in a_side.services.audit_events(case_id)] == ["case_created"]


def test_the_chain_check_reads_every_page_when_the_project_caps_its_answers(
    stack_harness: SupabaseHarness,
) -> None:
    a = _session(stack_harness)
    backend = stack_harness.provider.for_session(a)
    trail, owner = backend.audit, a.doctor.user_id
    for _ in range(7):
        trail.record(owner, "signed_in")
    with stack_harness.project.connect() as connection, connection.transaction():
        connection.execute("alter table public.audit_events disable trigger audit_events_unchanged")
        connection.execute(
            "update public.audit_events set action = 'signed_out' where user_id = %s and seq = 5",
            [owner],
        )
        connection.execute("alter table public.audit_events enable trigger audit_events_unchanged")
    stack_harness.project.max_rows = 3  # a project's "Max rows", below the adapter's page
    try:
        assert len(trail.events(owner)) == 3
        check = trail.verify(owner)
    finally:
        stack_harness.project.max_rows = None
    assert (check.intact, check.first_broken_seq, check.events_checked) == (False, 5, 5)
    backend.close()


def test_a_pilots_cases_are_read_in_full_when_the_project_caps_its_answers(
    stack_harness: SupabaseHarness,
) -> None:
    """The pilot adapter read pages until one came back shorter than its own page size:
    under a project's "Max rows" below it, the first short answer ended a pilot of three
    cases at one. It reads until a page comes back empty."""
    lead_session, owner_session = _session(stack_harness), _session(stack_harness)
    lead_backend = stack_harness.provider.for_session(lead_session)
    owner = SignedIn(owner_session.doctor, stack_harness.provider.for_analysis(owner_session))
    lead = PilotService(lead_session.doctor, lead_backend)
    pilot = lead.create_pilot("Paging", "", "2026-11-01", "2027-01-31")
    lead.add_member(pilot.pilot_id, owner.doctor.email, "doctor")
    cases = [_analysed(owner, SODIUM, name=f"Patient {n}") for n in range(3)]
    PilotService(owner.doctor, owner.backend).enrol(pilot.pilot_id, cases)
    stack_harness.project.max_rows = 1
    try:
        numbers = [e.number for e in lead.enrolments(pilot.pilot_id)]
    finally:
        stack_harness.project.max_rows = None
    assert numbers == [1, 2, 3]
    lead_backend.close()
    owner.backend.close()
