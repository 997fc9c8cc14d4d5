"""SupabaseCriticalResults: critical values and their acknowledgments through PostgREST,
under RLS (issue #27). The findings are inserted beside each draft (``record_findings``);
an acknowledgment only through public.acknowledge_critical_value, which takes the time
and the doctor itself and writes the audit event in the same transaction."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from postgrest import SyncPostgrestClient
from postgrest.exceptions import APIError
from postgrest.types import ReturnMethod

from core.analysis.labs.critical_keys import FoundCritical
from core.backends.supabase_errors import from_postgrest, supabase_errors
from core.backends.supabase_rows import PAGE, as_rows, every_row
from core.critical_results import (
    Acknowledgment,
    CommunicationMethod,
    CriticalFinding,
    CriticalResult,
    results_of_case,
)
from core.errors import AlreadyAcknowledged, CaseNotFound

_FINDING_COLUMNS = "case_id,value_key,analyte,shown,found_at,draft_id"
_ACK_COLUMNS = (
    "case_id,value_key,acknowledged_by,acknowledged_by_email,acknowledged_at,found_at,"
    "method,comment"
)
_UNIQUE_VIOLATION = "23505"


def record_findings(
    rest: SyncPostgrestClient,
    owner: str,
    case_id: str,
    draft_id: str,
    found: Sequence[FoundCritical],
) -> None:
    """Keep the draft's critical values (the database stamps when each was first found)."""
    if not found:
        return
    rows = [
        {
            "case_id": case_id,
            "user_id": owner,
            "draft_id": draft_id,
            "value_key": value.value_key,
            "analyte": value.analyte,
            "shown": value.shown,
        }
        for value in found
    ]
    with supabase_errors():
        rest.from_("critical_findings").insert(rows, returning=ReturnMethod.minimal).execute()


def _finding(row: dict[str, Any]) -> CriticalFinding:
    return CriticalFinding(
        case_id=row["case_id"],
        value_key=row["value_key"],
        analyte=row["analyte"],
        shown=row["shown"],
        found_at=datetime.fromisoformat(row["found_at"]),
    )


def _acknowledgment(row: dict[str, Any]) -> Acknowledgment:
    return Acknowledgment(
        case_id=row["case_id"],
        value_key=row["value_key"],
        acknowledged_by=row["acknowledged_by"],
        acknowledged_by_email=row["acknowledged_by_email"],
        acknowledged_at=datetime.fromisoformat(row["acknowledged_at"]),
        found_at=datetime.fromisoformat(row["found_at"]),
        method=row["method"],
        comment=row["comment"],
    )


class SupabaseCriticalResults:
    def __init__(self, rest: SyncPostgrestClient) -> None:
        self._rest = rest

    def critical_results(self, owner: str, case_id: str) -> list[CriticalResult]:
        pointer = (
            self._rest.from_("case_insights")
            .select("draft_id")
            .eq("case_id", case_id)
            .eq("user_id", owner)
        )
        with supabase_errors():
            current = as_rows(pointer.execute().data)
        # Every draft's findings: a value only an earlier analysis found still waits. A case
        # analysed many times may hold more than a project's "Max rows" of them: in pages.
        findings = every_row(
            lambda rows: (
                self._rest.from_("critical_findings")
                .select(_FINDING_COLUMNS)
                .eq("case_id", case_id)
                .eq("user_id", owner)
                .order("found_at")
                .order("shown")
                .order("draft_id")
                .order("value_key")
                .range(len(rows), len(rows) + PAGE - 1)
            )
        )
        acknowledgments = every_row(
            lambda rows: (
                self._rest.from_("critical_acknowledgments")
                .select(_ACK_COLUMNS)
                .eq("case_id", case_id)
                .eq("user_id", owner)
                .order("value_key")
                .range(len(rows), len(rows) + PAGE - 1)
            )
        )
        found = [(row["draft_id"], _finding(row)) for row in findings]
        acknowledged = {row["value_key"]: _acknowledgment(row) for row in acknowledgments}
        draft = current[0]["draft_id"] if current else None
        return results_of_case(found, draft, acknowledged)

    def acknowledge(
        self,
        owner: str,
        case_id: str,
        value_key: str,
        method: CommunicationMethod,
        comment: str | None,
    ) -> Acknowledgment:
        arguments = {
            "p_case": case_id,
            "p_value_key": value_key,
            "p_method": method.value,
            "p_comment": comment,
        }
        try:
            # postgrest-py types rpc arguments as strings; PostgREST takes any JSON.
            call = self._rest.rpc("acknowledge_critical_value", cast(dict[str, str], arguments))
            call.execute()
        except APIError as error:
            if error.code == _UNIQUE_VIOLATION:
                raise AlreadyAcknowledged() from None
            raise from_postgrest(error) from None
        # The function returns no row (SECURITY DEFINER): read it back under RLS.
        query = (
            self._rest.from_("critical_acknowledgments")
            .select(_ACK_COLUMNS)
            .eq("case_id", case_id)
            .eq("value_key", value_key)
            .eq("user_id", owner)
        )
        with supabase_errors():
            rows = as_rows(query.execute().data)
        if not rows:
            raise CaseNotFound()
        return _acknowledgment(rows[0])

    def acknowledgments(self, owner: str) -> list[Acknowledgment]:
        query = (
            self._rest.from_("critical_acknowledgments")
            .select(_ACK_COLUMNS)
            .eq("user_id", owner)
            .order("acknowledged_at")
        )
        with supabase_errors():
            return [_acknowledgment(row) for row in as_rows(query.execute().data)]
