"""File pickers for lab files and radiology images, and what they hand to the core."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st
from streamlit.runtime.uploaded_file_manager import UploadedFile

from core.files import LAB_EXTENSIONS, RADIOLOGY_EXTENSIONS
from core.models import FileCategory, Upload


def limits_caption(max_file_mb: int) -> None:
    """Say the limits the server enforces, next to the pickers."""
    lab = ", ".join(e.upper() for e in LAB_EXTENSIONS)
    radiology = ", ".join(e.upper() for e in RADIOLOGY_EXTENSIONS)
    st.caption(
        f"Each file up to {max_file_mb} MB. Lab files: {lab}. "
        f"Radiology files: {radiology} (DCM is DICOM)."
    )


def lab_files(key: str, max_file_mb: int) -> list[UploadedFile]:
    return st.file_uploader(
        "Lab files",
        type=list(LAB_EXTENSIONS),
        accept_multiple_files=True,
        key=key,
        max_upload_size=max_file_mb,
    )


def radiology_files(key: str, max_file_mb: int) -> list[UploadedFile]:
    return st.file_uploader(
        "Radiology files",
        type=list(RADIOLOGY_EXTENSIONS),
        accept_multiple_files=True,
        key=key,
        max_upload_size=max_file_mb,
    )


def as_uploads(
    lab: Sequence[UploadedFile] | None, radiology: Sequence[UploadedFile] | None
) -> list[Upload]:
    """The picked files as the core takes them: lab files first, then radiology images."""
    return [
        *(Upload(f.name, f.getvalue(), FileCategory.LAB.value) for f in lab or ()),
        *(Upload(f.name, f.getvalue(), FileCategory.RADIOLOGY.value) for f in radiology or ()),
    ]
