"""Changing a case (name, age, notes, status) and deleting it for good."""

from __future__ import annotations

from typing import Any

import streamlit as st

from core.models import Case, CaseStatus
from core.services import CaseService
from ui import formatting, routes, session
from ui.errors import shown_to_user

DELETE_ASKED = "case_delete_asked"  # the case whose deletion awaits confirmation


def changed_fields(case: Case, entered: dict[str, Any]) -> dict[str, Any]:
    """Only what the doctor really changed; an empty summary clears the notes."""
    current = {
        "patient_name": case.patient_name,
        "patient_age": case.patient_age,
        "case_summary": case.case_summary or "",
        "status": case.status,
    }
    return {field: value for field, value in entered.items() if value != current[field]}


def edit_form(services: CaseService, case: Case) -> None:
    # Keys carry the case id so that opening another case never shows this one's values.
    suffix = case.case_id
    statuses = [status.value for status in CaseStatus]
    with st.expander("Edit case", icon=":material/edit:"), st.form(f"case_edit_{suffix}"):
        name = st.text_input(
            "Patient name", value=case.patient_name, max_chars=200, key=f"case_name_{suffix}"
        )
        age = st.number_input(
            "Age",
            min_value=0,
            max_value=150,
            step=1,
            value=case.patient_age,
            key=f"case_age_{suffix}",
        )
        summary = st.text_area(
            "Doctor's summary", value=case.case_summary or "", key=f"case_summary_{suffix}"
        )
        status = st.selectbox(
            "Status",
            statuses,
            index=statuses.index(case.status) if case.status in statuses else 0,
            format_func=formatting.status_label,
            key=f"case_status_{suffix}",
            help="Archive a case to set it aside; choose another status to restore it.",
        )
        st.caption(f"Gender ({case.patient_gender}) is fixed when the case is created.")
        saved = st.form_submit_button("Save changes", type="primary", key="case_edit_save")
    if not saved:
        return
    entered = {
        "patient_name": name,
        "patient_age": int(age) if age is not None else None,
        "case_summary": summary,
        "status": status,
    }
    with shown_to_user():
        services.update_case(case.case_id, changed_fields(case, entered))
        session.notify("Case updated.", "toast")
        st.rerun()


def delete_control(services: CaseService, case: Case) -> None:
    """A "Delete case" button that asks for confirmation first."""
    if st.button("Delete case", key="case_delete", icon=":material/delete:"):
        st.session_state[DELETE_ASKED] = case.case_id
    # Asked-for state lives in the session so the dialog stays open across reruns.
    if st.session_state.get(DELETE_ASKED) == case.case_id:
        _confirm_delete(services, case.case_id)


def _forget_request() -> None:
    st.session_state.pop(DELETE_ASKED, None)


@st.dialog("Delete this case?", on_dismiss=_forget_request)
def _confirm_delete(services: CaseService, case_id: str) -> None:
    st.write(
        "Deletion is permanent: the case, its files and its AI insights are removed "
        "and cannot be recovered."
    )
    confirm, cancel = st.columns(2)
    if confirm.button("Delete permanently", type="primary", key="case_delete_confirm"):
        with shown_to_user():
            services.delete_case(case_id)
            _forget_request()
            session.set_open_case(None)
            session.notify("Case deleted.", "toast")
            st.switch_page(routes.CASES)
    if cancel.button("Cancel", key="case_delete_cancel"):
        _forget_request()
        st.rerun()
