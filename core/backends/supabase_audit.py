"""SupabaseAuditTrail: the audit trail through PostgREST, under RLS (stamped by a trigger)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from postgrest import SyncPostgrestClient
from postgrest.types import ReturnMethod

from core.analysis.failures import AnalyzerNotConfigured
from core.audit import (
    ANALYZER_ACTIONS,
    AuditEvent,
    ChainCheck,
    Checkpoint,
    stored_event,
    verify_chain,
)
from core.backends.supabase_cases import ANALYZER_KEY_MISSING
from core.backends.supabase_errors import supabase_errors
from core.backends.supabase_rows import PAGE, as_rows, every_row
from core.errors import InvalidInput

_COLUMNS = "seq,user_id,case_id,action,details,occurred_at,prev_hash,hash"


class SupabaseAuditTrail:
    """``rest`` acts as the doctor; ``analyzer`` (an analysis job's only) records the
    analyzer's own steps, which no doctor's token may write."""

    def __init__(self, rest: SyncPostgrestClient, analyzer: SyncPostgrestClient | None = None):
        self._rest = rest
        self._analyzer = analyzer

    def record(
        self,
        actor: str,
        action: str,
        case_id: str | None = None,
        details: Mapping[str, Any] | None = None,
    ) -> None:
        known, stored = stored_event(action, details)
        row = {"user_id": actor, "case_id": case_id, "action": known, "details": stored}
        writer = self._rest
        if known in ANALYZER_ACTIONS:
            if self._analyzer is None:
                raise AnalyzerNotConfigured(ANALYZER_KEY_MISSING)
            writer = self._analyzer
        with supabase_errors():
            writer.from_("audit_events").insert(row, returning=ReturnMethod.minimal).execute()

    def events(self, owner: str, case_id: str | None = None, limit: int = 1000) -> list[AuditEvent]:
        query = self._rest.from_("audit_events").select(_COLUMNS).eq("user_id", owner)
        if case_id is not None:
            query = query.eq("case_id", case_id)
        query = query.order("seq", desc=True).limit(limit)
        with supabase_errors():
            return [AuditEvent.from_row(row) for row in as_rows(query.execute().data)]

    def add_checkpoint(self, owner: str, checkpoint: Checkpoint) -> None:
        row = {
            "user_id": owner,
            "seq": checkpoint.seq,
            "head_hash": checkpoint.head_hash,
            "seal": checkpoint.seal,
        }
        try:
            with supabase_errors():
                self._rest.from_("audit_checkpoints").insert(
                    row, returning=ReturnMethod.minimal
                ).execute()
        except InvalidInput:
            pass  # the app sealed this position already (same seal: the primary key)

    def _checkpoints(self, owner: str) -> list[Checkpoint]:
        query = (
            self._rest.from_("audit_checkpoints")
            .select("seq,head_hash,seal")
            .eq("user_id", owner)
            .order("seq")
        )
        with supabase_errors():
            rows = as_rows(query.execute().data)
        return [Checkpoint(row["seq"], row["head_hash"], row["seal"]) for row in rows]

    def verify(self, owner: str, key: bytes | None = None) -> ChainCheck:
        # Oldest first, every page (a project's max rows may cap a page below ours).
        rows = every_row(
            lambda read: (
                self._rest.from_("audit_events")
                .select(_COLUMNS)
                .eq("user_id", owner)
                .gt("seq", read[-1]["seq"] if read else 0)
                .order("seq")
                .limit(PAGE)
            )
        )
        events = [AuditEvent.from_row(row) for row in rows]
        checkpoints = self._checkpoints(owner) if key is not None else []
        return verify_chain(events, checkpoints, key, owner)
