"""The audit trail: who did what to which case, when; append-only and hash-chained.

Each doctor's events form one chain: every event carries the hash of the one before it
and a hash over its own content, both computed by the database (a trigger) when the event
is inserted. Nobody can change or remove an event; a changed one breaks the chain, which
``verify_chain`` finds. Events never hold patient data: only who, when, the case id, the
action and small details (field names, a section, a version number).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from core.csv_text import csv_text
from core.errors import InvalidInput


class AuditAction(StrEnum):
    CASE_CREATED = "case_created"
    CASE_OPENED = "case_opened"
    CASE_UPDATED = "case_updated"
    CASE_ARCHIVED = "case_archived"
    CASE_RESTORED = "case_restored"
    CASE_DELETED = "case_deleted"
    CASE_EXPORTED = "case_exported"
    FILE_ADDED = "file_added"
    FILE_DOWNLOADED = "file_downloaded"
    # Looked at on the case page without a copy taken (#26): the file id, never its name.
    FILE_VIEWED = "file_viewed"
    ANALYSIS_REQUESTED = "analysis_requested"
    ANALYSIS_STARTED = "analysis_started"
    ANALYSIS_FINISHED = "analysis_finished"
    ANALYSIS_FAILED = "analysis_failed"
    SECTION_ACCEPTED = "section_accepted"
    SECTION_EDITED = "section_edited"
    SECTION_REJECTED = "section_rejected"
    NOTE_SIGNED = "note_signed"
    NOTE_AMENDED = "note_amended"
    SIGNED_IN = "signed_in"
    SIGNED_OUT = "signed_out"
    # Pilots (#14): ids only, never a name; a reviewer's events carry no case id (they
    # never learn it), the enrolling doctor's enrolment carries their own case's.
    PILOT_CREATED = "pilot_created"
    PILOT_MEMBER_ADDED = "pilot_member_added"
    PILOT_MEMBER_REMOVED = "pilot_member_removed"
    PILOT_CASE_ENROLLED = "pilot_case_enrolled"
    PILOT_REVIEW_SUBMITTED = "pilot_review_submitted"
    # Critical results (#27): the value's key and the method, never the comment.
    CRITICAL_VALUE_ACKNOWLEDGED = "critical_value_acknowledged"
    # Patients (#27): ids only. A merge and its undoing are written by the stores in the
    # transaction that merges (details: the merged record and the one it went into).
    PATIENT_CREATED = "patient_created"
    PATIENT_MERGED = "patient_merged"
    PATIENT_UNMERGED = "patient_unmerged"
    # The patient page opened (the first look in a session, like case_opened) and a record's
    # details corrected (which fields, never their values).
    PATIENT_OPENED = "patient_opened"
    PATIENT_UPDATED = "patient_updated"
    # How the doctor signs set or changed (#26): which fields, never their values; written
    # by the databases themselves as the profile is written.
    SIGNER_PROFILE_UPDATED = "signer_profile_updated"


ACTION_LABELS: dict[str, str] = {
    action.value: action.value.replace("_", " ").capitalize() for action in AuditAction
}

# Details are words and numbers only, so free text (a name, a note) cannot slip in. Both
# databases refuse any other alphabet in the stored JSON and any action not listed above
# (sqlite_db migrations 6, 10 and 16, supabase/migrations/*_audit_*.sql,
# *_pilot_audit.sql, *_patients.sql and *_file_viewed_audit.sql): change them together.
_WORD = re.compile(r"^[a-z0-9][a-z0-9_.:-]{0,63}$")
MAX_DETAIL_ITEMS = 20
MAX_DETAILS_BYTES = 2048  # the stores refuse larger details (20 words of 64 fit)
# Written only by the stores themselves, in the transaction that signs, acknowledges a
# critical value, merges patients or saves a signer profile (never by a client).
STORE_WRITTEN_ACTIONS = frozenset(
    {
        AuditAction.NOTE_SIGNED.value,
        AuditAction.NOTE_AMENDED.value,
        AuditAction.CRITICAL_VALUE_ACKNOWLEDGED.value,
        AuditAction.PATIENT_MERGED.value,
        AuditAction.PATIENT_UNMERGED.value,
        AuditAction.SIGNER_PROFILE_UPDATED.value,
    }
)
# The analyzer's own steps on the owning doctor's trail; under Supabase only the analyzer's
# role writes them (supabase/migrations/20261128061902_the_analyzers_audit_events.sql).
ANALYZER_ACTIONS = frozenset(
    {
        AuditAction.ANALYSIS_STARTED.value,
        AuditAction.ANALYSIS_FINISHED.value,
        AuditAction.ANALYSIS_FAILED.value,
    }
)


@dataclass(frozen=True)
class AuditEvent:
    """One sealed event, as stored."""

    seq: int
    user_id: str
    case_id: str | None
    action: str
    details: dict[str, Any]
    occurred_at: datetime
    prev_hash: str
    hash: str
    details_json: str = field(default="{}", repr=False)  # exactly as hashed

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> AuditEvent:
        """An event as either database returns it (its time as ISO 8601 text, Z or offset)."""
        return cls(
            seq=row["seq"],
            user_id=row["user_id"],
            case_id=row["case_id"],
            action=row["action"],
            details=json.loads(row["details"]),
            occurred_at=datetime.fromisoformat(row["occurred_at"]),
            prev_hash=row["prev_hash"],
            hash=row["hash"],
            details_json=row["details"],
        )


@dataclass(frozen=True)
class Checkpoint:
    """The app's sealed note of a chain as it stood: its count (the head's seq) and head
    hash, with an HMAC by the app's key, which the database never holds."""

    seq: int
    head_hash: str
    seal: str


