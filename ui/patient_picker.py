"""The New case page's patient: an existing one found by name or record number, or a new
one; a new one like an existing record is offered that record first (never merged)."""

from __future__ import annotations

from datetime import UTC, datetime

import streamlit as st

from core.errors import MedCaseError
from core.models import LikelyDuplicate, Patient
from core.services.patients import PatientService
from ui.formatting import markdown_text

NEW, EXISTING = "New patient", "Existing patient"
MODE = "new_case_patient_mode"
SEARCH = "new_case_patient_search"
PICK = "new_case_patient_pick"
# A new patient's likely duplicates, found at the last "Create case", and the entered
# details they were found for (a change of the details asks again).
DUPLICATES = "new_case_duplicates"
DUPLICATES_FOR = "new_case_duplicates_for"
NOT_DUPLICATE = "new_case_not_a_duplicate"


def label(patient: Patient) -> str:
    """How a record reads in a list: name, sex, date of birth and record number if known."""
    parts = [patient.name, patient.sex.title()]
    if patient.date_of_birth is not None:
        parts.append(f"born {patient.date_of_birth.isoformat()}")
    if patient.record_number:
        parts.append(f"record {patient.record_number}")
    return " · ".join(parts)


def choose_mode() -> str:
    """New patient or an existing one (the first run: a new one)."""
    mode: str = st.radio("Patient", [NEW, EXISTING], key=MODE, horizontal=True) or NEW
    return mode


def existing_patient(patients: PatientService) -> Patient | None:
    """The search box and the records it finds; the record chosen, if any."""
    text = st.text_input("Find a patient", key=SEARCH, placeholder="Name or record number")
    found = {p.patient_id: p for p in patients.search(text)} if text.strip() else {}
    chosen = st.session_state.get(PICK)
    if chosen and chosen not in found:
        try:  # still offered after the search changed (or set by "Use this patient")
            found = {chosen: patients.get_patient(chosen), **found}
        except MedCaseError:
            st.session_state.pop(PICK, None)
    if text.strip() and not found:
        st.caption("No patient of yours matches; choose New patient to add one.")
    pick = st.selectbox(
        "Patient record",
        list(found),
        index=None,
        format_func=lambda patient_id: label(found[patient_id]),
        placeholder="Choose a patient" if found else "Search first",
        key=PICK,
    )
    return found.get(pick) if pick else None


def _use(patient: Patient) -> None:
    """A likely duplicate chosen: the case is for that record."""
    st.session_state[MODE] = EXISTING
    st.session_state[SEARCH] = patient.name
    st.session_state[PICK] = patient.patient_id
    forget_duplicates()


def forget_duplicates() -> None:
    for key in (DUPLICATES, DUPLICATES_FOR, NOT_DUPLICATE):
        st.session_state.pop(key, None)


def offer(duplicates: list[LikelyDuplicate], details: tuple[object, ...]) -> None:
    """Keep what was found for the next run, which shows it (``show_duplicates``)."""
    st.session_state[DUPLICATES] = duplicates
    st.session_state[DUPLICATES_FOR] = details
    st.session_state.pop(NOT_DUPLICATE, None)


def confirmed_new(details: tuple[object, ...]) -> bool:
    """The doctor said none of the offered records is this patient (for these details)."""
    return bool(st.session_state.get(NOT_DUPLICATE)) and (
        st.session_state.get(DUPLICATES_FOR) == details
    )


def show_duplicates() -> None:
    """The offered records, each with "Use this patient", and the doctor's "none of these"."""
    duplicates: list[LikelyDuplicate] = st.session_state.get(DUPLICATES) or []
    if not duplicates:
        return
    with st.container(border=True, key="new_case_duplicates_box"):
        st.warning(
            "**Same patient?** You may already have this patient: use the record, or say "
            "that none of these is the same person.",
            icon=":material/group:",
        )
        today = datetime.now(UTC).date()
        for duplicate in duplicates:
            patient = duplicate.patient
            age = patient.age_on(today)
            years = f" ({age} years)" if age is not None else ""
            reasons = "; ".join(duplicate.reasons).capitalize()
            st.markdown(f"**{markdown_text(label(patient))}**{years}  \n{reasons}")
            st.button(
                "Use this patient",
                key=f"new_case_use_{patient.patient_id}",
                on_click=_use,
                args=(patient,),
            )
        st.checkbox(
            "None of these is the same person: create a new patient record",
            key=NOT_DUPLICATE,
        )
