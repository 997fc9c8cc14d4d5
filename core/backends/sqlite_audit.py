"""SqliteAuditTrail: the audit trail in the embedded database (stamped by its triggers)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from core.audit import (
    AuditEvent,
    ChainCheck,
    action_of,
    canonical_details,
    checked_details,
    verify_chain,
)
from core.backends.sqlite_db import SqliteDatabase
from core.errors import CaseNotFound

_COLUMNS = "seq, user_id, case_id, action, details, occurred_at, prev_hash, hash"


def _event(row: sqlite3.Row) -> AuditEvent:
    return AuditEvent(
        seq=row["seq"],
        user_id=row["user_id"],
        case_id=row["case_id"],
        action=row["action"],
        details=json.loads(row["details"]),
        occurred_at=datetime.fromisoformat(row["occurred_at"].replace("Z", "+00:00")),
        prev_hash=row["prev_hash"],
        hash=row["hash"],
        details_json=row["details"],
    )


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
        stored = canonical_details(checked_details(details))
        with self._db.write() as db:  # BEGIN IMMEDIATE: one writer, so seq has no gaps
            # As under RLS: an event may name only one of the actor's own cases.
            cursor = db.execute(
                "INSERT INTO audit_events (user_id, case_id, action, details)"
                " SELECT ?, ?, ?, ? WHERE ? IS NULL"
                " OR EXISTS (SELECT 1 FROM cases WHERE case_id = ? AND user_id = ?)",
                (actor, case_id, action_of(action).value, stored, case_id, case_id, actor),
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
        return [_event(row) for row in self._db.connection().execute(query, params)]

    def verify(self, owner: str) -> ChainCheck:
        rows = self._db.connection().execute(
            f"SELECT {_COLUMNS} FROM audit_events WHERE user_id = ? ORDER BY seq", (owner,)
        )
        return verify_chain(_event(row) for row in rows)