@dataclass(frozen=True)
class ChainCheck:
    """What a verification of one doctor's chain found."""

    intact: bool
    events_checked: int
    first_broken_seq: int | None = None
    reason: str | None = None
    head_hash: str | None = None  # the newest event's hash (None: an empty chain)
    anchored_seq: int | None = None  # the newest checkpoint sealed by the app's key
    anchored_hash: str | None = None


def action_of(value: Any) -> AuditAction:
    try:
        return AuditAction(str(value))
    except ValueError:
        raise InvalidInput(f"Unknown audit action: {value!r}") from None


def checked_details(details: Mapping[str, Any] | None) -> dict[str, Any]:
    """The details, refused unless every key is a word and every value a word, a whole
    number or a short list of words."""
    checked: dict[str, Any] = {}
    for key, value in (details or {}).items():
        if not isinstance(key, str) or not _WORD.match(key):
            raise InvalidInput("Audit details take short lower-case words as keys")
        if isinstance(value, bool) or not isinstance(value, (int, str, list, tuple)):
            raise InvalidInput(f"Audit detail {key} must be a word, a number or a list of words")
        if isinstance(value, str) and not _WORD.match(value):
            raise InvalidInput(f"Audit detail {key} must be a short lower-case word")
        if isinstance(value, (list, tuple)):
            if len(value) > MAX_DETAIL_ITEMS or not all(
                isinstance(item, str) and _WORD.match(item) for item in value
            ):
                raise InvalidInput(f"Audit detail {key} must list short lower-case words")
            value = list(value)
        checked[key] = value
    if len(canonical_details(checked).encode()) > MAX_DETAILS_BYTES:
        raise InvalidInput("Audit details are too long")
    return checked


def canonical_details(details: Mapping[str, Any]) -> str:
    return json.dumps(dict(details), sort_keys=True, separators=(",", ":"))


def stored_event(
    action: Any, details: Mapping[str, Any] | None, *, by_the_store: bool = False
) -> tuple[str, str]:
    """(action, details as hashed) of an event about to be recorded; InvalidInput for an
    unknown action, details that could carry free text, or an action only the stores
    write (``by_the_store``: the store's own transaction that signs or merges)."""
    known = action_of(action).value
    if known in STORE_WRITTEN_ACTIONS and not by_the_store:
        raise InvalidInput(f"{known} events are written by the store as it signs or merges")
    return known, canonical_details(checked_details(details))


