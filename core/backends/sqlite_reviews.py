"""SqliteReviewRepository: AI drafts, section decisions and signed versions in SQLite.

Drafts, decisions and signed versions are only ever inserted (triggers refuse updates);
every query names the owner, like the case repository's.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from dataclasses import replace
from datetime import datetime
from typing import Any

from core import lifecycle
from core.audit import AuditAction, stored_event
from core.backends.sqlite_db import SqliteDatabase
from core.errors import CaseNotFound, CriticalValuesUnacknowledged, InvalidInput, NoteNotAsReviewed
from core.models import utc_now
from core.review import (
    Draft,
    NoteToSign,
    Section,
    SectionReview,
    SignedNote,
    SignerProfile,
    changed_sections,
    checked,
    content_hash,
    current_reviews,
    edited_text,
    signed_at_text,
    signed_sections,
)

_DRAFT_COLUMNS = "draft_id, case_id, ai_insights, generated_at, case_version"
_REVIEW_COLUMNS = "review_id, case_id, draft_id, section, decision, reviewed_at, edited, reason"
_NOTE_COLUMNS = (
    "note_id, case_id, version, draft_id, content, content_hash, signed_by, signer_email,"
    " signed_at, amendment_reason, signer_name, signer_credentials"
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
    return checked(SignedNote(**values))


def _hash_of(note: SignedNote) -> str:
    return content_hash(
        note.case_id,
        note.version,
        note.draft_id,
        note.content["sections"],
        note.signed_by,
        signed_at_text(note.signed_at),
    )


def _check_sign_off(db: sqlite3.Connection, owner: str, request: NoteToSign) -> None:
    """Version 1 is of the case's current draft, without a reason (as in PostgreSQL)."""
    current = db.execute(
        "SELECT 1 FROM case_insights WHERE case_id = ? AND user_id = ? AND draft_id = ?",
        (request.case_id, owner, request.draft_id),
    ).fetchone()
    _check_sections(request.sections)
    if request.amendment_reason is not None or current is None:
        raise InvalidInput("The sign-off is of the current draft")
    if request.sections != _reviewed_sections(db, owner, request):
        raise NoteNotAsReviewed()
    # An edit recorded in a shape the editor never writes is not signed either (sec17).
    for section, entry in request.sections.items():
        if entry.get("decision") == "edited" and not _doctors_text(section, entry.get("text")):
            raise NoteNotAsReviewed()


def _reviewed_sections(
    db: sqlite3.Connection, owner: str, request: NoteToSign
) -> dict[str, Any] | None:
    """What the sign-off of the draft signs: each section as the doctor last decided it
    (core/review.py signed_sections, as public.reviewed_sections computes it); None while
    a section has no decision."""
    row = db.execute(
        f"SELECT {_DRAFT_COLUMNS} FROM ai_drafts WHERE draft_id = ? AND case_id = ?"
        " AND user_id = ?",
        (request.draft_id, request.case_id, owner),
    ).fetchone()
    if row is None:
        return None
    history = [
        _review(review)
        for review in db.execute(
            f"SELECT {_REVIEW_COLUMNS} FROM section_reviews WHERE case_id = ? AND user_id = ?"
            " AND draft_id = ? ORDER BY reviewed_at, rowid",
            (request.case_id, owner, request.draft_id),
        )
    ]
    try:
        return signed_sections(_draft(row), current_reviews(history, request.draft_id))
    except InvalidInput:
        return None


def _doctors_version(section: str, entry: Any) -> bool:
    """Whether an amended section is the doctor's version as the editor writes it
    (core/review.py amended_sections, edited_text; public.edited_section_shape)."""
    if not isinstance(entry, dict) or not isinstance(entry.get("text"), dict):
        return False
    text: dict[str, Any] = entry["text"]
    if entry != {"decision": "edited", "text": text, "reason": None}:
        return False
    return _doctors_text(section, text)


def _doctors_text(section: str, text: Any) -> bool:
    """Whether ``text`` is a section as the editor writes it (core/review.py edited_text)."""
    if not isinstance(text, dict):
        return False
    try:
        return edited_text(section, text) == text
    except InvalidInput:
        return False


def _check_amendment(
    db: sqlite3.Connection, owner: str, request: NoteToSign, latest: SignedNote
) -> list[str]:
    """An amendment has a reason, a draft of the case and a change; the changed sections."""
    draft = db.execute(
        "SELECT 1 FROM ai_drafts WHERE draft_id = ? AND case_id = ? AND user_id = ?",
        (request.draft_id, request.case_id, owner),
    ).fetchone()
    _check_sections(request.sections)
    if not (request.amendment_reason or "").strip() or draft is None:
        raise InvalidInput("An amendment needs a reason and a draft of the case")
    changed = changed_sections(latest.content.get("sections") or {}, request.sections)
    if not changed:
        raise InvalidInput("The amendment is the same as the signed version")
    if not all(_doctors_version(name, request.sections[name]) for name in changed):
        raise NoteNotAsReviewed(
            "An amended section is your version, as the editor writes it; the other "
            "sections stay as signed"
        )
    return changed


