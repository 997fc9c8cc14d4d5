"""SqlitePilotRepository: pilots, members, enrolments and reviews in SQLite.

The same rules as the Supabase policies (supabase/migrations/20261124030000_pilots.sql),
written into every query: the actor's role in the pilot decides which rows it reaches.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from typing import Any

from core.backends.sqlite_db import SqliteDatabase
from core.models import utc_now
from core.pilot.records import (
    EnrolledInsights,
    Enrolment,
    NewEnrolment,
    Pilot,
    PilotMember,
    PilotReview,
    PilotSeat,
    stored_view,
)

_PILOT = "p.pilot_id, p.name, p.description, p.starts_on, p.ends_on, p.coordinator_id, p.created_at"
_ENROLMENT = "e.enrolment_id, e.pilot_id, e.case_id, e.owner_id, e.number, e.enrolled_at"
# As a reviewer reads an enrolment (supabase's pilot_cases_for_review view): without the
# case's or its owner's id; the owner and the coordinator read both.
_OWNS_OR_COORDINATES = (
    "(e.owner_id = :actor OR EXISTS (SELECT 1 FROM pilots c WHERE c.pilot_id = e.pilot_id"
    " AND c.coordinator_id = :actor))"
)
_ENROLMENT_SEEN = (
    "e.enrolment_id, e.pilot_id,"
    f" CASE WHEN {_OWNS_OR_COORDINATES} THEN e.case_id ELSE '' END AS case_id,"
    f" CASE WHEN {_OWNS_OR_COORDINATES} THEN e.owner_id ELSE '' END AS owner_id,"
    " e.number, e.enrolled_at"
)
_REVIEW = (
    "r.review_id, r.pilot_id, r.enrolment_id, r.reviewer_id, r.diagnosis, r.icd_code,"
    " r.diagnosed_at, r.scores, r.submitted_at, r.supersedes"
)
# The actor's standing in the pilot named by {pilot} (a column or a parameter).
_COORDINATES = (
    "EXISTS (SELECT 1 FROM pilots c WHERE c.pilot_id = {pilot} AND c.coordinator_id = :actor)"
)
_REVIEWS = (
    "EXISTS (SELECT 1 FROM pilot_members rm WHERE rm.pilot_id = {pilot}"
    " AND rm.user_id = :actor AND rm.role = 'reviewer')"
)
_BELONGS = (
    f"({_COORDINATES} OR EXISTS (SELECT 1 FROM pilot_members bm WHERE bm.pilot_id = {{pilot}}"
    " AND bm.user_id = :actor))"
)
# Who sees an enrolled case: its owner, the coordinator, the pilot's reviewers.
_SEES_ENROLMENT = (
    f"(e.owner_id = :actor OR {_COORDINATES.format(pilot='e.pilot_id')}"
    f" OR {_REVIEWS.format(pilot='e.pilot_id')})"
)
# Who sees an enrolled AI draft: its owner, the coordinator, and a reviewer of the pilot
# who has recorded a blind diagnosis of that case.
_SEES_INSIGHTS = (
    f"(i.owner_id = :actor OR {_COORDINATES.format(pilot='i.pilot_id')}"
    f" OR ({_REVIEWS.format(pilot='i.pilot_id')} AND EXISTS (SELECT 1 FROM pilot_reviews d"
    " WHERE d.enrolment_id = i.enrolment_id AND d.reviewer_id = :actor)))"
)


def _pilot(row: sqlite3.Row) -> Pilot:
    return Pilot.from_row(dict(row))


def _enrolment(row: sqlite3.Row, with_view: bool = False) -> Enrolment:
    return Enrolment(
        enrolment_id=row["enrolment_id"],
        pilot_id=row["pilot_id"],
        case_id=row["case_id"],
        owner_id=row["owner_id"],
        number=row["number"],
        enrolled_at=datetime.fromisoformat(row["enrolled_at"]),
        view=stored_view(json.loads(row["case_view"])) if with_view else None,
    )


def _insights(row: sqlite3.Row) -> EnrolledInsights:
    signed = row["signed_sections"]
    return EnrolledInsights(
        enrolment_id=row["enrolment_id"],
        draft_id=row["draft_id"],
        ai_insights=json.loads(row["ai_insights"]),
        signed_sections=json.loads(signed) if signed else None,
    )


def _review(row: sqlite3.Row) -> PilotReview:
    return PilotReview.from_row(dict(row), json.loads(row["scores"]) if row["scores"] else None)


class SqlitePilotRepository:
    def __init__(self, database: SqliteDatabase) -> None:
        self._db = database

    def _rows(self, sql: str, **params: Any) -> list[sqlite3.Row]:
        return list(self._db.connection().execute(sql, params))

    def add_pilot(self, actor: str, pilot: Pilot) -> None:
        with self._db.write() as db:
            db.execute(
                "INSERT INTO pilots (pilot_id, name, description, starts_on, ends_on,"
                " coordinator_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    pilot.pilot_id,
                    pilot.name,
                    pilot.description,
                    pilot.starts_on.isoformat(),
                    pilot.ends_on.isoformat(),
                    actor,  # the creator coordinates, whatever the record says
                    pilot.created_at.isoformat(),
                ),
            )

    def seats(self, actor: str) -> list[PilotSeat]:
        return self._seats(actor, None)

    def seat(self, actor: str, pilot_id: str) -> PilotSeat | None:
        found = self._seats(actor, pilot_id)
        return found[0] if found else None

    def _seats(self, actor: str, pilot_id: str | None) -> list[PilotSeat]:
        rows = self._rows(
            f"SELECT {_PILOT}, 'coordinator' AS role FROM pilots p"
            " WHERE p.coordinator_id = :actor AND (:pilot IS NULL OR p.pilot_id = :pilot)"
            f" UNION ALL SELECT {_PILOT}, m.role FROM pilots p"
            " JOIN pilot_members m ON m.pilot_id = p.pilot_id"
            " WHERE m.user_id = :actor AND p.coordinator_id <> :actor"
            " AND (:pilot IS NULL OR p.pilot_id = :pilot)"
            " ORDER BY created_at DESC, pilot_id",
            actor=actor,
            pilot=pilot_id,
        )
        return [PilotSeat(_pilot(row), row["role"]) for row in rows]

    def account_id(self, actor: str, pilot_id: str, email: str) -> str | None:
        rows = self._rows(
            "SELECT d.user_id FROM doctors d WHERE d.email = :email"
            f" AND {_COORDINATES.format(pilot=':pilot')}",
            actor=actor,
            pilot=pilot_id,
            email=email,
        )
        return str(rows[0]["user_id"]) if rows else None

    def add_member(self, actor: str, member: PilotMember) -> bool:
        with self._db.write() as db:
            try:
                cursor = db.execute(
                    "INSERT INTO pilot_members (pilot_id, user_id, email, role, added_at)"
                    " SELECT :pilot, :user, :email, :role, :added WHERE :user <> :actor"
                    f" AND {_COORDINATES.format(pilot=':pilot')}",
                    {
                        "actor": actor,
                        "pilot": member.pilot_id,
                        "user": member.user_id,
                        "email": member.email,
                        "role": member.role,
                        "added": member.added_at.isoformat(),
                    },
                )
            except sqlite3.IntegrityError:
                return False  # a member already
            return cursor.rowcount == 1

    def remove_member(self, actor: str, pilot_id: str, user_id: str) -> bool:
        with self._db.write() as db:
            cursor = db.execute(
                "DELETE FROM pilot_members WHERE pilot_id = :pilot AND user_id = :user"
                f" AND {_COORDINATES.format(pilot=':pilot')}",
                {"actor": actor, "pilot": pilot_id, "user": user_id},
            )
            return cursor.rowcount == 1

    def members(self, actor: str, pilot_id: str) -> list[PilotMember]:
        rows = self._rows(
            "SELECT pilot_id, user_id, email, role, added_at FROM pilot_members m"
            " WHERE m.pilot_id = :pilot"
            f" AND (m.user_id = :actor OR {_COORDINATES.format(pilot='m.pilot_id')})"
            " ORDER BY added_at, user_id",
            actor=actor,
            pilot=pilot_id,
        )
        return [
            PilotMember(
                pilot_id=row["pilot_id"],
                user_id=row["user_id"],
                email=row["email"],
                role=row["role"],
                added_at=datetime.fromisoformat(row["added_at"]),
            )
            for row in rows
        ]

    def enrol(self, actor: str, enrolment: NewEnrolment) -> Enrolment | None:
        enrolled_at = utc_now().isoformat()
        with self._db.write() as db:
            allowed = db.execute(
                f"SELECT {_BELONGS.format(pilot=':pilot')} AND EXISTS (SELECT 1 FROM ai_drafts a"
                " JOIN cases k ON k.case_id = a.case_id WHERE a.draft_id = :draft"
                " AND k.case_id = :case AND k.user_id = :actor AND a.user_id = :actor)"
                " AND NOT EXISTS (SELECT 1 FROM pilot_cases WHERE pilot_id = :pilot"
                " AND case_id = :case)",
                {
                    "actor": actor,
                    "pilot": enrolment.pilot_id,
                    "case": enrolment.case_id,
                    "draft": enrolment.draft_id,
                },
            ).fetchone()[0]
            if not allowed:
                return None
            # The write lock is held: the next number cannot be taken meanwhile.
            number = db.execute(
                "SELECT coalesce(max(number), 0) + 1 FROM pilot_cases WHERE pilot_id = ?",
                (enrolment.pilot_id,),
            ).fetchone()[0]
            db.execute(
                "INSERT INTO pilot_cases (enrolment_id, pilot_id, case_id, owner_id, number,"
                " case_view, enrolled_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    enrolment.enrolment_id,
                    enrolment.pilot_id,
                    enrolment.case_id,
                    actor,
                    number,
                    enrolment.view.model_dump_json(),
                    enrolled_at,
                ),
            )
            db.execute(
                "INSERT INTO pilot_case_insights (enrolment_id, pilot_id, owner_id, draft_id,"
                " ai_insights, signed_sections) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    enrolment.enrolment_id,
                    enrolment.pilot_id,
                    actor,
                    enrolment.draft_id,
                    json.dumps(enrolment.ai_insights),
                    json.dumps(enrolment.signed_sections)
                    if enrolment.signed_sections is not None
                    else None,
                ),
            )
        return Enrolment(
            enrolment_id=enrolment.enrolment_id,
            pilot_id=enrolment.pilot_id,
            case_id=enrolment.case_id,
            owner_id=actor,
            number=number,
            enrolled_at=datetime.fromisoformat(enrolled_at),
        )

    def enrolments(self, actor: str, pilot_id: str) -> list[Enrolment]:
        rows = self._rows(
            f"SELECT {_ENROLMENT_SEEN} FROM pilot_cases e WHERE e.pilot_id = :pilot"
            f" AND {_SEES_ENROLMENT} ORDER BY e.number",
            actor=actor,
            pilot=pilot_id,
        )
        return [_enrolment(row) for row in rows]

    def enrolment(self, actor: str, enrolment_id: str) -> Enrolment | None:
        rows = self._rows(
            f"SELECT {_ENROLMENT_SEEN}, e.case_view FROM pilot_cases e"
            f" WHERE e.enrolment_id = :enrolment AND {_SEES_ENROLMENT}",
            actor=actor,
            enrolment=enrolment_id,
        )
        return _enrolment(rows[0], with_view=True) if rows else None

    def case_enrolments(self, actor: str, case_id: str) -> list[Enrolment]:
        rows = self._rows(
            f"SELECT {_ENROLMENT} FROM pilot_cases e WHERE e.case_id = :case"
            " AND e.owner_id = :actor ORDER BY e.enrolled_at",
            actor=actor,
            case=case_id,
        )
        return [_enrolment(row) for row in rows]

    def insights(self, actor: str, enrolment_id: str) -> EnrolledInsights | None:
        rows = self._rows(
            "SELECT i.* FROM pilot_case_insights i WHERE i.enrolment_id = :enrolment"
            f" AND {_SEES_INSIGHTS}",
            actor=actor,
            enrolment=enrolment_id,
        )
        return _insights(rows[0]) if rows else None

    def record_signed_sections(
        self, actor: str, enrolment_id: str, draft_id: str, sections: dict[str, Any]
    ) -> bool:
        with self._db.write() as db:
            cursor = db.execute(
                "UPDATE pilot_case_insights SET signed_sections = ? WHERE enrolment_id = ?"
                " AND owner_id = ? AND draft_id = ?",
                (json.dumps(sections), enrolment_id, actor, draft_id),
            )
            return cursor.rowcount == 1

    def pilot_insights(self, actor: str, pilot_id: str) -> list[EnrolledInsights]:
        rows = self._rows(
            f"SELECT i.* FROM pilot_case_insights i WHERE i.pilot_id = :pilot AND {_SEES_INSIGHTS}",
            actor=actor,
            pilot=pilot_id,
        )
        return [_insights(row) for row in rows]

    def add_review(self, actor: str, review: PilotReview) -> bool:
        scores = json.dumps(_scores(review)) if review.scores is not None else None
        with self._db.write() as db:
            cursor = db.execute(
                "INSERT INTO pilot_reviews (review_id, pilot_id, enrolment_id, reviewer_id,"
                " diagnosis, icd_code, diagnosed_at, scores, submitted_at, supersedes)"
                " SELECT :review, :pilot, :enrolment, :actor, :diagnosis, :code, :at, :scores,"
                f" :submitted, :supersedes WHERE {_REVIEWS.format(pilot=':pilot')}"
                " AND EXISTS (SELECT 1 FROM pilot_cases e WHERE e.enrolment_id = :enrolment"
                " AND e.pilot_id = :pilot AND e.owner_id <> :actor)"
                " AND (:supersedes IS NULL OR EXISTS (SELECT 1 FROM pilot_reviews p"
                " WHERE p.review_id = :supersedes AND p.reviewer_id = :actor"
                " AND p.enrolment_id = :enrolment AND p.submitted_at IS NOT NULL))",
                {
                    "review": review.review_id,
                    "pilot": review.pilot_id,
                    "enrolment": review.enrolment_id,
                    "actor": actor,
                    "diagnosis": review.diagnosis,
                    "code": review.icd_code,
                    "at": review.diagnosed_at.isoformat(),
                    "scores": scores,
                    "submitted": review.submitted_at.isoformat() if review.submitted_at else None,
                    "supersedes": review.supersedes,
                },
            )
            return cursor.rowcount == 1

    def submit_review(
        self, actor: str, review_id: str, scores: dict[str, Any], submitted_at: datetime
    ) -> bool:
        with self._db.write() as db:
            cursor = db.execute(
                "UPDATE pilot_reviews SET scores = :scores, submitted_at = :at"
                " WHERE review_id = :review AND reviewer_id = :actor AND submitted_at IS NULL"
                f" AND {_REVIEWS.format(pilot='pilot_reviews.pilot_id')}",
                {
                    "scores": json.dumps(scores),
                    "at": submitted_at.isoformat(),
                    "review": review_id,
                    "actor": actor,
                },
            )
            return cursor.rowcount == 1

    def reviews(self, actor: str, pilot_id: str) -> list[PilotReview]:
        rows = self._rows(
            f"SELECT {_REVIEW} FROM pilot_reviews r WHERE r.pilot_id = :pilot"
            f" AND (r.reviewer_id = :actor OR {_COORDINATES.format(pilot='r.pilot_id')})"
            " ORDER BY r.diagnosed_at, r.rowid",
            actor=actor,
            pilot=pilot_id,
        )
        return [_review(row) for row in rows]


def _scores(review: PilotReview) -> dict[str, Any]:
    return {section: score.as_json() for section, score in (review.scores or {}).items()}
