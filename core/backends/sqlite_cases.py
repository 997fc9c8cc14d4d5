"""SqliteCaseRepository: cases, file rows and insights in the embedded database."""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from core import lifecycle
from core.analysis.labs.critical_keys import found_critical_values
from core.backends.sqlite_critical import record_findings
from core.backends.sqlite_db import SqliteDatabase
from core.insights import Insights, LabelledImageAnalysis
from core.models import (
    LANDED_SECTIONS,
    Case,
    CaseFile,
    CasePage,
    CaseQuery,
    CaseRow,
    CaseSort,
    icd10_prefix,
    utc_now,
)
from core.spelling import fold_spelling

CASE_COLUMNS = (
    "case_id, user_id, patient_name, patient_age, patient_gender, case_summary, status,"
    " created_at, updated_at, analysis_stage, analysis_error, archived_from, content_version,"
    " review_state, analysis_attempts, patient_id"
)
_FILE_COLUMNS = (
    "file_id, case_id, user_id, file_name, file_type, file_size, file_url, file_category,"
    " uploaded_at, text_data, ai_summary"
)


def _text_at(column: str, path: str) -> str:
    """The string at ``path`` of a JSON column; NULL for anything else (records are read
    unvalidated: a damaged one shows no diagnosis rather than breaking the whole list)."""
    return (
        f"CASE WHEN json_valid({column}) AND json_type({column}, '{path}') = 'text'"
        f" THEN json_extract({column}, '{path}') END"
    )


# The list's diagnosis: the latest signed version's (signed_notes' content, where a
# rejected section has no text) when the case is signed, the AI draft's otherwise.
_SIGNED = "s.note_id IS NOT NULL"
_DIAGNOSIS = (
    f"CASE WHEN {_SIGNED}"
    f" THEN {_text_at('s.content', '$.sections.primary_diagnosis.text.primary_diagnosis')}"
    f" ELSE {_text_at('i.ai_insights', '$.primary_diagnosis.primary_diagnosis')} END"
)
_ICD_CODE = (
    f"CASE WHEN {_SIGNED}"
    f" THEN {_text_at('s.content', '$.sections.primary_diagnosis.text.icd_code')}"
    f" ELSE {_text_at('i.ai_insights', '$.primary_diagnosis.icd_code')} END"
)
_CRITICAL = "coalesce(i.critical_count, 0)"
# The critical values any draft of the case held that no acknowledgment names yet (#27;
# CLSI GP47), each key once, and the first time the oldest of them was found.
_WAITING = (
    " FROM critical_findings AS f WHERE f.case_id = c.case_id"
    " AND NOT EXISTS (SELECT 1 FROM critical_acknowledgments AS a"
    " WHERE a.case_id = f.case_id AND a.value_key = f.value_key)"
)
_UNACKNOWLEDGED = f"(SELECT count(DISTINCT f.value_key){_WAITING})"
_WAITING_SINCE = f"(SELECT min(f.found_at){_WAITING})"
# The case with its current insights and its latest signed version ((case_id, version)
# is unique in signed_notes, so each case is one row).
_LISTED_FROM = (
    " FROM cases AS c LEFT JOIN case_insights AS i ON i.case_id = c.case_id"
    " LEFT JOIN signed_notes AS s ON s.case_id = c.case_id AND s.version ="
    " (SELECT max(v.version) FROM signed_notes AS v WHERE v.case_id = c.case_id)"
)
# The diagnosis filter: a part of the listed diagnosis with British and American
# spellings folded alike (core.spelling), or as typed ignoring case (so a part that ends
# inside a folded pair, "ha" of "haem", still matches), or the start of its ICD-10 code
# with its dots removed.
_DIAGNOSIS_MATCH = (
    f" AND (instr(medcase_spelling({_DIAGNOSIS}), ?) > 0"
    f" OR instr(medcase_fold({_DIAGNOSIS}), ?) > 0"
    f" OR (? IS NOT NULL AND instr(replace(upper({_ICD_CODE}), '.', ''), ?) = 1))"
)
# What each sort key orders by (names folded as the search folds them).
_SORT_BY: dict[str, str] = {
    CaseSort.CREATED: "c.created_at",
    CaseSort.UPDATED: "c.updated_at",
    CaseSort.PATIENT: "medcase_fold(c.patient_name)",
    CaseSort.AGE: "c.patient_age",
    CaseSort.STATUS: "c.status",
    CaseSort.REVIEW: "c.review_state",
    CaseSort.DIAGNOSIS: f"medcase_fold({_DIAGNOSIS})",
    CaseSort.CRITICAL: _CRITICAL,
}
_LISTED_COLUMNS = ", ".join(f"c.{name.strip()}" for name in CASE_COLUMNS.split(","))


