"""Correcting a patient record's details on the patient page: name, date of birth and
record number (the sex is fixed; the cases keep the details they were created with)."""

from __future__ import annotations

from datetime import date
from typing import Any

import streamlit as st

from core.models import Patient
from core.services.cases import CaseService
from core.validation import EARLIEST_BIRTH_DATE
from ui import session
from ui.errors import shown_to_user

EDIT_LABEL = "Correct the patient's details"


def details_form(services: CaseService, patient: Patient) -> None:
    """An expander with the record's details; Save sends only what changed."""
    suffix = patient.patient_id  # another patient's page never shows this one's values
    with st.expander(EDIT_LABEL, icon=":material/edit:"), st.form(f"patient_edit_{suffix}"):
        name = st.text_input(
            "Patient name", value=patient.name, max_chars=200, key=f"patient_name_{suffix}"
        )
        born = st.date_input(
            "Date of birth (optional)",
            value=patient.date_of_birth,
            min_value=EARLIEST_BIRTH_DATE,
            max_value=date.today(),
            key=f"patient_born_{suffix}",
        )
        record = st.text_input(
            "Record number (optional)",
            value=patient.record_number or "",
            max_chars=64,
            key=f"patient_record_{suffix}",
        )
        st.caption(
            f"Sex ({patient.sex}) is fixed: a record with the wrong sex is a new record, "
            "merged into the right one. The cases keep the details they were created with."
        )
        saved = st.form_submit_button("Save details", type="primary", key="patient_edit_save")
    if not saved:
        return
    entered: dict[str, Any] = {"name": name, "date_of_birth": born, "record_number": record}
    with shown_to_user():
        services.patients.update_patient(patient.patient_id, entered)
        session.notify("Patient details saved.", "toast")
        st.rerun()
