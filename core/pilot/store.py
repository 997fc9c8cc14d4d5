"""The port a backend provides for pilots (``Backend.pilots``).

Every method takes the acting account's id (``actor``) and puts the pilot's rules in the
query itself, as the database's policies do in Supabase mode: a coordinator sees the whole
pilot, a reviewer only their own reviews and the cases enrolled by others, a doctor only
their own enrolments; nobody reads a patient's name through it, because its rows hold none.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from core.pilot.records import (
    EnrolledInsights,
    Enrolment,
    NewEnrolment,
    Pilot,
    PilotMember,
    PilotReview,
    PilotSeat,
)


class PilotRepository(Protocol):
    def add_pilot(self, actor: str, pilot: Pilot) -> None:
        """Create a pilot whose coordinator is the actor."""

    def seats(self, actor: str) -> list[PilotSeat]:
        """The pilots the actor coordinates or belongs to, newest first."""

    def seat(self, actor: str, pilot_id: str) -> PilotSeat | None:
        """One of those pilots, or None (no such pilot, or not the actor's)."""

    def account_id(self, actor: str, pilot_id: str, email: str) -> str | None:
        """The user id of the account with exactly this email, for the pilot's coordinator
        only (None otherwise): no listing, no partial matches."""

    def add_member(self, actor: str, member: PilotMember) -> bool:
        """As the coordinator; False when not the coordinator or already a member."""

    def remove_member(self, actor: str, pilot_id: str, user_id: str) -> bool: ...

    def members(self, actor: str, pilot_id: str) -> list[PilotMember]:
        """All members for the coordinator; the actor's own membership for a member."""

    def enrol(self, actor: str, enrolment: NewEnrolment) -> Enrolment | None:
        """Enrol the actor's own case (numbered by the store); None when the actor is not
        in the pilot, the case is not theirs, or it is enrolled already."""

    def enrolments(self, actor: str, pilot_id: str) -> list[Enrolment]:
        """The enrolled cases the actor may see (without views), by number."""

    def enrolment(self, actor: str, enrolment_id: str) -> Enrolment | None:
        """One enrolled case with its de-identified view, if the actor may see it."""

    def case_enrolments(self, actor: str, case_id: str) -> list[Enrolment]:
        """The pilots the actor's own case is enrolled in."""

    def insights(self, actor: str, enrolment_id: str) -> EnrolledInsights | None:
        """The AI draft of an enrolled case: for its owner and the coordinator, and for a
        reviewer only once they have recorded their blind diagnosis of it."""

    def record_signed_sections(
        self, actor: str, enrolment_id: str, draft_id: str, sections: dict[str, Any]
    ) -> bool:
        """As the enrolling doctor: keep the text of the note signed on the enrolled draft
        (redacted like the view); False when not theirs or signed on another draft."""

    def pilot_insights(self, actor: str, pilot_id: str) -> list[EnrolledInsights]:
        """Every AI draft of the pilot the actor may read (see ``insights``)."""

    def add_review(self, actor: str, review: PilotReview) -> bool:
        """A reviewer's blind diagnosis (and scores, when given at once) of a case enrolled
        by someone else; False when refused."""

    def submit_review(
        self, actor: str, review_id: str, scores: dict[str, Any], submitted_at: datetime
    ) -> bool:
        """Add the scores to the actor's unsubmitted review; False when it is not theirs or
        already submitted (a submitted review is final)."""

    def reviews(self, actor: str, pilot_id: str) -> list[PilotReview]:
        """Every review of the pilot for its coordinator; the actor's own otherwise."""
