"""The case list's choices: search, filters and order, and the page query they make.

The choices are kept for the session, so a doctor who opens a case and comes back finds
the list as they left it; a change goes back to the first page. The order is the
server's (any column, either way, across all pages), chosen here rather than by a click
on a column header, which would reorder only the rows on screen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime, time, timedelta

import streamlit as st

from core.lifecycle import REVIEW_STATE_LABELS, ReviewState
from core.models import CaseQuery, CaseSort, CaseStatus
from core.validation import MAX_AGE, MIN_AGE
from ui import formatting
from ui.case_list import PAGE_NUMBER, PAGE_SIZE, page_number

# Page-only session keys (the "cases_" prefix keeps them apart from other pages').
SEARCH = "cases_search"
STATUSES = "cases_statuses"
REVIEW_STATES = "cases_review_states"
SORT = "cases_sort"  # a CaseSort value
ORDER = "cases_order"  # DESCENDING or ASCENDING
CRITICAL_FIRST = "cases_critical_first"
CRITICAL_ONLY = "cases_critical_only"
UNACKNOWLEDGED_ONLY = "cases_unacknowledged_only"
CREATED = "cases_created"  # a date range: (), (first day,) or (first day, last day)
# The age range as two number boxes (typed, or stepped with the arrow keys); the full
# range is no filter, and a range typed upside down is read the right way up.
AGE_FROM = "cases_age_from"
AGE_TO = "cases_age_to"
DIAGNOSIS = "cases_diagnosis"
# The phone's "Filters" switch: shown only on a narrow screen, where the stylesheet
# (ui/assets/small_screens.css) keeps every filter but the search hidden until it is on.
SHOW_FILTERS = "cases_show_filters"

DESCENDING, ASCENDING = "Descending", "Ascending"
SORT_LABELS: dict[str, str] = {
    CaseSort.CREATED: "Created",
    CaseSort.UPDATED: "Updated",
    CaseSort.PATIENT: "Patient",
    CaseSort.AGE: "Age",
    CaseSort.STATUS: "Status",
    CaseSort.REVIEW: "Review",
    CaseSort.DIAGNOSIS: "Diagnosis",
    CaseSort.CRITICAL: "Critical values",
}


def _first_page() -> None:
    st.session_state[PAGE_NUMBER] = 1


def current_query() -> CaseQuery:
    """The query for the page to show, from the list's choices so far.

    Read before the filters are drawn, so the counts can sit above them; the widgets below
    show these same values (their state is what is read here).
    """
    search = st.session_state.get(SEARCH) or None
    statuses = tuple(st.session_state.get(STATUSES) or ()) or None
    review_states = tuple(st.session_state.get(REVIEW_STATES) or ()) or None
    created_from, created_before = created_between(st.session_state.get(CREATED) or ())
    lowest, highest = sorted(
        (_age(st.session_state.get(AGE_FROM), MIN_AGE), _age(st.session_state.get(AGE_TO), MAX_AGE))
    )
    return CaseQuery(
        search=search,
        statuses=statuses,
        review_states=review_states,
        created_from=created_from,
        created_before=created_before,
        min_age=lowest if lowest > MIN_AGE else None,
        max_age=highest if highest < MAX_AGE else None,
        diagnosis=st.session_state.get(DIAGNOSIS) or None,
        critical_only=bool(st.session_state.get(CRITICAL_ONLY)),
        unacknowledged_only=bool(st.session_state.get(UNACKNOWLEDGED_ONLY)),
        sort=st.session_state.get(SORT) or CaseSort.CREATED.value,
        descending=st.session_state.get(ORDER, DESCENDING) != ASCENDING,
        critical_first=bool(st.session_state.get(CRITICAL_FIRST)),
        limit=PAGE_SIZE,
        offset=(page_number() - 1) * PAGE_SIZE,
    )


def _age(value: object, default: int) -> int:
    """An age box's value (None when emptied: no bound on that side)."""
    return value if isinstance(value, int) else default


def created_between(days: Sequence[date]) -> tuple[datetime | None, datetime | None]:
    """A range of calendar days in the doctor's time zone, as the instants that bound it
    (the last day included); one day chosen so far stands for itself."""
    if not days:
        return None, None
    zone = formatting.viewer_zone()
    first, last = days[0], days[-1]
    return (
        datetime.combine(first, time.min, tzinfo=zone),
        datetime.combine(last + timedelta(days=1), time.min, tzinfo=zone),
    )


