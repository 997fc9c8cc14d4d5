"""Enrolling several cases in a pilot from the case list: tick the rows, pick the pilot."""

from __future__ import annotations

import streamlit as st

from core.pilot.records import PilotRole, PilotSeat
from core.services.pilots import PilotService
from ui import session
from ui.errors import shown_to_user

ENROLLING = "cases_enrolling"  # the list's "select cases to enrol" switch
PILOT = "cases_enrol_pilot"
# Roles that enrol their own cases (a reviewer reviews others' and enrols none).
ENROLLING_ROLES = (PilotRole.COORDINATOR.value, PilotRole.DOCTOR.value)


def enrolling_seats(service: PilotService) -> list[PilotSeat]:
    """The pilots this doctor may enrol cases in; the switch to select cases, if any."""
    seats: list[PilotSeat] = []
    with shown_to_user():
        seats = [s for s in service.pilots() if s.role in ENROLLING_ROLES]
    if not seats:
        return []
    on = st.toggle(
        "Select cases to enrol in a pilot",
        key=ENROLLING,
        help="Tick the cases (with AI insights) on this page, then choose the pilot.",
    )
    return seats if on else []


def enrolling_seats_chosen(service: PilotService) -> list[PilotSeat]:
    """``enrolling_seats`` without drawing the switch: for a rerun of the rows alone."""
    if not st.session_state.get(ENROLLING):
        return []
    seats: list[PilotSeat] = []
    with shown_to_user():
        seats = [s for s in service.pilots() if s.role in ENROLLING_ROLES]
    return seats


def enrol_picked(service: PilotService, seats: list[PilotSeat], case_ids: list[str]) -> None:
    """The pilot to enrol the ticked cases in, and the button that enrols them."""
    names = {s.pilot.pilot_id: s.pilot.name for s in seats}
    pilot_col, button_col = st.columns([3, 2], vertical_alignment="bottom")
    pilot_id = pilot_col.selectbox(
        "Enrol in pilot", list(names), format_func=names.__getitem__, key=PILOT
    )
    plural = "" if len(case_ids) == 1 else "s"
    if button_col.button(
        f"Enrol {len(case_ids)} selected case{plural}",
        type="primary",
        disabled=not case_ids or pilot_id is None,
        key="cases_enrol",
    ):
        with shown_to_user():
            added = service.enrol(pilot_id, case_ids)
            pseudonyms = ", ".join(e.pseudonym for e in added)
            session.notify(f"Enrolled in {names[str(pilot_id)]}: {pseudonyms}.", "success")
            st.rerun()
