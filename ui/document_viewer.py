"""The case's documents beside the note: a lab PDF, a scan or a radiology image, shown on
the case page without downloading it (issue #26).

Nothing is read until the doctor turns the viewer on, so opening a case costs what it did;
the viewer is a fragment, so choosing another document reruns the viewer alone. The bytes
come through the doctor's own CaseService (``view_file``, ``view_picture``): the owner's
files only, each view an audit event (``file_viewed``), as a download is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st
import streamlit.components.v2 as components
from streamlit.delta_generator import DeltaGenerator

from core.analysis.reading.imaging import PREVIEW_LABEL, UnreadableImage
from core.errors import InvalidInput
from core.files import extension_of
from core.models import CaseFile
from core.services import CaseService
from ui import case_files, formatting
from ui.errors import shown_to_user

OPEN_KEY = "case_viewer_open"
FILE_KEY = "case_viewer_file"
BESIDE_KEY = "case_beside"  # the row of the document and the note
PANE_KEY = "case_viewer_pane"  # the document's side of it
BESIDE_WIDTHS = (2, 3)  # the document's share of a wide window, and the note's
PDF_HEIGHT = 720  # pixels: about a page of a lab report at the page's width
TEXT_LIMIT = 200_000  # characters of a text lab file shown; the download has the rest
PICTURE_KINDS = ("png", "jpg", "jpeg")
TEXT_KINDS = ("txt", "csv", "hl7", "json", "xml")
TEXT_LANGUAGES = {"json": "json", "xml": "xml"}


class UnreadableDocument(ValueError):
    """The stored file cannot be shown; the message says why, safe to show."""


def document_viewer(
    services: CaseService, case_id: str, files: Sequence[CaseFile]
) -> DeltaGenerator | None:
    """A switch that shows one of the case's files on the page; nothing read while off.

    Once on, the document and the note share a row (``BESIDE_KEY``): the document on the
    left, the note on the right, on a window at least 1,200 px wide; narrower, the
    stylesheet (ui/assets/small_screens.css) stacks them, the document first. Returns the
    note's column for the page to draw the note in (None while the viewer is off)."""
    if not files:
        return None
    opened = st.toggle(
        "View a document beside the note",
        key=OPEN_KEY,
        help="A lab report or image of this case, on this page; each view is on the audit trail",
    )
    if not opened:
        return None
    with st.container(key=BESIDE_KEY):
        document_column, note_column = st.columns(BESIDE_WIDTHS, gap="medium")
    with document_column, st.container(key=PANE_KEY):
        _viewer(services, case_id, list(files))
    return note_column


@st.fragment
def _viewer(services: CaseService, case_id: str, files: list[CaseFile]) -> None:
    # A fragment: choosing another document redraws the viewer alone, not the note.
    names = {record.file_id: record.file_name for record in files}
    if st.session_state.get(FILE_KEY) not in names:
        st.session_state.pop(FILE_KEY, None)  # a file of another case, or one removed
    file_id = st.selectbox(
        "Document",
        options=list(names),
        format_func=names.__getitem__,
        key=FILE_KEY,
    )
    record = next(record for record in files if record.file_id == file_id)
    with st.container(key="case_viewer_document"), shown_to_user():
        try:
            show_document(services, case_id, record)
        except UnreadableDocument as error:
            st.error(
                f"**{formatting.markdown_text(record.file_name)}** cannot be shown: "
                f"{formatting.markdown_text(str(error))}. Download it from Files below.",
                icon=":material/broken_image:",
            )


