"""Open a case: the patient (an existing one, or a new one), the doctor's notes, lab files
and radiology images."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime

import streamlit as st

from core.models import Gender, NewCase, age_on
from core.validation import (
    EARLIEST_BIRTH_DATE,
    MAX_NAME_LENGTH,
    MAX_RECORD_NUMBER_LENGTH,
    MAX_SUMMARY_LENGTH,
    new_case_problems,
)
from ui import patient_picker, routes, session, uploads
from ui.errors import shown_to_user
from ui.form_problems import FormProblems

REQUEST_KEY = "new_case_request_key"  # the form's submission, sent with every Create click
REQUEST_USED = "new_case_request_used"  # that submission made a case

services = session.services()
settings = session.clinic().settings
patients = services.patients
today = datetime.now(UTC).date()

st.title("New case")
session.show_notices()

problems = FormProblems(
    {
        "patient_id": "Patient record",
        "patient_name": "Patient name",
        "patient_age": "Age",
        "patient_gender": "Gender",
        "date_of_birth": "Date of birth",
        "record_number": "Record number",
        "case_summary": "Doctor's summary",
    }
)
mode = patient_picker.choose_mode()
picked = patient_picker.existing_patient(patients) if mode == patient_picker.EXISTING else None
problems.slot("patient_id")
with st.form("new_case_form"):
    # The core's rules decide after "Create case" and each message appears under its
    # field: a browser-side limit would only redden the field and explain on hover.
    name, gender, born, record = "", None, None, ""
    if mode == patient_picker.NEW:
        name = st.text_input("Patient name", max_chars=MAX_NAME_LENGTH, key="new_case_name")
        problems.slot("patient_name")
    if picked is None or picked.date_of_birth is None:
        age = st.number_input("Age", step=1, value=None, key="new_case_age")
        problems.slot("patient_age")
    else:
        age = age_on(picked.date_of_birth, today)
    if mode == patient_picker.NEW:
        gender = st.selectbox(
            "Gender",
            [gender.value for gender in Gender],
            index=None,
            format_func=str.title,
            placeholder="Choose",
            key="new_case_gender",
        )
        problems.slot("patient_gender")
        born = st.date_input(
            "Date of birth (optional)",
            value=None,
            min_value=EARLIEST_BIRTH_DATE,
            max_value=today,
            key="new_case_birth_date",
        )
        problems.slot("date_of_birth")
        record = st.text_input(
            "Record number (optional)",
            max_chars=MAX_RECORD_NUMBER_LENGTH,
            key="new_case_record_number",
        )
        problems.slot("record_number")
    summary = st.text_area("Doctor's summary", max_chars=MAX_SUMMARY_LENGTH, key="new_case_summary")
    problems.slot("case_summary")
    lab = uploads.lab_files("new_case_lab_files", settings.max_file_mb)
    radiology = uploads.radiology_files("new_case_radiology_files", settings.max_file_mb)
    uploads.limits_caption(settings.max_file_mb)
    create = st.form_submit_button("Create case", type="primary", key="new_case_create")
    problems.summary_slot()

# One submission, one case: every click on Create of this form sends the same request key,
# so quick repeated clicks (each a rerun that may cut the previous one short) answer with
# the case the first made. A key is renewed only when the form is shown unsubmitted after
# it made a case, so a late repeat of a finished submission still finds its case.
if not create and st.session_state.get(REQUEST_USED):
    st.session_state.pop(REQUEST_KEY, None)
    st.session_state.pop(REQUEST_USED, None)
request_key = st.session_state.setdefault(REQUEST_KEY, uuid.uuid4().hex)

if create:
    if mode == patient_picker.EXISTING and picked is None:
        problems.show({"patient_id": "Choose the patient's record (search by name or number)"})
        st.stop()
    form = NewCase(
        patient_name=picked.name if picked else name,
        # None when left empty: the core says so. A known date of birth gives the age.
        patient_age=age_on(born, today) if isinstance(born, date) else age,  # type: ignore[arg-type]
        patient_gender=picked.sex if picked else gender or "",
        case_summary=summary or None,
        patient_id=picked.patient_id if picked else None,
        date_of_birth=born if isinstance(born, date) else None,
        record_number=record or None,
    )
    if problems.show(new_case_problems(form)):
        st.stop()
    # A repeat of a submission that made its case is answered with that case (its new
    # patient is no duplicate of itself).
    if picked is None and not services.made_by_request(request_key):
        details = (form.patient_name.strip(), form.patient_gender, born, record.strip())
        if not patient_picker.confirmed_new(details):
            with shown_to_user(stop=True):
                duplicates = patients.likely_duplicates(
                    form.patient_name, form.patient_gender, form.date_of_birth, record
                )
            if duplicates:
                patient_picker.offer(duplicates, details)
                st.rerun()
    with shown_to_user():
        created = services.create_case(
            form, uploads.as_uploads(lab, radiology), request_key=request_key
        )
        st.session_state[REQUEST_USED] = True
        patient_picker.forget_duplicates()
        routes.open_case(created.case.case_id)

if mode == patient_picker.NEW:
    patient_picker.show_duplicates()
