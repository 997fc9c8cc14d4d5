"""One patient over time: the timeline of their cases, signed notes and critical values,
the latest / previous / change table, and per analyte every value over time."""

from __future__ import annotations

import streamlit as st

from core.services.trends import PatientTrends
from ui import patient_details, patient_view, routes, session
from ui.errors import shown_to_user

services = session.services()
session.show_notices()
patient_id = routes.linked_patient_id()
if not patient_id:
    st.switch_page(routes.CASES)  # a patient is chosen from one of their cases

trends: PatientTrends | None = None
with shown_to_user():
    # The first look in this session is a patient_opened event; reruns are not.
    if session.first_look(f"patient:{patient_id}"):
        services.patients.open_patient(patient_id)
    trends = services.patient_trends(patient_id)
if trends is None:
    st.page_link(routes.CASES, label="Back to cases", icon=":material/arrow_back:")
    st.stop()

patient_view.patient_header(trends)
patient_details.details_form(services, trends.patient)
patient_view.waiting_critical_values(trends)
patient_view.timeline(trends)
if not trends.series:
    st.info("No lab values yet: the trends appear once the patient's cases are analyzed.")
    st.stop()
patient_view.latest_table(trends)
patient_view.trend_charts(trends)
