"""What a backend must provide: a case repository, a blob store and accounts.

Every repository method takes the acting doctor's id (``owner``) and puts it in the query
itself, so a doctor can never read or change another doctor's rows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, BinaryIO, Protocol

from core.audit import AuditEvent, ChainCheck, Checkpoint
from core.critical_results import Acknowledgment, CommunicationMethod, CriticalResult
from core.insights import Insights, LabelledImageAnalysis
from core.models import AuthSession, Case, CaseFile, CasePage, CaseQuery, Doctor, Patient
from core.pilot.store import PilotRepository
from core.review import Draft, NoteToSign, SectionReview, SignedNote, SignerProfile


class CaseRepository(Protocol):
    def add_case(
        self, case: Case, files: Sequence[CaseFile], request_key: str | None = None
    ) -> None:
        """Insert the case and its file rows in one transaction. A ``request_key`` is
        unique per owner: a second case with the same key is refused (one submission, one
        case), and ``case_for_request`` finds the first."""

    def case_for_request(self, owner: str, request_key: str) -> str | None:
        """The id of the owner's case created with ``request_key``, or None."""

    def list_cases(self, owner: str) -> list[Case]:
        """The owner's cases in creation order."""

    def list_case_page(self, owner: str, query: CaseQuery) -> CasePage:
        """One page of the owner's cases for the list, filtered, ordered and counted.

        ``query`` arrives normalised by ``services.list_case_page``: ``search`` is None or
        non-blank, ``statuses`` a tuple of valid statuses, ``sort`` a ``CaseSort``. Match
        the name as a case-insensitive substring (no wildcards), order as ``CaseQuery``
        says (ties by creation, then a stable id), skip ``offset`` and return at most
        ``limit`` rows, each with the listed diagnosis and ICD-10 code (the latest signed
        version's when signed, else the current insights'; None before any). ``total`` counts every
        matching case; ``counts_by_status`` counts all the owner's cases by status
        (statuses with no case may be left out).
        """

    def get_case(self, owner: str, case_id: str) -> Case | None: ...

    def update_case(self, owner: str, case_id: str, changes: Mapping[str, Any]) -> Case | None:
        """Apply validated changes and refresh updated_at; None when not the owner's case."""

    def delete_case(self, owner: str, case_id: str) -> list[str] | None:
        """Delete the case with its files and insights; the removed storage keys, or None."""

    def add_file(self, owner: str, record: CaseFile) -> bool:
        """Insert a file row if the case is the owner's; False otherwise."""

    def list_files(self, owner: str, case_id: str) -> list[CaseFile]:
        """The case's files in upload order (empty for a case that is not the owner's)."""

    def get_insights(self, owner: str, case_id: str) -> dict[str, Any] | None: ...

    # The analyzer's bookkeeping: a claim token makes one job the only writer of a case.
    # Whether complete_analysis and fail_analysis record analysis_finished / analysis_failed
    # themselves, in their own transaction (the Supabase store's database functions); when
    # False the runner records them after the status changed.
    records_analysis_end: bool
    # Whether claim_analysis and claim_next_analysis record analysis_started with the claim,
    # in its transaction; when False the runner records it after claiming.
    records_analysis_start: bool

    def request_analysis(self, owner: str, case_id: str) -> Case | None:
        """Mark the case ``analyzing`` (stage initialized, no claim, no error)."""

    def claim_analysis(self, owner: str, case_id: str, claim: str, stale_before: datetime) -> bool:
        """Atomically take an ``analyzing`` case that is unclaimed or whose claim is stale."""

    def claim_next_analysis(self, owner: str, claim: str, stale_before: datetime) -> str | None:
        """Atomically take the owner's oldest ``analyzing`` case that is unclaimed or whose
        claim is stale (the queue replicas share); its id, or None when none is waiting."""

    def heartbeat(self, owner: str, case_id: str, claim: str) -> bool:
        """Refresh the claim of a live job (whatever its stage); False once it is not the
        holder any more."""

    def record_stage(self, owner: str, case_id: str, claim: str, stage: str) -> bool: ...

    def save_file_analysis(
        self,
        owner: str,
        file_id: str,
        text_data: str | None,
        ai_summary: LabelledImageAnalysis | None,
    ) -> None:
        """Keep what the analysis read from a file: a lab file's text, a radiology image's
        reading (stored as JSON in the file's ``ai_summary``)."""

    def save_draft_section(
        self, owner: str, case_id: str, claim: str, section: str, content: Mapping[str, Any]
    ) -> bool:
        """As the claim holder: keep one section of the draft being written (a name of
        ``DRAFT_SECTIONS``) beside those already landed; False when the claim is not held."""

    def draft_sections(self, owner: str, case_id: str) -> dict[str, Any]:
        """The sections landed so far of the analysis in progress ({} when none)."""

    def complete_analysis(self, owner: str, case_id: str, claim: str, insights: Insights) -> bool:
        """As the claim holder: keep the insights as a new AI draft, point the case's
        current insights at it, and close the analysis (completed); False when the claim
        is not held any more."""

    def fail_analysis(self, owner: str, case_id: str, claim: str, reason: str) -> bool: ...


