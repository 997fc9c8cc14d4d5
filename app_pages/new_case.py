"""Open a case: the patient, the doctor's notes, lab files and radiology images."""

from __future__ import annotations

import streamlit as st

from core.models import Gender, NewCase
from core.validation import MAX_AGE, MAX_NAME_LENGTH, MAX_SUMMARY_LENGTH, MIN_AGE
from ui import routes, session, uploads
from ui.errors import shown_to_user

services = session.services()
settings = session.clinic().settings

st.title("New case")
session.show_notices()

with st.form("new_case_form"):
    # The same limits the core enforces, so the form stops a mistake before it is sent.
    name = st.text_input(
        "Patient name", max_chars=MAX_NAME_LENGTH, required=True, key="new_case_name"
    )
    age = st.number_input(
        "Age",
        min_value=MIN_AGE,
        max_value=MAX_AGE,
        step=1,
        value=None,
        required=True,
        key="new_case_age",
    )
    gender = st.selectbox(
        "Gender",
        [gender.value for gender in Gender],
        index=None,
        format_func=str.title,
        placeholder="Choose",
        required=True,
        key="new_case_gender",
    )
    summary = st.text_area("Doctor's summary", max_chars=MAX_SUMMARY_LENGTH, key="new_case_summary")
    lab = uploads.lab_files("new_case_lab_files", settings.max_file_mb)
    radiology = uploads.radiology_files("new_case_radiology_files", settings.max_file_mb)
    uploads.limits_caption(settings.max_file_mb)
    create = st.form_submit_button("Create case", type="primary", key="new_case_create")

if create:
    form = NewCase(
        patient_name=name,
        patient_age=age,  # type: ignore[arg-type]  # None when left empty: the core says so
        patient_gender=gender or "",
        case_summary=summary or None,
    )
    with shown_to_user():
        created = services.create_case(form, uploads.as_uploads(lab, radiology))
        routes.open_case(created.case.case_id)
