"""A case's files: the table, image previews, a download button each, and adding more."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from functools import partial

import streamlit as st

from core.analysis.reading.imaging import PREVIEW_LABEL, UnreadableImage
from core.errors import MedCaseError
from core.files import extension_of
from core.models import CaseFile, FileCategory
from core.services import CaseService
from ui import formatting, refused_files, session, uploads
from ui.errors import shown_to_user

log = logging.getLogger(__name__)

PREVIEWS_PER_ROW = 4
DOCX_CHECK_HELP = "Checked for macros and linked parts first, then offered to save."
NO_PREVIEW = "the image could not be read"
# (PNG bytes, None) or (None, why there is no preview).
Preview = tuple[bytes | None, str | None]


# The files as a Markdown table (issue #25): the same five columns as the data grid it
# replaces, read by a screen reader as a table, without building a DataFrame and its Arrow
# copy on every open, and without the grid's canvas for the browser to draw.
FILES_HEADER = ("Name", "Category", "Type", "Size", "Uploaded")


def files_table(services: CaseService, case_id: str, files: Sequence[CaseFile]) -> None:
    st.subheader("Files")
    if not files:
        st.caption("No files yet.")
        return
    st.markdown(files_markdown(files))
    with st.container(horizontal=True):
        for record in files:
            if extension_of(record.file_name) == "docx":
                checked_docx_download(services, case_id, record)
                continue
            st.download_button(
                formatting.markdown_text(record.file_name),
                # Read only when the doctor clicks: a page with many files stays fast.
                data=partial(services.download_file, case_id, record.file_id),
                file_name=record.file_name,
                mime=record.file_type,
                key=f"case_download_{record.file_id}",
                icon=":material/download:",
                on_click="ignore",
            )
    images = [f for f in files if f.file_category == FileCategory.RADIOLOGY.value]
    if images:
        radiology_previews(services, case_id, images)


def checked_docx_download(services: CaseService, case_id: str, record: CaseFile) -> None:
    """A DOCX is checked again before it is offered (one stored before the upload check may
    hold macros or a part Word fetches from elsewhere): a first click checks it, saying why
    it is refused in the product's words (a deferred download could show only Streamlit's
    own failure notice); one that passes is then saved with a second click, which reads and
    checks it again and records the download."""
    key = f"case_download_{record.file_id}"
    if st.session_state.get(f"{key}_checked"):
        st.download_button(
            formatting.markdown_text(f"Save {record.file_name}"),
            data=partial(services.download_file, case_id, record.file_id),
            file_name=record.file_name,
            mime=record.file_type,
            key=key,
            icon=":material/download:",
            on_click="ignore",
        )
        return
    label = formatting.markdown_text(record.file_name)
    if st.button(label, key=f"{key}_check", icon=":material/download:", help=DOCX_CHECK_HELP):
        with shown_to_user():
            services.check_download(case_id, record.file_id)
            st.session_state[f"{key}_checked"] = True
            st.rerun()


def files_markdown(files: Sequence[CaseFile]) -> str:
    """The files table: name, category, type in words, size, upload time in the viewer's
    zone. Every cell is escaped (a file's name is the doctor's text: its ``|`` or ``*``
    shows as typed, never as a column or emphasis)."""
    lines = [
        "| " + " | ".join(FILES_HEADER) + " |",
        "|---|---|---|--:|---|",
    ]
    for record in files:
        cells = (
            record.file_name,
            record.file_category.title(),
            formatting.file_kind(record.file_name, record.file_type),
            formatting.file_size(record.file_size),
            formatting.when(record.uploaded_at),
        )
        lines.append("| " + " | ".join(_cell(cell) for cell in cells) + " |")
    return "\n".join(lines)


def _cell(text: str) -> str:
    return formatting.markdown_text(" ".join(text.split()))


def radiology_previews(services: CaseService, case_id: str, images: Sequence[CaseFile]) -> None:
    """A thumbnail per radiology file (DICOM windowed); a note where none can be made."""
    st.markdown("**Radiology images**")
    for start in range(0, len(images), PREVIEWS_PER_ROW):
        row = images[start : start + PREVIEWS_PER_ROW]
        for column, record in zip(st.columns(PREVIEWS_PER_ROW), row, strict=False):
            with column:
                _preview(services, case_id, record)


def _preview(services: CaseService, case_id: str, record: CaseFile) -> None:
    name = formatting.markdown_text(record.file_name)
    picture: bytes | None = None
    reason: str | None = NO_PREVIEW
    with shown_to_user():
        picture, reason = thumbnail(
            services.doctor.user_id,
            record.file_id,
            record.file_name,
            partial(services.thumbnail, case_id, record.file_id),
        )
    if picture is not None:
        # The alt text is what a screen reader says for the picture (axe-core: image-alt).
        st.image(picture, caption=name, alt=f"Preview of {record.file_name}", output_format="PNG")
    else:
        st.info(
            f"**{name}**: no preview, {formatting.markdown_text(reason or NO_PREVIEW)}.",
            icon=":material/hide_image:",
        )
    reading = _reading(record)
    if reading:
        st.caption(formatting.markdown_text(reading))


def _reading(record: CaseFile) -> str:
    """What the analysis made of the image, in a line: modality, body part, impression."""
    summary = record.ai_summary or {}
    parts = [str(summary[key]) for key in ("modality", "body_part") if summary.get(key)]
    impression = str(summary.get("impression") or "")
    return " · ".join([*parts, impression] if impression else parts)


# Keyed by the doctor as well as the file, so a preview is only ever served to its owner;
# the maker (excluded from the key) reads through that doctor's own session, and decodes
# in a child process with the analyzer's time and memory limits, never in this one.
@st.cache_data(ttl=900, max_entries=300, show_spinner=False)
def thumbnail(owner: str, file_id: str, file_name: str, _make: Callable[[], bytes]) -> Preview:
    """A PNG preview of a radiology file, or why there is none (never raises for bad images:
    one past its reading's time or memory limit included)."""
    try:
        return _make(), None
    except UnreadableImage as error:
        return None, str(error).removeprefix(f"{PREVIEW_LABEL}: ")
    except MedCaseError:
        raise  # the file or the session (not the image) is the trouble: the page says so
    except Exception as error:  # noqa: BLE001 - one odd image must not take the page down
        log.warning("no preview for file %s (%s)", file_id, type(error).__name__)
        return None, NO_PREVIEW


ADD_FILES_OPEN = "case_add_files_open"  # True while "Add files" is open


@st.fragment
def add_files_form(case_id: str, max_file_mb: int) -> None:
    """Lab files and radiology images to add, built only while "Add files" is open (opening
    it reruns this fragment alone); the page reruns with the outcome."""
    opened = st.expander(
        "Add files", icon=":material/upload_file:", key=ADD_FILES_OPEN, on_change="rerun"
    )
    with opened:
        if not opened.open:
            return
        # A fragment's own runs skip app.py: keep the token fresh here, as the list does.
        session.keep_fresh()
        if not session.signed_in():
            st.rerun()  # the refresh failed: the whole app shows sign-in and says why
        _add_files(session.services(), case_id, max_file_mb)


def _add_files(services: CaseService, case_id: str, max_file_mb: int) -> None:
    limit = max_file_mb
    pickers = ("case_add_lab_files", "case_add_radiology_files")
    with st.form("case_add_files", clear_on_submit=True):
        lab = uploads.lab_files(pickers[0], limit)
        radiology = uploads.radiology_files(pickers[1], limit)
        uploads.limits_caption(limit)
        st.caption("The case is analyzed again with the new files once they are added.")
        submitted = st.form_submit_button("Add files", key="case_add_files_submit")
    # Outside the form (its report reruns the page): the files the browser refused.
    refused = refused_files.watch("case_add_refused_files", pickers)
    if not submitted:
        return
    if refused:
        st.error(refused_files.refusal(refused, "Add files", cleared=True), icon=":material/block:")
        return
    picked = uploads.as_uploads(lab, radiology)
    if not picked:
        st.warning("Choose at least one lab file or radiology file to add.")
        return
    added = []
    with shown_to_user(next_run=True):
        added = services.add_files(case_id, picked)
    if added:
        session.notify(f"Added {len(added)} file(s); the case is being analyzed again.", "toast")
    st.rerun()
