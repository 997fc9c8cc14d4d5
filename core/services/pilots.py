"""Pilots as one signed-in account works them: coordinate, enrol, review blind.

The rules of who may do what live in the store (its queries, or the database's policies);
this service validates what comes in, builds the de-identified view of an enrolled case,
and turns a refusal into the clinic's error.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core import validation
from core.audit import AuditAction
from core.errors import CaseNotFound, InvalidInput, PermissionDenied
from core.models import Doctor, utc_now
from core.pilot import deidentify, export, rules
from core.pilot.errors import DiagnosisFirst, EnrolledCaseNotFound, PilotNotFound
from core.pilot.figures import PilotFigures, pilot_figures
from core.pilot.records import (
    EnrolledInsights,
    Enrolment,
    NewEnrolment,
    Pilot,
    PilotMember,
    PilotReview,
    PilotRole,
    PilotSeat,
    scores_json,
)
from core.ports import Backend
from core.review import Section
from core.services.audit import record_event
from core.services.pilot_notes import keep_signed_note

MAX_ENROL_AT_ONCE = 200


@dataclass(frozen=True)
class PilotReport:
    """What the coordinator's page shows and exports."""

    figures: PilotFigures
    reviews_csv: str
    figures_csv: str
    computed_at: datetime


@dataclass(frozen=True)
class QueueItem:
    """An enrolled case in a reviewer's queue, with where their review of it stands."""

    enrolment: Enrolment
    open_review: PilotReview | None  # diagnosed, not yet scored
    submitted: PilotReview | None  # the latest submitted review

    @property
    def state(self) -> str:
        if self.open_review is not None:
            return "diagnosed"
        return "submitted" if self.submitted is not None else "to_review"


def _uuid(value: Any, missing: type[CaseNotFound]) -> str:
    try:
        return str(uuid.UUID(str(value)))
    except (ValueError, TypeError, AttributeError):
        raise missing() from None


