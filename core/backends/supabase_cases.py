"""SupabaseCaseRepository: cases, file rows and insights through PostgREST, under RLS.

Every query also names the owner (``user_id = owner``): RLS is the barrier, the filter
keeps a query's meaning plain and lets Postgres use the owner indexes.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from datetime import UTC, datetime
from typing import Any, cast

from postgrest import SyncPostgrestClient, SyncRequestBuilder
from postgrest.types import ReturnMethod

from core import lifecycle
from core.analysis.failures import AnalyzerNotConfigured
from core.analysis.labs.critical_keys import found_critical_values
from core.backends.supabase_critical import record_findings
from core.backends.supabase_errors import supabase_errors
from core.backends.supabase_rows import as_rows, one_object
from core.errors import CaseNotFound, PermissionDenied
from core.insights import Insights, LabelledImageAnalysis
from core.models import (
    LANDED_SECTIONS,
    AnalysisStage,
    Case,
    CaseFile,
    CasePage,
    CaseQuery,
    CaseRow,
    icd10_prefix,
    utc_now,
)

CASE_COLUMNS = (
    "case_id,user_id,patient_name,patient_age,patient_gender,case_summary,status,"
    "created_at,updated_at,analysis_stage,analysis_error,archived_from,content_version,"
    "review_state,analysis_attempts,patient_id"
)
FILE_COLUMNS = (
    "file_id,case_id,user_id,file_name,file_type,file_size,file_url,file_category,"
    "uploaded_at,text_data,ai_summary"
)


# What an archive or a restore writes beside the status: the database's archive_case and
# restore_case write them (core.lifecycle.archived / restored); the doctor's token may not.
STATUS_WRITES = frozenset(
    {
        "status",
        "archived_from",
        "analysis_stage",
        "analysis_error",
        "analysis_attempts",
        "analysis_claim",
        "analysis_claimed_at",
        "draft_sections",
    }
)
# The database moves a case's content version itself when its details, notes or files
# change (20261128120000); the doctor's token may not name it.
DATABASE_WRITES = frozenset({"content_version"})


def _instant(value: datetime) -> str:
    return value.astimezone(UTC).isoformat()


def _case_row(case: Case) -> dict[str, Any]:
    row = asdict(case)
    row.update(created_at=_instant(case.created_at), updated_at=_instant(case.updated_at))
    return row


def _file_row(record: CaseFile) -> dict[str, Any]:
    row = asdict(record)
    row.update(uploaded_at=_instant(record.uploaded_at), text_data=_storable(record.text_data))
    return row


def _storable(text: str | None) -> str | None:
    # Postgres text cannot hold NUL, which text extracted from a PDF sometimes contains.
    return text.replace("\x00", "") if text else text


ANALYZER_KEY_MISSING = (
    "The analysis could not be saved: this server has no analyzer key "
    "(SUPABASE_ANALYZER_KEY is not set). Ask the administrator to set it, then re-run "
    "the analysis"
)


class SupabaseCaseRepository:
    """``rest`` acts as the doctor; ``analyzer`` (an analysis job's only) writes what only
    the analyzer may write: drafts, insights, critical findings, a file's reading, and the
    case row's analysis columns (claim, heartbeat, stage, landing sections, completed or
    failed) through its own functions."""

    def __init__(self, rest: SyncPostgrestClient, analyzer: SyncPostgrestClient | None = None):
        self._rest = rest
        self._analyzer = analyzer

    # complete_analysis and fail_analysis record analysis_finished / analysis_failed in the
    # database, in their own transaction (20261128100000); the runner records them no more.
    records_analysis_end = True
    # claim_case_analysis and take_analysis record analysis_started with the claim, in its
    # transaction (20261128120100).
    records_analysis_start = True

    def _as_analyzer(self) -> SyncPostgrestClient:
        if self._analyzer is None:
            raise AnalyzerNotConfigured(ANALYZER_KEY_MISSING)
        return self._analyzer

    def _cases(self) -> SyncRequestBuilder:
        return self._rest.from_("cases")

    def _files(self) -> SyncRequestBuilder:
        return self._rest.from_("case_files")

    def _change_case(
        self, owner: str, case_id: str, values: Mapping[str, Any]
    ) -> list[dict[str, Any]]:
        query = (
            self._cases()
            .update(dict(values))
            .select(CASE_COLUMNS)
            .eq("case_id", case_id)
            .eq("user_id", owner)
        )
        with supabase_errors():
            return as_rows(query.execute().data)

    def add_case(
        self, case: Case, files: Sequence[CaseFile], request_key: str | None = None
    ) -> None:
        # PostgREST has no transaction across two requests: if the file rows fail, the
        # case is removed again so that nothing half-written remains.
        row = _case_row(case)
        if request_key is not None:
            row["request_key"] = request_key  # unique per doctor: a repeat is refused
        with supabase_errors():
            self._cases().insert(row, returning=ReturnMethod.minimal).execute()
        if not files:
            return
        try:
            with supabase_errors():
                self._files().insert(
                    [_file_row(record) for record in files], returning=ReturnMethod.minimal
                ).execute()
        except Exception:
            self.delete_case(case.user_id, case.case_id)
            raise

    def case_for_request(self, owner: str, request_key: str) -> str | None:
        query = (
            self._cases()
            .select("case_id")
            .eq("user_id", owner)
            .eq("request_key", request_key)
            .limit(1)
        )
        with supabase_errors():
            rows = as_rows(query.execute().data)
        return str(rows[0]["case_id"]) if rows else None

    def list_cases(self, owner: str) -> list[Case]:
        query = (
            self._cases()
            .select(CASE_COLUMNS)
            .eq("user_id", owner)
            .order("created_at")
            .order("case_id")
        )
        with supabase_errors():
            return [Case.from_row(row) for row in as_rows(query.execute().data)]

    def list_case_page(self, owner: str, query: CaseQuery) -> CasePage:
        # One call to the migration's list_case_page function (it runs under RLS as the
        # doctor): PostgREST alone cannot count by status without aggregates enabled.
        arguments = {
            "owner_id": owner,
            "name_search": query.search,
            "wanted_statuses": list(query.statuses or ()),
            "wanted_review_states": list(query.review_states) if query.review_states else None,
            "descending": query.descending,
            "page_size": query.limit,
            "page_offset": query.offset,
            "created_from": _instant(query.created_from) if query.created_from else None,
            "created_before": _instant(query.created_before) if query.created_before else None,
            "min_age": query.min_age,
            "max_age": query.max_age,
            "diagnosis_search": query.diagnosis,
            "icd_prefix": icd10_prefix(query.diagnosis),
            "sort_key": query.sort,
            "critical_first": query.critical_first,
            "critical_only": query.critical_only,
            "unacknowledged_only": query.unacknowledged_only,
        }
        with supabase_errors():
            # postgrest-py types rpc arguments as strings; PostgREST takes any JSON.
            call = self._rest.rpc("list_case_page", cast(dict[str, str], arguments))
            page = one_object(call.execute().data)
        rows = []
        for row in as_rows(page["rows"]):
            diagnosis, icd_code = row.pop("primary_diagnosis"), row.pop("icd_code")
            critical_count = row.pop("critical_count", None) or 0
            unacknowledged = row.pop("unacknowledged_critical", None) or 0
            since = row.pop("critical_waiting_since", None)
            signed = bool(row.pop("diagnosis_signed", False))
            rows.append(
                CaseRow(
                    case=Case.from_row(row),
                    primary_diagnosis=diagnosis,
                    icd_code=icd_code,
                    diagnosis_signed=signed,
                    critical_count=critical_count,
                    unacknowledged_critical=unacknowledged,
                    critical_waiting_since=datetime.fromisoformat(since) if since else None,
                )
            )
        return CasePage(
            rows=rows,
            total=page["total"],
            counts_by_status=dict(one_object(page["counts_by_status"])),
            counts_by_review_state=dict(one_object(page.get("counts_by_review_state") or {})),
        )

    def get_case(self, owner: str, case_id: str) -> Case | None:
        query = self._cases().select(CASE_COLUMNS).eq("case_id", case_id).eq("user_id", owner)
        with supabase_errors():
            found = as_rows(query.execute().data)
        return Case.from_row(found[0]) if found else None

    def update_case(self, owner: str, case_id: str, changes: Mapping[str, Any]) -> Case | None:
        values = {
            name: value
            for name, value in changes.items()
            if name in lifecycle.WRITABLE_COLUMNS and name not in DATABASE_WRITES
        }
        status = values.get("status")
        if status is not None:
            # Archive and restore are the database's functions (20261128100100): the
            # doctor's token writes no status, claim or analysis column itself. The writes
            # core.lifecycle gave with the status are what the function does.
            function = "archive_case" if status == lifecycle.ARCHIVE else "restore_case"
            with supabase_errors():
                self._rest.rpc(function, {"p_case": case_id}).execute()
            values = {name: value for name, value in values.items() if name not in STATUS_WRITES}
        # The trigger refreshes updated_at; naming it keeps the request non-empty.
        values["updated_at"] = _instant(utc_now())
        rows = self._change_case(owner, case_id, values)
        return Case.from_row(rows[0]) if rows else None

    def delete_case(self, owner: str, case_id: str) -> list[str] | None:
        keys_query = self._files().select("file_url").eq("case_id", case_id).eq("user_id", owner)
        delete = (
            self._cases().delete().select("case_id").eq("case_id", case_id).eq("user_id", owner)
        )
        with supabase_errors():
            keys = [row["file_url"] for row in as_rows(keys_query.execute().data)]
            removed = as_rows(delete.execute().data)
        # Files added between the two requests go with the cascade; the service also
        # clears the case's storage folder, so their bytes go too.
        return keys if removed else None

    def add_file(self, owner: str, record: CaseFile) -> bool:
        try:
            with supabase_errors():
                self._files().insert(_file_row(record), returning=ReturnMethod.minimal).execute()
        except (PermissionDenied, CaseNotFound):
            return False  # RLS refused it, or the case is gone: not the owner's case
        self._change_case(owner, record.case_id, {"updated_at": _instant(utc_now())})
        return True

    def list_files(self, owner: str, case_id: str) -> list[CaseFile]:
        query = (
            self._files()
            .select(FILE_COLUMNS)
            .eq("case_id", case_id)
            .eq("user_id", owner)
            .order("uploaded_at")
            .order("file_id")
        )
        with supabase_errors():
            return [CaseFile.from_row(row) for row in as_rows(query.execute().data)]

    def get_insights(self, owner: str, case_id: str) -> dict[str, Any] | None:
        query = (
            self._rest.from_("case_insights")
            .select("ai_insights")
            .eq("case_id", case_id)
            .eq("user_id", owner)
        )
        with supabase_errors():
            found = as_rows(query.execute().data)
        return found[0]["ai_insights"] if found else None

    # --- the analyzer's bookkeeping -------------------------------------------------

    def request_analysis(self, owner: str, case_id: str) -> Case | None:
        # The doctor's function (20261128100100): core.lifecycle.analysis_requested's
        # writes, on the caller's own case only.
        with supabase_errors():
            requested = self._rest.rpc("request_analysis", {"p_case": case_id}).execute()
        return self.get_case(owner, case_id) if requested.data is True else None

    def claim_analysis(self, owner: str, case_id: str, claim: str, stale_before: datetime) -> bool:
        # As the analyzer (20261128100000): the function claims the case only if it waits
        # (unclaimed or stale), re-checked on the locked row, at the database's time.
        arguments = {
            "p_case": case_id,
            "p_owner": owner,
            "p_claim": claim,
            "p_stale_before": _instant(stale_before),
        }
        return self._analyzers_call("claim_case_analysis", arguments) is True

    def claim_next_analysis(self, owner: str, claim: str, stale_before: datetime) -> str | None:
        # take_analysis selects and claims in one statement, with ``for update skip
        # locked`` so replicas asking at once take different cases.
        arguments = {"p_owner": owner, "p_claim": claim, "p_stale_before": _instant(stale_before)}
        taken = self._analyzers_call("take_analysis", arguments)
        return str(taken) if taken else None

    def heartbeat(self, owner: str, case_id: str, claim: str) -> bool:
        arguments = {"p_case": case_id, "p_owner": owner, "p_claim": claim}
        return self._analyzers_call("beat_analysis", arguments) is True

    def record_stage(self, owner: str, case_id: str, claim: str, stage: str) -> bool:
        arguments = {"p_case": case_id, "p_owner": owner, "p_claim": claim, "p_stage": stage}
        return self._analyzers_call("record_analysis_stage", arguments) is True

    def _analyzers_call(self, function: str, arguments: Mapping[str, Any]) -> Any:
        """One of the analyzer's functions on the case row (each checks owner and claim)."""
        analyzer = self._as_analyzer()
        with supabase_errors():
            # postgrest-py types rpc arguments as strings; PostgREST takes any JSON.
            return analyzer.rpc(function, cast(dict[str, str], dict(arguments))).execute().data

    def save_file_analysis(
        self,
        owner: str,
        file_id: str,
        text_data: str | None,
        ai_summary: LabelledImageAnalysis | None,
    ) -> None:
        reading = ai_summary.model_dump(mode="json") if ai_summary is not None else None
        # As the analyzer, which reads no column of the row back (return=minimal).
        query = (
            self._as_analyzer()
            .from_("case_files")
            .update(
                {"text_data": _storable(text_data), "ai_summary": reading},
                returning=ReturnMethod.minimal,
            )
            .eq("file_id", file_id)
            .eq("user_id", owner)
        )
        with supabase_errors():
            query.execute()

    def save_draft_section(
        self, owner: str, case_id: str, claim: str, section: str, content: Mapping[str, Any]
    ) -> bool:
        if section not in LANDED_SECTIONS:
            raise ValueError(f"not a draft section: {section}")
        # One statement in Postgres, as the analyzer (20261128100000): the section is
        # merged into the others under the claim, so two landing at once lose nothing.
        arguments = {
            "p_case": case_id,
            "p_owner": owner,
            "p_claim": claim,
            "p_section_name": section,
            "p_section": dict(content),
        }
        return self._analyzers_call("save_draft_section", arguments) is True

    def draft_sections(self, owner: str, case_id: str) -> dict[str, Any]:
        query = self._cases().select("draft_sections").eq("case_id", case_id).eq("user_id", owner)
        with supabase_errors():
            found = as_rows(query.execute().data)
        return dict(found[0]["draft_sections"] or {}) if found else {}

    def complete_analysis(self, owner: str, case_id: str, claim: str, insights: Insights) -> bool:
        # Still the claim holder? Only then keep the draft and its critical values, then
        # make it current and close the analysis in one transaction (complete_analysis,
        # which also records analysis_finished), all as the analyzer.
        analyzer = self._as_analyzer()
        if not self.record_stage(owner, case_id, claim, AnalysisStage.INSIGHTS_COMPILED.value):
            return False
        draft_id = str(uuid.uuid4())
        # The draft's time is the database's (20261128061901); the insights take it.
        draft = {
            "draft_id": draft_id,
            "case_id": case_id,
            "user_id": owner,
            "ai_insights": insights.model_dump(mode="json"),
            "case_version": insights.provenance.case_version,
        }
        with supabase_errors():
            analyzer.from_("ai_drafts").insert(draft, returning=ReturnMethod.minimal).execute()
        # The draft's critical values before the insights point at it (#27).
        record_findings(analyzer, owner, case_id, draft_id, found_critical_values(insights))
        # A failure keeps the previous insights and the case being analysed.
        completed = {"p_case": case_id, "p_owner": owner, "p_claim": claim, "p_draft": draft_id}
        return self._analyzers_call("complete_analysis", completed) is True

    def fail_analysis(self, owner: str, case_id: str, claim: str, reason: str) -> bool:
        # Also records analysis_failed, in the same transaction.
        failed = {"p_case": case_id, "p_owner": owner, "p_claim": claim, "p_reason": reason}
        return self._analyzers_call("fail_analysis", failed) is True
