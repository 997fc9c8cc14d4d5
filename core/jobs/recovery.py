"""Recovery of unfinished analyses: the one place that decides when a case left
``analyzing`` is queued again, how often, and with whose session.

A process that stops mid-analysis leaves its cases ``analyzing``. Three moments look for
them: a sweep over every doctor's cases (where the backend can see them all: embedded),
a doctor's sign-in (their own cases, with their token: Supabase under RLS), and a case
being watched (its page is open, or an API client polls it). Each only *offers* the case
to the runner; the job takes it only when it is unclaimed or its claim has gone stale, so
a live job, here or in another process, is left alone.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Protocol

from core.models import MAX_PAGE_SIZE, Case, CaseQuery, CaseStatus, Doctor
from core.ports import Backend, BackendProvider
from core.safe_logging import failure_frames

log = logging.getLogger(__name__)

_RESUMED_KEPT = 10_000


@dataclass(frozen=True)
class RecoveryPolicy:
    """When a claim counts as abandoned, how often a case may be offered again, and how
    long and how many times a case may be analysed before it ends ``failed``."""

    # A live job beats its claim every ``heartbeat_seconds`` whatever it is doing; a claim
    # silent for ``stale_after`` belongs to a dead process and may be taken over.
    stale_after: timedelta = timedelta(seconds=30)
    heartbeat_seconds: float = 7.5
    # Pages and API clients that poll a case offer it at most this often.
    resume_every_seconds: float = 60.0
    # The sweep over every doctor's cases; None means every third of ``stale_after``, so a
    # restarted process takes its dead predecessor's cases back within a minute.
    sweep_every_seconds: float | None = None
    # How often each replica asks the database for the waiting cases of the doctors it
    # serves (core.jobs.shared_queue), so replicas share the work and take over a dead
    # replica's cases.
    queue_every_seconds: float = 5.0
    # A case is analysed at most this long, and taken over at most this often, before it
    # ends ``failed`` with the reason (instead of looping through recoveries).
    deadline: timedelta = timedelta(minutes=10)
    max_attempts: int = 3

    @property
    def sweep_interval(self) -> float:
        if self.sweep_every_seconds is not None:
            return self.sweep_every_seconds
        return self.stale_after.total_seconds() / 3


class JobQueue(Protocol):
    """Where recovered cases go: the analyzer runner."""

    def enqueue(
        self, doctor: Doctor, case_id: str, open_backend: Callable[[], Backend]
    ) -> None: ...


class Recovery:
    """Offers unfinished analyses to the runner, under one policy."""

    def __init__(self, runner: JobQueue, policy: RecoveryPolicy | None = None) -> None:
        self.runner = runner
        self.policy = policy or RecoveryPolicy()
        self._resumed: dict[tuple[str, str], float] = {}  # case -> when it was last offered
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._sweeper: threading.Thread | None = None

    # --- a watched case, and a doctor's sign-in ----------------------------------------

    def resume_case(self, doctor: Doctor, case: Case, open_backend: Callable[[], Backend]) -> bool:
        """Offer a watched case still marked analyzing, at most once per
        ``resume_every_seconds``; whether it was offered."""
        if case.status != CaseStatus.ANALYZING.value:
            return False
        key = (doctor.user_id, case.case_id)
        now = time.monotonic()
        window = self.policy.resume_every_seconds
        with self._lock:
            last = self._resumed.get(key)
            if last is not None and now - last < window:
                return False
            if len(self._resumed) > _RESUMED_KEPT:  # forget what is long past the window
                self._resumed = {k: t for k, t in self._resumed.items() if t >= now - window}
            self._resumed[key] = now
        self.runner.enqueue(doctor, case.case_id, open_backend)
        return True

    def resume_doctor(
        self, doctor: Doctor, backend: Backend, open_backend: Callable[[], Backend]
    ) -> int:
        """Offer every case of the doctor's still marked analyzing (at sign-in); how many.

        Under Supabase the app sees only the signed-in doctor's rows, so their sign-in is
        where their unfinished analyses are picked up again.
        """
        resumed = 0
        query = CaseQuery(
            statuses=(CaseStatus.ANALYZING.value,), descending=False, limit=MAX_PAGE_SIZE
        )
        while True:
            page = backend.cases.list_case_page(doctor.user_id, query)
            for row in page.rows:
                resumed += self.resume_case(doctor, row.case, open_backend)
            if len(page.rows) < query.limit:
                break
            query = replace(query, offset=query.offset + query.limit)
        if resumed:
            log.info("sign-in queued %d unfinished analysis(es)", resumed)
        return resumed

    # --- the sweep over every doctor's cases ------------------------------------------

    def sweep(self, provider: BackendProvider) -> int:
        """Offer every case left analyzing that the provider can see; how many."""
        unfinished = provider.unfinished_analyses()
        for item in unfinished:
            self.runner.enqueue(item.owner, item.case_id, item.open_backend)
        if unfinished:
            log.info("recovery queued %d unfinished analysis(es)", len(unfinished))
        return len(unfinished)

    def start(self, provider: BackendProvider) -> None:
        """Sweep now, then every ``sweep_interval``, so a claim left by a process that died
        just before this one started is also picked up."""
        self.sweep(provider)
        interval = self.policy.sweep_interval

        def sweep_forever() -> None:
            while not self._stop.wait(interval):
                try:
                    self.sweep(provider)
                except Exception:  # noqa: BLE001 - the sweeper must outlive one bad sweep
                    log.warning("recovery sweep failed:\n%s", failure_frames())

        self._sweeper = threading.Thread(target=sweep_forever, name="medcase-recovery", daemon=True)
        self._sweeper.start()

    def stop(self) -> None:
        self._stop.set()
