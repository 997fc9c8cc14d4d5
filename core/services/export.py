"""The case's note as a FHIR R4 document, for the page's download and the HTTP API.

The signed note is exported with the insights of the draft it was signed on (a re-run
after sign-off leaves the signed content and its lab values as they were); before
sign-off, the current AI draft, marked preliminary.
"""

from __future__ import annotations

import logging
from typing import Any

from pydantic import ValidationError

from core import validation
from core.errors import CaseNotFound, InternalError, InvalidInput
from core.export.fhir.document import ExportRequest, document_bundle
from core.insights import Insights
from core.models import Doctor
from core.ports import Backend
from core.privacy.display import Audience, DisplayPolicy
from core.services.review import ReviewService

log = logging.getLogger(__name__)

NO_INSIGHTS = (
    "This case has no AI insights yet, so there is nothing to export; "
    "export it once the analysis has finished"
)


def fhir_bundle(
    doctor: Doctor, backend: Backend, case_id: str, display: DisplayPolicy
) -> dict[str, Any]:
    """The FHIR R4 document Bundle of one of ``doctor``'s cases (JSON-ready)."""
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
    # The engine wrote [PATIENT] where the name stood; the display policy says what the
    # FHIR document reads there (the name, unless the clinic leaves names out).
    insights = display.record(insights, case, Audience.FHIR)
    if note is not None:
        note = display.note(note, case, Audience.FHIR)
    previous = review.versions[-2] if len(review.versions) > 1 else None
    bundle = document_bundle(
        ExportRequest(
            case=case,
            insights=insights,
            note=note,
            previous=previous,
            draft_id=review.draft.draft_id if review.draft else None,
            include_patient_name=display.fhir_patient_name,
        )
    )
    log.info("case %s: FHIR document exported (%s)", case_id, "signed" if note else "draft")
    return bundle
