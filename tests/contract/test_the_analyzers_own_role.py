"""sec18: the analyzer writes as a role of its own (medcase_analyzer).

The analyzer wrote drafts, insights, critical findings and a file's reading with the
doctor's own token, so that token sent straight to PostgREST could store a "draft" the AI
never wrote, make it current, accept it and sign it as the AI's. Now no doctor's,
reviewer's or coordinator's token writes them
(20261128020000_the_analyzers_own_role.sql); the analyzer's key writes only the analysis
of a case being analysed, and reads nothing of the patient, the review or the audit.
"""

from __future__ import annotations

import logging
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest

from core.analysis.failures import AnalyzerNotConfigured
from core.analysis.rules.engine import RulesEngine
from core.backends.supabase import SupabaseBackendProvider
from core.backends.supabase_cases import ANALYZER_KEY_MISSING
from core.bootstrap import build_clinic
from core.config import Settings
from core.jobs.runner import AnalysisRunner
from core.models import NewCase, utc_now
from tests.contract.harness import SignedIn
from tests.contract.test_pilot_integrity import pilot  # noqa: F401  (fixture)
from tests.doubles import case_service, sample_insights
from tests.supabase_stack.server import SupabaseStack

pytestmark = pytest.mark.postgres

ROLES = ("doctor", "other", "reviewer", "coordinator")
WRITES = (
    "a draft",
    "the current insights",
    "the insights replaced",
    "a critical finding",
    "a file's reading",
    "a file uploaded with a reading",
)
FORGED = {"case_summary": {"summary": "Forged: the AI never wrote this"}}


def _state(stack: SupabaseStack, case_id: str) -> tuple[Any, ...]:
    """What the analysis of the case holds, read as the database's owner."""
    with stack.project.connect() as connection:
        return connection.execute(
            "select (select count(*) from public.ai_drafts where case_id = %(c)s),"
            " (select ai_insights::text || draft_id::text from public.case_insights"
            "  where case_id = %(c)s),"
            " (select count(*) from public.critical_findings where case_id = %(c)s),"
            " (select string_agg(coalesce(text_data, '') || coalesce(ai_summary::text, ''),"
            "  '|' order by file_id) from public.case_files where case_id = %(c)s),"
            " (select count(*) from public.case_files where case_id = %(c)s)",
            {"c": case_id},
        ).fetchone()


def _attempt(
    rest: httpx.Client, write: str, case_id: str, owner: str, file_id: str
) -> httpx.Response:
    draft_id = str(uuid.uuid4())
    insights = {**sample_insights(), **FORGED}
    if write == "a draft":
        row = {"draft_id": draft_id, "case_id": case_id, "user_id": owner, "ai_insights": insights}
        return rest.post("/rest/v1/ai_drafts", json=row)
    if write == "the current insights":
        row = {"case_id": case_id, "user_id": owner, "ai_insights": insights}
        return rest.post("/rest/v1/case_insights", json=row)
    if write == "the insights replaced":
        return rest.patch(
            "/rest/v1/case_insights",
            params={"case_id": f"eq.{case_id}"},
            json={"ai_insights": insights},
        )
    if write == "a critical finding":
        with_draft = rest.get("/rest/v1/ai_drafts", params={"select": "draft_id"}).json()
        row = {
            "case_id": case_id,
            "user_id": owner,
            "draft_id": with_draft[0]["draft_id"]
            if isinstance(with_draft, list) and with_draft
            else draft_id,
            "value_key": "potassium|7.9|mmol/l",
            "analyte": "Potassium",
            "shown": "Potassium 7.9 mmol/L",
        }
        return rest.post("/rest/v1/critical_findings", json=row)
    if write == "a file's reading":
        return rest.patch(
            "/rest/v1/case_files",
            params={"file_id": f"eq.{file_id}"},
            json={"text_data": "Haemoglobin 4.1 g/dL (forged)"},
        )
    row = {
        "file_id": str(uuid.uuid4()),
        "case_id": case_id,
        "user_id": owner,
        "file_name": "forged.txt",
        "file_type": "text/plain",
        "file_size": 10,
        "file_url": f"{owner}/{case_id}/{uuid.uuid4()}/forged.txt",
        "file_category": "lab",
        "text_data": "Haemoglobin 4.1 g/dL (forged)",
    }
    return rest.post("/rest/v1/case_files", json=row)


