"""The doctor's case list: caseload counts, one page of the table (as cards on a phone),
paging.

The database does the filtering, ordering and paging (``services.list_case_page``), so the
page costs the same with 10 cases or 10,000. The search and filters that choose the rows
are ``ui.case_filters``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any

import pandas as pd
import streamlit as st
from streamlit import dataframe_util

from core.critical_results import AcknowledgmentFigure, waited_text
from core.lifecycle import REVIEW_STATE_LABELS, ReviewState
from core.models import CasePage, CaseRow, CaseStatus, utc_now
from ui import formatting, routes, session_memo

PAGE_SIZE = 25
ROW_HEIGHT = 35  # pixels: tall enough for one line of text, as Streamlit draws it
PATIENT_WIDTH = 180  # pixels
REVIEW_WIDTH = 110  # pixels: "Awaiting review" whole
PAGE_NUMBER = "cases_page_number"  # a page-only session key, like case_filters' keys
TABLE_KEY = "cases_table"  # the list's table (its selection opens a case)
SHOWN_CASES = "cases_shown_ids"  # the cases of the table as last drawn, row for row

COLUMN_CONFIG = {
    "Critical": st.column_config.TextColumn(
        "Critical",
        width="small",
        help="Lab values on the critical-value list in the latest insights: urgent; those"
        " awaiting your acknowledgment, and since when",
    ),
    # Fixed widths, so that on a tablet in portrait (768 px, sidebar collapsed) the columns
    # up to the diagnosis fit on screen: a long name is cut short (hover shows it whole).
    "Patient": st.column_config.TextColumn("Patient", width=PATIENT_WIDTH),
    "Age": st.column_config.NumberColumn("Age", format="%d", width="small"),
    "Gender": st.column_config.TextColumn("Gender", width="small"),
    "Status": st.column_config.TextColumn("Status", width="small"),
    "Review": st.column_config.TextColumn(
        "Review", width=REVIEW_WIDTH, help="The physician's review of the AI draft"
    ),
    "Primary diagnosis": st.column_config.TextColumn(
        "Primary diagnosis",
        width="medium",
        help="The signed note's diagnosis once signed; until then the AI draft's",
    ),
    "ICD-10": st.column_config.TextColumn("ICD-10", width="small"),
    "Diagnosis by": st.column_config.TextColumn(
        "Diagnosis by", width="small", help="Signed: the doctor's; AI draft: not yet signed"
    ),
    "Created": st.column_config.DatetimeColumn("Created", format="D MMM YYYY, HH:mm"),
    "Updated": st.column_config.DatetimeColumn("Updated", format="D MMM YYYY, HH:mm"),
}
COLUMNS = tuple(COLUMN_CONFIG)  # the table's columns, in this order
# The order they are shown in: what a doctor scans for first (status, review, diagnosis)
# before age and sex, so a narrow screen shows it without scrolling sideways.
SHOWN_ORDER = (
    "Critical",
    "Patient",
    "Status",
    "Review",
    "Primary diagnosis",
    "ICD-10",
    "Diagnosis by",
    "Age",
    "Gender",
    "Created",
    "Updated",
)

# The counts row: everything still being worked on reads as one number.
IN_ANALYSIS = (CaseStatus.PENDING, CaseStatus.ANALYZING, CaseStatus.PROCESSING)


def caseload_counts(counts: Mapping[str, int]) -> None:
    """How many cases the doctor has, and how many in each state."""
    # A keyed container: on a phone the stylesheet keeps the counts one compact row.
    columns = st.container(key="case_counts").columns(5)
    columns[0].metric("All cases", f"{sum(counts.values()):,}")
    columns[1].metric("Analyzing", f"{sum(counts.get(s.value, 0) for s in IN_ANALYSIS):,}")
    for column, status in zip(
        columns[2:], (CaseStatus.COMPLETED, CaseStatus.FAILED, CaseStatus.ARCHIVED), strict=True
    ):
        column.metric(formatting.status_label(status.value), f"{counts.get(status.value, 0):,}")


def review_counts(counts: Mapping[str, int]) -> None:
    """How many of the doctor's active cases are at each step of the physician's review."""
    columns = st.container(key="review_counts").columns(len(ReviewState))
    for column, state in zip(columns, ReviewState, strict=True):
        column.metric(REVIEW_STATE_LABELS[state], f"{counts.get(state.value, 0):,}")


def acknowledgment_time_text(figure: AcknowledgmentFigure) -> str:
    """ "Time from finding a critical value to its acknowledgment: median 4 min, 90th
    percentile 2 h 10 min (12 acknowledged)"; empty before the first acknowledgment."""
    if figure.count == 0 or figure.median_seconds is None or figure.p90_seconds is None:
        return ""
    return (
        "Time from finding a critical value to its acknowledgment: median "
        f"{waited_text(figure.median_seconds)}, 90th percentile "
        f"{waited_text(figure.p90_seconds)} ({figure.count} acknowledged)"
    )