def _case_row(row: sqlite3.Row) -> CaseRow:
    values = dict(row)
    diagnosis, icd_code = values.pop("diagnosis"), values.pop("icd_code")
    critical_count, signed = values.pop("critical_count"), values.pop("diagnosis_signed")
    unacknowledged, since = values.pop("unacknowledged_critical"), values.pop("waiting_since")
    return CaseRow(
        case=Case.from_row(values),
        primary_diagnosis=diagnosis if isinstance(diagnosis, str) else None,
        icd_code=icd_code if isinstance(icd_code, str) else None,
        diagnosis_signed=bool(signed),
        critical_count=critical_count or 0,
        unacknowledged_critical=unacknowledged or 0,
        critical_waiting_since=datetime.fromisoformat(since) if since else None,
    )


def _file(row: sqlite3.Row) -> CaseFile:
    values = dict(row)
    values["ai_summary"] = json.loads(values["ai_summary"]) if values["ai_summary"] else None
    return CaseFile.from_row(values)


def _file_params(record: CaseFile) -> tuple[Any, ...]:
    return (
        record.file_id,
        record.case_id,
        record.user_id,
        record.file_name,
        record.file_type,
        record.file_size,
        record.file_url,
        record.file_category,
        record.uploaded_at.isoformat(),
        record.text_data,
        json.dumps(record.ai_summary) if record.ai_summary is not None else None,
    )


