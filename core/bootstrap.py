"""The one place that wires MedCase together from Settings: backend, engine, analyzer,
and the service objects each signed-in session works through."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial

from core.analysis.engines import build_engine, engine_label
from core.analysis.engines.protocol import InsightEngine
from core.analysis.reading.isolation import (
    FileReading,
    InProcessReading,
    IsolatedReading,
    ReadingLimits,
)
from core.backends.local import LocalBackendProvider
from core.backends.supabase import SupabaseBackendProvider
from core.browser_sessions import BrowserSessions
from core.config import SEPARATE_ANALYZER, Settings
from core.jobs.recovery import Recovery, RecoveryPolicy
from core.jobs.runner import AnalysisRunner
from core.jobs.shared_queue import SharedQueue
from core.jobs.workers import LeftForWorkers, WorkerQueue
from core.keys import kept_secret
from core.models import AuthSession
from core.ports import BackendProvider
from core.services import AccountService, AnalysisQueue, CaseService, Limits
from core.services.leftover_files import LeftoverFiles
from core.services.member_lookup_guard import MemberLookupGuard
from core.services.pilots import PilotService
from core.services.sign_in_guard import SignInGuard
from core.warm_up import warm_up_analyzer, warm_up_in_background

log = logging.getLogger(__name__)


@dataclass
class Clinic:
    """Everything process-wide that the pages (or an HTTP API) need."""

    settings: Settings
    provider: BackendProvider
    analyzer: AnalysisQueue
    recovery: Recovery
    engine_label: str  # shown in the sidebar: which engine writes the insights
    seal_key: bytes | None = None  # checks the analyzer's seal on insights (None: unchecked)
    # What to stop when this clinic is dropped (the analyzer's threads, open clients).
    closers: list[Callable[[], None]] = field(default_factory=list)
    # Process-wide, so every session and request counts against the same attempts.
    sign_in_guard: SignInGuard | None = None
    member_lookup_guard: MemberLookupGuard = field(default_factory=MemberLookupGuard)
    # Signed-in sessions kept for a browser across reloads and tabs (None: not kept).
    browser_sessions: BrowserSessions | None = None
    # This replica's share of the queue all app processes work from (None: no polling).
    shared_queue: SharedQueue | None = None
    # How files are read: the analyzer's and the case page's thumbnails (build_clinic
    # gives both the same child processes and limits; in-process where a test builds one).
    reading: FileReading = field(default_factory=InProcessReading)
    # Stored files a failed clean-up left, per doctor, until their next token removes them.
    leftover_files: LeftoverFiles = field(default_factory=LeftoverFiles)

    def __post_init__(self) -> None:
        if self.sign_in_guard is None:
            self.sign_in_guard = SignInGuard(
                self.settings.sign_in_account_limits,
                self.settings.sign_in_address_limits,
                self.settings.sign_up_address_limits,
            )

    @property
    def backend_label(self) -> str:
        return self.provider.name

    @property
    def accounts(self) -> AccountService:
        """Sign-up, sign-in (which resumes the doctor's unfinished analyses), refresh."""
        return AccountService(
            self.provider.accounts,
            on_sign_in=self._signed_in,
            on_sign_out=self._signing_out,
            guard=self.sign_in_guard,
        )

    def services_for(self, session: AuthSession) -> CaseService:
        """The case operations of this signed-in doctor; close it when done with it."""
        if self.shared_queue is not None:
            # While this replica serves the doctor it also takes their waiting cases.
            self.shared_queue.serve(
                session.doctor, partial(self.provider.for_analysis, session), session.expires_at
            )
        services = CaseService(
            session.doctor,
            self.provider.for_session(session),
            self.analyzer,
            self.recovery,
            limits=Limits(
                max_file_bytes=self.settings.max_file_bytes,
                max_unpacked_bytes=self.settings.max_unpacked_mb * 1024 * 1024,
                max_files_per_case=self.settings.max_files_per_case,
                max_case_bytes=self.settings.max_case_mb * 1024 * 1024,
                max_files_per_request=self.settings.max_files_per_request,
                max_request_bytes=self.settings.max_request_mb * 1024 * 1024,
            ),
            # Each analysis job opens its own backend (reading as this doctor, writing the
            # analysis as the analyzer), and closes it.
            open_job_backend=partial(self.provider.for_analysis, session),
            seal_key=self.seal_key,
            fhir_patient_name=self.settings.fhir_patient_name,
            reading=self.reading,
            leftovers=self.leftover_files,
        )
        # A new token of the doctor's: what a failed clean-up left (a token that expired
        # in the middle of an upload) is removed now.
        services.remove_leftover_files()
        return services

    def pilots_for(self, services: CaseService) -> PilotService:
        """The pilot operations of the same signed-in account, through the same backend
        (closing ``services`` ends both)."""
        return PilotService(
            services.doctor, services.backend, services.reading, self.member_lookup_guard
        )

    def _signed_in(self, session: AuthSession) -> None:
        """On the doctor's trail, and their unfinished analyses offered again."""
        services = self.services_for(session)
        try:
            services.record_sign_in()
            services.resume_unfinished()
        finally:
            services.close()

    def _signing_out(self, session: AuthSession) -> None:
        services = self.services_for(session)
        if self.shared_queue is not None:
            self.shared_queue.forget(session.doctor)
        try:
            services.record_sign_out()
        finally:
            services.close()

    def close(self) -> None:
        """Stop what the clinic started; each closer runs even if an earlier one fails."""
        for closer in self.closers:
            try:
                closer()
            except Exception:  # one failed closer must not keep the others running
                log.exception("closing part of the clinic failed")


def recovery_policy(settings: Settings) -> RecoveryPolicy:
    """How the analyzer keeps claims alive and recovers dead ones, from the settings."""
    stale = settings.analysis_stale_seconds
    return RecoveryPolicy(
        stale_after=timedelta(seconds=stale),
        heartbeat_seconds=max(1.0, stale / 4),
        deadline=timedelta(minutes=settings.analysis_deadline_minutes),
        max_attempts=settings.analysis_max_attempts,
    )


def reading_limits(settings: Settings) -> ReadingLimits:
    """How long one file's reading may take, its child's memory, children at once."""
    return ReadingLimits(
        seconds=settings.file_reading_seconds,
        memory_bytes=settings.file_reading_mb * 1024 * 1024,
        processes=settings.file_readers,
    )


def insights_key(settings: Settings) -> bytes:
    """The analyzer's sealing key: MEDCASE_INSIGHTS_KEY, or one kept in the data folder
    (every app process of a Supabase deployment must share the same key)."""
    return kept_secret(settings.data_dir / "insights_key", settings.insights_key).encode()


def _local_provider(settings: Settings) -> LocalBackendProvider:
    return LocalBackendProvider(
        settings.data_dir,
        settings.jwt_secret,
        access_token_seconds=settings.access_token_minutes * 60,
        hashes_at_once=settings.password_hashes_at_once,
    )


def _runner(settings: Settings, engine: InsightEngine, reading: FileReading) -> AnalysisRunner:
    return AnalysisRunner(
        engine,
        workers=settings.analyzer_workers,
        policy=recovery_policy(settings),
        seal_key=insights_key(settings),
        reading=reading,
        clinic_zone=settings.clinic_zone,
    )


def build_clinic(settings: Settings) -> Clinic:
    """Choose the backend and analyzer from the settings."""
    provider: BackendProvider
    project = settings.supabase_project
    if project is not None:
        url, anon_key = project
        provider = SupabaseBackendProvider(url, anon_key, settings.supabase_analyzer_key)
        if not settings.supabase_analyzer_key:
            log.error(
                "SUPABASE_ANALYZER_KEY is not set: under Supabase the analyzer writes drafts, "
                "insights, critical values and file readings with its own role "
                "(medcase_analyzer), so every analysis will fail until it is set "
                "(docs/operations.md, Supabase)"
            )
        if settings.analyzer == SEPARATE_ANALYZER:
            log.warning(
                "MEDCASE_ANALYZER=separate is for the embedded backend: under Supabase only "
                "the dashboard holds the doctors' sessions, so it runs the analyses itself"
            )
    else:
        provider = _local_provider(settings)
    engine = build_engine(settings)
    policy = recovery_policy(settings)
    seal_key = insights_key(settings)
    # One reading per process: the analyzer's files and the page's thumbnails share its
    # children, so MEDCASE_FILE_READERS x MEDCASE_FILE_READING_MB bounds them all.
    reading = IsolatedReading(reading_limits(settings))
    # Kept in the data folder: a restart does not forget what a refused clean-up left.
    leftovers = LeftoverFiles.in_data_dir(settings.data_dir)
    warm_up_in_background()  # the code set, then long-lived objects out of the GC's way
    clinic = Clinic(
        settings=settings,
        provider=provider,
        analyzer=LeftForWorkers(),
        recovery=Recovery(LeftForWorkers(), policy),
        engine_label=engine_label(engine),
        seal_key=seal_key,
        browser_sessions=BrowserSessions.in_data_dir(settings.data_dir),
        reading=reading,
        leftover_files=leftovers,
        closers=[engine.close, provider.close, leftovers.close],
    )
    if settings.analyses_in_workers:
        # The worker processes take the cases from the database (core.jobs.workers).
        return clinic
    analyzer = _runner(settings, engine, reading)
    recovery = Recovery(analyzer, policy)
    recovery.start(provider)  # cases a stopped process left 'analyzing'
    shared_queue = SharedQueue(analyzer, policy.queue_every_seconds)
    shared_queue.start()  # waiting cases of the doctors this replica serves
    clinic.analyzer, clinic.recovery, clinic.shared_queue = analyzer, recovery, shared_queue
    # Running jobs finish in their threads; queued ones are recovered at the next start.
    # The runner closes the engine when its last job is done.
    clinic.closers = [
        recovery.stop,
        shared_queue.stop,
        lambda: analyzer.shutdown(wait=False),
        provider.close,
    ]
    return clinic


@dataclass
class AnalyzerWorker:
    """A process that only analyses (`python worker.py`): the embedded database's waiting
    cases, taken by this process's runner (core.jobs.workers)."""

    queue: WorkerQueue
    runner: AnalysisRunner

    def run(self) -> None:
        self.queue.run()

    def stop(self) -> None:
        """Stop taking cases; a running job's claim goes stale and another worker (or this
        one, restarted) takes the case over."""
        self.queue.stop()
        self.runner.shutdown(wait=False)


def build_worker(settings: Settings) -> AnalyzerWorker | None:
    """A worker for the embedded backend; None under Supabase, where the dashboard runs
    the analyses (only it holds the doctors' sessions that RLS asks for)."""
    if settings.uses_supabase:
        return None
    provider = _local_provider(settings)
    reading = IsolatedReading(reading_limits(settings))
    runner = _runner(settings, build_engine(settings), reading)
    policy = recovery_policy(settings)
    warm_up_analyzer()  # before the first case, not during it
    queue = WorkerQueue(
        provider,
        runner,
        stale_after=policy.stale_after,
        every_seconds=settings.worker_poll_seconds,
        sweep_seconds=policy.sweep_interval,
    )
    return AnalyzerWorker(queue, runner)
