"""Each resource through its FHIR R4 (4.0.1) model, from SMART on FHIR's ``fhirclient``.

The models refuse a missing required element, an element R4 does not have, a value of the
wrong type and a malformed date or time; what leaves the export is the model's own JSON.
"""

from __future__ import annotations

from typing import Any

from fhirclient.models import (
    bundle,
    composition,
    condition,
    device,
    diagnosticreport,
    observation,
    patient,
    practitioner,
    provenance,
)
from fhirclient.models.fhirabstractbase import FHIRValidationError

from core.errors import InternalError

FHIR_VERSION = "4.0.1"

# The resource types the export writes; any other is refused, never parsed as a bare Element.
R4_MODELS: dict[str, Any] = {
    "Bundle": bundle.Bundle,
    "Composition": composition.Composition,
    "Condition": condition.Condition,
    "Device": device.Device,
    "DiagnosticReport": diagnosticreport.DiagnosticReport,
    "Observation": observation.Observation,
    "Patient": patient.Patient,
    "Practitioner": practitioner.Practitioner,
    "Provenance": provenance.Provenance,
}


def r4_model(resource: dict[str, Any]) -> Any:
    """The resource parsed into its R4 model; FHIRValidationError when it is not valid R4."""
    kind = resource.get("resourceType")
    model = R4_MODELS.get(str(kind))
    if model is None:
        raise FHIRValidationError(f"{kind!r} is not a resource type the export writes")
    return model(resource, strict=True)


def r4(resource: dict[str, Any]) -> dict[str, Any]:
    """``resource`` as its R4 model writes it; an invalid one is our bug, never the doctor's
    (the detail names the type and the element, never a value)."""
    try:
        checked: dict[str, Any] = r4_model(resource).as_json()
    except FHIRValidationError as error:
        where = (error.path or "") + "".join(f" {type(e).__name__}" for e in error.errors[:3])
        raise InternalError(
            f"the FHIR export built an invalid {resource.get('resourceType')} ({where.strip()})"
        ) from error
    return checked