class PilotService:
    def __init__(self, doctor: Doctor, backend: Backend) -> None:
        self.doctor = doctor
        self.backend = backend

    @property
    def _me(self) -> str:
        return self.doctor.user_id

    # --- pilots and members ------------------------------------------------------------------

    def create_pilot(self, name: Any, description: Any, starts_on: Any, ends_on: Any) -> Pilot:
        """A new pilot coordinated by this doctor."""
        name, description, start, end = rules.pilot_details(name, description, starts_on, ends_on)
        pilot = Pilot(str(uuid.uuid4()), name, description, start, end, self._me, utc_now())
        self.backend.pilots.add_pilot(self._me, pilot)
        self._event(AuditAction.PILOT_CREATED, pilot=pilot.pilot_id)
        return pilot

    def _event(self, action: AuditAction, case_id: str | None = None, **ids: str | int) -> None:
        """An event on this account's audit trail: ids only, never a name or a text."""
        record_event(self.backend, self.doctor, action, case_id, ids)

    def pilots(self) -> list[PilotSeat]:
        return self.backend.pilots.seats(self._me)

    def seat(self, pilot_id: Any) -> PilotSeat:
        found = self.backend.pilots.seat(self._me, _uuid(pilot_id, PilotNotFound))
        if found is None:
            raise PilotNotFound()
        return found

    def _coordinated(self, pilot_id: Any) -> PilotSeat:
        seat = self.seat(pilot_id)
        if seat.role != PilotRole.COORDINATOR:
            raise PermissionDenied()
        return seat

    def add_member(self, pilot_id: Any, email: Any, role: Any = "reviewer") -> PilotMember:
        """Add the account with this email (exactly) as a reviewer or an enrolling doctor."""
        seat = self._coordinated(pilot_id)
        address, role = validation.email_address(email), rules.member_role(role)
        user_id = self.backend.pilots.account_id(self._me, seat.pilot.pilot_id, address)
        if user_id is None:
            raise InvalidInput("No account has this email address")
        if user_id == self._me:
            raise InvalidInput("The coordinator is in the pilot already")
        member = PilotMember(seat.pilot.pilot_id, user_id, address, role, utc_now())
        if not self.backend.pilots.add_member(self._me, member):
            raise InvalidInput("This account is a member of the pilot already")
        self._event(
            AuditAction.PILOT_MEMBER_ADDED,
            pilot=member.pilot_id,
            member=user_id,
            role=str(member.role),
        )
        return member

    def remove_member(self, pilot_id: Any, user_id: Any) -> None:
        seat = self._coordinated(pilot_id)
        member = _uuid(user_id, PilotNotFound)
        if not self.backend.pilots.remove_member(self._me, seat.pilot.pilot_id, member):
            raise InvalidInput("This account is not a member of the pilot")
        self._event(AuditAction.PILOT_MEMBER_REMOVED, pilot=seat.pilot.pilot_id, member=member)

    def members(self, pilot_id: Any) -> list[PilotMember]:
        return self.backend.pilots.members(self._me, self.seat(pilot_id).pilot.pilot_id)

    # --- enrolment -----------------------------------------------------------------------------

    def enrol(self, pilot_id: Any, case_ids: Iterable[Any]) -> list[Enrolment]:
        """Enrol several of this doctor's cases; a case enrolled already keeps its number."""
        seat = self.seat(pilot_id)
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
        scrub = deidentify.scrubber_for(case, files)
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
            view=deidentify.case_view(
                case, files, draft.ai_insights, lambda f: backend.blobs.get(f.file_url)
            ),
            ai_insights=deidentify.redacted_insights(draft.ai_insights, scrub),
            signed_sections=deidentify.redacted_sections(signed, scrub),
        )

    def record_signed_note(self, case_id: Any) -> int:
        """Keep the case's latest signed note beside its enrolments of the same draft (the
        review service does so at each signature); how many were updated."""
        return keep_signed_note(self.doctor, self.backend, validation.case_id(case_id))

    def case_enrolments(self, case_id: Any) -> list[Enrolment]:
        """The pilots this doctor's case is enrolled in."""
        return self.backend.pilots.case_enrolments(self._me, validation.case_id(case_id))

    def enrolments(self, pilot_id: Any) -> list[Enrolment]:
        return self.backend.pilots.enrolments(self._me, self.seat(pilot_id).pilot.pilot_id)

    def enrolled_case(self, enrolment_id: Any) -> Enrolment:
        """An enrolled case with its de-identified view."""
        found = self.backend.pilots.enrolment(self._me, _uuid(enrolment_id, EnrolledCaseNotFound))
        if found is None:
            raise EnrolledCaseNotFound()
        return found

    # --- blinded review ------------------------------------------------------------------------

    def queue(self, pilot_id: Any) -> list[QueueItem]:
        """The cases a reviewer reviews (all but their own), with their progress on each."""
        seat = self.seat(pilot_id)
        if seat.role != PilotRole.REVIEWER:
            raise PermissionDenied()
        pilot_id = seat.pilot.pilot_id
        mine: dict[str, list[PilotReview]] = {}
        for review in self.backend.pilots.reviews(self._me, pilot_id):
            mine.setdefault(review.enrolment_id, []).append(review)
        items = []
        for enrolment in self.backend.pilots.enrolments(self._me, pilot_id):
            if enrolment.owner_id == self._me:
                continue
            reviews = mine.get(enrolment.enrolment_id, [])
            items.append(
                QueueItem(
                    enrolment,
                    open_review=next((r for r in reversed(reviews) if not r.submitted), None),
                    submitted=next((r for r in reversed(reviews) if r.submitted), None),
                )
            )
        return items

    def record_diagnosis(
        self, enrolment_id: Any, diagnosis: Any, icd_code: Any, supersedes: Any = None
    ) -> PilotReview:
        """The reviewer's own diagnosis, before the AI's is shown; ``supersedes`` names the
        submitted review this one corrects."""
        enrolment = self.enrolled_case(enrolment_id)
        text, code = rules.blind_diagnosis(diagnosis, icd_code)
        review = PilotReview(
            review_id=str(uuid.uuid4()),
            pilot_id=enrolment.pilot_id,
            enrolment_id=enrolment.enrolment_id,
            reviewer_id=self._me,
            diagnosis=text,
            icd_code=code,
            diagnosed_at=utc_now(),
            supersedes=_uuid(supersedes, EnrolledCaseNotFound) if supersedes else None,
        )
        if not self.backend.pilots.add_review(self._me, review):
            if review.supersedes:
                raise InvalidInput("Only your own submitted review of this case can be corrected")
            raise PermissionDenied()
        return review

    def ai_insights(self, enrolment_id: Any) -> EnrolledInsights:
        """The AI draft of an enrolled case; a reviewer gets it after their diagnosis."""
        enrolment = self.enrolled_case(enrolment_id)
        found = self.backend.pilots.insights(self._me, enrolment.enrolment_id)
        if found is None:
            raise DiagnosisFirst()
        return found

    def submit_scores(
        self, pilot_id: Any, review_id: Any, scores: Mapping[str, Any]
    ) -> PilotReview:
        """Score each AI section of the case; the review is final afterwards."""
        pilot_id = self.seat(pilot_id).pilot.pilot_id
        checked = rules.section_scores(scores)
        review_id = _uuid(review_id, EnrolledCaseNotFound)
        if not self.backend.pilots.submit_review(
            self._me, review_id, scores_json(checked), utc_now()
        ):
            raise InvalidInput("This review is submitted already, or not yours to submit")
        for review in self.backend.pilots.reviews(self._me, pilot_id):
            if review.review_id == review_id:
                # No case id: the reviewer's trail names the pseudonymous enrolment only.
                ids = {"pilot": pilot_id, "enrolment": review.enrolment_id, "review": review_id}
                if review.supersedes:
                    ids["supersedes"] = review.supersedes
                self._event(AuditAction.PILOT_REVIEW_SUBMITTED, **ids)
                return review
        raise EnrolledCaseNotFound()

    def reviews(self, pilot_id: Any) -> list[PilotReview]:
        """Every review of the pilot for its coordinator; a reviewer's own otherwise."""
        return self.backend.pilots.reviews(self._me, self.seat(pilot_id).pilot.pilot_id)

    def pilot_insights(self, pilot_id: Any) -> list[EnrolledInsights]:
        return self.backend.pilots.pilot_insights(self._me, self.seat(pilot_id).pilot.pilot_id)

    # --- figures -------------------------------------------------------------------------------

    def figures(self, pilot_id: Any) -> PilotFigures:
        """The pilot's figures over what this account may read: the whole pilot for its
        coordinator, a reviewer's own reviews (so that nothing unblinds them)."""
        pilot_id = self.seat(pilot_id).pilot.pilot_id
        store = self.backend.pilots
        return pilot_figures(
            [e.enrolment_id for e in store.enrolments(self._me, pilot_id)],
            store.pilot_insights(self._me, pilot_id),
            store.reviews(self._me, pilot_id),
        )

    def report(self, pilot_id: Any) -> PilotReport:
        """The coordinator's figures and CSV export, from one reading of the pilot."""
        pilot_id = self._coordinated(pilot_id).pilot.pilot_id
        store = self.backend.pilots
        enrolments = store.enrolments(self._me, pilot_id)
        drafts = store.pilot_insights(self._me, pilot_id)
        reviews = store.reviews(self._me, pilot_id)
        figures = pilot_figures([e.enrolment_id for e in enrolments], drafts, reviews)
        return PilotReport(
            figures,
            export.reviews_csv(enrolments, drafts, reviews),
            export.figures_csv(figures),
            utc_now(),
        )

    def export_csv(self, pilot_id: Any) -> tuple[str, str]:
        """(reviews CSV, figures CSV) without patient data, for the coordinator."""
        report = self.report(pilot_id)
        return report.reviews_csv, report.figures_csv
