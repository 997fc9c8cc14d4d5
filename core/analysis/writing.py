"""Round 2 of an analysis: the case summary beside the SOAP note and diagnosis.

Both are written from the same facts (the extracted texts, the parsed lab tables and the
image readings), so neither waits for the other; each section is handed on the moment it
lands, and the case page shows it while the other is still being written.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, as_completed, wait
from typing import Any

from core.analysis.engines.protocol import InsightEngine
from core.icd10 import annotate_diagnosis
from core.insights import (
    CaseSummary,
    ImageAnalysis,
    LabDocument,
    PatientContext,
    PrimaryDiagnosis,
    RadiologyImage,
    SoapNote,
)
from core.models import DRAFT_SECTIONS, AnalysisStage

# A section of the draft as soon as it is written: its name (DRAFT_SECTIONS), its content.
SaveSection = Callable[[str, dict[str, Any]], None]

CASE_SUMMARY_SECTION, SOAP_NOTE_SECTION, DIAGNOSIS_SECTION = DRAFT_SECTIONS


def write_round(
    engine: InsightEngine,
    context: PatientContext,
    documents: list[LabDocument],
    readings: list[tuple[RadiologyImage, ImageAnalysis]],
    pool: Executor,
    timings: dict[str, float],
    on_stage: Callable[[str], None],
    on_section: SaveSection | None,
) -> tuple[CaseSummary, SoapNote, PrimaryDiagnosis]:
    """Both writing requests at once; each section saved the moment it lands.

    The stages keep their order (summary, then SOAP note): a SOAP note that lands first is
    saved and shown at once, and its stage follows the summary's.
    """
    since = time.perf_counter()
    summary_future = pool.submit(engine.summarize_case, context, documents, readings)
    soap_future = pool.submit(engine.write_soap_and_diagnosis, context, documents, readings)
    futures: list[Future[Any]] = [summary_future, soap_future]
    summary: CaseSummary | None = None
    soap_answer: tuple[SoapNote, PrimaryDiagnosis] | None = None
    try:
        for future in as_completed(futures):
            if future is summary_future:
                summary = future.result()
                timings[AnalysisStage.CASE_SUMMARY_GENERATED.value] = _since(since)
                if on_section:
                    on_section(CASE_SUMMARY_SECTION, summary.model_dump(mode="json"))
                on_stage(AnalysisStage.CASE_SUMMARY_GENERATED.value)
            else:
                soap, diagnosis = future.result()
                timings[AnalysisStage.SOAP_NOTE_GENERATED.value] = _since(since)
                # The ICD-10 check is local and quick: what lands is what the draft keeps.
                diagnosis = annotate_diagnosis(diagnosis)
                soap_answer = (_naming_diagnosis(soap, diagnosis), diagnosis)
                if on_section:
                    on_section(SOAP_NOTE_SECTION, soap_answer[0].model_dump(mode="json"))
                    on_section(DIAGNOSIS_SECTION, diagnosis.model_dump(mode="json"))
            if summary is not None and soap_answer is not None:
                on_stage(AnalysisStage.SOAP_NOTE_GENERATED.value)
    finally:
        # Nothing of this case may still run once its outcome is reported.
        wait(futures)
    assert summary is not None and soap_answer is not None  # as_completed gave both
    return summary, *soap_answer


def _since(started: float) -> float:
    return round(time.perf_counter() - started, 3)


def _naming_diagnosis(soap: SoapNote, diagnosis: PrimaryDiagnosis) -> SoapNote:
    """The assessment must name the primary diagnosis; add it when the writer did not."""
    name = diagnosis.primary_diagnosis.strip()
    assessment = soap.assessment.lower()
    if not name or name.lower() in assessment or diagnosis.icd_code.lower() in assessment:
        return soap
    addition = f"Primary diagnosis: {name} ({diagnosis.icd_code})."
    return soap.model_copy(update={"assessment": f"{soap.assessment.rstrip()}\n{addition}"})
