"""One case: its header, analysis state, insights, files, edits, and deletion."""

from __future__ import annotations

import streamlit as st

from core import services
from core.models import CaseDetail
from ui import case_edit, case_files, routes, session, widgets
from ui.errors import shown_to_user
from ui.insights_view import show_insights

doctor = session.doctor()
backend = session.backend()
settings = session.clinic().settings

session.show_notices()
case_id = routes.requested_case_id()
if not case_id:
    st.info("Choose a case from the list to open it.")
    st.page_link(routes.CASES, label="Back to cases", icon=":material/arrow_back:")
    st.stop()

detail: CaseDetail | None = None
with shown_to_user():
    detail = services.get_case(doctor, case_id, backend)
if detail is None:
    st.page_link(routes.CASES, label="Back to cases", icon=":material/arrow_back:")
    st.stop()

case = detail.case
session.set_open_case(case.case_id)
routes.keep_case_in_address(case.case_id)

widgets.case_header(case)
widgets.analysis_state(case, has_insights=bool(detail.ai_insights))
if detail.ai_insights:
    # A malformed record must not take the rest of the page (files, edit) down with it.
    with shown_to_user():
        show_insights(detail.ai_insights)

case_files.files_table(doctor, case.case_id, detail.files, backend)
case_files.add_files_form(doctor, case.case_id, backend, settings)
case_edit.edit_form(doctor, case, backend)
case_edit.delete_control(doctor, case, backend)
