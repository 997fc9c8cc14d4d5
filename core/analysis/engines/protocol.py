"""What an insight engine must provide. The pipeline calls these in two rounds: every
image (and scanned page) at once, then the case summary beside the SOAP note + diagnosis."""

from __future__ import annotations

from typing import Protocol

from core.insights import (
    CaseSummary,
    ImageAnalysis,
    LabDocument,
    PatientContext,
    PrimaryDiagnosis,
    RadiologyImage,
    SoapNote,
)


class InsightEngine(Protocol):
    # Read-only: what the engine is, as provenance records it.
    @property
    def name(self) -> str:
        """ "rules" or "openai"."""

    @property
    def model(self) -> str | None:
        """The model that writes (None for the rules engine)."""

    @property
    def written_by(self) -> str:
        """Plain words for the doctor: what wrote the draft."""

    @property
    def prompt_version(self) -> str: ...

    def close(self) -> None:
        """Release what the engine holds (an HTTP client); nothing for the rules engine."""

    def read_image(self, image: RadiologyImage, context: PatientContext) -> ImageAnalysis:
        """Round 1: one radiology image's findings (called concurrently for all images)."""

    # An engine may say ``reads_scanned_pages = False`` (the rules engine): the pipeline then
    # sends it no scanned page; OCR reads them (reading.ocr), and those OCR found no text on
    # are counted as unread (LabDocument.unread_pages).

    def read_scanned_page(self, page_png: bytes, context: PatientContext) -> str | None:
        """Round 1: the text of a scanned lab page, or None when this engine cannot read images."""

    def summarize_case(
        self,
        context: PatientContext,
        labs: list[LabDocument],
        images: list[tuple[RadiologyImage, ImageAnalysis]],
    ) -> CaseSummary:
        """Round 2: the case summary from everything the files said."""

    def write_soap_and_diagnosis(
        self,
        context: PatientContext,
        labs: list[LabDocument],
        images: list[tuple[RadiologyImage, ImageAnalysis]],
    ) -> tuple[SoapNote, PrimaryDiagnosis]:
        """Round 2, beside the summary and from the same facts: SOAP note and primary
        diagnosis in one answer, so they agree."""
