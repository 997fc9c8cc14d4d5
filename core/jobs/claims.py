"""The claims of running analyses: kept fresh by a heartbeat, failed past their deadline.

A job holds its case by a claim token in the case row. While it runs, the heartbeat
keeps the claim fresh whatever stage the job is in (a slow file never makes a live job
look dead); a job that outlives the policy's deadline has its case failed, and one whose
claim was taken over is told to stop at its next stage.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field

from core.audit import AuditAction
from core.jobs.recovery import RecoveryPolicy
from core.ports import Backend
from core.safe_logging import failure_frames

log = logging.getLogger(__name__)


class ClaimLost(Exception):
    """Another job took the case over (a re-run, or recovery of a stale claim): stop quietly."""


@dataclass
class ClaimedCase:
    """A running job's hold on its case, as the heartbeat sees it."""

    owner: str
    case_id: str
    claim: str
    backend: Backend
    started: float = field(default_factory=time.monotonic)
    stopped: bool = False  # its deadline passed: the case was failed for it


class Heartbeat:
    """Beats the claims of the running jobs on a thread of its own until stopped."""

    def __init__(self, policy: RecoveryPolicy) -> None:
        self.policy = policy
        self._lock = threading.Lock()
        self._running: dict[str, ClaimedCase] = {}  # claim -> job
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._beat, name="medcase-heartbeat", daemon=True)
        self._thread.start()

    def hold(self, job: ClaimedCase) -> None:
        """Beat this job's claim from now on."""
        with self._lock:
            self._running[job.claim] = job

    def release(self, claim: str) -> None:
        """The job of this claim has ended: beat it no more."""
        with self._lock:
            self._running.pop(claim, None)

    def stop(self) -> None:
        self._stop.set()

    def _beat(self) -> None:
        """Keep every running job's claim fresh; fail a job that outlives its deadline."""
        while not self._stop.wait(self.policy.heartbeat_seconds):
            self.beat_once()

    def beat_once(self) -> None:
        """One heartbeat over the running jobs (the thread's loop; tests call it directly)."""
        with self._lock:
            jobs = [job for job in self._running.values() if not job.stopped]
        deadline = self.policy.deadline.total_seconds()
        for job in jobs:
            try:
                if time.monotonic() - job.started > deadline:
                    job.stopped = True
                    fail_analysis(
                        job.owner,
                        job.case_id,
                        job.claim,
                        job.backend,
                        f"The analysis took longer than {_duration(deadline)} and was stopped",
                    )
                elif not job.backend.cases.heartbeat(job.owner, job.case_id, job.claim):
                    job.stopped = True  # taken over, archived or deleted: stop at the next stage
            except Exception:  # noqa: BLE001 - one failed beat must not stop the others
                log.warning("heartbeat of case %s failed:\n%s", job.case_id, failure_frames())


def fail_analysis(owner: str, case_id: str, claim: str, backend: Backend, reason: str) -> None:
    """End the claimed case ``failed`` with the reason the doctor reads."""
    log.warning("analysis of case %s failed: %s", case_id, reason)
    try:
        failed = backend.cases.fail_analysis(owner, case_id, claim, reason)
    except Exception:  # noqa: BLE001 - recovery picks the case up once its claim is stale
        log.error("could not record the failure of case %s:\n%s", case_id, failure_frames())
        return
    if failed and not backend.cases.records_analysis_end:
        record_analyzer_event(backend, owner, AuditAction.ANALYSIS_FAILED, case_id)


def record_analyzer_event(backend: Backend, owner: str, action: AuditAction, case_id: str) -> None:
    """The analyzer's events go on the owning doctor's trail (it acts for them)."""
    try:
        backend.audit.record(owner, action.value, case_id, {"by": "analyzer"})
    except Exception:  # noqa: BLE001 - the analysis stands; the missing event is reported
        log.error(
            "audit event %s of case %s was not recorded:\n%s", action, case_id, failure_frames()
        )


def _duration(seconds: float) -> str:
    """A time limit as a doctor reads it: "10 minutes", "45 seconds", "1 second"."""
    if seconds >= 120:
        amount, unit = round(seconds / 60), "minute"
    else:
        amount, unit = round(seconds), "second"
    return f"{amount} {unit}" + ("" if amount == 1 else "s")
