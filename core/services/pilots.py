"""Pilots as one signed-in account works them: coordinate, enrol (review: pilot_reviews).

The rules of who may do what live in the store (its queries, or the database's policies);
this service validates what comes in, builds the de-identified view of an enrolled case,
and turns a refusal into the clinic's error.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from functools import partial
from typing import Any

from core import validation
from core.analysis.reading.isolation import FileReading, InProcessReading
from core.audit import AuditAction
from core.errors import CaseNotFound, InvalidInput, PermissionDenied
from core.insights import RadiologyImage
from core.models import CaseFile, Doctor, utc_now
from core.pilot import deidentify, rules
from core.pilot.errors import PilotNotFound
from core.pilot.records import (
    Enrolment,
    NewEnrolment,
    Pilot,
    PilotMember,
    PilotRole,
)
from core.ports import Backend
from core.review import Section
from core.services.member_lookup_guard import MemberLookupGuard
from core.services.pilot_notes import keep_signed_note
from core.services.pilot_reviews import PilotReviews
from core.services.pilot_seats import checked_uuid

MAX_ENROL_AT_ONCE = 200


class PilotService(PilotReviews):
    """Coordinating pilots and enrolling cases; review and figures from ``PilotReviews``."""

    def __init__(
        self,
        doctor: Doctor,
        backend: Backend,
        reading: FileReading | None = None,
        lookup_guard: MemberLookupGuard | None = None,
    ) -> None:
        super().__init__(doctor, backend, lookup_guard)
        # The clinic's reading: an enrolled case's pictures are decoded in a child process
        # (time and memory capped); in-process for tests that build a service.
        self.reading = reading or InProcessReading()

    # --- pilots and members ------------------------------------------------------------------

    def create_pilot(self, name: Any, description: Any, starts_on: Any, ends_on: Any) -> Pilot:
        """A new pilot coordinated by this doctor."""
        name, description, start, end = rules.pilot_details(name, description, starts_on, ends_on)
        pilot = Pilot(str(uuid.uuid4()), name, description, start, end, self._me, utc_now())
        self.backend.pilots.add_pilot(self._me, pilot)
        self._event(AuditAction.PILOT_CREATED, pilot=pilot.pilot_id)
        return pilot

    def add_member(self, pilot_id: Any, email: Any, role: Any = "reviewer") -> PilotMember:
        """Add the account with this email (exactly) as a reviewer or an enrolling doctor."""
        seat = self._coordinated(pilot_id)
        address, role = validation.email_address(email), rules.member_role(role)
        if self.lookup_guard is not None:
            self.lookup_guard.admit(self._me)
        user_id = self.backend.pilots.account_id(self._me, seat.pilot.pilot_id, address)
        if user_id is None:
            if self.lookup_guard is not None:
                self.lookup_guard.missed(self._me)
            raise InvalidInput("No account has this email address")
        if user_id == self._me:
            raise InvalidInput("The coordinator is in the pilot already")
        member = PilotMember(seat.pilot.pilot_id, user_id, address, role, utc_now())
        if not self.backend.pilots.add_member(self._me, member):
            raise InvalidInput("This account is a member of the pilot already")
        # Handed back as stored: in Supabase mode the database sets added_at.
        member = next(
            (
                m
                for m in self.backend.pilots.members(self._me, member.pilot_id)
                if m.user_id == user_id
            ),
            member,
        )
        self._event(
            AuditAction.PILOT_MEMBER_ADDED,
            pilot=member.pilot_id,
            member=user_id,
            role=str(member.role),
        )
        return member

    def remove_member(self, pilot_id: Any, user_id: Any) -> None:
        seat = self._coordinated(pilot_id)
        member = checked_uuid(user_id, PilotNotFound)
        if not self.backend.pilots.remove_member(self._me, seat.pilot.pilot_id, member):
            raise InvalidInput("This account is not a member of the pilot")
        self._event(AuditAction.PILOT_MEMBER_REMOVED, pilot=seat.pilot.pilot_id, member=member)

    def members(self, pilot_id: Any) -> list[PilotMember]:
        return self.backend.pilots.members(self._me, self.seat(pilot_id).pilot.pilot_id)

    # --- enrolment -----------------------------------------------------------------------------

    def enrol(self, pilot_id: Any, case_ids: Iterable[Any]) -> list[Enrolment]:
        """Enrol several of this doctor's cases; a case enrolled already keeps its number."""
        seat = self.seat(pilot_id)
        if seat.role == PilotRole.REVIEWER:
            # A reviewer scores cases blind: one of their own would be neither blind nor fair.
            raise PermissionDenied("Reviewers review this pilot's cases; they cannot enrol cases")
        wanted = list(dict.fromkeys(validation.case_id(c) for c in case_ids))
        if not wanted:
            raise InvalidInput("Choose at least one case to enrol")
        if len(wanted) > MAX_ENROL_AT_ONCE:
            raise InvalidInput(f"Enrol at most {MAX_ENROL_AT_ONCE} cases at once")
        pilot_id = seat.pilot.pilot_id
        enrolled = {e.case_id: e for e in self._pilot_enrolments_of_mine(pilot_id, wanted)}
        # Every case is checked before any is enrolled: one foreign case enrols none.
        prepared = [
            self._prepare(pilot_id, case_id) for case_id in wanted if case_id not in enrolled
        ]
        for enrolment in prepared:
            added = self.backend.pilots.enrol(self._me, enrolment)
            if added is None:
                raise PermissionDenied()
            enrolled[added.case_id] = added
            self._event(
                AuditAction.PILOT_CASE_ENROLLED,
                added.case_id,
                pilot=pilot_id,
                enrolment=added.enrolment_id,
            )
        return [enrolled[case_id] for case_id in wanted]

    def _pilot_enrolments_of_mine(self, pilot_id: str, case_ids: list[str]) -> list[Enrolment]:
        return [
            e
            for case_id in case_ids
            for e in self.backend.pilots.case_enrolments(self._me, case_id)
            if e.pilot_id == pilot_id
        ]

    def _prepare(self, pilot_id: str, case_id: str) -> NewEnrolment:
        owner, backend = self._me, self.backend
        case = backend.cases.get_case(owner, case_id)
        if case is None:
            raise CaseNotFound()
        draft = backend.reviews.current_draft(owner, case_id)
        if draft is None:
            raise InvalidInput("A case can be enrolled once it has AI insights")
        files = backend.cases.list_files(owner, case_id)
        patient = backend.patients.get_patient(owner, case.patient_id) if case.patient_id else None
        scrub = deidentify.scrubber_for(case, files, patient)
        notes = backend.reviews.signed_notes(owner, case_id)
        signed = (
            {s.value: notes[-1].section_text(s.value) for s in Section}
            if notes and notes[-1].draft_id == draft.draft_id
            else None
        )
        return NewEnrolment(
            enrolment_id=str(uuid.uuid4()),
            pilot_id=pilot_id,
            case_id=case_id,
            draft_id=draft.draft_id,
            view=deidentify.case_view(case, files, draft.ai_insights, self._picture, patient),
            ai_insights=deidentify.redacted_insights(draft.ai_insights, scrub),
            signed_sections=deidentify.redacted_sections(signed, scrub),
        )

    def _picture(self, record: CaseFile, label: str, side: int) -> RadiologyImage:
        load = partial(self.backend.blobs.get, record.file_url)
        return self.reading.radiology_image(record.file_id, label, label, load, max_side=side)

    def record_signed_note(self, case_id: Any) -> int:
        """Keep the case's latest signed note beside its enrolments of the same draft (the
        review service does so at each signature); how many were updated."""
        return keep_signed_note(self.doctor, self.backend, validation.case_id(case_id))

    def case_enrolments(self, case_id: Any) -> list[Enrolment]:
        """The pilots this doctor's case is enrolled in."""
        return self.backend.pilots.case_enrolments(self._me, validation.case_id(case_id))

    def enrolments(self, pilot_id: Any) -> list[Enrolment]:
        return self.backend.pilots.enrolments(self._me, self.seat(pilot_id).pilot.pilot_id)