class SqliteCaseRepository:
    # The runner records analysis_finished / analysis_failed after the status changed.
    records_analysis_end = False
    # ... and analysis_started after the claim.
    records_analysis_start = False

    def __init__(self, database: SqliteDatabase) -> None:
        self._db = database

    def add_case(
        self, case: Case, files: Sequence[CaseFile], request_key: str | None = None
    ) -> None:
        with self._db.write() as db:
            db.execute(
                f"INSERT INTO cases ({CASE_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    case.case_id,
                    case.user_id,
                    case.patient_name,
                    case.patient_age,
                    case.patient_gender,
                    case.case_summary,
                    case.status,
                    case.created_at.isoformat(),
                    case.updated_at.isoformat(),
                    case.analysis_stage,
                    case.analysis_error,
                    case.archived_from,
                    case.content_version,
                    case.review_state,
                    case.analysis_attempts,
                    case.patient_id,
                ),
            )
            if request_key is not None:
                db.execute(
                    "UPDATE cases SET request_key = ? WHERE case_id = ?",
                    (request_key, case.case_id),
                )
            db.executemany(
                f"INSERT INTO case_files ({_FILE_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                [_file_params(record) for record in files],
            )

    def case_for_request(self, owner: str, request_key: str) -> str | None:
        row = (
            self._db.connection()
            .execute(
                "SELECT case_id FROM cases WHERE user_id = ? AND request_key = ?",
                (owner, request_key),
            )
            .fetchone()
        )
        return str(row[0]) if row else None

    def list_cases(self, owner: str) -> list[Case]:
        rows = self._db.connection().execute(
            f"SELECT {CASE_COLUMNS} FROM cases WHERE user_id = ? ORDER BY created_at, rowid",
            (owner,),
        )
        return [Case.from_row(row) for row in rows]

    def list_case_page(self, owner: str, query: CaseQuery) -> CasePage:
        connection = self._db.connection()
        statuses = query.statuses or ()
        where = f"c.user_id = ? AND c.status IN ({', '.join('?' * len(statuses))})"
        params: list[Any] = [owner, *statuses]
        if query.search:
            # instr, not LIKE: a % or _ the doctor types is a character, not a wildcard.
            where += " AND instr(medcase_fold(c.patient_name), ?) > 0"
            params.append(query.search.casefold())
        if query.review_states:
            where += f" AND c.review_state IN ({', '.join('?' * len(query.review_states))})"
            params.extend(query.review_states)
        filtered, filter_params = _list_filters(query)
        where += filtered
        params.extend(filter_params)
        # The insights and signed notes are joined only where the filter or the order
        # needs them: unfiltered and in creation order, the (user_id, created_at) index
        # walks in order and stops after the page. Then the page's rows, joined in full.
        source = _LISTED_FROM if _needs_listed(query) else " FROM cases AS c"
        page_ids = [
            row[0]
            for row in connection.execute(
                f"SELECT c.case_id{source} WHERE {where} ORDER BY {_order(query)} LIMIT ? OFFSET ?",
                (*params, query.limit, query.offset),
            )
        ]
        found = {
            row["case_id"]: row
            for row in connection.execute(
                f"SELECT {_LISTED_COLUMNS}, {_DIAGNOSIS} AS diagnosis, {_ICD_CODE} AS icd_code,"
                f" {_SIGNED} AS diagnosis_signed, {_CRITICAL} AS critical_count,"
                f" {_UNACKNOWLEDGED} AS unacknowledged_critical,"
                f" {_WAITING_SINCE} AS waiting_since{_LISTED_FROM}"
                # By primary key: the unary + keeps the planner off the owner's indexes
                # (which would walk every case of the doctor to find the page's few).
                f" WHERE c.case_id IN ({', '.join('?' * len(page_ids))}) AND +c.user_id = ?",
                (*page_ids, owner),
            )
        }
        rows = [found[case_id] for case_id in page_ids if case_id in found]
        total = connection.execute(f"SELECT count(*){source} WHERE {where}", params).fetchone()[0]
        counts = connection.execute(
            "SELECT status, count(*) FROM cases WHERE user_id = ? GROUP BY status", (owner,)
        ).fetchall()
        review_counts = connection.execute(
            "SELECT review_state, count(*) FROM cases WHERE user_id = ? AND status <> 'archived'"
            " AND review_state IS NOT NULL GROUP BY review_state",
            (owner,),
        ).fetchall()
        return CasePage(
            rows=[_case_row(row) for row in rows],
            total=total,
            counts_by_status={status: count for status, count in counts},
            counts_by_review_state={state: count for state, count in review_counts},
        )

    def get_case(self, owner: str, case_id: str) -> Case | None:
        row = (
            self._db.connection()
            .execute(
                f"SELECT {CASE_COLUMNS} FROM cases WHERE case_id = ? AND user_id = ?",
                (case_id, owner),
            )
            .fetchone()
        )
        return Case.from_row(row) if row else None

    def update_case(self, owner: str, case_id: str, changes: Mapping[str, Any]) -> Case | None:
        if not self._change(owner, case_id, changes):
            return None
        return self.get_case(owner, case_id)

    def _change(
        self,
        owner: str,
        case_id: str,
        changes: Mapping[str, Any],
        condition: str = "",
        condition_params: tuple[Any, ...] = (),
        touch: bool = True,
    ) -> bool:
        """Write ``changes`` (lifecycle columns or the doctor's fields) to the owner's case."""
        columns = [name for name in changes if name in lifecycle.WRITABLE_COLUMNS]
        assignments = [f"{name} = ?" for name in columns]
        params: list[Any] = [changes[name] for name in columns]
        if touch:
            assignments.append("updated_at = ?")
            params.append(utc_now().isoformat())
        with self._db.write() as db:
            cursor = db.execute(
                f"UPDATE cases SET {', '.join(assignments)}"
                f" WHERE case_id = ? AND user_id = ?{condition}",
                (*params, case_id, owner, *condition_params),
            )
            return cursor.rowcount == 1

    def delete_case(self, owner: str, case_id: str) -> list[str] | None:
        with self._db.write() as db:
            keys = [
                row["file_url"]
                for row in db.execute(
                    "SELECT file_url FROM case_files WHERE case_id = ? AND user_id = ?",
                    (case_id, owner),
                )
            ]
            cursor = db.execute(
                "DELETE FROM cases WHERE case_id = ? AND user_id = ?", (case_id, owner)
            )
            if cursor.rowcount == 0:
                return None
        return keys

    def add_file(self, owner: str, record: CaseFile) -> bool:
        placeholders = ", ".join("?" * 11)
        with self._db.write() as db:
            # Ownership is part of the insert: the row only goes in beside the owner's case.
            cursor = db.execute(
                f"INSERT INTO case_files ({_FILE_COLUMNS}) SELECT {placeholders}"
                " WHERE EXISTS (SELECT 1 FROM cases WHERE case_id = ? AND user_id = ?)",
                (*_file_params(record), record.case_id, owner),
            )
            if cursor.rowcount == 0:
                return False
            db.execute(
                "UPDATE cases SET updated_at = ? WHERE case_id = ? AND user_id = ?",
                (utc_now().isoformat(), record.case_id, owner),
            )
        return True

    def list_files(self, owner: str, case_id: str) -> list[CaseFile]:
        rows = self._db.connection().execute(
            f"SELECT {_FILE_COLUMNS} FROM case_files WHERE case_id = ? AND user_id = ?"
            " ORDER BY uploaded_at, rowid",
            (case_id, owner),
        )
        return [_file(row) for row in rows]

    def get_insights(self, owner: str, case_id: str) -> dict[str, Any] | None:
        row = (
            self._db.connection()
            .execute(
                "SELECT ai_insights FROM case_insights WHERE case_id = ? AND user_id = ?",
                (case_id, owner),
            )
            .fetchone()
        )
        return json.loads(row["ai_insights"]) if row else None

    # --- the analyzer's bookkeeping -------------------------------------------------

    def request_analysis(self, owner: str, case_id: str) -> Case | None:
        # core.lifecycle.may_request_analysis, checked on the row written.
        requested = self._change(
            owner,
            case_id,
            lifecycle.analysis_requested(),
            " AND status <> ?",
            (lifecycle.ARCHIVE,),
        )
        return self.get_case(owner, case_id) if requested else None

    def claim_analysis(self, owner: str, case_id: str, claim: str, stale_before: datetime) -> bool:
        case = self.get_case(owner, case_id)
        if case is None:
            return False
        # The attempt count read above is part of the condition: of two racing claims, the
        # one that finds it changed takes nothing.
        return self._change(
            owner,
            case_id,
            lifecycle.analysis_claimed(claim, utc_now(), case.analysis_attempts),
            " AND status = 'analyzing' AND analysis_attempts = ?"
            " AND (analysis_claim IS NULL OR analysis_claimed_at < ?)",
            (case.analysis_attempts, stale_before.isoformat()),
            touch=False,
        )

    def claim_next_analysis(self, owner: str, claim: str, stale_before: datetime) -> str | None:
        # One statement under the database's write lock: processes sharing the file take
        # different cases, each exactly once.
        with self._db.write() as db:
            row = db.execute(
                "UPDATE cases SET analysis_claim = ?, analysis_claimed_at = ?,"
                " analysis_attempts = analysis_attempts + 1, draft_sections = NULL"
                " WHERE case_id = (SELECT case_id FROM cases WHERE user_id = ?"
                " AND status = 'analyzing'"
                " AND (analysis_claim IS NULL OR analysis_claimed_at < ?)"
                " ORDER BY created_at, rowid LIMIT 1) RETURNING case_id",
                (claim, utc_now().isoformat(), owner, stale_before.isoformat()),
            ).fetchone()
        return None if row is None else str(row[0])

    def heartbeat(self, owner: str, case_id: str, claim: str) -> bool:
        return self._change(
            owner,
            case_id,
            lifecycle.heartbeat(utc_now()),
            " AND analysis_claim = ?",
            (claim,),
            touch=False,
        )

    def record_stage(self, owner: str, case_id: str, claim: str, stage: str) -> bool:
        return self._change(
            owner,
            case_id,
            lifecycle.stage_recorded(stage, utc_now()),
            " AND analysis_claim = ?",
            (claim,),
        )

    def save_file_analysis(
        self,
        owner: str,
        file_id: str,
        text_data: str | None,
        ai_summary: LabelledImageAnalysis | None,
    ) -> None:
        with self._db.write() as db:
            db.execute(
                "UPDATE case_files SET text_data = ?, ai_summary = ?"
                " WHERE file_id = ? AND user_id = ?",
                (
                    text_data,
                    _reading_json(ai_summary),
                    file_id,
                    owner,
                ),
            )

    def save_draft_section(
        self, owner: str, case_id: str, claim: str, section: str, content: Mapping[str, Any]
    ) -> bool:
        if section not in LANDED_SECTIONS:
            raise ValueError(f"not a draft section: {section}")
        # Merged in the database: two sections landing at once never lose each other.
        with self._db.write() as db:
            cursor = db.execute(
                "UPDATE cases SET draft_sections = json_set(coalesce(draft_sections, '{}'),"
                " '$.' || ?, json(?)), updated_at = ?"
                " WHERE case_id = ? AND user_id = ? AND analysis_claim = ?",
                (section, json.dumps(dict(content)), utc_now().isoformat(), case_id, owner, claim),
            )
            return cursor.rowcount == 1

    def draft_sections(self, owner: str, case_id: str) -> dict[str, Any]:
        row = (
            self._db.connection()
            .execute(
                "SELECT draft_sections FROM cases WHERE case_id = ? AND user_id = ?",
                (case_id, owner),
            )
            .fetchone()
        )
        return json.loads(row["draft_sections"]) if row and row["draft_sections"] else {}

    def complete_analysis(self, owner: str, case_id: str, claim: str, insights: Insights) -> bool:
        now = utc_now().isoformat()
        completed = lifecycle.analysis_completed()
        assignments = ", ".join(f"{name} = ?" for name in completed)
        kept = ", ".join(f"'{state}'" for state in sorted(lifecycle.SIGNED_STATES))
        draft_id = str(uuid.uuid4())
        with self._db.write() as db:
            cursor = db.execute(
                f"UPDATE cases SET {assignments}, updated_at = ?,"
                f" review_state = CASE WHEN review_state IN ({kept}) THEN review_state"
                f" ELSE '{lifecycle.ReviewState.AWAITING_REVIEW.value}' END"
                " WHERE case_id = ? AND user_id = ? AND analysis_claim = ?",
                (*completed.values(), now, case_id, owner, claim),
            )
            if cursor.rowcount == 0:
                return False
            stored = insights.model_dump_json()
            # Every draft is kept as written; case_insights points at the newest.
            db.execute(
                "INSERT INTO ai_drafts (draft_id, case_id, user_id, ai_insights, case_version,"
                " generated_at) VALUES (?, ?, ?, ?, ?, ?)",
                (draft_id, case_id, owner, stored, insights.provenance.case_version, now),
            )
            db.execute(
                "INSERT INTO case_insights (case_id, user_id, ai_insights, generated_at, draft_id,"
                " critical_count) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (case_id) DO UPDATE SET"
                " ai_insights = excluded.ai_insights, generated_at = excluded.generated_at,"
                " draft_id = excluded.draft_id, critical_count = excluded.critical_count",
                (case_id, owner, stored, now, draft_id, len(insights.critical_values)),
            )
            record_findings(db, owner, case_id, draft_id, found_critical_values(insights))
        return True

    def fail_analysis(self, owner: str, case_id: str, claim: str, reason: str) -> bool:
        return self._change(
            owner, case_id, lifecycle.analysis_failed(reason), " AND analysis_claim = ?", (claim,)
        )

    def unfinished_analyses(self) -> list[tuple[str, str]]:
        """(owner, case_id) of every case still marked analyzing: recovery after a restart."""
        rows = self._db.connection().execute(
            "SELECT user_id, case_id FROM cases WHERE status = 'analyzing' ORDER BY created_at"
        )
        return [(row["user_id"], row["case_id"]) for row in rows]

    def waiting_owners(self, stale_before: datetime) -> list[str]:
        """The doctors with a case waiting for analysis: unclaimed, or its claim gone stale
        (the separate analyzer workers' queue, read without taking the write lock)."""
        rows = self._db.connection().execute(
            "SELECT DISTINCT user_id FROM cases WHERE status = 'analyzing'"
            " AND (analysis_claim IS NULL OR analysis_claimed_at < ?)",
            (stale_before.isoformat(),),
        )
        return [str(row["user_id"]) for row in rows]

    def changes_seen(self) -> int:
        """A number that changes whenever another connection commits (SQLite's
        data_version): a poll that finds it unchanged has nothing new to look at."""
        return int(self._db.connection().execute("PRAGMA data_version").fetchone()[0])


