"""The audit trail over HTTP: a case's events (JSON or CSV) and a check of the chain.

Same auth, errors and ownership rules as the case routes.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import Response
from pydantic import BaseModel, Field

from api import schemas
from api.dependencies import CurrentCaller
from core.audit import AuditEvent, audit_csv, occurred_text

router = APIRouter(tags=["audit"])

_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": schemas.ErrorOut, "description": description}
    for status, description in (
        (401, "Invalid authentication credentials"),
        (404, "Case not found (or another doctor's case)"),
        (500, "Internal server error"),
    )
}


class EventOut(BaseModel):
    seq: int = Field(description="The event's number in the doctor's chain")
    occurred_at: str
    action: str
    case_id: str | None
    details: dict[str, Any]
    prev_hash: str
    hash: str


class EventListOut(BaseModel):
    events: list[EventOut] = Field(description="Newest first")


class ChainCheckOut(BaseModel):
    intact: bool
    events_checked: int
    first_broken_seq: int | None
    reason: str | None
    checkpoint_events: int | None = Field(
        description="The newest checkpoint sealed by the app's key: the chain's count then"
    )
    checkpoint_hash: str | None = Field(
        description="The head hash at that checkpoint; keep it to compare a later check with"
    )


def _event(event: AuditEvent) -> dict[str, Any]:
    return {
        "seq": event.seq,
        "occurred_at": occurred_text(event.occurred_at),
        "action": event.action,
        "case_id": event.case_id,
        "details": event.details,
        "prev_hash": event.prev_hash,
        "hash": event.hash,
    }


@router.get(
    "/api/v1/cases/{case_id}/audit",
    response_model=EventListOut,
    responses={**_ERRORS, 200: {"content": {"text/csv": {}}}},
)
def case_audit(
    case_id: str,
    caller: CurrentCaller,
    format: Annotated[Literal["json", "csv"], Query(description="json or csv")] = "json",
) -> Any:
    """Every event of the case, newest first; ``format=csv`` for a spreadsheet."""
    events = caller.services.audit_events(case_id)
    if format == "csv":
        return Response(
            audit_csv(events), media_type="text/csv", headers={"Cache-Control": "no-store"}
        )
    return {"events": [_event(event) for event in events]}


@router.get("/api/v1/audit/verify", response_model=ChainCheckOut, responses=_ERRORS)
def verify_audit(caller: CurrentCaller) -> dict[str, Any]:
    """Recompute the signed-in doctor's whole chain of events: intact, or where it breaks."""
    check = caller.services.verify_audit()
    return {
        "intact": check.intact,
        "events_checked": check.events_checked,
        "first_broken_seq": check.first_broken_seq,
        "reason": check.reason,
        "checkpoint_events": check.anchored_seq,
        "checkpoint_hash": check.anchored_hash,
    }