class PatientRepository(Protocol):
    """A doctor's patients: one record per person, many cases each.

    Merging is a pointer on the duplicate record (``Patient.merged_into``); no case is
    rewritten, so unmerging gives back exactly what was merged. The store writes the
    patient_merged / patient_unmerged audit event in the same transaction (under Supabase,
    the database function does; a client cannot write those events or the pointer)."""

    def add_patient(self, patient: Patient) -> None:
        """Insert the owner's new patient (``merged_into`` None)."""

    def get_patient(self, owner: str, patient_id: str) -> Patient | None:
        """One of the owner's patients, merged or not; None for another doctor's."""

    def update_patient(
        self, owner: str, patient_id: str, changes: Mapping[str, Any]
    ) -> Patient | None:
        """Change the name, date of birth or record number of one of the owner's patients
        (the id, doctor, sex and merge pointer are fixed); the record as it now stands, or
        None for another doctor's."""

    def list_patients(self, owner: str) -> list[Patient]:
        """Every patient of the owner, merged ones included, oldest first."""

    def search_patients(self, owner: str, text: str, limit: int = 20) -> list[Patient]:
        """The owner's patients not merged into another whose name contains ``text``
        (accents, case and word order ignored) or whose record number is ``text``."""

    def patient_cases(self, owner: str, patient_id: str) -> list[Case]:
        """The cases of the patient's whole record, ordered by created_at: its own and
        those of the records merged into it (a merged record answers for the one it is
        merged into). Empty for another doctor's patient."""

    def merge_patients(self, owner: str, duplicate_id: str, kept_id: str) -> bool:
        """Merge the duplicate record into the kept one (both the owner's, neither merged,
        nothing merged into the duplicate) and record patient_merged; False when refused."""

    def unmerge_patient(self, owner: str, patient_id: str) -> bool:
        """Undo the merge of this record and record patient_unmerged; False when it is not
        the owner's merged record."""


class ReviewRepository(Protocol):
    """The physician's review: every AI draft kept, section decisions, signed versions.

    Only inserts: a draft, a decision or a signed version is never changed (the stores
    refuse updates). Every method takes the owner and puts it in the query.
    """

    def current_draft(self, owner: str, case_id: str) -> Draft | None:
        """The newest AI draft of the case (the one its insights show)."""

    def drafts(self, owner: str, case_id: str) -> list[Draft]:
        """Every AI draft of the case, oldest first."""

    def add_section_review(self, owner: str, review: SectionReview) -> bool:
        """Record a decision on a section of one of the owner's drafts; False otherwise."""

    def section_reviews(self, owner: str, case_id: str) -> list[SectionReview]:
        """Every decision on the case's drafts, oldest first."""

    def sign_note(self, owner: str, request: NoteToSign) -> SignedNote | None:
        """Sign (version 1) or amend the owner's note, in one transaction: the store takes
        the time, the signer and their e-mail, computes the hash, sets the case's review
        state and records the note_signed / note_amended event. None when the version is
        not the next one any more (someone signed first)."""

    def signed_notes(self, owner: str, case_id: str) -> list[SignedNote]:
        """Every signed version of the case's note, oldest first."""

    def set_review_state(self, owner: str, case_id: str, state: str) -> bool:
        """Set the review state of a case whose note is not signed yet."""

    def signer_profile(self, owner: str) -> SignerProfile | None:
        """The owner's name as signed and credentials; None until they set them."""

    def save_signer_profile(self, owner: str, profile: SignerProfile) -> None:
        """Set or replace the owner's own profile (nobody else's)."""


