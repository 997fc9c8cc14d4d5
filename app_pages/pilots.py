"""Pilots: create and coordinate one, enrol cases, review blind, see the figures."""

from __future__ import annotations

import streamlit as st

from core.pilot.records import PilotRole, PilotSeat
from ui import pilot_admin, session
from ui.errors import shown_to_user
from ui.pilot_figures_view import show_figures
from ui.pilot_review_view import review_queue

cases = session.services()
service = session.clinic().pilots_for(cases)

st.title("Pilots")
session.show_notices()
pilot_admin.create_pilot_form(service)

seats: list[PilotSeat] = []
with shown_to_user(stop=True):
    seats = service.pilots()
if not seats:
    st.info("You are in no pilot yet. Create one, or ask a pilot's coordinator to add you.")
    st.stop()

by_id = {s.pilot.pilot_id: s for s in seats}
pilot_id = st.selectbox(
    "Pilot",
    list(by_id),
    format_func=lambda p: f"{by_id[p].pilot.name} — {pilot_admin.ROLE_LABELS[by_id[p].role]}",
    key="pilots_selected",
)
seat = by_id[pilot_id]
pilot = seat.pilot
st.caption(f"{pilot.starts_on:%d %b %Y} – {pilot.ends_on:%d %b %Y}.")
if pilot.description:
    # Another member wrote it: shown as the text it is, never as Markdown (an image link
    # would be fetched by every member's browser).
    st.text(pilot.description)

# The tabs keep their state on the server ("rerun"): a form submitted inside a tab (add a
# member, enrol cases) reruns the page on the same tab, not on the first one.
if seat.role == PilotRole.COORDINATOR:
    figures_tab, members_tab, enrol_tab, export_tab = st.tabs(
        ["Figures", "Members", "Enrol cases", "Export"], key="pilots_tabs", on_change="rerun"
    )
    report = None
    with shown_to_user():
        # One reading of the pilot for both tabs, kept briefly across reruns.
        report = pilot_admin.cached_report(service.doctor.user_id, pilot_id, service)
    if report is not None:
        st.caption(
            f"Figures as of {report.computed_at:%H:%M:%S} UTC; they are kept for "
            f"{pilot_admin.REPORT_SECONDS} s. Refresh for reviews submitted since."
        )
    if st.button("Refresh figures", key="pilots_refresh"):
        pilot_admin.cached_report.clear()
        st.rerun()
    if report is not None:
        with figures_tab:
            show_figures(report.figures)
        with export_tab:
            pilot_admin.export_panel(report)
    with members_tab:
        pilot_admin.members_panel(service, pilot_id)
    with enrol_tab:
        pilot_admin.enrol_panel(service, cases, pilot_id)
elif seat.role == PilotRole.REVIEWER:
    queue_tab, figures_tab = st.tabs(
        ["My reviews", "Figures"], key="pilots_tabs", on_change="rerun"
    )
    with queue_tab:
        review_queue(service, pilot_id)
    with figures_tab, shown_to_user():
        st.caption("Over your own submitted reviews, so that nothing unblinds you.")
        show_figures(service.figures(pilot_id))
else:
    pilot_admin.enrol_panel(service, cases, pilot_id)
