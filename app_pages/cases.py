"""The doctor's cases, newest first; a row opens its case."""

from __future__ import annotations

import streamlit as st

from core import services
from core.models import Case
from ui import case_list, routes, session
from ui.errors import shown_to_user

doctor = session.doctor()
backend = session.backend()

st.title("Cases")
session.show_notices()

cases: list[Case] = []
with shown_to_user(stop=True):
    cases = services.list_cases(doctor, backend)

st.page_link(routes.NEW_CASE, label="New case", icon=":material/add_circle:")
if not cases:
    st.info("No cases yet. Create the first one with New case.", icon=":material/folder_open:")
    st.stop()

table = case_list.CaseTable.of(cases)
chosen = case_list.chosen_case(table, key="cases_table")
st.caption(f"{len(cases)} case(s). Select a row to open its case.")
if chosen:
    routes.open_case(chosen)
