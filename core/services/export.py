"""The case's note as a FHIR R4 document, for the page's download and the HTTP API.

The signed note is exported with the insights of the draft it was signed on (a re-run
after sign-off leaves the signed content and its lab values as they were); before
sign-off, the current AI draft, marked preliminary.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from pydantic import ValidationError

from core import validation
from core.errors import CaseNotFound, InternalError, InvalidInput
from core.export.fhir.document import ExportRequest, document_bundle
from core.insights import Insights
from core.models import Doctor
from core.ports import Backend
from core.privacy.restore import restore_in, restored
from core.services.review import ReviewService

log = logging.getLogger(__name__)

NO_INSIGHTS = (
    "This case has no AI insights yet, so there is nothing to export; "
    "export it once the analysis has finished"
)


def fhir_bundle(
    doctor: Doctor, backend: Backend, case_id: str, *, include_patient_name: bool
) -> dict[str, Any]:
    """The FHIR R4 document Bundle of one of ``doctor``'s cases (JSON-ready)."""
    case_id = validation.case_id(case_id)
    owner = doctor.user_id
    case = backend.cases.get_case(owner, case_id)
    if case is None:
        raise CaseNotFound()
    review = ReviewService(doctor, backend).summary(case_id)
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
    # The engine wrote [PATIENT] where the name stood; the owner's document reads the name
    # again, unless the clinic leaves names out of FHIR exports.
    shown_name = case.patient_name if include_patient_name else "the patient"
    insights = restored(insights, shown_name)
    if note is not None:
        note = replace(note, content=restore_in(note.content, shown_name))
    previous = review.versions[-2] if len(review.versions) > 1 else None
    bundle = document_bundle(
        ExportRequest(
            case=case,
            insights=insights,
            note=note,
            previous=previous,
            draft_id=review.draft.draft_id if review.draft else None,
            include_patient_name=include_patient_name,
        )
    )
    log.info("case %s: FHIR document exported (%s)", case_id, "signed" if note else "draft")
    return bundle
