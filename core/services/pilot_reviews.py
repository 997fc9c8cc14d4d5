"""Blinded review and figures of a pilot: a reviewer's queue, diagnosis first, scores, report."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core.audit import AuditAction
from core.errors import InvalidInput, PermissionDenied
from core.models import utc_now
from core.pilot import export, rules
from core.pilot.errors import DiagnosisFirst, EnrolledCaseNotFound
from core.pilot.figures import PilotFigures, pilot_figures
from core.pilot.records import (
    EnrolledInsights,
    Enrolment,
    PilotReview,
    PilotRole,
    scores_json,
)
from core.services.pilot_seats import PilotSeats, checked_uuid


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


class PilotReviews(PilotSeats):
    """The reviewer's blinded review and the pilot's figures, for one signed-in account."""

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
        submitted review this one corrects, which keeps that review's blind diagnosis (the
        one compared with the AI's): a correction changes the scores, never the diagnosis."""
        enrolment = self.enrolled_case(enrolment_id)
        mine = [
            r
            for r in self.backend.pilots.reviews(self._me, enrolment.pilot_id)
            if r.enrolment_id == enrolment.enrolment_id and r.reviewer_id == self._me
        ]
        corrected_id = checked_uuid(supersedes, EnrolledCaseNotFound) if supersedes else None
        if corrected_id is None:
            if mine:
                raise InvalidInput("You have reviewed this case; correct your review instead")
            text, code, diagnosed_at = *rules.blind_diagnosis(diagnosis, icd_code), utc_now()
        else:
            corrected = next((r for r in mine if r.review_id == corrected_id), None)
            if corrected is None or not corrected.submitted:
                raise InvalidInput("Only your own submitted review of this case can be corrected")
            if any(r.supersedes == corrected_id for r in mine):
                raise InvalidInput("This review is corrected already; correct the current one")
            text, code, diagnosed_at = (
                corrected.diagnosis,
                corrected.icd_code,
                corrected.diagnosed_at,
            )
            if (diagnosis or icd_code) and rules.blind_diagnosis(diagnosis, icd_code) != (
                text,
                code,
            ):
                raise InvalidInput(
                    "Your blind diagnosis stays as you first recorded it; a correction "
                    "changes the scores"
                )
        review = PilotReview(
            review_id=str(uuid.uuid4()),
            pilot_id=enrolment.pilot_id,
            enrolment_id=enrolment.enrolment_id,
            reviewer_id=self._me,
            diagnosis=text,
            icd_code=code,
            diagnosed_at=diagnosed_at,
            supersedes=corrected_id,
        )
        if not self.backend.pilots.add_review(self._me, review):
            if review.supersedes:
                raise InvalidInput("Only your own submitted review of this case can be corrected")
            raise PermissionDenied()
        # The stored review: its time is the database's (Supabase stamps diagnosed_at).
        stored = self.backend.pilots.reviews(self._me, enrolment.pilot_id)
        return next((r for r in stored if r.review_id == review.review_id), review)

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
        review_id = checked_uuid(review_id, EnrolledCaseNotFound)
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