class AuditTrail(Protocol):
    """The append-only, hash-chained audit trail (core.audit). The store stamps each event
    (its number in the doctor's chain, time, link and hash) and refuses changes."""

    def record(
        self,
        actor: str,
        action: str,
        case_id: str | None = None,
        details: Mapping[str, Any] | None = None,
    ) -> None:
        """Append an event by ``actor`` (a doctor's user id); details hold no patient data."""

    def events(self, owner: str, case_id: str | None = None, limit: int = 1000) -> list[AuditEvent]:
        """The owner's events, newest first (only one case's when ``case_id`` is given)."""

    def verify(self, owner: str, key: bytes | None = None) -> ChainCheck:
        """Recompute the owner's whole chain, oldest first; with the app's key, compare it
        with every checkpoint the app sealed (core.audit.verify_chain)."""

    def add_checkpoint(self, owner: str, checkpoint: Checkpoint) -> None:
        """Keep a sealed checkpoint of the owner's chain (one per position; a second at the
        same position is ignored)."""


class CriticalResults(Protocol):
    """Critical values awaiting the doctor's acknowledgment (issue #27). The findings are
    written with each draft (``CaseRepository.complete_analysis``); an acknowledgment is
    written by the store with its own time, signer and audit event, and never changed."""

    def critical_results(self, owner: str, case_id: str) -> list[CriticalResult]:
        """The critical values of the case's current draft with their acknowledgments,
        oldest finding first (empty for another doctor's case)."""

    def acknowledge(
        self,
        owner: str,
        case_id: str,
        value_key: str,
        method: CommunicationMethod,
        comment: str | None,
    ) -> Acknowledgment:
        """Acknowledge one critical value of the owner's case, with its
        critical_value_acknowledged event, in one transaction. CaseNotFound for another
        doctor's case, CriticalValueNotFound when the current draft holds no such value,
        AlreadyAcknowledged when it is acknowledged already."""

    def acknowledgments(self, owner: str) -> list[Acknowledgment]:
        """Every acknowledgment the owner recorded, oldest first (for the figure)."""


class BlobStore(Protocol):
    def put(self, key: str, content: bytes | BinaryIO, content_type: str) -> None:
        """Store the bytes; a stream (a spooled upload) is copied a chunk at a time."""

    def get(self, key: str) -> bytes: ...

    def delete(self, keys: Sequence[str]) -> None:
        """Remove these objects; missing ones are not an error."""

    def delete_folder(self, prefix: str) -> None:
        """Remove every object under ``prefix`` (a ``user/case/`` folder)."""


class Accounts(Protocol):
    def sign_up(self, email: str, password: str) -> AuthSession: ...

    def sign_in(self, email: str, password: str) -> AuthSession: ...

    def refresh(self, refresh_token: str) -> AuthSession: ...

    def sign_out(self, session: AuthSession) -> None: ...

    def verify(self, access_token: str) -> Doctor:
        """The doctor an access token belongs to; NotAuthenticated when bad or expired."""


@dataclass(frozen=True)
class Backend:
    """The ports one signed-in session works through.

    ``release`` frees what this backend holds of its own (a Supabase session client's
    connection pool); None when it shares everything with the process (embedded).
    """

    name: str
    cases: CaseRepository
    blobs: BlobStore
    reviews: ReviewRepository
    audit: AuditTrail
    pilots: PilotRepository
    critical: CriticalResults
    patients: PatientRepository
    release: Callable[[], None] | None = None

    def close(self) -> None:
        """Free this backend's own connections; using it afterwards is an error."""
        if self.release is not None:
            self.release()

    def borrowed(self) -> Backend:
        """The same ports, with a ``close`` that leaves them open (for a job that shares
        a backend its owner keeps using)."""
        return replace(self, release=None)


@dataclass(frozen=True)
class UnfinishedAnalysis:
    """A case left ``analyzing``, with whose it is and how a job may open a backend for it."""

    owner: Doctor
    case_id: str
    open_backend: Callable[[], Backend]


class BackendProvider(Protocol):
    """Process-wide entry to a backend: accounts, and a Backend per signed-in session."""

    @property
    def name(self) -> str: ...

    @property
    def accounts(self) -> Accounts: ...

    def for_session(self, session: AuthSession) -> Backend:
        """A Backend acting as this doctor; the caller closes it when done."""

    def for_analysis(self, session: AuthSession) -> Backend:
        """A Backend for an analysis job of this doctor: it reads as the doctor and writes
        the analysis (drafts, insights, critical values, a file's reading) as the analyzer
        where the database tells the two apart; the caller closes it when done."""

    def unfinished_analyses(self) -> list[UnfinishedAnalysis]:
        """Every doctor's cases left ``analyzing`` that this process can reach without
        their session (the embedded backend); empty where each doctor's rows are visible
        only under their own token (Supabase under RLS)."""

    def close(self) -> None:
        """Release process-wide resources (connection pools)."""
