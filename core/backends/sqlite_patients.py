"""SqlitePatientRepository: a doctor's patient records in the embedded database."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from datetime import date
from typing import Any

from core import patients as matching
from core.audit import AuditAction, stored_event
from core.backends.sqlite_cases import CASE_COLUMNS
from core.backends.sqlite_db import SqliteDatabase
from core.models import Case, Patient

_COLUMNS = "patient_id, user_id, name, sex, created_at, date_of_birth, record_number, merged_into"
# The record a patient's history is kept under: itself, or the one it is merged into.
_RECORD_OF = "coalesce((SELECT p.merged_into FROM patients p WHERE p.patient_id = ?), ?)"


def _patient(row: sqlite3.Row) -> Patient:
    return Patient.from_row(dict(row))


def _stored(value: Any) -> Any:
    return value.isoformat() if isinstance(value, date) else value


class SqlitePatientRepository:
    def __init__(self, database: SqliteDatabase) -> None:
        self._db = database

    def add_patient(self, patient: Patient) -> None:
        with self._db.write() as db:
            db.execute(
                f"INSERT INTO patients ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)",
                (
                    patient.patient_id,
                    patient.user_id,
                    patient.name,
                    patient.sex,
                    patient.created_at.isoformat(),
                    patient.date_of_birth.isoformat() if patient.date_of_birth else None,
                    patient.record_number,
                ),
            )

    def get_patient(self, owner: str, patient_id: str) -> Patient | None:
        row = (
            self._db.connection()
            .execute(
                f"SELECT {_COLUMNS} FROM patients WHERE patient_id = ? AND user_id = ?",
                (patient_id, owner),
            )
            .fetchone()
        )
        return _patient(row) if row else None

    def update_patient(
        self, owner: str, patient_id: str, changes: Mapping[str, Any]
    ) -> Patient | None:
        columns = [name for name in matching.EDITABLE if name in changes]
        if columns:
            values = [_stored(changes[name]) for name in columns]
            with self._db.write() as db:
                db.execute(
                    f"UPDATE patients SET {', '.join(f'{c} = ?' for c in columns)}"
                    " WHERE patient_id = ? AND user_id = ?",
                    (*values, patient_id, owner),
                )
        return self.get_patient(owner, patient_id)

    def list_patients(self, owner: str) -> list[Patient]:
        rows = self._db.connection().execute(
            f"SELECT {_COLUMNS} FROM patients WHERE user_id = ? ORDER BY created_at, patient_id",
            (owner,),
        )
        return [_patient(row) for row in rows]

    def search_patients(self, owner: str, text: str, limit: int = 20) -> list[Patient]:
        # Accents and word order are folded in Python (core.patients), the same for both
        # backends; a doctor's records are a few thousand rows at most.
        return matching.search(self.list_patients(owner), text, limit)

    def patient_cases(self, owner: str, patient_id: str) -> list[Case]:
        columns = ", ".join(f"c.{name.strip()}" for name in CASE_COLUMNS.split(","))
        rows = self._db.connection().execute(
            f"SELECT {columns} FROM cases c JOIN patients p ON p.patient_id = c.patient_id"
            f" WHERE c.user_id = ? AND p.user_id = ?"
            f" AND (p.patient_id = {_RECORD_OF} OR p.merged_into = {_RECORD_OF})"
            " ORDER BY c.created_at, c.case_id",
            (owner, owner, patient_id, patient_id, patient_id, patient_id),
        )
        return [Case.from_row(row) for row in rows]

    def merge_patients(self, owner: str, duplicate_id: str, kept_id: str) -> bool:
        with self._db.write() as db:
            changed = db.execute(
                "UPDATE patients SET merged_into = ? WHERE patient_id = ? AND user_id = ?"
                " AND merged_into IS NULL AND patient_id <> ?"
                " AND EXISTS (SELECT 1 FROM patients k WHERE k.patient_id = ?"
                "             AND k.user_id = ? AND k.merged_into IS NULL)"
                " AND NOT EXISTS (SELECT 1 FROM patients m WHERE m.merged_into = ?)",
                (kept_id, duplicate_id, owner, kept_id, kept_id, owner, duplicate_id),
            ).rowcount
            if changed != 1:
                return False
            self._event(db, owner, AuditAction.PATIENT_MERGED, duplicate_id, kept_id)
        return True

    def unmerge_patient(self, owner: str, patient_id: str) -> bool:
        with self._db.write() as db:
            row = db.execute(
                "SELECT merged_into FROM patients WHERE patient_id = ? AND user_id = ?"
                " AND merged_into IS NOT NULL",
                (patient_id, owner),
            ).fetchone()
            if row is None:
                return False
            db.execute(
                "UPDATE patients SET merged_into = NULL WHERE patient_id = ? AND user_id = ?",
                (patient_id, owner),
            )
            self._event(db, owner, AuditAction.PATIENT_UNMERGED, patient_id, row[0])
        return True

    @staticmethod
    def _event(
        db: sqlite3.Connection, owner: str, action: AuditAction, patient_id: str, other: str
    ) -> None:
        """The merge's event, in the merge's own transaction (as supabase's function)."""
        other_key = "into" if action is AuditAction.PATIENT_MERGED else "from"
        known, stored = stored_event(
            action, {"patient": patient_id, other_key: other}, by_the_store=True
        )
        db.execute(
            "INSERT INTO audit_events (user_id, case_id, action, details) VALUES (?, ?, ?, ?)",
            (owner, None, known, stored),
        )
