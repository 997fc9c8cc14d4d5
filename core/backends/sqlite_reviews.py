"""SqliteReviewRepository: AI drafts, section decisions and signed versions in SQLite.

Drafts, decisions and signed versions are only ever inserted (triggers refuse updates);
every query names the owner, like the case repository's.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime

from core.backends.sqlite_db import SqliteDatabase
from core.review import Draft, SectionReview, SignedNote

_DRAFT_COLUMNS = "draft_id, case_id, ai_insights, generated_at, case_version"
_REVIEW_COLUMNS = "review_id, case_id, draft_id, section, decision, reviewed_at, edited, reason"
_NOTE_COLUMNS = (
    "note_id, case_id, version, draft_id, content, content_hash, signed_by, signer_email,"
    " signed_at, amendment_reason"
)


def _draft(row: sqlite3.Row) -> Draft:
    return Draft(
        draft_id=row["draft_id"],
        case_id=row["case_id"],
        ai_insights=json.loads(row["ai_insights"]),
        generated_at=datetime.fromisoformat(row["generated_at"]),
        case_version=row["case_version"],
    )


def _review(row: sqlite3.Row) -> SectionReview:
    values = dict(row)
    values["reviewed_at"] = datetime.fromisoformat(values["reviewed_at"])
    values["edited"] = json.loads(values["edited"]) if values["edited"] else None
    return SectionReview(**values)


def _note(row: sqlite3.Row) -> SignedNote:
    values = dict(row)
    values["signed_at"] = datetime.fromisoformat(values["signed_at"])
    values["content"] = json.loads(values["content"])
    return SignedNote(**values)


class SqliteReviewRepository:
    def __init__(self, database: SqliteDatabase) -> None:
        self._db = database

    def current_draft(self, owner: str, case_id: str) -> Draft | None:
        row = (
            self._db.connection()
            .execute(
                "SELECT d.draft_id, d.case_id, d.ai_insights, d.generated_at, d.case_version"
                " FROM case_insights i JOIN ai_drafts d ON d.draft_id = i.draft_id"
                " WHERE i.case_id = ? AND i.user_id = ? AND d.user_id = ?",
                (case_id, owner, owner),
            )
            .fetchone()
        )
        return _draft(row) if row else None

    def drafts(self, owner: str, case_id: str) -> list[Draft]:
        rows = self._db.connection().execute(
            f"SELECT {_DRAFT_COLUMNS} FROM ai_drafts WHERE case_id = ? AND user_id = ?"
            " ORDER BY generated_at, rowid",
            (case_id, owner),
        )
        return [_draft(row) for row in rows]

    def add_section_review(self, owner: str, review: SectionReview) -> bool:
        with self._db.write() as db:
            cursor = db.execute(
                f"INSERT INTO section_reviews (user_id, {_REVIEW_COLUMNS})"
                " SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM ai_drafts"
                " WHERE draft_id = ? AND case_id = ? AND user_id = ?)",
                (
                    owner,
                    review.review_id,
                    review.case_id,
                    review.draft_id,
                    review.section,
                    review.decision,
                    review.reviewed_at.isoformat(),
                    json.dumps(review.edited) if review.edited is not None else None,
                    review.reason,
                    review.draft_id,
                    review.case_id,
                    owner,
                ),
            )
            return cursor.rowcount == 1

    def section_reviews(self, owner: str, case_id: str) -> list[SectionReview]:
        rows = self._db.connection().execute(
            f"SELECT {_REVIEW_COLUMNS} FROM section_reviews WHERE case_id = ? AND user_id = ?"
            " ORDER BY reviewed_at, rowid",
            (case_id, owner),
        )
        return [_review(row) for row in rows]

    def add_signed_note(self, owner: str, note: SignedNote, review_state: str) -> bool:
        """Insert a signed version and set the case's review state; False when that version
        number is already taken (someone signed first) or the case is not the owner's."""
        with self._db.write() as db:
            try:
                cursor = db.execute(
                    f"INSERT INTO signed_notes (user_id, {_NOTE_COLUMNS})"
                    " SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS"
                    " (SELECT 1 FROM cases WHERE case_id = ? AND user_id = ?)",
                    (
                        owner,
                        note.note_id,
                        note.case_id,
                        note.version,
                        note.draft_id,
                        json.dumps(note.content),
                        note.content_hash,
                        note.signed_by,
                        note.signer_email,
                        note.signed_at.isoformat(),
                        note.amendment_reason,
                        note.case_id,
                        owner,
                    ),
                )
            except sqlite3.IntegrityError:
                return False
            if cursor.rowcount == 0:
                return False
            db.execute(
                "UPDATE cases SET review_state = ? WHERE case_id = ? AND user_id = ?",
                (review_state, note.case_id, owner),
            )
        return True

    def signed_notes(self, owner: str, case_id: str) -> list[SignedNote]:
        rows = self._db.connection().execute(
            f"SELECT {_NOTE_COLUMNS} FROM signed_notes WHERE case_id = ? AND user_id = ?"
            " ORDER BY version",
            (case_id, owner),
        )
        return [_note(row) for row in rows]

    def set_review_state(self, owner: str, case_id: str, state: str) -> bool:
        """Set the review state of a case whose note is not signed yet."""
        with self._db.write() as db:
            cursor = db.execute(
                "UPDATE cases SET review_state = ? WHERE case_id = ? AND user_id = ?"
                " AND (review_state IS NULL OR review_state NOT IN ('signed', 'amended'))",
                (state, case_id, owner),
            )
            return cursor.rowcount == 1
