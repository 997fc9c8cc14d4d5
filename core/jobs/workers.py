"""Analyses in processes of their own: the dashboard only writes the case, a worker takes it.

With ``MEDCASE_ANALYZER=separate`` (what `make run` sets) the dashboard's process runs no
analysis: creating a case leaves it ``analyzing`` and unclaimed in the database, which is
the queue (docs/ARCHITECTURE.md, "Replicas sharing the work"). Each worker process
(`python worker.py`) looks every ``every_seconds`` whether the database changed (SQLite's
data_version: microseconds), and when it did, or once per ``sweep_seconds`` for claims that
went stale meanwhile, asks for the doctors with a waiting case and lets its runner take
them with the same atomic claim replicas use. So no analysis competes with page runs for
the dashboard's interpreter, and several workers share the queue without a case analysed
twice. Embedded backend only: one database holds every doctor's cases, so a worker can act
for each of them; under Supabase's RLS only the dashboard holds the doctors' tokens.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Protocol

from core.jobs.shared_queue import QueueTaker
from core.models import Doctor, utc_now
from core.ports import Backend
from core.safe_logging import failure_frames

log = logging.getLogger(__name__)


class LeftForWorkers:
    """The dashboard's analyzer when workers run the analyses: a case queued is a case
    already ``analyzing`` in the database, so there is nothing more to do here."""

    def enqueue(self, doctor: Doctor, case_id: str, open_backend: Callable[[], Backend]) -> None:
        log.info("case %s left for the analyzer workers", case_id)


class WaitingCaseSource(Protocol):
    """The embedded backend, as a worker reads the queue from it."""

    def waiting_doctors(self, stale_before: datetime) -> list[Doctor]: ...

    def changes_seen(self) -> int: ...

    def open_backend(self) -> Backend: ...


class WorkerQueue:
    """A worker process's poll of the shared queue (``run`` until ``stop``)."""

    def __init__(
        self,
        source: WaitingCaseSource,
        runner: QueueTaker,
        stale_after: timedelta,
        every_seconds: float,
        sweep_seconds: float,
    ) -> None:
        self.source = source
        self.runner = runner
        self.stale_after = stale_after
        self.every_seconds = every_seconds
        self.sweep_seconds = sweep_seconds
        self._seen: int | None = None
        self._looked_at = float("-inf")
        self._stop = threading.Event()

    def poll_once(self) -> int:
        """Offer the runner every doctor with a waiting case, if anything changed since the
        last look (or a sweep is due); how many jobs it started."""
        seen = self.source.changes_seen()
        now = time.monotonic()
        if seen == self._seen and now - self._looked_at < self.sweep_seconds:
            return 0
        self._seen, self._looked_at = seen, now
        started = 0
        for doctor in self.source.waiting_doctors(utc_now() - self.stale_after):
            taken = self.runner.take_queued(doctor, self.source.open_backend)
            if not taken:
                # Every worker busy: look again next time, changed or not, so a doctor
                # whose case waits behind another's is taken as soon as a worker frees.
                self._seen = None
            started += taken
        return started

    def run(self) -> None:
        """Poll until ``stop``; a failed poll is logged and the next one tries again."""
        while not self._stop.is_set():
            try:
                self.poll_once()
            except Exception:  # noqa: BLE001 - the worker must outlive one bad poll
                log.warning("looking for waiting cases failed:\n%s", failure_frames())
            self._stop.wait(self.every_seconds)

    def stop(self) -> None:
        self._stop.set()
