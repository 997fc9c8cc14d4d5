"""Changing a case (name, age, notes, status) and deleting it for good."""

from __future__ import annotations

from typing import Any

import streamlit as st

from core.models import Case, CaseStatus
from core.services import CaseService
from core.validation import case_edit_problems
from ui import formatting, routes, session
from ui.errors import shown_to_user
from ui.form_problems import FormProblems

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


def edit_opened_key(case_id: str) -> str:
    """The session-state key of the "Edit case" expander (True while it is open)."""
    return f"case_edit_open_{case_id}"


@st.fragment
def edit_form(case: Case) -> None:
    """ "Edit case": its form is built only while the expander is open, and opening or
    closing it reruns this fragment alone (a saved change reruns the whole page)."""
    # Keys carry the case id so that opening another case never shows this one's values.
    opened = st.expander(
        "Edit case", icon=":material/edit:", key=edit_opened_key(case.case_id), on_change="rerun"
    )
    with opened:
        if opened.open:
            _edit_fields(case)


def _edit_fields(case: Case) -> None:
    # A fragment's own runs skip app.py: keep the token fresh here, as the list does.
    session.keep_fresh()
    if not session.signed_in():
        st.rerun()  # the refresh failed: the whole app shows sign-in and says why
    services = session.services()
    suffix = case.case_id
    statuses = [status.value for status in CaseStatus]
    problems = FormProblems(
        {"patient_name": "Patient name", "patient_age": "Age", "case_summary": "Doctor's summary"}
    )
    with st.form(f"case_edit_{suffix}"):
        # No browser-side limits on name and age: the core's rules say what is wrong, under
        # the field, after "Save changes".
        name = st.text_input(
            "Patient name", value=case.patient_name, max_chars=200, key=f"case_name_{suffix}"
        )
        problems.slot("patient_name")
        age = st.number_input("Age", step=1, value=case.patient_age, key=f"case_age_{suffix}")
        problems.slot("patient_age")
        summary = st.text_area(
            "Doctor's summary", value=case.case_summary or "", key=f"case_summary_{suffix}"
        )
        problems.slot("case_summary")
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
        problems.summary_slot()
    if not saved:
        return
    entered = {
        "patient_name": name,
        "patient_age": int(age) if age is not None else None,
        "case_summary": summary,
        "status": status,
    }
    if problems.show(case_edit_problems(changed_fields(case, entered))):
        return
    with shown_to_user():
        services.update_case(case.case_id, changed_fields(case, entered))
        session.notify("Case updated.", "toast")
        st.rerun()


def delete_control(
    services: CaseService, case: Case, signed: bool = False, enrolled: bool = False
) -> None:
    """A "Delete case" button that asks for confirmation first; a case with a signed note
    or enrolled in a pilot is never deleted, so it offers archiving instead."""
    if signed:
        st.caption(
            "This case has a signed note, and signed notes are never deleted. "
            "Archive the case (Edit case, status) to take it off the active list; "
            "the note and its audit trail are kept."
        )
        return
    if enrolled:
        st.caption(
            "This case is enrolled in a pilot, whose reviewers read and review it, so it is "
            "never deleted. Archive the case (Edit case, status) to take it off the active "
            "list; the enrolment and its reviews are kept."
        )
        return
    if st.button("Delete case", key="case_delete", icon=":material/delete:"):
        st.session_state[DELETE_ASKED] = case.case_id
    # Asked-for state lives in the session so the dialog stays open across reruns.
    if st.session_state.get(DELETE_ASKED) == case.case_id:
        # Made per case so its title can name the patient (a dialog's title is fixed).
        title = f"Delete the case of {formatting.markdown_text(case.patient_name)}?"
        st.dialog(title, on_dismiss=_forget_request)(_confirm_delete)(services, case)


def _forget_request() -> None:
    st.session_state.pop(DELETE_ASKED, None)


# Streamlit's buttons come in the theme's colours only: this one, and only it, is red
# (white on #b42318 is 6.3:1, above WCAG AA's 4.5:1).
_DANGER_BUTTON_CSS = """<style>
.st-key-case_delete_confirm button {
  background-color: #b42318; border-color: #b42318; color: #ffffff;
}
.st-key-case_delete_confirm button:hover, .st-key-case_delete_confirm button:focus-visible {
  background-color: #8f1c13; border-color: #8f1c13; color: #ffffff;
}
</style>"""


def _confirm_delete(services: CaseService, case: Case) -> None:
    patient = formatting.markdown_text(case.patient_name)
    files = len(services.list_files(case.case_id))
    st.write(
        f"Deletion is permanent: the case of **{patient}** ({case.patient_age} years), its "
        f"{files} file{'s' if files != 1 else ''}, its AI insights and the review decisions "
        "on its draft are removed and cannot be recovered. The audit trail keeps a record "
        "that the case was deleted."
    )
    st.html(_DANGER_BUTTON_CSS)
    confirm, cancel = st.columns(2)
    if confirm.button(
        "Delete permanently", type="primary", key="case_delete_confirm", icon=":material/delete:"
    ):
        with shown_to_user():
            services.delete_case(case.case_id)
            _forget_request()
            session.set_open_case(None)
            session.notify("Case deleted.", "toast")
            st.switch_page(routes.CASES)
    if cancel.button("Cancel", key="case_delete_cancel"):
        _forget_request()
        st.rerun()