def list_filters(counts_by_status: Mapping[str, int] | None = None) -> None:
    """The search box, the filters and the order; a change goes back to the first page.

    ``counts_by_status`` (the caseload's) limits the status filter to the statuses the
    doctor's cases are in (and any already chosen); None offers every status.
    """
    st.toggle("Filters", key=SHOW_FILTERS, help="Show the filters and the order")
    search, statuses, reviews, sort, order = st.container(key="case_filters_main").columns(
        [3, 3, 3, 2, 2], vertical_alignment="bottom"
    )
    search.text_input(
        "Search patients",
        placeholder="Patient name",
        key=SEARCH,
        on_change=_first_page,
        persist_state="session",
    )
    statuses.multiselect(
        "Status",
        _status_options(counts_by_status),
        format_func=formatting.status_label,
        placeholder="All but archived",
        key=STATUSES,
        on_change=_first_page,
        persist_state="session",
    )
    reviews.multiselect(
        "Review",
        [state.value for state in ReviewState],
        format_func=REVIEW_STATE_LABELS.__getitem__,
        placeholder="Any",
        key=REVIEW_STATES,
        on_change=_first_page,
        persist_state="session",
    )
    sort.selectbox(
        "Sort by",
        list(SORT_LABELS),
        format_func=SORT_LABELS.__getitem__,
        key=SORT,
        help="Orders the whole list (every page). A click on a column header reorders"
        " only the rows on this page.",
        on_change=_first_page,
        persist_state="session",
    )
    order.selectbox(
        "Order",
        (DESCENDING, ASCENDING),
        key=ORDER,
        help="Descending: newest, Z to A, oldest patient, most critical first."
        " Empty values come last either way.",
        on_change=_first_page,
        persist_state="session",
    )
    created, age_from, age_to, diagnosis, critical = st.container(key="case_filters_more").columns(
        [3, 1.5, 1.5, 4, 2], vertical_alignment="bottom"
    )
    created.date_input(
        "Created between",
        value=[],
        format="DD/MM/YYYY",
        key=CREATED,
        on_change=_first_page,
        persist_state="session",
    )
    age_from.number_input(
        "Age from",
        min_value=MIN_AGE,
        max_value=MAX_AGE,
        value=MIN_AGE,
        step=1,
        key=AGE_FROM,
        on_change=_first_page,
        persist_state="session",
    )
    age_to.number_input(
        "Age to",
        min_value=MIN_AGE,
        max_value=MAX_AGE,
        value=MAX_AGE,
        step=1,
        key=AGE_TO,
        on_change=_first_page,
        persist_state="session",
    )
    diagnosis.text_input(
        "Diagnosis or ICD-10 code",
        placeholder="e.g. anaemia or D50",
        help="The signed diagnosis when the note is signed, the AI draft's otherwise."
        " British and American spellings alike; a code matches from its start.",
        key=DIAGNOSIS,
        on_change=_first_page,
        persist_state="session",
    )
    critical.checkbox(
        "Critical only",
        key=CRITICAL_ONLY,
        help="Only cases with a critical lab value",
        on_change=_first_page,
        persist_state="session",
    )
    critical.checkbox(
        "To acknowledge",
        key=UNACKNOWLEDGED_ONLY,
        help="Only cases with a critical value awaiting your acknowledgment",
        on_change=_first_page,
        persist_state="session",
    )
    critical.checkbox(
        "Critical first",
        key=CRITICAL_FIRST,
        help="Cases with a critical value awaiting acknowledgment first, then those whose"
        " critical values are all acknowledged, then the rest, each in the chosen order",
        on_change=_first_page,
        persist_state="session",
    )


def _status_options(counts_by_status: Mapping[str, int] | None) -> list[str]:
    """The statuses worth offering: those with a case, and those already chosen."""
    chosen = set(st.session_state.get(STATUSES) or ())
    return [
        status.value
        for status in CaseStatus
        if counts_by_status is None
        or counts_by_status.get(status.value, 0) > 0
        or status.value in chosen
    ]
