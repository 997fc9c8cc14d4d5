"""SupabasePilotRepository: pilots through PostgREST, under the pilot policies of
supabase/migrations/20261124030000_pilots.sql (the database decides what the actor sees;
the filters here only narrow it)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, cast

from postgrest import SyncPostgrestClient, SyncSelectRequestBuilder
from postgrest.types import ReturnMethod

from core.backends.supabase_errors import supabase_errors
from core.backends.supabase_rows import PAGE, Row, as_rows, every_row, one_object
from core.errors import CaseNotFound, InvalidInput, PermissionDenied
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
    stored_view,
)

_PILOT = "pilot_id,name,description,starts_on,ends_on,coordinator_id,created_at"
_ENROLMENT = "enrolment_id,pilot_id,case_id,owner_id,number,enrolled_at"
# What a reviewer reads of an enrolment (20261125140000_pilot_reviewer_view.sql).
_FOR_REVIEW = "pilot_cases_for_review"
_REVIEWED = "enrolment_id,pilot_id,number,enrolled_at"
_INSIGHTS = "enrolment_id,draft_id,ai_insights,signed_sections"
_REVIEW = (
    "review_id,pilot_id,enrolment_id,reviewer_id,diagnosis,icd_code,diagnosed_at,scores,"
    "submitted_at,supersedes"
)
_REFUSED = (PermissionDenied, CaseNotFound, InvalidInput)


def _instant(value: datetime) -> str:
    return value.astimezone(UTC).isoformat()


def _pilot(row: Row) -> Pilot:
    return Pilot.from_row(row)


def _enrolment(row: Row) -> Enrolment:
    view = row.get("case_view")
    return Enrolment(
        enrolment_id=row["enrolment_id"],
        pilot_id=row["pilot_id"],
        case_id=row.get("case_id") or "",  # a reviewer reads neither id
        owner_id=row.get("owner_id") or "",
        number=row["number"],
        enrolled_at=datetime.fromisoformat(row["enrolled_at"]),
        view=stored_view(view) if view is not None else None,
    )


def _insights(row: Row) -> EnrolledInsights:
    return EnrolledInsights(
        enrolment_id=row["enrolment_id"],
        draft_id=row["draft_id"],
        ai_insights=row["ai_insights"],
        signed_sections=row["signed_sections"],
    )


def _review(row: Row) -> PilotReview:
    return PilotReview.from_row(row, row["scores"])


class SupabasePilotRepository:
    def __init__(self, rest: SyncPostgrestClient) -> None:
        self._rest = rest

    def _select(self, table: str, columns: str) -> SyncSelectRequestBuilder:
        return self._rest.from_(table).select(columns)

    def _rows(self, query: SyncSelectRequestBuilder) -> list[Row]:
        with supabase_errors():
            return as_rows(query.execute().data)

    def _every(self, query: Callable[[], SyncSelectRequestBuilder], key: str) -> list[Row]:
        """Every row of a query, page by page in ``key`` order."""

        def after(rows: list[Row]) -> SyncSelectRequestBuilder:
            page = query().order(key).limit(PAGE)
            return page.gt(key, rows[-1][key]) if rows else page

        return every_row(after)

    def _insert(self, table: str, row: Row) -> bool:
        try:
            with supabase_errors():
                self._rest.from_(table).insert(row, returning=ReturnMethod.minimal).execute()
        except _REFUSED:
            return False  # the policies refused it, or a key is taken
        return True

    def add_pilot(self, actor: str, pilot: Pilot) -> None:
        row = {
            "pilot_id": pilot.pilot_id,
            "name": pilot.name,
            "description": pilot.description,
            "starts_on": pilot.starts_on.isoformat(),
            "ends_on": pilot.ends_on.isoformat(),
            "coordinator_id": actor,
            "created_at": _instant(pilot.created_at),
        }
        with supabase_errors():
            self._rest.from_("pilots").insert(row, returning=ReturnMethod.minimal).execute()

    def seats(self, actor: str) -> list[PilotSeat]:
        pilots = self._rows(self._select("pilots", _PILOT))
        roles = {
            row["pilot_id"]: row["role"]
            for row in self._rows(
                self._select("pilot_members", "pilot_id,role").eq("user_id", actor)
            )
        }
        seats = [
            PilotSeat(
                _pilot(row),
                PilotRole.COORDINATOR.value
                if row["coordinator_id"] == actor
                else roles[row["pilot_id"]],
            )
            for row in pilots
            if row["coordinator_id"] == actor or row["pilot_id"] in roles
        ]
        seats.sort(key=lambda seat: seat.pilot.pilot_id)
        seats.sort(key=lambda seat: seat.pilot.created_at, reverse=True)
        return seats

    def seat(self, actor: str, pilot_id: str) -> PilotSeat | None:
        return next((s for s in self.seats(actor) if s.pilot.pilot_id == pilot_id), None)

    def account_id(self, actor: str, pilot_id: str, email: str) -> str | None:
        arguments = {"p_pilot": pilot_id, "p_email": email}
        with supabase_errors():
            found = self._rest.rpc("pilot_account_id", arguments).execute().data
        return str(found) if found else None

    def add_member(self, actor: str, member: PilotMember) -> bool:
        return self._insert(
            "pilot_members",
            {
                "pilot_id": member.pilot_id,
                "user_id": member.user_id,
                "email": member.email,
                "role": member.role,
                "added_at": _instant(member.added_at),
            },
        )

    def remove_member(self, actor: str, pilot_id: str, user_id: str) -> bool:
        query = (
            self._rest.from_("pilot_members")
            .delete()
            .eq("pilot_id", pilot_id)
            .eq("user_id", user_id)
        )
        with supabase_errors():
            return len(as_rows(query.execute().data)) == 1

    def members(self, actor: str, pilot_id: str) -> list[PilotMember]:
        rows = self._rows(
            self._select("pilot_members", "pilot_id,user_id,email,role,added_at")
            .eq("pilot_id", pilot_id)
            .order("added_at")
            .order("user_id")
        )
        return [
            PilotMember(**{**row, "added_at": datetime.fromisoformat(row["added_at"])})
            for row in rows
        ]

    def enrol(self, actor: str, enrolment: NewEnrolment) -> Enrolment | None:
        arguments = {
            "p_enrolment": enrolment.enrolment_id,
            "p_pilot": enrolment.pilot_id,
            "p_case": enrolment.case_id,
            "p_draft": enrolment.draft_id,
            "p_view": enrolment.view.model_dump(mode="json"),
            "p_insights": enrolment.ai_insights,
            "p_signed": enrolment.signed_sections,
        }
        try:
            with supabase_errors():
                # postgrest-py types rpc arguments as strings; PostgREST takes any JSON.
                call = self._rest.rpc("enrol_pilot_case", cast(dict[str, str], arguments))
                return _enrolment(one_object(call.execute().data))
        except _REFUSED:
            return None

    def enrolments(self, actor: str, pilot_id: str) -> list[Enrolment]:
        """The owner's and the coordinator's from pilot_cases; a reviewer's from the view
        that leaves out the case's and the owner's ids."""
        rows = self._every(
            lambda: self._select("pilot_cases", _ENROLMENT).eq("pilot_id", pilot_id), "number"
        )
        seen = {row["enrolment_id"] for row in rows}
        reviewed = self._every(
            lambda: self._select(_FOR_REVIEW, _REVIEWED).eq("pilot_id", pilot_id), "number"
        )
        rows += [row for row in reviewed if row["enrolment_id"] not in seen]
        return sorted((_enrolment(row) for row in rows), key=lambda e: e.number)

    def enrolment(self, actor: str, enrolment_id: str) -> Enrolment | None:
        for table, columns in (("pilot_cases", _ENROLMENT), (_FOR_REVIEW, _REVIEWED)):
            rows = self._rows(
                self._select(table, f"{columns},case_view").eq("enrolment_id", enrolment_id)
            )
            if rows:
                return _enrolment(rows[0])
        return None

    def case_enrolments(self, actor: str, case_id: str) -> list[Enrolment]:
        rows = self._rows(
            self._select("pilot_cases", _ENROLMENT)
            .eq("case_id", case_id)
            .eq("owner_id", actor)
            .order("enrolled_at")
        )
        return [_enrolment(row) for row in rows]

    def insights(self, actor: str, enrolment_id: str) -> EnrolledInsights | None:
        rows = self._rows(
            self._select("pilot_case_insights", _INSIGHTS).eq("enrolment_id", enrolment_id)
        )
        return _insights(rows[0]) if rows else None

    def record_signed_sections(
        self, actor: str, enrolment_id: str, draft_id: str, sections: dict[str, Any]
    ) -> bool:
        query = (
            self._rest.from_("pilot_case_insights")
            .update({"signed_sections": sections})
            .eq("enrolment_id", enrolment_id)
            .eq("owner_id", actor)
            .eq("draft_id", draft_id)
            .select("enrolment_id")
        )
        try:
            with supabase_errors():
                return len(as_rows(query.execute().data)) == 1
        except _REFUSED:
            return False

    def pilot_insights(self, actor: str, pilot_id: str) -> list[EnrolledInsights]:
        rows = self._every(
            lambda: self._select("pilot_case_insights", _INSIGHTS).eq("pilot_id", pilot_id),
            "enrolment_id",
        )
        return [_insights(row) for row in rows]

    def add_review(self, actor: str, review: PilotReview) -> bool:
        return self._insert(
            "pilot_reviews",
            {
                "review_id": review.review_id,
                "pilot_id": review.pilot_id,
                "enrolment_id": review.enrolment_id,
                "reviewer_id": actor,
                "diagnosis": review.diagnosis,
                "icd_code": review.icd_code,
                "diagnosed_at": _instant(review.diagnosed_at),
                "scores": scores_json(review.scores) if review.scores is not None else None,
                "submitted_at": _instant(review.submitted_at) if review.submitted_at else None,
                "supersedes": review.supersedes,
            },
        )

    def submit_review(
        self, actor: str, review_id: str, scores: dict[str, Any], submitted_at: datetime
    ) -> bool:
        query = (
            self._rest.from_("pilot_reviews")
            .update({"scores": scores, "submitted_at": _instant(submitted_at)})
            .eq("review_id", review_id)
            .eq("reviewer_id", actor)
            .is_("submitted_at", "null")
            .select("review_id")
        )
        try:
            with supabase_errors():
                return len(as_rows(query.execute().data)) == 1
        except _REFUSED:
            return False

    def reviews(self, actor: str, pilot_id: str) -> list[PilotReview]:
        rows = self._every(
            lambda: self._select("pilot_reviews", _REVIEW).eq("pilot_id", pilot_id), "review_id"
        )
        reviews = [_review(row) for row in rows]
        # A correction carries the blind diagnosis's time: it follows the review it
        # corrects, which was submitted before it (an open one comes last).
        reviews.sort(
            key=lambda review: (
                review.diagnosed_at,
                review.submitted_at is None,
                review.submitted_at or review.diagnosed_at,
            )
        )
        return reviews
