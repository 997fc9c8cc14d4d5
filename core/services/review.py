"""The physician's review of a case's AI draft: decide on each section, sign, amend.

The AI draft is never changed. Each decision is a new record; the note is signed once
every section of the current draft has a decision, and a signed note changes only by an
amendment (a new version with a reason). Every version stays readable.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping
from typing import Any

from core import icd10, lifecycle, review, validation
from core.audit import AuditAction
from core.errors import CaseNotFound, InvalidInput, SignerNameMissing, VersionNotFound
from core.models import Case, Doctor, utc_now
from core.ports import Backend
from core.privacy.display import DisplayPolicy
from core.review import (
    Decision,
    NoteToSign,
    ReviewSummary,
    SectionReview,
    SignedNote,
    SignerProfile,
    current_reviews,
)
from core.safe_logging import failure_frames
from core.services.audit import record_event
from core.services.critical_results import require_acknowledged
from core.services.pilot_notes import keep_signed_note

log = logging.getLogger(__name__)


def check_icd10_code(code: str) -> tuple[bool, str]:
    """(valid, usual spelling) of a code the doctor typed, against ICD-10-CM."""
    valid, _ = icd10.check_icd10(code)
    return valid, icd10.normalize_icd10(code)


class ReviewService:
    """Review, sign and amend as one doctor, on their own cases only."""

    def __init__(
        self, doctor: Doctor, backend: Backend, display: DisplayPolicy | None = None
    ) -> None:
        self.doctor = doctor
        self.backend = backend
        self.display = display or DisplayPolicy()

    def _case(self, case_id: str) -> Case:
        case = self.backend.cases.get_case(self.doctor.user_id, validation.case_id(case_id))
        if case is None:
            raise CaseNotFound()
        return case

    def summary(self, case_id: str) -> ReviewSummary:
        """The current draft, the decision on each of its sections, every signed version."""
        return self._summary_of(self._case(case_id))

    def _summary_of(self, case: Case) -> ReviewSummary:
        case_id = case.case_id
        owner, reviews = self.doctor.user_id, self.backend.reviews
        draft = reviews.current_draft(owner, case_id)
        history = reviews.section_reviews(owner, case_id)
        versions = reviews.signed_notes(owner, case_id)
        current = current_reviews(history, draft.draft_id) if draft else {}
        return ReviewSummary(
            review_state=case.review_state,
            draft=draft,
            reviews=current,
            history=history,
            versions=versions,
            newer_draft=bool(versions and draft and versions[-1].draft_id != draft.draft_id),
            draft_outdated=bool(
                draft
                and draft.case_version is not None
                and draft.case_version < case.content_version
            ),
        )

    def review_section(
        self,
        case_id: str,
        section: Any,
        decision: Any,
        *,
        edited: Mapping[str, Any] | None = None,
        reason: Any = None,
        draft_id: str | None = None,
    ) -> SectionReview:
        """Accept a section of the current draft, edit it (the doctor's text beside the
        AI's), or reject it with a reason. ``draft_id``, when given, must be the current
        draft (a page showing an older draft is told so)."""
        name = review.section_name(section)
        verdict = review.decision_of(decision)
        case = self._case(case_id)
        case_id = case.case_id
        if not lifecycle.may_review(case.review_state):
            if case.review_state in lifecycle.SIGNED_STATES:
                raise InvalidInput("The note is signed; amend it to change it")
            raise InvalidInput("There is no AI draft to review yet")
        owner, reviews = self.doctor.user_id, self.backend.reviews
        draft = reviews.current_draft(owner, case_id)
        if draft is None:
            raise InvalidInput("There is no AI draft to review yet")
        if draft_id is not None and draft_id != draft.draft_id:
            raise InvalidInput("A newer AI draft replaced the one you reviewed; reload the case")
        text = None
        why = None
        if verdict is Decision.EDITED:
            text = review.edited_text(name, edited or {}, check_icd10_code)
        elif verdict is Decision.REJECTED:
            why = review.rejection_reason(reason)
        record = SectionReview(
            review_id=str(uuid.uuid4()),
            case_id=case_id,
            draft_id=draft.draft_id,
            section=name.value,
            decision=verdict.value,
            reviewed_at=utc_now(),
            edited=text,
            reason=why,
        )
        if not reviews.add_section_review(owner, record):
            raise CaseNotFound()
        every = reviews.section_reviews(owner, case_id)
        # Handed back as stored: in Supabase mode the database sets reviewed_at.
        record = next((r for r in every if r.review_id == record.review_id), record)
        decided = current_reviews(every, draft.draft_id)
        state = lifecycle.review_state_after_section(len(decided), len(review.Section))
        reviews.set_review_state(owner, case_id, state)
        log.info("case %s: %s %s", case_id, name.value, verdict.value)
        action = {
            Decision.ACCEPTED: AuditAction.SECTION_ACCEPTED,
            Decision.EDITED: AuditAction.SECTION_EDITED,
            Decision.REJECTED: AuditAction.SECTION_REJECTED,
        }[verdict]
        record_event(self.backend, self.doctor, action, case_id, {"section": name.value})
        return record

    def sign(self, case_id: str) -> SignedNote:
        """Sign the note once every section of the current draft has a decision."""
        case_id = validation.case_id(case_id)
        status = self.summary(case_id)
        if status.versions:
            raise InvalidInput("The note is already signed; amend it to change it")
        if status.draft is None:
            raise InvalidInput("There is no AI draft to sign yet")
        sections = review.signed_sections(status.draft, status.reviews)
        require_acknowledged(self.backend, self.doctor, case_id)
        # The store signs: its own time, signer, hash and audit event (note_signed).
        note = self._sign(NoteToSign(case_id, 1, status.draft.draft_id, sections))
        self._keep_beside_enrolments(case_id)
        log.info("case %s: note signed", case_id)
        return note

    def amend(
        self, case_id: str, changes: Mapping[str, Mapping[str, Any]], reason: Any
    ) -> SignedNote:
        """A new signed version with the doctor's changed sections and a required reason."""
        case_id = validation.case_id(case_id)
        why = review.amendment_reason(reason)
        status = self.summary(case_id)
        latest = status.latest
        if latest is None:
            raise InvalidInput("Sign the note before amending it")
        if not isinstance(changes, Mapping):
            raise InvalidInput("Changes must name sections and their fields")
        texts = {
            review.section_name(section).value: review.edited_text(
                review.section_name(section).value, fields or {}, check_icd10_code
            )
            for section, fields in changes.items()
        }
        sections = review.amended_sections(latest.content["sections"], texts)
        draft_id = status.draft.draft_id if status.draft else latest.draft_id
        require_acknowledged(self.backend, self.doctor, case_id)
        note = self._sign(NoteToSign(case_id, latest.version + 1, draft_id, sections, why))
        self._keep_beside_enrolments(case_id)
        log.info("case %s: note amended (version %d)", case_id, note.version)
        return note

    def shown_summary(self, case_id: str) -> ReviewSummary:
        """``summary`` as its owner reads it: the patient's name where the engine saw
        [PATIENT] (the display policy decides; stored records stay redacted)."""
        case = self._case(case_id)
        return self.display.review(self._summary_of(case), case)

    def shown_versions(self, case_id: str) -> list[SignedNote]:
        """``versions`` as their owner reads them."""
        case = self._case(case_id)
        return [self.display.note(note, case) for note in self._versions_of(case)]

    def shown_version(self, case_id: str, number: int) -> SignedNote:
        """``version`` as its owner reads it."""
        case = self._case(case_id)
        return self.display.note(_numbered(self._versions_of(case), number), case)

    def versions(self, case_id: str) -> list[SignedNote]:
        """Every signed version, oldest first."""
        return self._versions_of(self._case(case_id))

    def _versions_of(self, case: Case) -> list[SignedNote]:
        return self.backend.reviews.signed_notes(self.doctor.user_id, case.case_id)

    def version(self, case_id: str, number: int) -> SignedNote:
        """One signed version; VersionNotFound when the note has no such version."""
        return _numbered(self.versions(case_id), number)

    def _keep_beside_enrolments(self, case_id: str) -> None:
        """The signed text beside each pilot enrolment of the same draft, as it is signed
        (the pilot's edit distance); a failure is logged, the signature stands."""
        try:
            keep_signed_note(self.doctor, self.backend, case_id)
        except Exception:  # noqa: BLE001 - the note is signed; the missing copy is reported
            log.error(
                "case %s: the signed note was not kept beside its pilot enrolments:\n%s",
                case_id,
                failure_frames(),
            )

    def signer_profile(self) -> SignerProfile | None:
        """How this doctor signs (name and credentials); None until they set it."""
        return self.backend.reviews.signer_profile(self.doctor.user_id)

    def save_signer_profile(self, display_name: Any, credentials: Any) -> SignerProfile:
        """Set this doctor's name as signed and credentials (used from the next signature)."""
        profile = review.signer_profile(display_name, credentials)
        self.backend.reviews.save_signer_profile(self.doctor.user_id, profile)
        log.info("signer profile saved")
        return profile

    def _sign(self, request: NoteToSign) -> SignedNote:
        # The attestation names a person: no signature in an e-mail address alone.
        if self.signer_profile() is None:
            raise SignerNameMissing()
        note = self.backend.reviews.sign_note(self.doctor.user_id, request)
        if note is None:
            raise InvalidInput(
                f"Version {request.version} of this note was signed meanwhile; reload the case"
            )
        return note


def _numbered(notes: list[SignedNote], number: int) -> SignedNote:
    """The signed version ``number`` of ``notes``; VersionNotFound when there is none."""
    for note in notes:
        if note.version == number:
            return note
    raise VersionNotFound()
