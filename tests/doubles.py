"""Hand-written stand-ins for the analyzer, and case services built the way tests need them."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace

from core.analysis.recovery import Recovery, RecoveryPolicy
from core.models import AuthSession, Doctor
from core.ports import Accounts, Backend, BackendProvider, UnfinishedAnalysis
from core.services import DEFAULT_MAX_FILE_BYTES, AnalysisQueue, CaseService, Limits


class HeldAnalyses:
    """An analyzer that only records what it was asked to analyse: cases stay 'analyzing'."""

    def __init__(self) -> None:
        self.queued: list[tuple[str, str]] = []

    def enqueue(self, doctor: Doctor, case_id: str, open_backend: Callable[[], Backend]) -> None:
        self.queued.append((doctor.user_id, case_id))


def case_service(
    doctor: Doctor,
    backend: Backend,
    analyzer: AnalysisQueue | None = None,
    *,
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    recovery: Recovery | None = None,
) -> CaseService:
    """The case operations of ``doctor`` on ``backend``; with no analyzer, analyses are held."""
    queue = analyzer if analyzer is not None else HeldAnalyses()
    return CaseService(
        doctor,
        backend,
        queue,
        recovery or Recovery(queue, RecoveryPolicy()),
        limits=Limits(max_file_bytes=max_file_bytes),
    )


class CountingProvider:
    """Wraps a real backend provider and counts the session backends it opens and that
    their holders close, to prove no connection pool is left open."""

    def __init__(self, inner: BackendProvider) -> None:
        self._inner = inner
        self.opened = 0
        self.closed = 0
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return self._inner.name

    @property
    def accounts(self) -> Accounts:
        return self._inner.accounts

    @property
    def still_open(self) -> int:
        with self._lock:
            return self.opened - self.closed

    def for_session(self, session: AuthSession) -> Backend:
        backend = self._inner.for_session(session)
        with self._lock:
            self.opened += 1

        def release() -> None:
            with self._lock:
                self.closed += 1
            backend.close()

        return replace(backend, release=release)

    def unfinished_analyses(self) -> list[UnfinishedAnalysis]:
        return self._inner.unfinished_analyses()

    def close(self) -> None:
        self._inner.close()
