"""Open a case: the patient, the doctor's notes, lab files and radiology images."""

from __future__ import annotations

import uuid

import streamlit as st

from core.models import Gender, NewCase
from core.validation import MAX_NAME_LENGTH, MAX_SUMMARY_LENGTH, new_case_problems
from ui import routes, session, uploads
from ui.errors import shown_to_user
from ui.form_problems import FormProblems

REQUEST_KEY = "new_case_request_key"  # the form's submission, sent with every Create click
REQUEST_USED = "new_case_request_used"  # that submission made a case

services = session.services()
settings = session.clinic().settings

st.title("New case")
session.show_notices()

problems = FormProblems(
    {
        "patient_name": "Patient name",
        "patient_age": "Age",
        "patient_gender": "Gender",
        "case_summary": "Doctor's summary",
    }
)
with st.form("new_case_form"):
    # The core's rules decide after "Create case" and each message appears under its
    # field: a browser-side limit would only redden the field and explain on hover.
    name = st.text_input("Patient name", max_chars=MAX_NAME_LENGTH, key="new_case_name")
    problems.slot("patient_name")
    age = st.number_input("Age", step=1, value=None, key="new_case_age")
    problems.slot("patient_age")
    gender = st.selectbox(
        "Gender",
        [gender.value for gender in Gender],
        index=None,
        format_func=str.title,
        placeholder="Choose",
        key="new_case_gender",
    )
    problems.slot("patient_gender")
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
    form = NewCase(
        patient_name=name,
        patient_age=age,  # type: ignore[arg-type]  # None when left empty: the core says so
        patient_gender=gender or "",
        case_summary=summary or None,
    )
    if problems.show(new_case_problems(form)):
        st.stop()
    with shown_to_user():
        created = services.create_case(
            form, uploads.as_uploads(lab, radiology), request_key=request_key
        )
        st.session_state[REQUEST_USED] = True
        routes.open_case(created.case.case_id)
