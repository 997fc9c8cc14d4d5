"""Download buttons for the chart export (SOAP note and primary diagnosis): Markdown, PDF
and a FHIR R4 document for a record system."""

from __future__ import annotations

import json
from functools import partial

import streamlit as st

from core.export.document import export_name
from core.models import Case
from core.review import SignedNote
from core.services import CaseService

MARKDOWN_KEY = "case_export_markdown"
PDF_KEY = "case_export_pdf"
FHIR_KEY = "case_export_fhir"


def export_buttons(services: CaseService, case: Case, note: SignedNote | None = None) -> None:
    """Markdown, PDF and FHIR of the signed note (``note``, the latest version), or of the
    AI draft marked as not signed; the service builds each when the doctor clicks."""
    with st.container(horizontal=True, vertical_alignment="center"):
        if note is None:
            st.caption("Export the draft SOAP note and diagnosis (marked DRAFT: not signed):")
        else:
            st.caption(f"Export the signed note (version {note.version}) for the chart:")
        st.download_button(
            "Markdown",
            # Built by the service when the doctor clicks (the signed version with the draft
            # it was signed on), which is also when the export is recorded.
            data=partial(services.chart_markdown, case.case_id),
            file_name=export_name(case, "md"),
            mime="text/markdown",
            key=MARKDOWN_KEY,
            icon=":material/description:",
            on_click="ignore",
        )
        st.download_button(
            "PDF",
            # Built only when the doctor clicks: embedding a font costs more than a rerun should.
            data=partial(services.chart_pdf, case.case_id),
            file_name=export_name(case, "pdf"),
            mime="application/pdf",
            key=PDF_KEY,
            icon=":material/picture_as_pdf:",
            on_click="ignore",
        )
        st.download_button(
            "FHIR R4",
            # The service builds the document (signed version, else the draft marked
            # preliminary) and records the export, when the doctor clicks.
            data=partial(_fhir_document, services, case),
            file_name=export_name(case, "fhir.json"),
            mime="application/fhir+json",
            key=FHIR_KEY,
            icon=":material/health_and_safety:",
            on_click="ignore",
            help="A FHIR R4 document Bundle for the clinic's record system",
        )


def _fhir_document(services: CaseService, case: Case) -> bytes:
    bundle = services.fhir_bundle(case.case_id)
    return json.dumps(bundle, ensure_ascii=False, indent=2).encode("utf-8")
