"""SqliteCriticalResults: critical values and their acknowledgments in SQLite (issue #27).

The findings are written with each draft (``record_findings``, inside complete_analysis's
transaction); an acknowledgment and its audit event go in one write transaction, with the
store's time. Triggers refuse changes, deletions while the case exists, an acknowledgment
of a value no draft of the case held, and a signature before every value any draft of
the case held is acknowledged (sqlite_db's migrations for #27 and 21).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime

from core.analysis.labs.critical_keys import FoundCritical
from core.audit import AuditAction, stored_event
from core.backends.sqlite_db import SqliteDatabase
from core.critical_results import (
    Acknowledgment,
    CommunicationMethod,
    CriticalFinding,
    CriticalResult,
    results_of_case,
)
from core.errors import AlreadyAcknowledged, CaseNotFound, CriticalValueNotFound
from core.models import utc_now

_ACK_COLUMNS = (
    "case_id, value_key, acknowledged_by, acknowledged_by_email, acknowledged_at, found_at,"
    " method, comment"
)
# Every draft's findings of a case, each with its first finding's time.
_OF_THE_CASE = (
    "SELECT f.case_id, f.value_key, f.analyte, f.shown, f.found_at, f.draft_id"
    " FROM critical_findings f WHERE f.case_id = ? AND f.user_id = ?"
)


def record_findings(
    db: sqlite3.Connection, owner: str, case_id: str, draft_id: str, found: Sequence[FoundCritical]
) -> None:
    """Keep the draft's critical values; a key the case held before keeps its first time."""
    now = utc_now().isoformat()
    for value in found:
        db.execute(
            "INSERT INTO critical_findings (case_id, user_id, draft_id, value_key, analyte, shown,"
            " found_at) VALUES (?, ?, ?, ?, ?, ?, coalesce((SELECT min(found_at) FROM"
            " critical_findings WHERE case_id = ? AND value_key = ?), ?))",
            (
                case_id,
                owner,
                draft_id,
                value.value_key,
                value.analyte,
                value.shown,
                case_id,
                value.value_key,
                now,
            ),
        )


def _finding(row: sqlite3.Row) -> CriticalFinding:
    return CriticalFinding(
        case_id=row["case_id"],
        value_key=row["value_key"],
        analyte=row["analyte"],
        shown=row["shown"],
        found_at=datetime.fromisoformat(row["found_at"]),
    )


def _acknowledgment(row: sqlite3.Row) -> Acknowledgment:
    return Acknowledgment(
        case_id=row["case_id"],
        value_key=row["value_key"],
        acknowledged_by=row["acknowledged_by"],
        acknowledged_by_email=row["acknowledged_by_email"],
        acknowledged_at=datetime.fromisoformat(row["acknowledged_at"]),
        found_at=datetime.fromisoformat(row["found_at"]),
        method=row["method"],
        comment=row["comment"],
    )


class SqliteCriticalResults:
    def __init__(self, database: SqliteDatabase) -> None:
        self._db = database

    def critical_results(self, owner: str, case_id: str) -> list[CriticalResult]:
        connection = self._db.connection()
        current = connection.execute(
            "SELECT draft_id FROM case_insights WHERE case_id = ? AND user_id = ?",
            (case_id, owner),
        ).fetchone()
        findings = [
            (row["draft_id"], _finding(row))
            for row in connection.execute(
                f"{_OF_THE_CASE} ORDER BY f.found_at, f.shown, f.draft_id", (case_id, owner)
            )
        ]
        acknowledged = {
            row["value_key"]: _acknowledgment(row)
            for row in connection.execute(
                f"SELECT {_ACK_COLUMNS} FROM critical_acknowledgments"
                " WHERE case_id = ? AND user_id = ?",
                (case_id, owner),
            )
        }
        return results_of_case(findings, current["draft_id"] if current else None, acknowledged)

    def acknowledge(
        self,
        owner: str,
        case_id: str,
        value_key: str,
        method: CommunicationMethod,
        comment: str | None,
    ) -> Acknowledgment:
        with self._db.write() as db:
            account = db.execute(
                "SELECT d.email FROM cases c JOIN doctors d ON d.user_id = c.user_id"
                " WHERE c.case_id = ? AND c.user_id = ?",
                (case_id, owner),
            ).fetchone()
            if account is None:
                raise CaseNotFound()
            # A value of any draft of the case: one only an earlier analysis found waits
            # for its acknowledgment too (CLSI GP47).
            finding = db.execute(
                f"{_OF_THE_CASE} AND f.value_key = ? ORDER BY f.found_at LIMIT 1",
                (case_id, owner, value_key),
            ).fetchone()
            if finding is None:
                raise CriticalValueNotFound()
            taken = db.execute(
                "SELECT 1 FROM critical_acknowledgments WHERE case_id = ? AND value_key = ?",
                (case_id, value_key),
            ).fetchone()
            if taken is not None:
                raise AlreadyAcknowledged()
            acknowledgment = Acknowledgment(
                case_id=case_id,
                value_key=value_key,
                acknowledged_by=owner,
                acknowledged_by_email=account["email"],
                acknowledged_at=utc_now(),
                found_at=datetime.fromisoformat(finding["found_at"]),
                method=method.value,
                comment=comment,
            )
            db.execute(
                f"INSERT INTO critical_acknowledgments (user_id, {_ACK_COLUMNS})"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    owner,
                    case_id,
                    value_key,
                    owner,
                    acknowledgment.acknowledged_by_email,
                    acknowledgment.acknowledged_at.isoformat(),
                    finding["found_at"],
                    acknowledgment.method,
                    comment,
                ),
            )
            known, stored = stored_event(
                AuditAction.CRITICAL_VALUE_ACKNOWLEDGED,
                {"value": value_key, "method": method.value},
                by_the_store=True,
            )
            db.execute(
                "INSERT INTO audit_events (user_id, case_id, action, details) VALUES (?, ?, ?, ?)",
                (owner, case_id, known, stored),
            )
        return acknowledgment

    def acknowledgments(self, owner: str) -> list[Acknowledgment]:
        rows = self._db.connection().execute(
            f"SELECT {_ACK_COLUMNS} FROM critical_acknowledgments WHERE user_id = ?"
            " ORDER BY acknowledged_at",
            (owner,),
        )
        return [_acknowledgment(row) for row in rows]