@pytest.mark.parametrize("write", WRITES)
@pytest.mark.parametrize("role", ROLES)
def test_no_accounts_token_writes_the_analysis_of_a_case(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
    role: str,
    write: str,
) -> None:
    """The owner's token (and another doctor's, the pilot's reviewer's and coordinator's)
    sent straight to PostgREST writes no draft, insights, critical value or reading, on the
    analysed case or on one being analysed."""
    _, roles, ids = pilot
    owner: SignedIn = roles["doctor"].signed_in
    waiting = owner.services.create_case(NewCase("Ann Lee", 40, "female", "Tired."), []).case
    for case_id in (ids["case"], waiting.case_id):
        (lab, *_) = owner.backend.cases.list_files(owner.doctor.user_id, ids["case"])
        before = _state(supabase_stack, case_id)
        with supabase_stack.rest_as(roles[role].token) as rest:
            answer = _attempt(rest, write, case_id, owner.doctor.user_id, lab.file_id)
        # Refused outright, or (a filter that matches no row the role may change) nothing.
        assert answer.status_code in (204, 401, 403, 404) or answer.json() == [], answer.text
        assert _state(supabase_stack, case_id) == before, (role, write)


def _analyzer(stack: SupabaseStack) -> httpx.Client:
    return stack.rest_as(stack.analyzer_key)


