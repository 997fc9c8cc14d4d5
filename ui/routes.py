"""The pages, their addresses, and how to move between them."""

from __future__ import annotations

from typing import NoReturn

import streamlit as st

from ui import session

SIGN_IN = "app_pages/sign_in.py"
CASES = "app_pages/cases.py"
NEW_CASE = "app_pages/new_case.py"
CASE = "app_pages/case.py"
PILOTS = "app_pages/pilots.py"
PATIENTS = "app_pages/patients.py"
PATIENT = "app_pages/patient.py"

CASE_ID_PARAM = "case_id"
PATIENT_ID_PARAM = "patient_id"


def visitor_pages() -> list[st.Page]:
    """Signed out: only the sign-in screen, whichever address was opened.

    A doctor's page opened by link (``/case?case_id=...``) shows the sign-in screen at that
    same address, so signing in lands on it instead of on "page not found".
    """
    sign_in = st.Page(SIGN_IN, title="Sign in", icon=":material/login:", default=True)
    at_doctor_addresses = [
        st.Page(SIGN_IN, title="Sign in", url_path=page.url_path, visibility="hidden")
        for page in doctor_pages()
        if page.url_path  # the default page lives at "/", which is already the sign-in
    ]
    return [sign_in, *at_doctor_addresses]


def doctor_pages() -> list[st.Page]:
    """Signed in: the case list (default), a new case, and the case page (opened by link)."""
    return [
        st.Page(CASES, title="Cases", icon=":material/folder_open:", default=True),
        st.Page(NEW_CASE, title="New case", icon=":material/add_circle:", url_path="new-case"),
        st.Page(PATIENTS, title="Patients", icon=":material/groups:", url_path="patients"),
        st.Page(PILOTS, title="Pilots", icon=":material/fact_check:", url_path="pilots"),
        # Hidden from the menu: a case page needs a case, chosen in the list or by a link.
        case_page(),
        # Hidden too: a patient's page is opened from one of their cases.
        st.Page(PATIENT, title="Patient", icon=":material/timeline:", visibility="hidden"),
    ]


def case_page() -> st.Page:
    """The case page, as st.navigation registers it. A link given this object costs less
    than one given the script's path, which Streamlit resolves on disk for every link (the
    list draws one per case, issue #25)."""
    return st.Page(CASE, title="Case", icon=":material/description:", visibility="hidden")


def linked_case_id() -> str | None:
    """The case named in the address (``?case_id=<uuid>``), if any."""
    return st.query_params.get(CASE_ID_PARAM) or None


def requested_case_id() -> str | None:
    """The case the case page should show: the link's, else the one last opened."""
    return linked_case_id() or session.open_case_id()


def open_case(case_id: str) -> NoReturn:
    """Go to a case's page, with its id in the address so the link can be shared."""
    session.set_open_case(case_id)
    st.switch_page(CASE, query_params={CASE_ID_PARAM: case_id})


def linked_patient_id() -> str | None:
    """The patient named in the address (``/patient?patient_id=<uuid>``), if any."""
    return st.query_params.get(PATIENT_ID_PARAM) or None


def open_patient(patient_id: str) -> NoReturn:
    """Go to a patient's page, with their id in the address."""
    st.switch_page(PATIENT, query_params={PATIENT_ID_PARAM: patient_id})


def keep_case_in_address(case_id: str) -> None:
    if st.query_params.get(CASE_ID_PARAM) != case_id:
        st.query_params[CASE_ID_PARAM] = case_id