def _reading_json(reading: LabelledImageAnalysis | None) -> str | None:
    """An image's reading as the JSON text the file row keeps."""
    return json.dumps(reading.model_dump(mode="json")) if reading is not None else None


def _list_filters(query: CaseQuery) -> tuple[str, list[Any]]:
    """The date, age and diagnosis filters of the case list, as SQL on ``cases AS c``."""
    where = ""
    params: list[Any] = []
    if query.created_from is not None:
        where += " AND c.created_at >= ?"
        params.append(query.created_from.astimezone(UTC).isoformat())
    if query.created_before is not None:
        where += " AND c.created_at < ?"
        params.append(query.created_before.astimezone(UTC).isoformat())
    if query.min_age is not None:
        where += " AND c.patient_age >= ?"
        params.append(query.min_age)
    if query.max_age is not None:
        where += " AND c.patient_age <= ?"
        params.append(query.max_age)
    if query.diagnosis:
        code = icd10_prefix(query.diagnosis)
        where += _DIAGNOSIS_MATCH
        params.extend([fold_spelling(query.diagnosis), query.diagnosis.casefold(), code, code])
    if query.critical_only:
        where += f" AND {_CRITICAL} > 0"
    if query.unacknowledged_only:
        where += f" AND {_UNACKNOWLEDGED} > 0"
    return where, params


def _needs_listed(query: CaseQuery) -> bool:
    """Whether the filter or the order reads the insights or the signed notes."""
    by_listed = query.sort in (CaseSort.DIAGNOSIS, CaseSort.CRITICAL)
    return bool(
        query.diagnosis
        or query.critical_only
        or query.unacknowledged_only
        or query.critical_first
        or by_listed
    )


def _order(query: CaseQuery) -> str:
    """The list's ORDER BY: critical cases first if asked (those with a critical value
    awaiting acknowledgment before those whose are all acknowledged), the sort key with
    empty values last, then creation time in the same direction and insertion order."""
    direction = "DESC" if query.descending else "ASC"
    terms = (
        [f"({_UNACKNOWLEDGED} > 0) DESC", f"({_CRITICAL} > 0) DESC"] if query.critical_first else []
    )
    if query.sort != CaseSort.CREATED:
        terms.append(f"{_SORT_BY[query.sort]} {direction} NULLS LAST")
    terms += [f"c.created_at {direction}", f"c.rowid {direction}"]
    return ", ".join(terms)
