"""The clinic's records: doctors, cases, their files, and what a doctor submits."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from datetime import UTC, date, datetime, timedelta
from enum import StrEnum
from typing import Any, BinaryIO


class Gender(StrEnum):
    FEMALE = "female"
    MALE = "male"
    OTHER = "other"
    UNKNOWN = "unknown"


class CaseStatus(StrEnum):
    PENDING = "pending"
    ANALYZING = "analyzing"
    PROCESSING = "processing"
    COMPLETED = "completed"
    FAILED = "failed"
    ARCHIVED = "archived"


class FileCategory(StrEnum):
    LAB = "lab"
    RADIOLOGY = "radiology"


class AnalysisStage(StrEnum):
    INITIALIZED = "initialized"
    LAB_DOCUMENTS_PROCESSED = "lab_documents_processed"
    RADIOLOGY_DOCUMENTS_PROCESSED = "radiology_documents_processed"
    CASE_SUMMARY_GENERATED = "case_summary_generated"
    SOAP_NOTE_GENERATED = "soap_note_generated"
    DIAGNOSIS_GENERATED = "diagnosis_generated"
    INSIGHTS_COMPILED = "insights_compiled"
    COMPLETED = "completed"
    ERROR = "error"


# The sections of an AI draft the analyzer saves as each lands, while the case is still
# analysing (named as in the insights); the draft itself is saved whole at the end.
DRAFT_SECTIONS = ("case_summary", "soap_note", "primary_diagnosis")
# What the reading round saves the same way, before the writing round starts: every lab
# value read with its critical mark, so critical values are on screen within a second.
LAB_VALUES_SECTION = "lab_values"
LANDED_SECTIONS = (*DRAFT_SECTIONS, LAB_VALUES_SECTION)


_clock_lock = threading.Lock()
_last_instant = datetime.min.replace(tzinfo=UTC)


def utc_now() -> datetime:
    """Current UTC time, strictly increasing within the process (so updated_at always moves)."""
    global _last_instant
    with _clock_lock:
        now = datetime.now(UTC)
        if now <= _last_instant:
            now = _last_instant + timedelta(microseconds=1)
        _last_instant = now
        return now


@dataclass(frozen=True)
class Doctor:
    """The signed-in doctor on whose behalf every case operation runs."""

    user_id: str
    email: str


@dataclass(frozen=True)
class AuthSession:
    """A signed-in doctor with the tokens that prove it."""

    doctor: Doctor
    access_token: str
    refresh_token: str
    expires_at: float  # Unix seconds

    def expires_within(self, seconds: float, now: float) -> bool:
        return self.expires_at - now <= seconds


@dataclass(frozen=True)
class NewCase:
    """What a doctor submits to open a case (validated by ``core.validation``)."""

    patient_name: str
    patient_age: int
    patient_gender: str
    case_summary: str | None = None
    # The doctor's existing patient this case is for (None: a new patient from the fields
    # above, with these optional details).
    patient_id: str | None = None
    date_of_birth: date | str | None = None  # as typed (text) until validated
    record_number: str | None = None


def age_on(born: date, day: date) -> int:
    """Whole years from ``born`` to ``day`` (the age at a case follows from the date of birth)."""
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))


@dataclass(frozen=True)
class Patient:
    """One person a doctor sees across cases (their own record: RLS in Supabase, the owner
    in every SQLite query). ``merged_into`` is set while the doctor has merged this record
    into another (its cases then belong to that patient's history; unmerging clears it)."""

    patient_id: str
    user_id: str
    name: str
    sex: str  # a Gender value
    created_at: datetime
    date_of_birth: date | None = None
    record_number: str | None = None
    merged_into: str | None = None

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> Patient:
        """A patient from a database row (times and dates as ISO 8601 text)."""
        values = dict(row)
        values["patient_id"] = str(values["patient_id"])
        values["user_id"] = str(values["user_id"])
        values["created_at"] = datetime.fromisoformat(values["created_at"])
        born = values.get("date_of_birth")
        values["date_of_birth"] = date.fromisoformat(born) if born else None
        merged = values.get("merged_into")
        values["merged_into"] = str(merged) if merged else None
        return cls(**values)

    def age_on(self, day: date) -> int | None:
        """Whole years on ``day``; None without a date of birth."""
        return None if self.date_of_birth is None else age_on(self.date_of_birth, day)

    def public_dict(self) -> dict[str, Any]:
        """The patient as the API shows it to the owner."""
        return {
            "patient_id": self.patient_id,
            "name": self.name,
            "sex": self.sex,
            "date_of_birth": self.date_of_birth.isoformat() if self.date_of_birth else None,
            "record_number": self.record_number,
            "merged_into": self.merged_into,
            "created_at": self.created_at.isoformat(),
        }


@dataclass(frozen=True)
class Upload:
    """A file as it arrives from the doctor: the original name and its bytes, whole (the
    dashboard's widget holds them in memory) or a seekable stream (the HTTP API's spooled
    upload), which the checks and the blob stores read in pieces."""

    file_name: str
    content: bytes | BinaryIO
    category: str = FileCategory.LAB.value


@dataclass(frozen=True)
class LikelyDuplicate:
    """An existing record that may be the same person as the one being created, and why
    (core.patients finds them; the doctor decides)."""

    patient: Patient
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class MergeSuggestion:
    """Two of a doctor's records that may be one person: the older would be kept, the
    newer merged into it (the doctor may choose the other way round)."""

    kept: Patient
    duplicate: Patient
    reasons: tuple[str, ...]


@dataclass
class Case:
    case_id: str
    user_id: str
    patient_name: str
    patient_age: int
    patient_gender: str
    case_summary: str | None
    status: str
    created_at: datetime
    updated_at: datetime
    analysis_stage: str | None = None
    analysis_error: str | None = None
    # The status before archiving (restored from it), see core.lifecycle.
    archived_from: str | None = None
    # Moves on whenever the patient's details, the notes or the files change, so an AI
    # draft written from an earlier version is known to be out of date.
    content_version: int = 1
    review_state: str | None = None  # core.lifecycle.ReviewState; None before any draft
    analysis_attempts: int = 0  # claims since the analysis was last requested
    # The doctor's patient record the case is for (core.models.Patient); the name, age and
    # gender above are the case's own copy as of its creation.
    patient_id: str | None = None

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> Case:
        """A case from a database row, whose times are ISO 8601 text."""
        values = dict(row)
        values["created_at"] = datetime.fromisoformat(values["created_at"])
        values["updated_at"] = datetime.fromisoformat(values["updated_at"])
        if values.get("patient_id") is not None:
            values["patient_id"] = str(values["patient_id"])
        return cls(**values)

    def public_dict(self) -> dict[str, Any]:
        """The case as the reference API shows it (no analyzer bookkeeping)."""
        record = asdict(self)
        for internal in ("archived_from", "content_version", "analysis_attempts"):
            record.pop(internal)
        record["created_at"] = self.created_at.isoformat()
        record["updated_at"] = self.updated_at.isoformat()
        return record


@dataclass
class CaseFile:
    file_id: str
    case_id: str
    user_id: str
    file_name: str
    file_type: str
    file_size: int
    file_url: str
    file_category: str
    uploaded_at: datetime
    text_data: str | None = None
    ai_summary: dict[str, Any] | None = None

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> CaseFile:
        """A file record from a database row (upload time as ISO 8601 text, ai_summary a dict)."""
        values = dict(row)
        values["uploaded_at"] = datetime.fromisoformat(values["uploaded_at"])
        return cls(**values)

    def public_dict(self) -> dict[str, Any]:
        """The file record as the reference API shows it."""
        return {
            "file_id": self.file_id,
            "case_id": self.case_id,
            "file_name": self.file_name,
            "file_type": self.file_type,
            "file_size": self.file_size,
            "file_url": self.file_url,
            "file_category": self.file_category,
            "uploaded_at": self.uploaded_at.isoformat(),
        }


@dataclass
class CreatedCase:
    case: Case
    files: list[CaseFile] = field(default_factory=list)
    # A new patient made for the case: the existing records that may be the same person
    # (offered to the doctor to merge, never merged silently).
    likely_duplicates: list[LikelyDuplicate] = field(default_factory=list)


@dataclass
class CaseDetail:
    case: Case
    files: list[CaseFile]
    ai_insights: dict[str, Any] | None
    # Whether the insights carry the analyzer's intact seal (None: no insights, or the
    # clinic holds no sealing key).
    insights_verified: bool | None = None


# --- the case list: one page of a doctor's cases, filtered and counted in the database ---

DEFAULT_PAGE_SIZE = 50
MAX_PAGE_SIZE = 500


class CaseSort(StrEnum):
    """The columns the case list can be ordered by (on the server, across all pages)."""

    CREATED = "created_at"
    UPDATED = "updated_at"
    PATIENT = "patient_name"
    AGE = "patient_age"
    STATUS = "status"
    REVIEW = "review_state"
    DIAGNOSIS = "diagnosis"
    CRITICAL = "critical_count"


@dataclass(frozen=True)
class CaseQuery:
    """Which of a doctor's cases the list shows, and which slice of them.

    ``search`` is a case-insensitive substring of the patient's name (None or blank: all).
    ``statuses`` None means every status except ``archived``; a tuple means exactly those.
    ``created_from``/``created_before`` bound the creation time (aware; from is inclusive),
    ``min_age``/``max_age`` the patient's age (inclusive); ``diagnosis`` is a substring of
    the listed diagnosis (British and American spellings alike, ``core.spelling``) or the
    start of its ICD-10 code (dots and case ignored). The listed diagnosis is the latest
    signed version's when the case is signed, the AI draft's otherwise.
    ``critical_only`` keeps the cases with any critical value.
    Cases are ordered by ``sort`` (a ``CaseSort``), descending unless ``descending`` is
    False; empty values last either way; ties by creation time in the same direction,
    then a stable id. ``critical_first`` puts the cases with a critical value before
    the rest, each part in that order.
    """

    search: str | None = None
    statuses: tuple[str, ...] | None = None
    review_states: tuple[str, ...] | None = None  # None: any (also cases with no draft yet)
    created_from: datetime | None = None
    created_before: datetime | None = None
    min_age: int | None = None
    max_age: int | None = None
    diagnosis: str | None = None
    critical_only: bool = False
    sort: str = CaseSort.CREATED.value
    descending: bool = True
    critical_first: bool = False
    limit: int = DEFAULT_PAGE_SIZE
    offset: int = 0


def icd10_prefix(text: str | None) -> str | None:
    """What an ICD-10 code must start with to match ``text`` ("e11.9" -> "E119"), compared
    with the code's dots removed; None when the text has no letter or digit."""
    prefix = "".join(char for char in (text or "").upper() if char.isascii() and char.isalnum())
    return prefix or None


@dataclass
class CaseRow:
    """A case as the list shows it: the case and, once analysed, its primary diagnosis
    and how many critical values it has."""

    case: Case
    primary_diagnosis: str | None = None
    icd_code: str | None = None
    # True when the diagnosis is the latest signed version's (None there: the doctor
    # rejected the AI's); False when it is the AI draft's, not yet signed.
    diagnosis_signed: bool = False
    # Lab values on the critical-value list in the current insights: the list marks the
    # case as urgent when there is any.
    critical_count: int = 0


@dataclass
class CasePage:
    """One page of the list, the number of cases matching the query, and the caseload.

    ``counts_by_status`` counts all the doctor's cases (whatever the search and status
    filter), with a zero for every status, so the summary above the list stays steady.
    """

    rows: list[CaseRow]
    total: int
    counts_by_status: dict[str, int]
    # All the doctor's cases that are not archived, by review state (zeros included).
    counts_by_review_state: dict[str, int] = field(default_factory=dict)
