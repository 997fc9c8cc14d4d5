"""The patient page's parts: who, the timeline (cases, signed notes, critical values), the
latest / previous / change table, the trend charts; and the case page's delta checks."""

from __future__ import annotations

from itertools import groupby

import pandas as pd
import streamlit as st

from core.analysis.history import TrendPoint, TrendSeries
from core.analysis.labs.format import number_text
from core.insights import DeltaCheck
from core.models import Case, utc_now
from core.services.trends import (
    CASE_SEEN,
    CRITICAL_ACKNOWLEDGED,
    CRITICAL_VALUE,
    PatientTrends,
)
from ui import formatting, routes
from ui.critical_acknowledgments import waiting_line
from ui.trend_charts import (
    case_link,
    doubtful_times,
    panel_spec,
    point_time,
    series_title,
    trend_rows,
)

_KIND_LABELS = {
    CASE_SEEN: "Case",
    CRITICAL_VALUE: "Critical value",
    CRITICAL_ACKNOWLEDGED: "Acknowledged",
}
WAITING_TITLE = "Critical values waiting for acknowledgment"


def patient_header(trends: PatientTrends) -> None:
    patient = trends.patient
    st.title(formatting.markdown_text(patient.name))
    details = [patient.sex.title()]
    if patient.date_of_birth is not None:
        details.append(f"born {patient.date_of_birth.isoformat()}")
    if patient.record_number:
        details.append(f"record {formatting.markdown_text(patient.record_number)}")
    details.append(f"{len(trends.cases)} case(s), {trends.value_count} lab value(s)")
    st.caption(" · ".join(details))


def waiting_critical_values(trends: PatientTrends) -> None:
    """First on the page: each critical value still waiting (across the patient's cases),
    oldest first, with the time since it was found and a link to its case, where the
    doctor acknowledges it."""
    waiting = trends.waiting
    if not waiting:
        return
    now = utc_now()
    with st.container(border=True, key="patient_waiting_critical"):
        st.subheader(WAITING_TITLE)
        for result in waiting:
            st.error(formatting.markdown_text(waiting_line(result, now)), icon=":material/warning:")
            st.page_link(
                routes.CASE,
                label="Acknowledge on its case",
                icon=":material/description:",
                query_params={routes.CASE_ID_PARAM: result.finding.case_id},
            )


def timeline(trends: PatientTrends) -> None:
    """Every case, signed note and critical value, oldest first, each linked to its case."""
    st.subheader("Timeline")
    rows = [
        {
            "When": formatting.when(entry.at),
            "What": _KIND_LABELS.get(entry.kind, entry.kind.capitalize()),
            "Detail": entry.text,
            "Case": case_link(entry.case_id),
        }
        for entry in trends.timeline
    ]
    st.dataframe(
        pd.DataFrame(rows, columns=["When", "What", "Detail", "Case"]),
        hide_index=True,
        key="patient_timeline",
        column_config={"Case": st.column_config.LinkColumn("Case", display_text="Open case")},
    )
    _case_opener(trends.cases)


def _case_opener(cases: list[Case]) -> None:
    """Open one of the patient's cases without leaving the session."""
    if not cases:
        return
    newest_first = list(reversed(cases))
    chosen = st.selectbox(
        "Open a case",
        options=[case.case_id for case in newest_first],
        format_func=lambda case_id: _case_label(cases, case_id),
        key="patient_case_choice",
    )
    if st.button("Open case", key="patient_open_case", icon=":material/description:"):
        routes.open_case(chosen)


def _case_label(cases: list[Case], case_id: str) -> str:
    case = next(c for c in cases if c.case_id == case_id)
    return f"{formatting.when(case.created_at)} · {formatting.status_label(case.status)}"


def _point_text(point: TrendPoint | None) -> str:
    return "" if point is None else point.as_written


def latest_table(trends: PatientTrends) -> None:
    """Per analyte: the latest value, the previous one, and the change on the series' axis."""
    st.subheader("Latest, previous and change")
    rows = []
    for series in trends.series:
        previous, change = series.previous, series.change
        rows.append(
            {
                "Test": series_title(series),
                "Latest": _point_text(series.latest),
                "Latest taken": point_time(series.latest),
                "Previous": _point_text(previous),
                "Previous taken": point_time(previous) if previous else "",
                "Change": "" if change is None else _signed(change, series.unit),
                "Values": len(series.points),
            }
        )
    st.dataframe(pd.DataFrame(rows), hide_index=True, key="patient_latest")


def _signed(change: float, unit: str) -> str:
    sign = "+" if change > 0 else ""
    return f"{sign}{number_text(round(change, 3))} {unit}"


def trend_charts(trends: PatientTrends) -> None:
    """One chart per panel, a row per analyte; each point opens its case."""
    st.subheader("Lab trends")
    st.caption(
        "Every value over time in one unit per test (other units converted), the reference "
        "range shaded; each at its collection time where the lab's message gives one, else "
        "when its case was seen; select a point to open its case."
    )
    doubted = doubtful_times(trends.series)
    if doubted:
        st.warning(
            f"COLLECTION TIME? {doubted} value(s) came with a collection time after their "
            "analysis or before the patient's date of birth: they are drawn at their case's "
            "time, and compared with nothing, until the doctor has checked the message.",
            icon=":material/schedule:",
        )
    for panel, group in groupby(trends.series, key=lambda s: s.panel):
        members: list[TrendSeries] = list(group)
        st.markdown(f"**{formatting.markdown_text(panel)}**")
        st.vega_lite_chart(trend_rows(members), panel_spec(), key=f"patient_chart_{panel}")


def patient_link(patient_id: str) -> None:
    """From a case to its patient's page (timeline and trends)."""
    st.page_link(
        routes.PATIENT,
        label="Patient over time: timeline and lab trends",
        icon=":material/timeline:",
        query_params={routes.PATIENT_ID_PARAM: patient_id},
    )


def patient_url(patient_id: str) -> str:
    """The patient page's relative address, for a table's link column."""
    return f"patient?{routes.PATIENT_ID_PARAM}={patient_id}"


def delta_checks_panel(checks: list[DeltaCheck]) -> None:
    """The case page's changes since the patient's earlier results, each citing its value."""
    if not checks:
        return
    st.subheader("Compared with earlier results")
    for check in checks:
        st.warning(formatting.markdown_text(check.statement), icon=":material/trending_up:")
