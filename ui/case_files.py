"""A case's files: the table, a download button each, and the form that adds more."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import pandas as pd
import streamlit as st

from core import services
from core.config import Settings
from core.models import CaseFile, Doctor
from core.ports import Backend
from ui import formatting, session, uploads
from ui.errors import shown_to_user


def files_table(doctor: Doctor, case_id: str, files: Sequence[CaseFile], backend: Backend) -> None:
    st.subheader("Files")
    if not files:
        st.caption("No files yet.")
        return
    frame = pd.DataFrame(
        {
            "Name": [f.file_name for f in files],
            "Category": [f.file_category.title() for f in files],
            "Type": [formatting.file_kind(f.file_name, f.file_type) for f in files],
            "Size": [formatting.file_size(f.file_size) for f in files],
            "Uploaded": [formatting.local_time(f.uploaded_at) for f in files],
        }
    )
    st.dataframe(
        frame,
        key="case_files_table",
        hide_index=True,
        column_config={
            "Uploaded": st.column_config.DatetimeColumn("Uploaded", format="D MMM YYYY, HH:mm")
        },
    )
    with st.container(horizontal=True):
        for record in files:
            st.download_button(
                formatting.markdown_text(record.file_name),
                # Read only when the doctor clicks: a page with many files stays fast.
                data=partial(services.read_file, doctor, case_id, record.file_id, backend),
                file_name=record.file_name,
                mime=record.file_type,
                key=f"case_download_{record.file_id}",
                icon=":material/download:",
                on_click="ignore",
            )


def add_files_form(doctor: Doctor, case_id: str, backend: Backend, settings: Settings) -> None:
    """Lab files and radiology images to add; the page reruns with the outcome."""
    limit = settings.max_file_mb
    with (
        st.expander("Add files", icon=":material/upload_file:"),
        st.form("case_add_files", clear_on_submit=True),
    ):
        lab = uploads.lab_files("case_add_lab_files", limit)
        radiology = uploads.radiology_files("case_add_radiology_files", limit)
        uploads.limits_caption(limit)
        submitted = st.form_submit_button("Add files", key="case_add_files_submit")
    if not submitted:
        return
    picked = uploads.as_uploads(lab, radiology)
    if not picked:
        st.warning("Choose at least one lab file or radiology file to add.")
        return
    added = 0
    with shown_to_user(next_run=True):
        for upload in picked:
            services.upload_file(
                doctor, case_id, upload, backend, max_file_bytes=settings.max_file_bytes
            )
            added += 1
    if added:
        session.notify(f"Added {added} file(s) to the case.", "toast")
    st.rerun()