def occurred_text(moment: datetime) -> str:
    """The event's time as hashed: UTC, microseconds, a Z (both databases write it so)."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def event_hash(
    prev_hash: str,
    seq: int,
    user_id: str,
    case_id: str | None,
    action: str,
    details_json: str,
    occurred: str,
) -> str:
    """SHA-256 over the previous hash and the event's own content, '|'-joined."""
    text = "|".join((prev_hash, str(seq), user_id, case_id or "", action, details_json, occurred))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def checkpoint_seal(key: bytes, user_id: str, seq: int, head_hash: str) -> str:
    """HMAC-SHA256 by the app's key over a doctor's chain count and head hash."""
    message = f"medcase-audit-checkpoint|{user_id}|{seq}|{head_hash}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def verify_chain(
    events: Iterable[AuditEvent],
    checkpoints: Iterable[Checkpoint] = (),
    key: bytes | None = None,
    user_id: str = "",
) -> ChainCheck:
    """Recompute a doctor's chain, oldest first: every seq in turn, every link, every hash;
    then, with the app's key, every checkpoint it sealed must still match the event at its
    position (an event deleted and the rest re-chained shows here). A checkpoint without
    the app's seal is ignored: whoever wrote it did not hold the key."""
    ordered = sorted(events, key=lambda e: e.seq)
    check = _linked(ordered)
    if not check.intact or key is None:
        return check
    hashes = {event.seq: event.hash for event in ordered}
    anchor: Checkpoint | None = None
    for point in sorted(checkpoints, key=lambda c: c.seq):
        expected = checkpoint_seal(key, user_id, point.seq, point.head_hash)
        if not hmac.compare_digest(expected, point.seal):
            continue
        if hashes.get(point.seq) != point.head_hash:
            reason = (
                f"the trail held {point.seq} events when the app checked it; there are"
                f" {len(ordered)} now"
                if point.seq not in hashes
                else f"event {point.seq} differs from the app's checkpoint: events were"
                " removed or re-chained"
            )
            return replace(
                check,
                intact=False,
                first_broken_seq=point.seq,
                reason=reason,
                anchored_seq=point.seq,
                anchored_hash=point.head_hash,
            )
        anchor = point
    if anchor is None:
        return check
    return replace(check, anchored_seq=anchor.seq, anchored_hash=anchor.head_hash)


def _linked(events: list[AuditEvent]) -> ChainCheck:
    previous = ""
    checked = 0
    for expected_seq, event in enumerate(sorted(events, key=lambda e: e.seq), start=1):
        checked += 1
        if event.seq != expected_seq:
            return ChainCheck(False, checked, event.seq, f"event {expected_seq} is missing")
        if event.prev_hash != previous:
            return ChainCheck(False, checked, event.seq, "the link to the previous event differs")
        recomputed = event_hash(
            event.prev_hash,
            event.seq,
            event.user_id,
            event.case_id,
            event.action,
            event.details_json,
            occurred_text(event.occurred_at),
        )
        if recomputed != event.hash:
            return ChainCheck(
                False, checked, event.seq, "the event was changed after it was sealed"
            )
        previous = event.hash
    return ChainCheck(True, checked, head_hash=previous or None)


CSV_COLUMNS: Sequence[str] = ("seq", "occurred_at", "action", "case_id", "details", "hash")


def audit_csv(events: Iterable[AuditEvent]) -> str:
    """Events as a CSV (no patient data: ids, actions, details, hashes), cells inert."""
    return csv_text(
        CSV_COLUMNS,
        (
            [
                str(event.seq),
                occurred_text(event.occurred_at),
                event.action,
                event.case_id or "",
                event.details_json,
                event.hash,
            ]
            for event in events
        ),
    )
