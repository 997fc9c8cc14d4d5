"""The embedded default backend: SQLite + files on disk + local accounts in one data folder."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from core.backends.disk_blobs import DiskBlobStore
from core.backends.local_accounts import ACCESS_TOKEN_SECONDS, HASHES_AT_ONCE, LocalAccounts
from core.backends.sqlite_audit import SqliteAuditTrail
from core.backends.sqlite_cases import SqliteCaseRepository
from core.backends.sqlite_critical import SqliteCriticalResults
from core.backends.sqlite_db import SqliteDatabase
from core.backends.sqlite_patients import SqlitePatientRepository
from core.backends.sqlite_pilots import SqlitePilotRepository
from core.backends.sqlite_reviews import SqliteReviewRepository
from core.keys import kept_secret
from core.models import AuthSession, Doctor
from core.ports import Backend, UnfinishedAnalysis
from core.private_files import private_folder


def _signing_secret(data_dir: Path, configured: str | None) -> str:
    """The configured secret, or one generated once and kept (owner-only) in the data folder."""
    return kept_secret(data_dir / "jwt_secret", configured)


class LocalBackendProvider:
    """Process-wide and stateless per doctor: every session shares the same ports."""

    name = "Embedded (SQLite)"

    def __init__(
        self,
        data_dir: Path,
        jwt_secret: str | None = None,
        access_token_seconds: int = ACCESS_TOKEN_SECONDS,
        hashes_at_once: int = HASHES_AT_ONCE,
    ) -> None:
        private_folder(data_dir)
        self.data_dir = data_dir
        self.database = SqliteDatabase(data_dir / "medcase.sqlite3")
        self.repository = SqliteCaseRepository(self.database)
        self.accounts = LocalAccounts(
            self.database,
            _signing_secret(data_dir, jwt_secret),
            access_token_seconds,
            hashes_at_once,
        )
        self.backend = Backend(
            name=self.name,
            cases=self.repository,
            blobs=DiskBlobStore(data_dir / "files"),
            reviews=SqliteReviewRepository(self.database),
            audit=SqliteAuditTrail(self.database),
            pilots=SqlitePilotRepository(self.database),
            critical=SqliteCriticalResults(self.database),
            patients=SqlitePatientRepository(self.database),
        )

    def for_session(self, session: AuthSession) -> Backend:
        return self.backend  # shared by every session; its close() is a no-op

    def for_analysis(self, session: AuthSession) -> Backend:
        """The same backend: the embedded file has no roles, only the app writes it."""
        return self.backend

    def unfinished_analyses(self) -> list[UnfinishedAnalysis]:
        """Every case still marked analyzing: one database holds every doctor's cases."""
        return [
            UnfinishedAnalysis(Doctor(user_id=owner, email=""), case_id, lambda: self.backend)
            for owner, case_id in self.repository.unfinished_analyses()
        ]

    def waiting_doctors(self, stale_before: datetime) -> list[Doctor]:
        """The doctors with a case no live job holds: one database holds every doctor's."""
        return [
            Doctor(user_id=owner, email="")
            for owner in self.repository.waiting_owners(stale_before)
        ]

    def changes_seen(self) -> int:
        return self.repository.changes_seen()

    def open_backend(self) -> Backend:
        """The shared backend (its close() is a no-op), as an analysis job opens it."""
        return self.backend

    def close(self) -> None:
        """Nothing to release: SQLite connections are per thread and close with them."""
