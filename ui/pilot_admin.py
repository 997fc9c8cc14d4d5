"""A pilot's coordinator and doctors on the page: create a pilot, add and remove members,
enrol cases (several at once, or one from its case page), download the CSV export."""

from __future__ import annotations

from datetime import date, timedelta

import pandas as pd
import streamlit as st

from core.lifecycle import ReviewState
from core.models import MAX_PAGE_SIZE, CaseQuery
from core.pilot.records import PilotRole
from core.services import CaseService
from core.services.pilot_reviews import PilotReport
from core.services.pilots import PilotService
from ui import pilot_enrol_table, session
from ui.errors import shown_to_user

ROLE_LABELS = {
    PilotRole.COORDINATOR.value: "Coordinator",
    PilotRole.REVIEWER.value: "Reviewer",
    PilotRole.DOCTOR.value: "Doctor (enrols cases)",
}


def create_pilot_form(service: PilotService) -> None:
    with st.expander("Create a pilot"), st.form("pilots_create", clear_on_submit=True):
        name = st.text_input("Name", key="pilots_new_name")
        description = st.text_area("Description", key="pilots_new_description")
        today = date.today()
        starts = st.date_input("Starts", value=today, key="pilots_new_starts")
        ends = st.date_input("Ends", value=today + timedelta(days=90), key="pilots_new_ends")
        if st.form_submit_button("Create pilot", type="primary", key="pilots_create_submit"):
            with shown_to_user():
                pilot = service.create_pilot(name, description, starts, ends)
                session.notify(f"Pilot created. You coordinate {pilot.name!r}.", "success")
                st.rerun()


def members_panel(service: PilotService, pilot_id: str) -> None:
    members = []
    with shown_to_user(stop=True):
        members = service.members(pilot_id)
    if members:
        for member in members:
            left, right = st.columns([4, 1])
            left.write(f"{member.email} — {ROLE_LABELS[member.role]}")
            if right.button("Remove", key=f"pilots_remove_{member.user_id}"):
                with shown_to_user():
                    service.remove_member(pilot_id, member.user_id)
                    st.rerun()
    else:
        st.caption("No members yet.")
    with st.form("pilots_add_member", clear_on_submit=True):
        email = st.text_input("Email of their MedCase account", key="pilots_member_email")
        role = st.radio(
            "Role",
            [PilotRole.REVIEWER.value, PilotRole.DOCTOR.value],
            format_func=ROLE_LABELS.__getitem__,
            horizontal=True,
            key="pilots_member_role",
        )
        if st.form_submit_button("Add member", key="pilots_member_submit"):
            with shown_to_user():
                service.add_member(pilot_id, email, role)
                st.rerun()


def enrol_panel(service: PilotService, cases: CaseService, pilot_id: str) -> None:
    """The doctor's own cases with AI insights, to enrol several at once."""
    enrolled = {
        e.case_id: e for e in service.enrolments(pilot_id) if e.owner_id == cases.doctor.user_id
    }
    # The cases with AI insights (any review state), newest first, with their diagnosis.
    rows = cases.list_case_page(
        CaseQuery(review_states=tuple(ReviewState), limit=MAX_PAGE_SIZE)
    ).rows
    ready = [row for row in rows if row.case.case_id not in enrolled]
    if enrolled:
        names = {c.case_id: c.patient_name for c in cases.list_cases()}
        st.dataframe(
            pd.DataFrame(
                [
                    {"Pseudonym": e.pseudonym, "Your case": names.get(e.case_id, "")}
                    for e in enrolled.values()
                ]
            ),
            hide_index=True,
            key="pilots_my_enrolments",
        )
    if not ready:
        st.caption("None of your cases with AI insights is left to enrol.")
        return
    if len(rows) == MAX_PAGE_SIZE:
        st.caption(f"Your {MAX_PAGE_SIZE} newest cases with AI insights are listed.")
    chosen = pilot_enrol_table.picked_cases(ready)
    plural = "" if len(chosen) == 1 else "s"
    if st.button(
        f"Enrol {len(chosen)} case{plural}", type="primary", disabled=not chosen, key="pilots_enrol"
    ):
        with shown_to_user():
            added = service.enrol(pilot_id, chosen)
            session.notify(f"{len(added)} case(s) enrolled.", "success")
            st.rerun()


# Reviews arrive from other sessions; the coordinator's figures may lag them by this much,
# so that each rerun of the page (a tab, a widget) does not re-read 2,000 cases.
REPORT_SECONDS = 30


@st.cache_data(ttl=REPORT_SECONDS, show_spinner="Computing the pilot's figures...")
def cached_report(user_id: str, pilot_id: str, _service: PilotService) -> PilotReport:
    """The coordinator's report, kept per account and pilot for REPORT_SECONDS."""
    return _service.report(pilot_id)


def export_panel(report: PilotReport) -> None:
    st.caption("Without patient data: cases by pseudonym, reviewers as Reviewer 1, 2, ...")
    left, right = st.columns(2)
    left.download_button(
        "Reviews (CSV)", report.reviews_csv, "pilot_reviews.csv", "text/csv",
        key="pilots_csv_reviews",
    )  # fmt: skip
    right.download_button(
        "Figures (CSV)", report.figures_csv, "pilot_figures.csv", "text/csv",
        key="pilots_csv_figures",
    )  # fmt: skip


def case_enrolment(service: PilotService, case_id: str) -> bool:
    """On the case page: the pilots this case is in, and enrolling it in another. True when
    the case is enrolled in a pilot (it is then never deleted)."""
    seats = service.pilots()
    if not seats:
        return False
    enrolments = service.case_enrolments(case_id)
    with st.expander("Pilots"):
        current = {e.pilot_id for e in enrolments}
        names = {s.pilot.pilot_id: s.pilot.name for s in seats}
        for enrolment in enrolments:
            st.write(f"{names.get(enrolment.pilot_id, 'A pilot')}: {enrolment.pseudonym}")
        open_pilots = [p for p in names if p not in current]
        if not open_pilots:
            return bool(enrolments)
        pilot_id = st.selectbox(
            "Enrol in", open_pilots, format_func=names.__getitem__, key="pilots_case_pilot"
        )
        if st.button("Enrol this case", key="pilots_case_enrol") and pilot_id:
            with shown_to_user():
                (added,) = service.enrol(pilot_id, [case_id])
                session.notify(f"Enrolled as {added.pseudonym}.", "success")
                st.rerun()
    return bool(enrolments)
