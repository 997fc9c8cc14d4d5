"""The case's note as a FHIR R4 document over HTTP, for a clinic's record system.

Same auth, errors and ownership rules as the case routes: another doctor's case answers
404 "Case not found"; a case without insights 400.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Query, Response

from api import schemas
from api.dependencies import CurrentCaller

router = APIRouter(prefix="/api/v1/cases/{case_id}", tags=["export"])

FHIR_JSON = "application/fhir+json"

_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "A FHIR R4 Bundle of type document (Composition first)",
        "content": {FHIR_JSON: {"schema": {"type": "object"}}},
    },
    **{
        status: {"model": schemas.ErrorOut, "description": description}
        for status, description in (
            (400, "The case has no insights yet, or invalid input"),
            (401, "Invalid authentication credentials"),
            (404, "Case not found (or another doctor's case)"),
            (500, "Internal server error"),
        )
    },
}


@router.get("/fhir", response_class=Response, responses=_RESPONSES)
def fhir_document(
    case_id: str,
    caller: CurrentCaller,
    earlier: Annotated[
        bool, Query(description="Include the patient's earlier results of the note's tests")
    ] = False,
) -> Response:
    """The signed note as a FHIR R4 document Bundle (before sign-off, the AI draft with
    status preliminary); recorded on the audit trail as an export. The Patient carries the
    patient record's id (urn:medcase:patient), the same in every case of the patient."""
    bundle = caller.services.fhir_bundle(case_id, include_earlier=earlier)
    return Response(json.dumps(bundle, ensure_ascii=False), media_type=FHIR_JSON)
