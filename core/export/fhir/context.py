"""What every resource of one exported document shares: ids, references, status, times.

Ids are UUIDs derived from the case and the document (``uuid5``), so exporting the same
signed version twice gives the same document, and each version or draft a new one.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

# A fixed namespace for MedCase's derived ids (uuid5 of "medcase fhir export").
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "urn:medcase:fhir-export")
URN_SYSTEM = "urn:ietf:rfc:3986"  # an identifier whose value is a URI (urn:uuid:...)
MEDCASE_DOCTOR_SYSTEM = "urn:medcase:doctor"  # MedCase's user id of a doctor
MEDCASE_CASE_SYSTEM = "urn:medcase:case"  # MedCase's case id
MEDCASE_PATIENT_SYSTEM = "urn:medcase:patient"  # MedCase's patient record id (stable)


def derived_id(*parts: str) -> str:
    return str(uuid.uuid5(NAMESPACE, "/".join(parts)))


def urn(resource_id: str) -> str:
    return f"urn:uuid:{resource_id}"


def reference(resource: dict[str, Any], display: str | None = None) -> dict[str, str]:
    """A reference to a resource of the same document (by its ``urn:uuid`` fullUrl)."""
    ref = {"reference": urn(resource["id"])}
    if display:
        ref["display"] = display
    return ref


def fhir_time(moment: datetime) -> str:
    """An instant as FHIR writes it: UTC, to the second, with its offset."""
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return aware.astimezone(UTC).isoformat(timespec="seconds")


def parsed_time(text: str, fallback: datetime) -> datetime:
    """An ISO 8601 moment from stored insights; ``fallback`` when it cannot be read."""
    try:
        moment = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return fallback
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Document:
    """The exported document's identity and the resources every other one points at."""

    key: str  # what the ids derive from: the signed version's note id, or the draft's
    signed: bool
    patient: dict[str, str]  # references
    device: dict[str, str]
    practitioner: dict[str, str] | None  # the signing doctor; None for a draft
    generated_at: str  # when the AI draft was written (FHIR time)
    signed_at: str | None

    def resource_id(self, kind: str, number: int = 0) -> str:
        return derived_id(self.key, kind, str(number))

    @property
    def result_status(self) -> str:
        """Status of the observations, the report and the draft's own resources."""
        return "final" if self.signed else "preliminary"

    @property
    def recorded(self) -> str:
        return self.signed_at or self.generated_at