def show_document(services: CaseService, case_id: str, record: CaseFile) -> None:
    """The file drawn as its kind allows; UnreadableDocument when it cannot be."""
    kind = extension_of(record.file_name)
    owner, name = services.doctor.user_id, record.file_name
    if kind == "pdf":
        content = viewed(owner, record.file_id, "file", lambda: _file(services, case_id, record))
        st.pdf(content, height=PDF_HEIGHT, key=f"case_viewer_pdf_{record.file_id}")
        pages_reachable_by_keyboard(f"{name}: its pages", record.file_id)
    elif kind in PICTURE_KINDS:
        # Checked by the clinic's reading first (the cached preview, made in a child
        # process): a corrupt picture is said so, not drawn as a broken icon.
        _check_picture(services, case_id, record)
        content = viewed(owner, record.file_id, "file", lambda: _file(services, case_id, record))
        st.image(content, alt=f"{name}, as uploaded")
    elif kind == "dcm":
        content = viewed(
            owner, record.file_id, "picture", lambda: _picture(services, case_id, record)
        )
        st.image(content, alt=f"{name}, windowed for display", output_format="PNG")
    elif kind in TEXT_KINDS:
        content = viewed(owner, record.file_id, "file", lambda: _file(services, case_id, record))
        text = content.decode("utf-8", errors="replace")
        if len(text) > TEXT_LIMIT:
            st.caption(f"The first {TEXT_LIMIT:,} characters; the download has the whole file.")
        st.code(text[:TEXT_LIMIT], language=TEXT_LANGUAGES.get(kind), wrap_lines=True)
    else:
        st.info(
            f"{formatting.file_kind(name, record.file_type)} files are not shown on the page: "
            "download it from Files below.",
            icon=":material/description:",
        )


# st.pdf (the streamlit-pdf component, in its own shadow root) scrolls its pages in a box
# that takes no focus, so a doctor without a mouse cannot scroll them (axe:
# scrollable-region-focusable). This script, in the page itself (st.components.v2), makes
# that box a named region in the tab order once it is drawn: Tab reaches it, the arrow
# and page keys scroll it. It looks for the box for up to 30 s (the component draws it
# after the page), within the viewer only, and touches nothing else.
_PDF_PAGES_JS = """
export default function (component) {
  const { data } = component;
  let tries = 0;
  const mark = () => {
    const viewer = document.querySelector(".st-key-case_viewer_document");
    let done = false;
    for (const host of viewer ? viewer.querySelectorAll("*") : []) {
      const box = host.shadowRoot && host.shadowRoot.querySelector('[data-testid="pdf-content"]');
      if (box) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", data.label);
        done = true;
      }
    }
    return done;
  };
  const timer = setInterval(() => {
    if (mark() || ++tries > 120) clearInterval(timer);
  }, 250);
  return () => clearInterval(timer);
}
"""
_pdf_pages = components.component("medcase_pdf_pages_reachable", js=_PDF_PAGES_JS)


def pages_reachable_by_keyboard(label: str, file_id: str) -> None:
    """The shown PDF's scrolling pages in the tab order, named ``label`` (nothing drawn)."""
    with st.container(key=f"case_viewer_pdf_keys_{file_id}"):
        _pdf_pages(key=f"case_viewer_pdf_pages_{file_id}", data={"label": label}, height=0)


# Keyed by the doctor as well as the file, so bytes are only ever served to their owner; a
# view is one audit event while the bytes are kept (up to five minutes), not one per rerun.
@st.cache_data(ttl=300, max_entries=16, show_spinner="Opening the document...")
def viewed(owner: str, file_id: str, form: str, _read: Callable[[], bytes]) -> bytes:
    """The bytes to show of one file (``form``: the file as stored, or its picture)."""
    return _read()


def _file(services: CaseService, case_id: str, record: CaseFile) -> bytes:
    if extension_of(record.file_name) != "pdf":
        return services.view_file(case_id, record.file_id)
    # Its structure opened by the clinic's reading, in a child: never parsed here.
    try:
        return services.view_pdf(case_id, record.file_id)
    except InvalidInput as error:
        raise UnreadableDocument(_pdf_reason(error)) from None


def _picture(services: CaseService, case_id: str, record: CaseFile) -> bytes:
    try:
        return services.view_picture(case_id, record.file_id)
    except UnreadableImage as error:
        raise UnreadableDocument(_reason(error)) from None


def _check_picture(services: CaseService, case_id: str, record: CaseFile) -> None:
    _, reason = case_files.thumbnail(
        services.doctor.user_id,
        record.file_id,
        record.file_name,
        lambda: services.thumbnail(case_id, record.file_id),
    )
    if reason is not None:
        raise UnreadableDocument(reason)


def _pdf_reason(error: InvalidInput) -> str:
    # "The PDF file could not be checked: reading took longer than 60 seconds..."
    return error.detail.removeprefix("The PDF file could not be checked: ")


def _reason(error: UnreadableImage) -> str:
    return str(error).removeprefix(f"{PREVIEW_LABEL}: ")
