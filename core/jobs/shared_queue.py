"""This replica's share of the analysis queue every app process works from.

Several app processes (replicas behind a load balancer) share one database. A case waiting
for analysis is simply a case ``analyzing`` with no live claim; there is no queue besides
the ``cases`` table. Each replica polls, for every doctor whose session it serves, for
their waiting cases and takes them, spread over its free workers, each with one atomic
claim (``CaseRepository.claim_next_analysis``), so a case is analysed by exactly one
replica and a case whose replica died (its claim stopped beating) is taken over by another
that serves the same doctor. A poll costs one query per served doctor while a worker is
free. The jobs act as the doctor, so under Supabase row-level security still keeps each
doctor's rows to them: no service-role key is involved.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from core.models import Doctor
from core.ports import Backend
from core.safe_logging import failure_frames

log = logging.getLogger(__name__)


class QueueTaker(Protocol):
    """The analyzer runner, as the shared queue drives it."""

    def take_queued(self, doctor: Doctor, open_backend: Callable[[], Backend]) -> int: ...


@dataclass(frozen=True)
class _Served:
    doctor: Doctor
    open_backend: Callable[[], Backend]
    until: float  # Unix seconds: when the session's access token expires


class SharedQueue:
    """Polls the shared queue for the doctors this replica serves (``serve`` at each use of
    a session, ``forget`` at sign-out); a doctor is dropped once their token expires."""

    def __init__(self, runner: QueueTaker, every_seconds: float) -> None:
        self.runner = runner
        self.every_seconds = every_seconds
        self._served: dict[str, _Served] = {}
        self._turn = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._poller: threading.Thread | None = None

    def serve(self, doctor: Doctor, open_backend: Callable[[], Backend], until: float) -> None:
        """Take this doctor's waiting cases, with this session, until ``until``."""
        with self._lock:
            self._served[doctor.user_id] = _Served(doctor, open_backend, until)

    def forget(self, doctor: Doctor) -> None:
        with self._lock:
            self._served.pop(doctor.user_id, None)

    @property
    def served(self) -> int:
        with self._lock:
            return len(self._served)

    def poll_once(self) -> int:
        """Offer the runner every served doctor's queue; how many jobs it started."""
        now = time.time()
        with self._lock:
            for user_id in [k for k, served in self._served.items() if served.until <= now]:
                del self._served[user_id]  # an expired token can take nothing any more
            served = list(self._served.values())
            # Each poll starts from the next doctor: when workers are few, every doctor's
            # queue gets its turn.
            self._turn = (self._turn + 1) % max(1, len(served))
            served = served[self._turn :] + served[: self._turn]
        started = 0
        for entry in served:
            try:
                started += self.runner.take_queued(entry.doctor, entry.open_backend)
            except Exception:  # noqa: BLE001 - one doctor's failure must not stop the others
                log.warning("taking queued cases failed:\n%s", failure_frames())
        return started

    def start(self) -> None:
        def poll_forever() -> None:
            while not self._stop.wait(self.every_seconds):
                self.poll_once()

        self._poller = threading.Thread(target=poll_forever, name="medcase-queue", daemon=True)
        self._poller.start()

    def stop(self) -> None:
        self._stop.set()
