"""The doctor's cases: counts by status, search and filters, one page of the table.

A row opens its case; in a pilot, ticked rows can be enrolled together instead. The list
is a fragment: searching and filtering rerun the list alone, not the whole app. Its rows
are a fragment inside it: a page turn, or a click on a row, reruns the rows alone, not
the counts and the filters (issue #25).
"""

from __future__ import annotations

import streamlit as st

from core.models import CasePage
from core.pilot.records import PilotSeat
from ui import case_filters, case_list, pilot_enrol_list, routes, session, small_screens
from ui.errors import shown_to_user

# The page the list's run has just read, handed to its rows' fragment in the same run.
ROWS_READ = "cases_rows_read"


def _open_clicked_row() -> None:
    """A fragment's own runs skip app.py: keep the token fresh, as the progress poll does;
    then, if a row was clicked, its case opens at once (its page checks that it is the
    doctor's), without reading and drawing the list it is leaving."""
    session.keep_fresh()
    if not session.signed_in():
        st.rerun()  # the refresh failed: the whole app shows sign-in and says why
    chosen = case_list.chosen_before_drawing()
    if chosen:
        routes.open_case(chosen)


def _read_page() -> CasePage:
    page: CasePage | None = None
    with shown_to_user(stop=True):
        page = session.services().list_case_page(case_filters.current_query())
        if case_list.keep_page_in_range(page.total):
            st.rerun()  # the list shrank (cases deleted or archived elsewhere): its last page
    if page is None:  # shown_to_user has said why and stopped; this keeps type checkers sure
        st.stop()
    return page


@st.fragment
def case_list_body() -> None:
    _open_clicked_row()
    services = session.services()
    page = _read_page()

    if not any(page.counts_by_status.values()):
        st.info("No cases yet. Create the first one with New case.", icon=":material/folder_open:")
        st.stop()

    case_list.caseload_counts(page.counts_by_status)
    case_list.review_counts(page.counts_by_review_state)
    with shown_to_user():
        case_list.acknowledgment_times(services.critical.figure())
    case_filters.list_filters(page.counts_by_status)
    if not page.rows:
        st.info("No cases match this search and filter.", icon=":material/search_off:")
        st.stop()

    enrolling = pilot_enrol_list.enrolling_seats(session.clinic().pilots_for(services))
    st.session_state[ROWS_READ] = (page, enrolling)
    case_list_rows()


@st.fragment
def case_list_rows() -> None:
    """One page of rows: the table (cards on a phone) and the pager, or the rows to tick
    for a pilot. Drawn from the page the list has just read; on its own run (a page turn,
    a click) it reads the page itself."""
    read: tuple[CasePage, list[PilotSeat]] | None = st.session_state.pop(ROWS_READ, None)
    pilots = session.clinic().pilots_for(session.services())
    if read is None:
        _open_clicked_row()
        page = _read_page()
        if not page.rows:
            st.rerun()  # nothing matches any more: the whole list says so
        enrolling = pilot_enrol_list.enrolling_seats_chosen(pilots)
    else:
        page, enrolling = read

    table = case_list.CaseTable.of(page.rows)
    if enrolling:
        # Ticking rows picks cases to enrol, and opens none.
        picked = case_list.picked_cases(table, key="cases_table_enrol")
        case_list.pager(page, hint="tick the cases to enrol")
        pilot_enrol_list.enrol_picked(pilots, enrolling, picked)
    else:
        # The stylesheet shows the table on a wide window, the cards on a phone; a window
        # the browser has said is wide gets no cards (75 elements a run, issue #25), and
        # one it says has narrowed reruns the app, which draws them.
        with st.container(key="case_table_wide"):
            chosen = case_list.chosen_case(table)
        if not small_screens.window_is_wide():
            case_list.case_cards(page.rows)
        case_list.pager(page)
        if chosen:
            routes.open_case(chosen)


st.title("Cases")
session.show_notices()
st.page_link(routes.NEW_CASE, label="New case", icon=":material/add_circle:")
case_list_body()
