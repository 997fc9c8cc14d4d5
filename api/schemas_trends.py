"""Response shapes of the trends route: a patient's timeline and lab series."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from api.schemas import PatientOut
from core.analysis.history import TrendPoint, TrendSeries
from core.services.trends import PatientTrends


class TrendPointOut(BaseModel):
    case_id: str
    seen_at: str = Field(description="When the case was seen (ISO 8601)")
    at: str = Field(
        description="When the value was taken (ISO 8601): its collection time where the "
        "lab's message gives one it can trust, else its case's time; points are in this order"
    )
    collected: bool = Field(description="Whether `at` is the message's collection time")
    time_precision: str | None = Field(
        description='The collection time\'s precision: "day" (a date alone), "hour", "minute"'
    )
    time_doubt: str | None = Field(
        description="Why the message's collection time was not trusted (the value is at its "
        "case's time and drives no delta check)"
    )
    value: float = Field(description="In the series' unit")
    as_written: str = Field(description="The value as the report gave it, with its unit")
    comparator: str | None
    reference_low: float | None
    reference_high: float | None
    flag: str | None
    critical: bool
    source_line: str | None
    source_page: int | None


class TrendSeriesOut(BaseModel):
    analyte: str
    specimen: str
    unit: str = Field(description="The series' unit (UCUM); other units converted to it")
    panel: str
    latest: TrendPointOut
    previous: TrendPointOut | None
    change: float | None = Field(description="Latest minus previous, in the series' unit")
    points: list[TrendPointOut]


class TimelineEntryOut(BaseModel):
    at: str
    kind: str = Field(json_schema_extra={"enum": ["case", "signed note", "critical value"]})
    case_id: str
    text: str


class PatientTrendsOut(BaseModel):
    patient: PatientOut
    timeline: list[TimelineEntryOut]
    series: list[TrendSeriesOut]


def _point(point: TrendPoint) -> dict[str, Any]:
    return {
        "case_id": point.case_id,
        "seen_at": point.seen_at.isoformat(),
        "at": point.at.isoformat(),
        "collected": point.collected,
        "time_precision": point.precision,
        "time_doubt": point.time_doubt,
        "value": point.value,
        "as_written": point.as_written,
        "comparator": point.comparator,
        "reference_low": point.reference_low,
        "reference_high": point.reference_high,
        "flag": point.flag,
        "critical": point.critical,
        "source_line": point.source_line,
        "source_page": point.source_page,
    }


def _series(series: TrendSeries) -> dict[str, Any]:
    previous = series.previous
    return {
        "analyte": series.analyte,
        "specimen": series.specimen,
        "unit": series.unit,
        "panel": series.panel,
        "latest": _point(series.latest),
        "previous": _point(previous) if previous is not None else None,
        "change": series.change,
        "points": [_point(p) for p in series.points],
    }


def trends_out(trends: PatientTrends) -> dict[str, Any]:
    """The route's answer for a patient's trends."""
    return {
        "patient": trends.patient.public_dict(),
        "timeline": [
            {"at": e.at.isoformat(), "kind": e.kind, "case_id": e.case_id, "text": e.text}
            for e in trends.timeline
        ],
        "series": [_series(s) for s in trends.series],
    }