def test_the_analyzer_writes_the_analysis_of_a_case_being_analysed_only(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    _, roles, ids = pilot
    owner: SignedIn = roles["doctor"].signed_in
    me = owner.doctor.user_id
    waiting = owner.services.create_case(NewCase("Ann Lee", 40, "female", "Tired."), []).case
    insights = sample_insights()

    def draft(case_id: str, user_id: str) -> httpx.Response:
        row = {
            "draft_id": str(uuid.uuid4()),
            "case_id": case_id,
            "user_id": user_id,
            "ai_insights": insights,
        }
        with _analyzer(supabase_stack) as rest:
            return rest.post("/rest/v1/ai_drafts", json=row, headers={"Prefer": "return=minimal"})

    assert draft(waiting.case_id, me).status_code == 201
    # Not for a case already analysed (signed off, enrolled), another owner, or no case.
    assert draft(ids["case"], me).status_code == 403
    assert draft(waiting.case_id, roles["other"].signed_in.doctor.user_id).status_code == 403
    assert draft(str(uuid.uuid4()), me).status_code in (403, 409)
    # Still of the analyzer's shape.
    with _analyzer(supabase_stack) as rest:
        word = rest.post(
            "/rest/v1/ai_drafts",
            json={
                "draft_id": str(uuid.uuid4()),
                "case_id": waiting.case_id,
                "user_id": me,
                "ai_insights": {**insights, "provenance": "rules"},
            },
            headers={"Prefer": "return=minimal"},
        )
    assert word.status_code == 400, word.text


@pytest.mark.parametrize(
    "table",
    [
        "cases",
        "patients",
        "case_files",
        "ai_drafts",
        "case_insights",
        "critical_findings",
        "critical_acknowledgments",
        "section_reviews",
        "signed_notes",
        "audit_events",
        "audit_checkpoints",
        "doctor_profiles",
        "pilots",
        "pilot_members",
        "pilot_cases",
        "pilot_case_insights",
        "pilot_reviews",
    ],
)
def test_the_analyzer_reads_nothing_and_changes_nothing_else(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
    table: str,
) -> None:
    """No patient's name, note, review, signed note, audit event or pilot row: every read
    of a whole row is refused, and so is every write outside the analysis."""
    _, roles, ids = pilot
    before = _state(supabase_stack, ids["case"])
    with _analyzer(supabase_stack) as rest:
        read = rest.get(f"/rest/v1/{table}", params={"select": "*"})
        assert read.status_code == 403, (table, read.text)
        changed = rest.patch(
            f"/rest/v1/{table}",
            params={"user_id": f"eq.{roles['doctor'].signed_in.doctor.user_id}"},
            json={"user_id": roles["other"].signed_in.doctor.user_id},
        )
        assert changed.status_code in (400, 403), (table, changed.text)
        removed = rest.delete(f"/rest/v1/{table}", params={"case_id": f"eq.{ids['case']}"})
        # No content: nothing removed (the insights of an analysed case are not its to drop).
        assert removed.status_code in (204, 400, 403), (table, removed.text)
    assert _state(supabase_stack, ids["case"]) == before


def test_the_analyzer_calls_no_function_of_the_doctors(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    _, _, ids = pilot
    with _analyzer(supabase_stack) as rest:
        for name, arguments in (
            (
                "sign_note",
                {"p_case": ids["case"], "p_version": 1, "p_draft": None, "p_sections": {}},
            ),
            ("list_case_page", {"owner_id": str(uuid.uuid4())}),
            (
                "acknowledge_critical_value",
                {"p_case": ids["case"], "p_value_key": "k", "p_method": "phone"},
            ),
        ):
            answer = rest.post(f"/rest/v1/rpc/{name}", json=arguments)
            assert answer.status_code in (400, 403), (name, answer.text)


def test_without_the_analyzer_key_an_analysis_fails_saying_what_is_missing(
    supabase_stack: SupabaseStack,
) -> None:
    provider = SupabaseBackendProvider(supabase_stack.url, supabase_stack.anon_key)
    runner = AnalysisRunner(RulesEngine(), workers=1)
    try:
        session = provider.accounts.sign_up(f"dr-{uuid.uuid4().hex[:8]}@clinic.test", "s3cret-pass")
        services = case_service(session.doctor, provider.for_analysis(session), runner)
        case_id = services.create_case(NewCase("Ann Lee", 40, "female", "Tired."), []).case.case_id
        assert runner.wait_idle(timeout=60)
        case = services.get_case(case_id).case
    finally:
        runner.shutdown(wait=True)
        provider.close()
    # Since sec20 the claim and the end of an analysis are the analyzer's too: without the
    # key no job takes the case, which waits (unclaimed, no attempt counted) until a server
    # with the key does; the doctor's token cannot mark it failed. The claim says why.
    assert (case.status, case.analysis_attempts, case.analysis_error) == ("analyzing", 0, None)
    provider = SupabaseBackendProvider(supabase_stack.url, supabase_stack.anon_key)
    backend = provider.for_analysis(session)
    try:
        with pytest.raises(AnalyzerNotConfigured, match="SUPABASE_ANALYZER_KEY"):
            backend.cases.claim_analysis(
                session.doctor.user_id, case_id, str(uuid.uuid4()), utc_now()
            )
    finally:
        backend.close()
        provider.close()
    assert "SUPABASE_ANALYZER_KEY" in ANALYZER_KEY_MISSING


def test_supabase_settings_without_the_analyzer_key_say_so_at_start(
    supabase_stack: SupabaseStack, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    settings = Settings(
        supabase_url=supabase_stack.url,
        supabase_anon_key=supabase_stack.anon_key,
        data_dir=tmp_path / "data",
    )
    with caplog.at_level(logging.ERROR, logger="core.bootstrap"):
        clinic = build_clinic(settings)
    clinic.close()
    assert any("SUPABASE_ANALYZER_KEY is not set" in r.getMessage() for r in caplog.records)