def acknowledgment_times(figure: AcknowledgmentFigure) -> None:
    """The doctor's time-to-acknowledgment figure, under the counts (nothing before any)."""
    text = acknowledgment_time_text(figure)
    if text:
        st.caption(text, help="Over every critical value you acknowledged (CLSI GP47).")


def page_number() -> int:
    return max(1, int(st.session_state.get(PAGE_NUMBER, 1)))


def _move_page(step: int) -> None:
    st.session_state[PAGE_NUMBER] = page_number() + step


def last_page(total: int) -> int:
    return max(1, math.ceil(total / PAGE_SIZE))


def keep_page_in_range(total: int) -> bool:
    """Step back to the last page when the list shrank under the doctor; True if moved."""
    if page_number() <= last_page(total):
        return False
    st.session_state[PAGE_NUMBER] = last_page(total)
    return True


def critical_mark(row: CaseRow, now: datetime | None = None) -> str:
    """The list's urgent mark: "⚠ 2 critical · 1 to acknowledge (3 h 05 min)" while a
    value waits for acknowledgment, "⚠ 2 critical · acknowledged" once all are (empty with
    none); "⚠ 1 to acknowledge (…)" when only an earlier analysis found the waiting value."""
    if row.critical_count <= 0 and row.unacknowledged_critical <= 0:
        return ""
    parts = [f"{row.critical_count} critical"] if row.critical_count > 0 else []
    if row.unacknowledged_critical > 0:
        waiting = f"{row.unacknowledged_critical} to acknowledge"
        if row.critical_waiting_since is not None:
            waited = ((now or utc_now()) - row.critical_waiting_since).total_seconds()
            waiting += f" ({waited_text(waited)})"
        parts.append(waiting)
    else:
        parts.append("acknowledged")
    return "⚠ " + " · ".join(parts)


def diagnosis_source(row: CaseRow) -> str | None:
    """Whose diagnosis the row shows: "Signed", "AI draft", or None before any."""
    if row.diagnosis_signed:
        return "Signed"
    return "AI draft" if row.primary_diagnosis is not None else None


@dataclass(frozen=True)
class CaseTable:
    """The rows to show and, row for row, the case each one opens."""

    columns: dict[str, list[Any]]  # every column shown, in COLUMNS' order
    case_ids: list[str]

    @classmethod
    def of(cls, rows: Sequence[CaseRow]) -> CaseTable:
        """The rows in the order the database gave them."""
        now = utc_now()
        columns: dict[str, list[Any]] = {
            "Critical": [critical_mark(row, now) for row in rows],
            "Patient": [row.case.patient_name for row in rows],
            "Age": [row.case.patient_age for row in rows],
            "Gender": [row.case.patient_gender.title() for row in rows],
            "Status": [formatting.status_label(row.case.status) for row in rows],
            "Review": [REVIEW_STATE_LABELS.get(row.case.review_state or "", None) for row in rows],
            "Primary diagnosis": [row.primary_diagnosis for row in rows],
            "ICD-10": [row.icd_code for row in rows],
            "Diagnosis by": [diagnosis_source(row) for row in rows],
            "Created": [formatting.local_time(row.case.created_at) for row in rows],
            "Updated": [formatting.local_time(row.case.updated_at) for row in rows],
        }
        return cls(columns=columns, case_ids=[row.case.case_id for row in rows])

    @property
    def frame(self) -> pd.DataFrame:
        return pd.DataFrame(self.columns, columns=list(COLUMNS))

    def version(self) -> tuple[Any, ...]:
        """Every value the table shows: equal versions draw the same table."""
        return tuple(tuple(values) for values in self.columns.values())


def show_table(table: CaseTable, key: str, selection_mode: Any) -> Any:
    """Draw the page of the table, numbered in the whole list; the selection event."""
    # The rows' numbers in the whole list, as a first column that opens nothing: Tab into
    # the table lands there and the arrow keys move down it freely (a data cell that takes
    # the focus is selected, and would open its case at once); then → opens the row's case.
    first = (page_number() - 1) * PAGE_SIZE + 1
    # The table as Arrow, kept in this session for the page shown and the one before it
    # (two slots, by the page number's parity): turning back and forth, or coming back to
    # an unchanged page, skips building the DataFrame and converting it (issue #25). The
    # version holds every value shown, so a changed case is drawn anew.
    shown = session_memo.remembered(
        f"{key}_page_{page_number() % 2}",
        (first, table.version()),
        partial(_numbered_arrow, table, first),
    )
    return st.dataframe(
        shown,
        key=key,
        on_select="rerun",
        selection_mode=selection_mode,
        hide_index=False,
        column_config=COLUMN_CONFIG,
        column_order=SHOWN_ORDER,
        # The whole page at once: no scrollbar inside the table (+2 for header and border).
        height=(len(table.case_ids) + 1) * ROW_HEIGHT + 3,
    )


def _numbered_arrow(table: CaseTable, first: int) -> Any:
    """The table numbered from ``first``, as the Arrow table Streamlit makes of a DataFrame
    (a ``pyarrow.Table``, which st.dataframe then sends as it is)."""
    frame = table.frame
    numbered = frame.set_axis(pd.RangeIndex(first, first + len(frame), name="#"))
    return dataframe_util.convert_pandas_df_to_arrow_table(numbered)


