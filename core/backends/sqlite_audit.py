"""SqliteAuditTrail: the audit trail in the embedded database (stamped by its triggers)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.audit import AuditEvent, ChainCheck, Checkpoint, stored_event, verify_chain
from core.backends.sqlite_db import SqliteDatabase
from core.errors import CaseNotFound

_COLUMNS = "seq, user_id, case_id, action, details, occurred_at, prev_hash, hash"


class SqliteAuditTrail:
    def __init__(self, database: SqliteDatabase) -> None:
        self._db = database

    def record(
        self,
        actor: str,
        action: str,
        case_id: str | None = None,
        details: Mapping[str, Any] | None = None,
    ) -> None:
        known, stored = stored_event(action, details)
        with self._db.write() as db:  # BEGIN IMMEDIATE: one writer, so seq has no gaps
            # As under RLS: an event may name only one of the actor's own cases.
            cursor = db.execute(
                "INSERT INTO audit_events (user_id, case_id, action, details)"
                " SELECT ?, ?, ?, ? WHERE ? IS NULL"
                " OR EXISTS (SELECT 1 FROM cases WHERE case_id = ? AND user_id = ?)",
                (actor, case_id, known, stored, case_id, case_id, actor),
            )
            if cursor.rowcount == 0:
                raise CaseNotFound()

    def events(self, owner: str, case_id: str | None = None, limit: int = 1000) -> list[AuditEvent]:
        query = f"SELECT {_COLUMNS} FROM audit_events WHERE user_id = ?"
        params: list[Any] = [owner]
        if case_id is not None:
            query += " AND case_id = ?"
            params.append(case_id)
        query += " ORDER BY seq DESC LIMIT ?"
        params.append(limit)
        return [AuditEvent.from_row(row) for row in self._db.connection().execute(query, params)]

    def verify(self, owner: str, key: bytes | None = None) -> ChainCheck:
        connection = self._db.connection()
        rows = connection.execute(
            f"SELECT {_COLUMNS} FROM audit_events WHERE user_id = ? ORDER BY seq", (owner,)
        )
        events = [AuditEvent.from_row(row) for row in rows]
        points = connection.execute(
            "SELECT seq, head_hash, seal FROM audit_checkpoints WHERE user_id = ?", (owner,)
        )
        checkpoints = [Checkpoint(row["seq"], row["head_hash"], row["seal"]) for row in points]
        return verify_chain(events, checkpoints, key, owner)

    def add_checkpoint(self, owner: str, checkpoint: Checkpoint) -> None:
        with self._db.write() as db:
            db.execute(
                "INSERT OR IGNORE INTO audit_checkpoints (user_id, seq, head_hash, seal, made_at)"
                " VALUES (?, ?, ?, ?, medcase_now())",
                (owner, checkpoint.seq, checkpoint.head_hash, checkpoint.seal),
            )
