"""The background analyzer: a bounded pool of jobs, each the only writer of its case.

Creating a case only enqueues. A job claims its case atomically (a claim token in the
case row), so two jobs never analyse one case; the heartbeat keeps the claim fresh and
enforces the deadline (``core.jobs.claims``). A claim that stops beating for
``stale_after`` belongs to a dead process and may be taken over (when a case is offered
again is ``core.jobs.recovery``'s business). A case that has been taken over too
often ends ``failed`` with the reason. Each job opens its own backend and closes it when
done. Jobs write stage, result or failure through the backend and never touch Streamlit.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import tzinfo
from typing import Any

from core.analysis.engines.protocol import InsightEngine
from core.analysis.failures import AnalysisFailure
from core.analysis.pipeline import analyze_case
from core.analysis.reading.isolation import FileReading, InProcessReading
from core.audit import AuditAction
from core.insights import LabelledImageAnalysis
from core.jobs.claims import (
    ClaimedCase,
    ClaimLost,
    Heartbeat,
    fail_analysis,
    record_analyzer_event,
)
from core.jobs.patient_results import earlier_results
from core.jobs.recovery import RecoveryPolicy
from core.jobs.seal import seal
from core.models import CaseFile, Doctor, utc_now
from core.ports import Backend
from core.safe_logging import failure_frames

log = logging.getLogger(__name__)


class AnalysisRunner:
    """Runs case analyses in the background; create one per process."""

    def __init__(
        self,
        engine: InsightEngine,
        *,
        workers: int = 4,
        file_workers: int | None = None,
        policy: RecoveryPolicy | None = None,
        seal_key: bytes | None = None,
        reading: FileReading | None = None,
        clinic_zone: tzinfo | None = None,
    ) -> None:
        self.engine = engine
        # Where a lab result's time sent without any zone was taken (None: read as UTC).
        self.clinic_zone = clinic_zone
        # How files are opened: bootstrap gives each file its own child process
        # (reading.isolation); in-process for tests that build a runner directly.
        self.reading = reading or InProcessReading()
        self.seal_key = seal_key  # the analyzer's seal on what it writes (core.jobs.seal)
        self.policy = policy or RecoveryPolicy()
        self.stale_after = self.policy.stale_after
        self.workers = workers
        self._jobs = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="medcase-case")
        # File-level work has its own pool: a job waiting on its files never holds the
        # threads those files need, so jobs cannot deadlock the pool they run in.
        self._files = ThreadPoolExecutor(
            max_workers=file_workers or max(8, 4 * workers), thread_name_prefix="medcase-file"
        )
        self._pending: set[Future[None]] = set()
        self._waiting: set[tuple[str, str]] = set()  # queued cases whose job has not started
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._stop = threading.Event()
        # The heartbeat outlives the queue: running jobs keep beating until they finish.
        self._heartbeat = Heartbeat(self.policy)

    # --- the queue ------------------------------------------------------------------

    def enqueue(self, doctor: Doctor, case_id: str, open_backend: Callable[[], Backend]) -> None:
        """Queue the analysis of a case marked ``analyzing``; returns at once.

        ``open_backend`` gives the job its own backend, acting as the case's doctor; the
        job closes it when it ends.
        """
        key = (doctor.user_id, case_id)
        with self._lock:
            if key in self._waiting:
                return  # its queued job has not started yet and will see the latest state
            if self._stop.is_set():
                # Creating the case must not fail for this: it stays 'analyzing', unclaimed,
                # and the next recovery (at the latest the next start) picks it up.
                log.warning("case %s not queued: the analyzer is shutting down", case_id)
                return
            self._waiting.add(key)
            future = self._jobs.submit(self._run, doctor.user_id, case_id, open_backend)
            self._pending.add(future)
        future.add_done_callback(self._forget)
        log.info("case %s queued for analysis", case_id)

    def _forget(self, future: Future[None]) -> None:
        with self._lock:
            self._pending.discard(future)
            if not self._pending:
                self._idle.notify_all()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until no job is queued or running (for scripts, tests and benchmarks)."""
        with self._lock:
            return self._idle.wait_for(lambda: not self._pending, timeout)

    @property
    def queued(self) -> int:
        with self._lock:
            return len(self._pending)

    def shutdown(self, wait: bool = True) -> None:
        """Stop taking jobs; with ``wait``, return once the running and queued ones are done."""
        with self._lock:
            self._stop.set()
        # Without ``wait`` the queued jobs are dropped (their cases stay 'analyzing' for the
        # next recovery); running jobs always finish, and they need the file pool until then.
        self._jobs.shutdown(wait=False, cancel_futures=not wait)

        def finish() -> None:
            self._jobs.shutdown(wait=True)
            self._heartbeat.stop()
            self._files.shutdown(wait=True)
            self.engine.close()

        if wait:
            finish()
        else:
            threading.Thread(target=finish, name="medcase-shutdown", daemon=True).start()

    # --- one job --------------------------------------------------------------------

    def _run(self, owner: str, case_id: str, open_backend: Callable[[], Backend]) -> None:
        with self._lock:
            self._waiting.discard((owner, case_id))
        try:
            backend = open_backend()
        except Exception:  # noqa: BLE001 - a job must never die noisily in the pool
            log.error("could not open a backend for case %s:\n%s", case_id, failure_frames())
            return
        try:
            self._claim_and_analyze(owner, case_id, backend)
        finally:
            backend.close()

    def _claim_and_analyze(self, owner: str, case_id: str, backend: Backend) -> None:
        claim = str(uuid.uuid4())
        cases = backend.cases
        try:
            if not cases.claim_analysis(owner, case_id, claim, utc_now() - self.stale_after):
                log.info("case %s is not waiting for analysis or has a live claim", case_id)
                return
        except Exception:  # noqa: BLE001 - a job must never die noisily in the pool
            log.error("could not claim case %s:\n%s", case_id, failure_frames())
            return
        self._analyze_claimed(owner, case_id, claim, backend)

    # --- the queue replicas share -------------------------------------------------------

    def take_queued(self, doctor: Doctor, open_backend: Callable[[], Backend]) -> int:
        """If a worker is free, start a job that takes the doctor's waiting cases from the
        database (the queue every replica shares); 1 if one was started, else 0.

        A job that finds a case starts another for the same doctor while workers are free,
        and takes the next case when it is done, so a long queue spreads over every free
        worker while an empty one costs one query.
        """
        return self._start_taking(doctor.user_id, open_backend)

    def _start_taking(self, owner: str, open_backend: Callable[[], Backend]) -> int:
        with self._lock:
            if self._stop.is_set() or len(self._pending) >= self.workers:
                return 0
            future = self._jobs.submit(self._take_next, owner, open_backend)
            self._pending.add(future)
        future.add_done_callback(self._forget)
        return 1

    def _take_next(self, owner: str, open_backend: Callable[[], Backend]) -> None:
        """Claim and analyse the doctor's waiting cases one after another, on one backend,
        until none is left (or the runner stops)."""
        try:
            backend = open_backend()
        except Exception:  # noqa: BLE001 - a job must never die noisily in the pool
            log.error("could not open a backend to take queued cases:\n%s", failure_frames())
            return
        try:
            while not self._stop.is_set():
                claim = str(uuid.uuid4())
                stale_before = utc_now() - self.stale_after
                case_id = backend.cases.claim_next_analysis(owner, claim, stale_before)
                if case_id is None:
                    return
                self._start_taking(owner, open_backend)  # more may be waiting
                self._analyze_claimed(owner, case_id, claim, backend)
        except Exception:  # noqa: BLE001 - a job must never die noisily in the pool
            log.error("could not take a queued case:\n%s", failure_frames())
        finally:
            backend.close()

    def _analyze_claimed(self, owner: str, case_id: str, claim: str, backend: Backend) -> None:
        """Analyse a case this job holds the claim of, to completed or failed."""
        log.info("analysis of case %s started", case_id)
        if not backend.cases.records_analysis_start:
            record_analyzer_event(backend, owner, AuditAction.ANALYSIS_STARTED, case_id)
        job = ClaimedCase(owner, case_id, claim, backend)
        self._heartbeat.hold(job)
        try:
            self._analyze(job)
        except ClaimLost:
            log.info("analysis of case %s stopped: the case was taken over", case_id)
        except AnalysisFailure as failure:
            fail_analysis(owner, case_id, claim, backend, str(failure))
        except Exception as error:  # noqa: BLE001 - every failure must end the case 'failed'
            # The frames, not the message: a message may quote the patient's records.
            log.error("analysis of case %s crashed:\n%s", case_id, failure_frames())
            fail_analysis(
                owner, case_id, claim, backend, f"Analysis failed: {type(error).__name__}"
            )
        finally:
            self._heartbeat.release(claim)

    def _analyze(self, job: ClaimedCase) -> None:
        owner, case_id, claim, backend = job.owner, job.case_id, job.claim, job.backend
        cases = backend.cases
        case = cases.get_case(owner, case_id)
        if case is None:
            raise ClaimLost()  # deleted since it was queued
        if case.analysis_attempts > self.policy.max_attempts:
            raise AnalysisFailure(
                f"The analysis was interrupted {case.analysis_attempts - 1} times and has "
                "stopped; re-run the analysis to try again"
            )
        files = cases.list_files(owner, case_id)
        # The case's patient record: its identifiers kept from the engines, its date of
        # birth compared with a structured message's.
        record = backend.patients.get_patient(owner, case.patient_id) if case.patient_id else None

        def on_stage(stage: str) -> None:
            if job.stopped or not cases.record_stage(owner, case_id, claim, stage):
                raise ClaimLost()
            log.info("case %s: %s", case_id, stage)

        def read_file(record: CaseFile) -> bytes:
            return backend.blobs.get(record.file_url)

        def save_file_analysis(
            record: CaseFile, text_data: str | None, ai_summary: LabelledImageAnalysis | None
        ) -> None:
            cases.save_file_analysis(owner, record.file_id, text_data, ai_summary)

        def save_section(section: str, content: dict[str, Any]) -> None:
            # Guarded like the stages: a job that lost its claim writes nothing more.
            if job.stopped or not cases.save_draft_section(owner, case_id, claim, section, content):
                raise ClaimLost()

        insights = analyze_case(
            case,
            files,
            read_file,
            self.engine,
            on_stage,
            save_file_analysis,
            self._files,
            self.reading,
            on_section=save_section,
            patient_record=record,
            earlier=earlier_results(backend, owner, case),
            clinic_zone=self.clinic_zone,
        )
        insights.provenance.case_version = case.content_version
        if self.seal_key is not None:
            insights.provenance.seal = seal(
                case_id, insights.model_dump(mode="json"), self.seal_key
            )
        if not cases.complete_analysis(owner, case_id, claim, insights):
            raise ClaimLost()
        log.info("analysis of case %s completed", case_id)
        if not cases.records_analysis_end:
            record_analyzer_event(backend, owner, AuditAction.ANALYSIS_FINISHED, case_id)

    def beat_once(self) -> None:
        """One heartbeat over the running jobs (tests call it directly)."""
        self._heartbeat.beat_once()
