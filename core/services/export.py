"""The case's note exported: the FHIR R4 document and the chart document (Markdown, PDF),
for the page's downloads and the HTTP API.

The signed note is exported with the insights of the draft it was signed on (a re-run
after sign-off leaves the signed content and its lab values as they were); before
sign-off, the current AI draft, marked preliminary.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from core import validation
from core.analysis.history import CaseResults, TrendSeries, lab_history
from core.errors import CaseNotFound, InternalError, InvalidInput
from core.export import markdown
from core.export.fhir.document import ExportRequest, document_bundle
from core.insights import Insights
from core.jobs.patient_results import earlier_results
from core.lifecycle import SIGNED_STATES
from core.models import Case, CaseFile, Doctor
from core.ports import Backend
from core.privacy.display import Audience, DisplayPolicy
from core.review import ReviewSummary, SignedNote
from core.services.review import ReviewService

log = logging.getLogger(__name__)

NO_INSIGHTS = (
    "This case has no AI insights yet, so there is nothing to export; "
    "export it once the analysis has finished"
)


@dataclass(frozen=True)
class NoteToExport:
    """What an export of a case holds: the signed note (else None: the draft) with the
    insights of the draft it was signed on, as ``audience`` reads them."""

    case: Case
    insights: Insights
    note: SignedNote | None
    review: ReviewSummary
    files: list[CaseFile]


def note_to_export(
    doctor: Doctor, backend: Backend, case_id: str, display: DisplayPolicy, audience: Audience
) -> NoteToExport:
    """The signed version (or the current draft) of one of ``doctor``'s cases, with the
    insights it was written from; InvalidInput while there are none yet."""
    case_id = validation.case_id(case_id)
    owner = doctor.user_id
    case = backend.cases.get_case(owner, case_id)
    if case is None:
        raise CaseNotFound()
    review = ReviewService(doctor, backend, display).summary(case_id)
    note = review.latest
    record = backend.cases.get_insights(owner, case_id)
    if note is not None:
        signed_on = next(
            (d for d in backend.reviews.drafts(owner, case_id) if d.draft_id == note.draft_id),
            None,
        )
        if signed_on is not None:
            record = signed_on.ai_insights
    if not record:
        raise InvalidInput(NO_INSIGHTS)
    try:
        insights = Insights.model_validate(record)
    except ValidationError as error:
        raise InternalError("the case's stored insights could not be read") from error
    # The engine wrote [PATIENT] where the name stood; the display policy says what this
    # audience reads there.
    insights = display.record(insights, case, audience)
    if note is not None:
        note = display.note(note, case, audience)
    files = backend.cases.list_files(owner, case_id)
    return NoteToExport(case, insights, note, review, files)


def fhir_bundle(
    doctor: Doctor,
    backend: Backend,
    case_id: str,
    display: DisplayPolicy,
    include_earlier: bool = False,
) -> dict[str, Any]:
    """The FHIR R4 document Bundle of one of ``doctor``'s cases (JSON-ready); with
    ``include_earlier``, the patient's earlier results of the note's tests too."""
    shown = note_to_export(doctor, backend, case_id, display, Audience.FHIR)
    earlier = earlier_results(backend, doctor.user_id, shown.case) if include_earlier else []
    signed = (
        frozenset(
            case.case_id
            for case in backend.patients.patient_cases(doctor.user_id, shown.case.patient_id or "")
            if case.review_state in SIGNED_STATES
        )
        if earlier
        else frozenset()
    )
    review = shown.review
    previous = review.versions[-2] if len(review.versions) > 1 else None
    bundle = document_bundle(
        ExportRequest(
            case=shown.case,
            insights=shown.insights,
            note=shown.note,
            previous=previous,
            draft_id=review.draft.draft_id if review.draft else None,
            include_patient_name=display.fhir_patient_name,
            earlier=earlier,
            earlier_signed=signed,
        )
    )
    kind = "signed" if shown.note else "draft"
    log.info("case %s: FHIR document exported (%s)", shown.case.case_id, kind)
    return bundle


def patient_series(doctor: Doctor, backend: Backend, shown: NoteToExport) -> list[TrendSeries]:
    """The patient's series up to this case: its earlier cases' values and the note's."""
    case = shown.case
    earlier = earlier_results(backend, doctor.user_id, case)
    return lab_history(
        [*earlier, CaseResults(case.case_id, case.created_at, shown.insights.lab_values)]
    )


def chart_markdown(doctor: Doctor, backend: Backend, case_id: str, display: DisplayPolicy) -> str:
    """The chart document of one of ``doctor``'s cases as Markdown, for its owner, with
    the trend table of the tests the patient has earlier results of."""
    shown = note_to_export(doctor, backend, case_id, display, Audience.OWNER)
    trends = patient_series(doctor, backend, shown)
    return markdown.chart_markdown(shown.case, shown.insights, shown.note, shown.files, trends)


def chart_pdf(doctor: Doctor, backend: Backend, case_id: str, display: DisplayPolicy) -> bytes:
    """The chart document of one of ``doctor``'s cases as a PDF, for its owner."""
    # fpdf2 takes about a third of a second to import: paid only when a PDF is asked for.
    from core.export.pdf import chart_pdf as laid_out_pdf

    shown = note_to_export(doctor, backend, case_id, display, Audience.OWNER)
    trends = patient_series(doctor, backend, shown)
    return laid_out_pdf(shown.case, shown.insights, shown.note, files=shown.files, trends=trends)
