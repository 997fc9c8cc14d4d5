"""Analyses in a process of their own (issue #25): the dashboard's clinic only writes the
case; `python worker.py`, a real OS process on the same SQLite database, analyses it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.audit import AuditAction
from core.bootstrap import Clinic, build_clinic, build_worker
from core.config import Settings
from core.jobs.runner import AnalysisRunner
from core.jobs.workers import LeftForWorkers
from core.models import NewCase, Upload
from tests.samples import pdf_bytes

ROOT = Path(__file__).resolve().parents[2]
FORM = NewCase("Worker Patient", 58, "female", "Tired for a month.")
WAIT_SECONDS = 180  # the worker warms up first; niced, it waits longest on a busy machine
# Settings of the developer's shell that could point either process elsewhere.
_OUTSIDE_SETTINGS = ("SUPABASE_", "OPENAI_", "MEDCASE_")


@pytest.fixture
def dashboard(tmp_path: Path) -> Iterator[Clinic]:
    clinic = build_clinic(Settings(data_dir=tmp_path / "data", analyzer="separate"))
    try:
        yield clinic
    finally:
        clinic.close()


def start_worker(data_dir: Path, log: Path) -> subprocess.Popen[bytes]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith(_OUTSIDE_SETTINGS)}
    environment |= {
        "MEDCASE_DATA_DIR": str(data_dir),
        "MEDCASE_ANALYZER": "separate",
        "MEDCASE_WORKER_POLL_SECONDS": "0.1",
    }
    with log.open("wb") as output:
        return subprocess.Popen(
            [sys.executable, "worker.py"],
            cwd=ROOT,
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT,
        )


def test_the_dashboard_runs_no_analysis_when_workers_do(dashboard: Clinic) -> None:
    assert isinstance(dashboard.analyzer, LeftForWorkers)
    assert dashboard.shared_queue is None
    session = dashboard.accounts.sign_up("left@clinic.test", "worker-pass-word")
    services = dashboard.services_for(session)
    case_id = services.create_case(FORM, [Upload("cbc.pdf", pdf_bytes(), "lab")]).case.case_id
    time.sleep(1)
    case = services.get_case(case_id).case
    assert case.status == "analyzing" and case.analysis_attempts == 0  # never claimed here
    services.close()


def test_a_case_created_by_the_dashboard_is_analysed_by_the_worker_process(
    dashboard: Clinic, tmp_path: Path
) -> None:
    worker = start_worker(dashboard.settings.data_dir, tmp_path / "worker.log")
    try:
        session = dashboard.accounts.sign_up("worker@clinic.test", "worker-pass-word")
        services = dashboard.services_for(session)
        created = services.create_case(FORM, [Upload("cbc.pdf", pdf_bytes(), "lab")])
        case_id = created.case.case_id
        deadline = time.monotonic() + WAIT_SECONDS
        while services.get_case(case_id).case.status == "analyzing":
            assert worker.poll() is None, (tmp_path / "worker.log").read_text()[-3000:]
            assert time.monotonic() < deadline, "the worker did not analyse the case"
            time.sleep(0.1)
        detail = services.get_case(case_id)
        assert detail.case.status == "completed", detail.case.analysis_error
        assert detail.ai_insights is not None
        actions = [event.action for event in services.audit_events(case_id)]
        assert actions.count(AuditAction.ANALYSIS_FINISHED.value) == 1
        services.close()
    finally:
        worker.terminate()
        worker.wait(timeout=20)
    assert worker.returncode == 0  # SIGTERM stops it cleanly


def test_under_supabase_the_dashboard_keeps_the_analyses(tmp_path: Path) -> None:
    # Only the dashboard holds the doctors' sessions that RLS asks for: no worker there.
    settings = Settings(
        data_dir=tmp_path / "data",
        analyzer="separate",
        supabase_url="http://127.0.0.1:9",
        supabase_anon_key="anon",
    )
    assert not settings.analyses_in_workers
    assert build_worker(settings) is None
    clinic = build_clinic(settings)
    try:
        assert isinstance(clinic.analyzer, AnalysisRunner)
    finally:
        clinic.close()
