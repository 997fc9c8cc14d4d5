"""What the contract suite needs from a backend under test, whatever the backend is.

Each backend gets a harness: it signs up doctors and can look behind the ports (rows in
the database, objects in storage) to prove that nothing half-written remains.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Protocol

from core.backends.local import LocalBackendProvider
from core.models import Doctor
from core.ports import Backend, BackendProvider
from core.review import signed_sections
from core.services import CaseService
from tests.doubles import case_service

TABLES = ("cases", "case_files", "case_insights")


@dataclass
class SignedIn:
    """A signed-up doctor, their backend, and their case operations (analyses held)."""

    doctor: Doctor
    backend: Backend

    @property
    def services(self) -> CaseService:
        return case_service(self.doctor, self.backend)


def with_signer_profile(signed_in: SignedIn) -> SignedIn:
    """The doctor as one who signs: their name as signed and credentials set (issue #26)."""
    signed_in.services.review.save_signer_profile(
        f"Dr {signed_in.doctor.email.split('@')[0]}", "MD"
    )
    return signed_in


def sign_note_as_reviewed(signed_in: SignedIn, case_id: str) -> dict[str, object]:
    """The arguments of the database's ``sign_note`` for a first version of the case's
    review as recorded (the sections ``signed_sections`` computes), as a doctor's own token
    sends them to PostgREST; the database signs nothing else (sign17)."""
    summary = signed_in.services.review.summary(case_id)
    assert summary.draft is not None
    return {
        "p_case": case_id,
        "p_version": 1,
        "p_draft": summary.draft.draft_id,
        "p_sections": signed_sections(summary.draft, summary.reviews),
    }


class BackendHarness(Protocol):
    provider: BackendProvider

    def sign_up(self) -> SignedIn: ...

    def row_counts(self) -> dict[str, int]:
        """Rows per table, across all doctors."""

    def stored_keys(self) -> set[str]:
        """Every object in storage, across all doctors."""


class LocalHarness:
    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.provider = LocalBackendProvider(
            data_dir, jwt_secret="contract-test-secret-of-at-least-32-bytes"
        )

    def sign_up(self) -> SignedIn:
        session = self.provider.accounts.sign_up(
            f"dr-{uuid.uuid4().hex[:10]}@clinic.test", "s3cret-pass"
        )
        return with_signer_profile(SignedIn(session.doctor, self.provider.for_session(session)))

    def row_counts(self) -> dict[str, int]:
        connection = self.provider.database.connection()
        return {t: connection.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}

    def stored_keys(self) -> set[str]:
        root = self.data_dir / "files"
        return {path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file()}


def claim_gone_quiet(harness: BackendHarness, case_id: str, seconds: float = 60) -> None:
    """The case's claim last beat ``seconds`` ago (its job died), set behind the ports: a
    take-over waits that long, as neither backend takes a claim that beat just now."""
    if isinstance(harness, LocalHarness):
        with harness.provider.database.write() as db:
            row = db.execute(
                "SELECT analysis_claimed_at FROM cases WHERE case_id = ?", (case_id,)
            ).fetchone()
            earlier = datetime.fromisoformat(row[0]) - timedelta(seconds=seconds)
            db.execute(
                "UPDATE cases SET analysis_claimed_at = ? WHERE case_id = ?",
                (earlier.isoformat(), case_id),
            )
        return
    with harness.stack.project.connect() as connection:  # type: ignore[attr-defined]
        connection.execute(
            "update public.cases set analysis_claimed_at = analysis_claimed_at - %s"
            " where case_id = %s",
            [timedelta(seconds=seconds), case_id],
        )


class FailingBlobStore:
    """Wraps a real blob store and fails the Nth put, like a storage outage mid-upload."""

    def __init__(self, inner, fail_on_put: int) -> None:
        self._inner = inner
        self._fail_on_put = fail_on_put
        self.puts = 0

    def put(self, key: str, content: bytes, content_type: str) -> None:
        self.puts += 1
        if self.puts == self._fail_on_put:
            raise OSError("simulated storage outage")
        self._inner.put(key, content, content_type)

    def get(self, key: str) -> bytes:
        return self._inner.get(key)

    def delete(self, keys: Sequence[str]) -> None:
        self._inner.delete(keys)

    def delete_folder(self, prefix: str) -> None:
        self._inner.delete_folder(prefix)


class FailingRepository:
    """Wraps a real repository and fails add_case, like a database error after the upload."""

    def __init__(self, inner) -> None:
        self._inner = inner

    def __getattr__(self, name: str):
        return getattr(self._inner, name)

    def add_case(self, case, files, request_key=None) -> None:
        raise RuntimeError("simulated database failure")


def with_failing_storage(backend: Backend, fail_on_put: int) -> Backend:
    return replace(backend, blobs=FailingBlobStore(backend.blobs, fail_on_put))


def with_failing_database(backend: Backend) -> Backend:
    return replace(backend, cases=FailingRepository(backend.cases))
