"""Download buttons for the chart export (SOAP note and primary diagnosis): Markdown, PDF
and a FHIR R4 document for a record system."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import partial

import streamlit as st

from core.export.document import export_name
from core.export.markdown import chart_markdown
from core.insights import Insights
from core.models import Case, CaseFile
from core.review import SignedNote
from core.services import CaseService

MARKDOWN_KEY = "case_export_markdown"
PDF_KEY = "case_export_pdf"
FHIR_KEY = "case_export_fhir"


def export_buttons(
    services: CaseService,
    case: Case,
    insights: Insights,
    note: SignedNote | None = None,
    files: Sequence[CaseFile] = (),
) -> None:
    """Markdown and PDF of the signed note (``note``), or of the AI draft marked as not
    signed, with the banner naming what wrote the draft; ``files`` name the values' sources."""
    with st.container(horizontal=True, vertical_alignment="center"):
        if note is None:
            st.caption("Export the draft SOAP note and diagnosis (marked DRAFT: not signed):")
        else:
            st.caption(f"Export the signed note (version {note.version}) for the chart:")
        st.download_button(
            "Markdown",
            # Built when the doctor clicks, which is also when the export is recorded.
            data=partial(_chart_markdown, services, case, insights, note, files),
            file_name=export_name(case, "md"),
            mime="text/markdown",
            key=MARKDOWN_KEY,
            icon=":material/description:",
            on_click="ignore",
        )
        st.download_button(
            "PDF",
            # Built only when the doctor clicks: embedding a font costs more than a rerun should.
            data=partial(_chart_pdf, services, case, insights, note, files),
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


def _chart_markdown(
    services: CaseService,
    case: Case,
    insights: Insights,
    note: SignedNote | None,
    files: Sequence[CaseFile] = (),
) -> str:
    document = chart_markdown(case, insights, note, files)
    services.record_export(case.case_id, "markdown")
    return document


def _chart_pdf(
    services: CaseService,
    case: Case,
    insights: Insights,
    note: SignedNote | None,
    files: Sequence[CaseFile] = (),
) -> bytes:
    # fpdf2 takes about a third of a second to import: pay for it only when a PDF is asked
    # for, not on the first render of every case page.
    from core.export.pdf import chart_pdf

    document = chart_pdf(case, insights, note, files=files)
    services.record_export(case.case_id, "pdf")
    return document
