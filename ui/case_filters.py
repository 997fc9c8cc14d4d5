"""The case list's choices: search, filters and order, and the page query they make.

The choices are kept for the session, so a doctor who opens a case and comes back finds
the list as they left it; a change goes back to the first page.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, time, timedelta

import streamlit as st

from core.lifecycle import REVIEW_STATE_LABELS, ReviewState
from core.models import CaseQuery, CaseStatus
from core.validation import MAX_AGE, MIN_AGE
from ui import formatting
from ui.case_list import PAGE_NUMBER, PAGE_SIZE, page_number

# Page-only session keys (the "cases_" prefix keeps them apart from other pages').
SEARCH = "cases_search"
STATUSES = "cases_statuses"
REVIEW_STATES = "cases_review_states"
ORDER = "cases_order"
CREATED = "cases_created"  # a date range: (), (first day,) or (first day, last day)
AGES = "cases_ages"  # (lowest, highest); the full range is no filter
DIAGNOSIS = "cases_diagnosis"

NEWEST_FIRST, OLDEST_FIRST = "Newest first", "Oldest first"


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
    lowest, highest = st.session_state.get(AGES) or (MIN_AGE, MAX_AGE)
    return CaseQuery(
        search=search,
        statuses=statuses,
        review_states=review_states,
        created_from=created_from,
        created_before=created_before,
        min_age=lowest if lowest > MIN_AGE else None,
        max_age=highest if highest < MAX_AGE else None,
        diagnosis=st.session_state.get(DIAGNOSIS) or None,
        newest_first=st.session_state.get(ORDER, NEWEST_FIRST) != OLDEST_FIRST,
        limit=PAGE_SIZE,
        offset=(page_number() - 1) * PAGE_SIZE,
    )


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


def list_filters() -> None:
    """The search box, the filters and the order; a change goes back to the first page."""
    search, statuses, reviews, order = st.columns([3, 3, 3, 2], vertical_alignment="bottom")
    search.text_input(
        "Search patients",
        placeholder="Patient name",
        key=SEARCH,
        on_change=_first_page,
        persist_state="session",
    )
    statuses.multiselect(
        "Status",
        [status.value for status in CaseStatus],
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
    order.selectbox(
        "Order",
        (NEWEST_FIRST, OLDEST_FIRST),
        key=ORDER,
        on_change=_first_page,
        persist_state="session",
    )
    created, ages, diagnosis = st.columns([3, 3, 5], vertical_alignment="bottom")
    created.date_input(
        "Created between",
        value=[],
        format="DD/MM/YYYY",
        key=CREATED,
        on_change=_first_page,
        persist_state="session",
    )
    ages.slider(
        "Age",
        min_value=MIN_AGE,
        max_value=MAX_AGE,
        value=(MIN_AGE, MAX_AGE),
        key=AGES,
        on_change=_first_page,
        persist_state="session",
    )
    diagnosis.text_input(
        "Diagnosis or ICD-10 code",
        placeholder="e.g. anaemia or D50",
        key=DIAGNOSIS,
        on_change=_first_page,
        persist_state="session",
    )