def _critical_values_waiting(db: sqlite3.Connection, case_id: str) -> bool:
    """Whether a critical value any draft of the case held waits for its acknowledgment
    (CLSI GP47; the signed_notes_after_every_critical_value trigger refuses the signature
    too)."""
    row = db.execute(
        "SELECT 1 FROM critical_findings f WHERE f.case_id = ?"
        " AND NOT EXISTS (SELECT 1 FROM critical_acknowledgments a"
        " WHERE a.case_id = f.case_id AND a.value_key = f.value_key) LIMIT 1",
        (case_id,),
    ).fetchone()
    return row is not None


def _check_sections(sections: dict[str, Any]) -> None:
    if set(sections) != {section.value for section in Section}:
        raise InvalidInput("A note has the three sections, and no more")


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

    def sign_note(self, owner: str, request: NoteToSign) -> SignedNote | None:
        """Sign or amend in one write transaction, as supabase's sign_note does: the time
        now, the signer the owner (their e-mail from the accounts), the next version, the
        hash, the review state and the audit event; the caller says only what it signs."""
        with self._db.write() as db:
            account = db.execute(
                "SELECT d.email FROM cases c JOIN doctors d ON d.user_id = c.user_id"
                " WHERE c.case_id = ? AND c.user_id = ?",
                (request.case_id, owner),
            ).fetchone()
            if account is None:
                raise CaseNotFound()
            # The signer's name and credentials as they stand now, kept with the version.
            profile = db.execute(
                "SELECT display_name, credentials FROM doctor_profiles WHERE user_id = ?",
                (owner,),
            ).fetchone()
            latest_row = db.execute(
                f"SELECT {_NOTE_COLUMNS} FROM signed_notes WHERE case_id = ?"
                " ORDER BY version DESC LIMIT 1",
                (request.case_id,),
            ).fetchone()
            latest = _note(latest_row) if latest_row else None
            if request.version != (latest.version if latest else 0) + 1:
                return None
            if _critical_values_waiting(db, request.case_id):
                raise CriticalValuesUnacknowledged()
            details: dict[str, object] = {"version": request.version}
            if latest is None:
                _check_sign_off(db, owner, request)
                action = AuditAction.NOTE_SIGNED
            else:
                changed = _check_amendment(db, owner, request, latest)
                details["sections"] = changed
                action = AuditAction.NOTE_AMENDED
            note = SignedNote(
                note_id=str(uuid.uuid4()),
                case_id=request.case_id,
                version=request.version,
                draft_id=request.draft_id,
                content={"sections": request.sections},
                content_hash="",
                signed_by=owner,
                signer_email=account["email"],
                signed_at=utc_now(),
                amendment_reason=request.amendment_reason,
                signer_name=profile["display_name"] if profile else "",
                signer_credentials=profile["credentials"] if profile else "",
            )
            note = replace(note, content_hash=_hash_of(note))
            db.execute(
                f"INSERT INTO signed_notes (user_id, {_NOTE_COLUMNS})"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                    note.signer_name,
                    note.signer_credentials,
                ),
            )
            db.execute(
                "UPDATE cases SET review_state = ? WHERE case_id = ? AND user_id = ?",
                (lifecycle.signed(note.version)["review_state"], note.case_id, owner),
            )
            known, stored = stored_event(action, details, by_the_store=True)
            db.execute(
                "INSERT INTO audit_events (user_id, case_id, action, details) VALUES (?, ?, ?, ?)",
                (owner, note.case_id, known, stored),
            )
        return checked(note)

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

    def signer_profile(self, owner: str) -> SignerProfile | None:
        row = (
            self._db.connection()
            .execute(
                "SELECT display_name, credentials FROM doctor_profiles WHERE user_id = ?",
                (owner,),
            )
            .fetchone()
        )
        return SignerProfile(row["display_name"], row["credentials"]) if row else None

    def save_signer_profile(self, owner: str, profile: SignerProfile) -> None:
        with self._db.write() as db:
            db.execute(
                "INSERT INTO doctor_profiles (user_id, display_name, credentials, updated_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
                " display_name = excluded.display_name, credentials = excluded.credentials,"
                " updated_at = excluded.updated_at",
                (owner, profile.display_name, profile.credentials, utc_now().isoformat()),
            )
