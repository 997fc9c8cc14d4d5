"""Patients: the doctor's records, the ones that may be the same person (merged only on a
click), and the merged ones (unmerged the same way)."""

from __future__ import annotations

from collections import Counter

import streamlit as st

from core.models import Patient
from ui import patient_merges, patient_view, session
from ui.errors import shown_to_user
from ui.patient_picker import label

services = session.services()
patients = services.patients

st.title("Patients")
session.show_notices()
notice = st.session_state.pop(patient_merges.NOTICE, None)
if notice:
    st.success(notice)

records: list[Patient] = []
with shown_to_user(stop=True):
    records = patients.list_patients()
if not records:
    st.info("No patients yet: a new case makes its patient's record.")
    st.stop()

st.subheader("Same person?")
with shown_to_user():
    patient_merges.show_suggestions(patients, patients.merge_suggestions())

st.subheader("Merged records")
patient_merges.show_merged(patients, records)

st.subheader("Your patients")
search = st.text_input("Find a patient", key="patients_search", placeholder="Name or record number")
shown = patients.search(search, limit=100) if search.strip() else records
# Cases per record from one reading of the list: a record's own, and those of the records
# merged into it.
own = Counter(case.patient_id for case in services.list_cases())
whole = Counter({p.patient_id: own[p.patient_id] for p in records})
for p in records:
    if p.merged_into is not None:
        whole[p.merged_into] += own[p.patient_id]
st.dataframe(
    [
        {
            "Patient": label(p),
            "Cases": whole[p.merged_into or p.patient_id],
            "Merged into another": "yes" if p.merged_into else "",
            "Over time": patient_view.patient_url(p.merged_into or p.patient_id),
        }
        for p in shown[:100]
    ],
    hide_index=True,
    key="patients_table",
    column_config={
        "Over time": st.column_config.LinkColumn("Over time", display_text="Open patient page")
    },
)
