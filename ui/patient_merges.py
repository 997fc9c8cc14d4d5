"""Same person? The doctor's merge suggestions, each merged only on a click, and the
merged records, each unmerged the same way (both on the audit trail)."""

from __future__ import annotations

import streamlit as st

from core.models import MergeSuggestion, Patient
from core.services.patients import PatientService
from ui.errors import shown_to_user
from ui.formatting import markdown_text
from ui.patient_picker import label

NOTICE = "patients_notice"


def _merge(patients: PatientService, suggestion: MergeSuggestion) -> None:
    with shown_to_user(next_run=True):
        patients.merge(suggestion.duplicate.patient_id, suggestion.kept.patient_id)
        st.session_state[NOTICE] = "Merged: the newer record's cases are in the older one's."


def _unmerge(patients: PatientService, patient: Patient) -> None:
    with shown_to_user(next_run=True):
        patients.unmerge(patient.patient_id)
        st.session_state[NOTICE] = "Unmerged: the record has its own cases again."


def show_suggestions(patients: PatientService, suggestions: list[MergeSuggestion]) -> None:
    """Each pair with its reasons and a Merge button (the newer into the older)."""
    if not suggestions:
        st.caption("No two of your records look like the same person.")
        return
    for suggestion in suggestions:
        kept, duplicate = suggestion.kept, suggestion.duplicate
        with st.container(border=True, key=f"patients_pair_{duplicate.patient_id}"):
            st.markdown(
                f"**{markdown_text(label(kept))}**  \n**{markdown_text(label(duplicate))}**  \n"
                f"{'; '.join(suggestion.reasons).capitalize()}"
            )
            st.button(
                "Merge (the newer record into the older)",
                key=f"patients_merge_{duplicate.patient_id}",
                on_click=_merge,
                args=(patients, suggestion),
            )


def show_merged(patients: PatientService, records: list[Patient]) -> None:
    """The records merged into another, each with Unmerge."""
    by_id = {p.patient_id: p for p in records}
    merged = [p for p in records if p.merged_into is not None]
    if not merged:
        st.caption("None of your records is merged into another.")
        return
    for patient in merged:
        into = by_id.get(patient.merged_into or "")
        st.markdown(
            f"**{markdown_text(label(patient))}** merged into "
            f"{markdown_text(label(into)) if into else 'another record'}"
        )
        st.button(
            "Unmerge",
            key=f"patients_unmerge_{patient.patient_id}",
            on_click=_unmerge,
            args=(patients, patient),
        )