def case_cards(rows: Sequence[CaseRow]) -> None:
    """The page's cases as cards, one under another, each a link to its case: what a phone
    shows instead of the wide table (the stylesheet picks one by the window's width)."""
    now = utc_now()
    case_page = routes.case_page()
    with st.container(key="case_cards"):
        for row in rows:
            case = row.case
            with st.container(border=True, key=f"case_card_{case.case_id}", gap="small"):
                st.page_link(
                    case_page,
                    label=formatting.markdown_text(case.patient_name),
                    query_params={routes.CASE_ID_PARAM: case.case_id},
                    icon=":material/description:",
                )
                # One element for the card's text: every page of the list draws 25 cards
                # (on a wide window too), and each element is a cost per click (#25).
                st.markdown(card_text(row, now))


def card_text(row: CaseRow, now: datetime | None = None) -> str:
    """The card's lines under its link, as Markdown: the critical mark (red), the row's
    facts (small) and the diagnosis; the doctor's and the analyzer's words escaped."""
    lines = []
    mark = critical_mark(row, now)
    if mark:
        lines.append(f":red[**{formatting.markdown_text(mark)}**]")
    lines.append(f":small[{formatting.markdown_text(card_line(row))}]")
    diagnosis = diagnosis_line(row)
    if diagnosis:
        lines.append(formatting.markdown_text(diagnosis))
    return "  \n".join(lines)


def card_line(row: CaseRow) -> str:
    """ "58 · Female · Completed · Awaiting review": the row's age, sex, status and review."""
    case = row.case
    review = REVIEW_STATE_LABELS.get(case.review_state or "")
    parts = [str(case.patient_age), case.patient_gender.title()]
    parts.append(formatting.status_label(case.status))
    return " · ".join([*parts, review] if review else parts)


def diagnosis_line(row: CaseRow) -> str:
    """ "Iron deficiency anaemia (D50.9), AI draft"; empty before any diagnosis."""
    if row.primary_diagnosis is None:
        return ""
    code = f" ({row.icd_code})" if row.icd_code else ""
    return f"{row.primary_diagnosis}{code}, {diagnosis_source(row)}"


def chosen_case(table: CaseTable, key: str = TABLE_KEY) -> str | None:
    """Show the table; the case whose row the doctor selected or clicked into, if any."""
    # A click on any cell (the patient's name, the diagnosis...) selects that cell, and
    # opens its row's case, as the row's checkbox does.
    event = show_table(table, key, ["single-row", "single-cell"])
    st.session_state[SHOWN_CASES] = list(table.case_ids)
    return _selected(table.case_ids, event)


def chosen_before_drawing(key: str = TABLE_KEY) -> str | None:
    """The case whose row the doctor has just clicked in the table drawn last, read from
    the click itself: the run that opens it need not read and draw the list first (issue
    #25). None when the click chose nothing (or the table was not drawn in this session)."""
    shown: list[str] | None = st.session_state.get(SHOWN_CASES)
    event = st.session_state.get(key)
    if not shown or event is None:
        return None
    return _selected(shown, event)


def _selected(case_ids: Sequence[str], event: Any) -> str | None:
    selection = event["selection"] if isinstance(event, Mapping) else event.selection
    rows = _field(selection, "rows") or [cell[0] for cell in _field(selection, "cells")]
    row = rows[0] if rows else None
    return case_ids[row] if row is not None and 0 <= row < len(case_ids) else None


def _field(selection: Any, name: str) -> list[Any]:
    found = selection.get(name) if isinstance(selection, Mapping) else getattr(selection, name)
    return list(found or [])


def picked_cases(table: CaseTable, key: str) -> list[str]:
    """Show the table with a checkbox per row; the cases whose rows are ticked (none opens)."""
    event = show_table(table, key, "multi-row")
    return [table.case_ids[row] for row in event.selection.rows if row < len(table.case_ids)]


def pager(page: CasePage, hint: str = "click a case to open it") -> None:
    """Previous and Next, and where in the list this page is (just a count on one page)."""
    number, last = page_number(), last_page(page.total)
    if last == 1:
        plural = "" if page.total == 1 else "s"
        st.caption(f"{page.total:,} case{plural} · {hint}")
        return
    first_shown = (number - 1) * PAGE_SIZE + 1
    previous, where, following = st.columns([1, 4, 1], vertical_alignment="center")
    previous.button(
        "Previous",
        key="cases_previous",
        icon=":material/chevron_left:",
        disabled=number <= 1,
        on_click=_move_page,
        args=(-1,),
        width="stretch",
    )
    where.caption(
        f"Page {number:,} of {last:,} · cases {first_shown:,}–"
        f"{first_shown + len(page.rows) - 1:,} of {page.total:,} · {hint}"
    )
    following.button(
        "Next",
        key="cases_next",
        icon=":material/chevron_right:",
        disabled=number >= last,
        on_click=_move_page,
        args=(1,),
        width="stretch",
    )
