"""Request and response shapes of the critical-results routes (issue #27)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field, JsonValue

from core.critical_results import (
    METHOD_LABELS,
    Acknowledgment,
    AcknowledgmentFigure,
    CommunicationMethod,
    CriticalResult,
)

METHODS: list[JsonValue] = [method.value for method in CommunicationMethod]


class AcknowledgmentIn(BaseModel):
    """How the critical value was communicated (one of the list; another answers 422),
    and an optional comment."""

    method: str = Field(json_schema_extra={"enum": METHODS})
    comment: str | None = Field(default=None, description="Optional, up to 1,000 characters")


class AcknowledgmentOut(BaseModel):
    case_id: str
    value_key: str
    acknowledged_by: str
    acknowledged_by_email: str
    acknowledged_at: datetime = Field(description="The database's time")
    found_at: datetime = Field(description="When the analysis first found the value")
    method: str
    method_label: str
    comment: str | None
    seconds_to_acknowledge: float


class CriticalValueOut(BaseModel):
    value_key: str = Field(description="Stable across analyses: code, specimen, result, source")
    analyte: str
    shown: str
    found_at: datetime
    in_current_draft: bool = Field(
        description="False for a value only an earlier analysis found (it waits all the same)"
    )
    acknowledged: bool
    seconds_waiting: float | None = Field(
        description="Time since it was found, while it waits (null once acknowledged)"
    )
    acknowledgment: AcknowledgmentOut | None


class CriticalValueListOut(BaseModel):
    case_id: str
    critical_values: list[CriticalValueOut]
    unacknowledged: int


class AcknowledgmentFigureOut(BaseModel):
    acknowledged: int = Field(description="How many critical values the figure is over")
    median_seconds: float | None
    p90_seconds: float | None = Field(description="90th percentile (statistics.quantiles)")


def acknowledgment_out(acknowledgment: Acknowledgment) -> dict[str, Any]:
    return {
        "case_id": acknowledgment.case_id,
        "value_key": acknowledgment.value_key,
        "acknowledged_by": acknowledgment.acknowledged_by,
        "acknowledged_by_email": acknowledgment.acknowledged_by_email,
        "acknowledged_at": acknowledgment.acknowledged_at,
        "found_at": acknowledgment.found_at,
        "method": acknowledgment.method,
        "method_label": METHOD_LABELS.get(acknowledgment.method, acknowledgment.method),
        "comment": acknowledgment.comment,
        "seconds_to_acknowledge": acknowledgment.seconds_to_acknowledge,
    }


def critical_value_out(result: CriticalResult, now: datetime) -> dict[str, Any]:
    finding, acknowledgment = result.finding, result.acknowledgment
    return {
        "value_key": finding.value_key,
        "analyte": finding.analyte,
        "shown": finding.shown,
        "found_at": finding.found_at,
        "in_current_draft": finding.in_current_draft,
        "acknowledged": acknowledgment is not None,
        "seconds_waiting": None
        if acknowledgment is not None
        else max(0.0, (now - finding.found_at).total_seconds()),
        "acknowledgment": acknowledgment_out(acknowledgment) if acknowledgment else None,
    }


def figure_out(figure: AcknowledgmentFigure) -> dict[str, Any]:
    return {
        "acknowledged": figure.count,
        "median_seconds": figure.median_seconds,
        "p90_seconds": figure.p90_seconds,
    }
