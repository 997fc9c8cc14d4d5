"""The patient's lab trends drawn with Altair: per analyte every value over time on one
unit's axis, its reference band behind, each point linked to its case.

One chart per panel (blood count, kidney...), faceted by analyte with its own y axis: a
patient with 50 cases and 2,000 values is a dozen charts, not a hundred, and they share one
spec built with Altair once per process.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Sequence
from datetime import UTC
from typing import Any

import altair as alt
import pandas as pd

from core.analysis.history import USUAL_BLOOD, TrendPoint, TrendSeries
from core.vocabulary.catalog import BY_NAME
from ui import formatting
from ui.routes import CASE_ID_PARAM

CASE_PAGE = "case"  # the case page's address (ui.routes.CASE, served at /case)


def series_title(series: TrendSeries) -> str:
    """ "Creatinine (mg/dL)", with the specimen when it is not the test's usual blood."""
    specimen = "" if series.specimen in USUAL_BLOOD else f", {series.specimen}"
    return f"{series.analyte} ({series.unit}{specimen})"


def point_time(point: TrendPoint) -> str:
    """When the value was taken, as a doctor reads it: its collection time (a date alone
    as a date, a time sent without its zone as the lab wrote it), else its case's time,
    with the reason when the message's collection time was not trusted."""
    if point.time_doubt:
        return f"{formatting.when(point.at)} (case seen; COLLECTION TIME? {point.time_doubt})"
    if not point.collected:
        return formatting.when(point.at)
    if point.precision == "day":
        return f"{point.at:%d %b %Y} (collected, date only)"
    if not point.zone_given:
        return f"{point.at:%d %b %Y, %H:%M} (collected, the lab's local time)"
    return f"{formatting.when(point.at)} (collected)"


def doubtful_times(series_list: Sequence[TrendSeries]) -> int:
    """How many values' collection times were not trusted (drawn at their case's time)."""
    return sum(1 for s in series_list for p in s.points if p.time_doubt)


def case_link(case_id: str) -> str:
    return f"{CASE_PAGE}?{CASE_ID_PARAM}={case_id}"


def _band(series: TrendSeries) -> tuple[float | None, float | None]:
    """The catalogue's range in the series' unit, for points whose report gave none."""
    known = BY_NAME.get(series.analyte)
    default = next((r for r in known.ranges if r.unit == series.unit_key), None) if known else None
    return (default.low, default.high) if default else (None, None)


def trend_rows(series_list: Sequence[TrendSeries]) -> pd.DataFrame:
    """One row per point: the chart's data."""
    rows: list[dict[str, Any]] = []
    for series in series_list:
        title = series_title(series)
        low_default, high_default = _band(series)
        top = max(p.value for p in series.points)
        for point in series.points:
            low = point.reference_low if point.reference_low is not None else low_default
            high = point.reference_high if point.reference_high is not None else high_default
            rows.append(
                {
                    "test": title,
                    "seen": point.at.astimezone(UTC),  # one zone for the axis
                    "taken": point_time(point),
                    "value": point.value,
                    "as_written": point.as_written,
                    "band_low": low if low is not None else (0.0 if high is not None else None),
                    "band_high": high
                    if high is not None
                    else (top * 1.2 if low is not None else None),
                    "flag": "critical" if point.critical else (point.flag or "within range"),
                    "source": point.source_line or "",
                    "case": case_link(point.case_id),
                }
            )
    return pd.DataFrame(rows)


def panel_spec() -> dict[str, Any]:
    """The Vega-Lite spec of a panel's chart (its data given beside it, ``trend_rows``)."""
    return copy.deepcopy(_panel_spec())


@functools.cache
def _panel_spec() -> dict[str, Any]:
    # Built with Altair and validated once per process: every panel shares the spec, and
    # building and validating a dozen Altair charts per run cost over a second (#27).
    x = alt.X("seen:T", title=None)
    band = (
        alt.Chart()
        .mark_area(opacity=0.18, color="#2e7d32", interpolate="step-after")
        .encode(x=x, y=alt.Y("band_low:Q", title=None), y2="band_high:Q")
    )
    line = alt.Chart().mark_line(color="#1f4e79").encode(x=x, y="value:Q")
    colours = alt.Scale(
        domain=["within range", "low", "high", "critical"],
        range=["#1f4e79", "#b26a00", "#b26a00", "#c62828"],
    )
    points = (
        alt.Chart()
        .mark_point(filled=True, size=70, cursor="pointer")
        .encode(
            x=x,
            y="value:Q",
            color=alt.Color("flag:N", scale=colours, legend=alt.Legend(title=None)),
            href="case:N",
            tooltip=[
                alt.Tooltip("taken:N", title="Taken"),
                alt.Tooltip("as_written:N", title="As reported"),
                alt.Tooltip("value:Q", title="On this axis", format=".3~f"),
                alt.Tooltip("flag:N", title="Flag"),
                alt.Tooltip("source:N", title="Source line"),
            ],
        )
    )
    layered = alt.layer(band, line, points).properties(width=560, height=140)
    chart = (
        layered.facet(
            data=alt.NamedData(name="trend_rows"),  # the rows go beside the spec
            row=alt.Row("test:N", title=None, header=alt.Header(labelAngle=0, labelAlign="left")),
        )
        .resolve_scale(y="independent")
        .configure_view(stroke=None)
    )
    spec: dict[str, Any] = chart.to_dict()
    spec.pop("data", None)
    return spec
