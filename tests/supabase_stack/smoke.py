"""The doctor's journey against a Supabase project, end to end, through core.services.

    SUPABASE_URL=https://<ref>.supabase.co SUPABASE_ANON_KEY=<anon key> \\
        SUPABASE_ANALYZER_KEY=<analyzer key> .venv/bin/python -m tests.supabase_stack.smoke

Signs up a throwaway doctor (or signs in with SMOKE_EMAIL / SMOKE_PASSWORD when the
project asks new accounts to confirm their email), opens a case with a lab file and a
radiology image, lets the offline rules engine analyse it, edits it, adds a file, checks
that a second doctor cannot see it, refreshes the token, deletes the case and signs out.
Nothing is left behind but the accounts. The test suite runs it against the local stack.
"""

from __future__ import annotations

import os
import sys
import uuid
from collections.abc import Callable, Mapping

from core.analysis.rules.engine import RulesEngine
from core.backends.supabase import SupabaseBackendProvider
from core.config import Settings
from core.errors import CaseNotFound, InvalidInput
from core.jobs.runner import AnalysisRunner
from core.models import AuthSession, NewCase, Upload
from tests import samples
from tests.doubles import case_service

PASSWORD_FOR_NEW_DOCTORS = "smoke-" + uuid.uuid4().hex[:12]


def _doctor(provider: SupabaseBackendProvider, email: str | None, password: str | None):
    if email and password:
        return provider.accounts.sign_in(email, password)
    return provider.accounts.sign_up(
        f"smoke-{uuid.uuid4().hex[:10]}@medcase.test", PASSWORD_FOR_NEW_DOCTORS
    )


def run_journey(
    url: str,
    anon_key: str,
    analyzer_key: str | None,
    email: str | None = None,
    password: str | None = None,
    say: Callable[[str], None] = print,
) -> None:
    """Walk the journey; raises at the first step that does not behave."""
    provider = SupabaseBackendProvider(url, anon_key, analyzer_key)
    runner = AnalysisRunner(RulesEngine(), workers=2)
    try:
        session = _doctor(provider, email, password)
        # The analysis job's backend: the analyzer's key writes the draft.
        doctor, backend = session.doctor, provider.for_analysis(session)
        say(f"ok: signed in as {doctor.email}")

        lab = Upload("labs.pdf", samples.pdf_bytes(samples.LAB_REPORT_LINES), "lab")
        scan = Upload("chest.png", samples.png_bytes(), "radiology")
        form = NewCase("Smoke Test Patient", 61, "female", "Thirst and fatigue for a month.")
        case = case_service(doctor, backend, runner).create_case(form, [lab, scan]).case
        say(f"ok: case {case.case_id} created with 2 files")

        if not runner.wait_idle(timeout=180):
            raise AssertionError("the analysis did not finish within 3 minutes")
        detail = case_service(doctor, backend).get_case(case.case_id)
        if detail.case.status != "completed" or not detail.ai_insights:
            raise AssertionError(
                f"analysis ended {detail.case.status}: {detail.case.analysis_error}"
            )
        say(f"ok: analysed, confidence {detail.ai_insights['overall_confidence_score']:.2f}")

        updated = case_service(doctor, backend).update_case(case.case_id, {"patient_age": 62})
        if updated.patient_age != 62 or updated.updated_at <= detail.case.updated_at:
            raise AssertionError("the update did not take, or updated_at did not move")
        note = Upload("note.txt", b"Fasting glucose 182 mg/dL", "lab")
        record = case_service(doctor, backend).upload_file(case.case_id, note)
        if case_service(doctor, backend).read_file(case.case_id, record.file_id) != note.content:
            raise AssertionError("the stored file came back different")
        say("ok: updated, and a third file stored and read back")

        _second_doctor_sees_nothing(provider, case.case_id, say)

        refreshed = provider.accounts.refresh(session.refresh_token)
        fresh_backend = provider.for_session(refreshed)
        if case.case_id not in {
            c.case_id for c in case_service(doctor, fresh_backend).list_cases()
        }:
            raise AssertionError("the refreshed session lost the case")
        say("ok: token refreshed")

        case_service(doctor, fresh_backend).delete_case(case.case_id)
        try:
            case_service(doctor, fresh_backend).get_case(case.case_id)
        except CaseNotFound:
            pass
        else:
            raise AssertionError("the deleted case is still there")
        provider.accounts.sign_out(refreshed)
        say("ok: case deleted, signed out")
    finally:
        runner.shutdown(wait=True)
        provider.close()


def _second_doctor_sees_nothing(
    provider: SupabaseBackendProvider, case_id: str, say: Callable[[str], None]
) -> None:
    try:
        other: AuthSession = provider.accounts.sign_up(
            f"smoke-{uuid.uuid4().hex[:10]}@medcase.test", PASSWORD_FOR_NEW_DOCTORS
        )
    except InvalidInput as refused:  # e.g. the project wants emails confirmed first
        say(f"skipped: second doctor ({refused.detail})")
        return
    backend = provider.for_session(other)
    try:
        case_service(other.doctor, backend).get_case(case_id)
    except CaseNotFound:
        pass
    else:
        raise AssertionError("another doctor could read the case")
    if case_service(other.doctor, backend).list_cases():
        raise AssertionError("another doctor's list is not empty")
    provider.accounts.sign_out(other)
    say("ok: a second doctor cannot see the case")


def main(environment: Mapping[str, str] = os.environ) -> int:
    settings = Settings.from_sources(environment)
    if not settings.uses_supabase:
        print("Set SUPABASE_URL and SUPABASE_ANON_KEY to the project to check.", file=sys.stderr)
        return 2
    try:
        run_journey(
            settings.supabase_url,
            settings.supabase_anon_key,
            settings.supabase_analyzer_key,
            environment.get("SMOKE_EMAIL"),
            environment.get("SMOKE_PASSWORD"),
        )
    except Exception as failure:
        print(f"FAILED: {type(failure).__name__}: {failure}", file=sys.stderr)
        return 1
    print("The journey works on this project.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
