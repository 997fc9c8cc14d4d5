"""Where the patient's name appears: the one policy every front end asks.

What is stored stays redacted ([PATIENT] where the engine saw the name). Each view asks
this policy for its audience instead of restoring the name itself, so the dashboard, the
API, the exports and the pilot cannot disagree:

- the case's owner (case page, API answers, Markdown/PDF export): the patient's name;
- the FHIR document: the name only where the clinic's setting includes it, else
  "the patient";
- a pilot reviewer: never a name; the placeholders stay as stored. Nor the patient
  record (its identity, record number, date of birth): ``patient`` gives a reviewer
  nothing, and the reviewer's view of a case has the record's own number and date of
  birth taken out wherever they stand (core/pilot/deidentify.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, TypeVar

from pydantic import BaseModel

from core.models import Case, Patient
from core.privacy.restore import restore_in, restored
from core.review import ReviewSummary, SignedNote

UNNAMED = "the patient"

Model = TypeVar("Model", bound=BaseModel)


class Audience(StrEnum):
    OWNER = "owner"
    FHIR = "fhir"
    PILOT_REVIEWER = "pilot_reviewer"


@dataclass(frozen=True)
class DisplayPolicy:
    """The clinic's choice of names in FHIR documents, applied for every audience."""

    fhir_patient_name: bool = True

    def shown_name(self, case: Case, audience: Audience) -> str | None:
        """What stands where the engine saw [PATIENT]; None leaves the placeholder."""
        if audience is Audience.OWNER:
            return case.patient_name
        if audience is Audience.FHIR:
            return case.patient_name if self.fhir_patient_name else UNNAMED
        return None

    def patient(self, patient: Patient, audience: Audience) -> Patient | None:
        """The patient record as ``audience`` may read it: the owner's whole; in a FHIR
        document named as the clinic's setting says; a pilot reviewer: nothing."""
        if audience is Audience.OWNER:
            return patient
        if audience is Audience.FHIR:
            return patient if self.fhir_patient_name else replace(patient, name=UNNAMED)
        return None

    def text(self, value: Any, case: Case, audience: Audience = Audience.OWNER) -> Any:
        """A stored value (text, dict, list) as ``audience`` reads it."""
        name = self.shown_name(case, audience)
        return value if name is None else restore_in(value, name)

    def record(self, model: Model, case: Case, audience: Audience = Audience.OWNER) -> Model:
        """A stored record (insights, a section) as ``audience`` reads it."""
        name = self.shown_name(case, audience)
        return model if name is None else restored(model, name)

    def note(self, note: SignedNote, case: Case, audience: Audience = Audience.OWNER) -> SignedNote:
        """A signed version as ``audience`` reads it (its hash covers the stored text)."""
        return replace(note, content=self.text(note.content, case, audience))

    def review(
        self, summary: ReviewSummary, case: Case, audience: Audience = Audience.OWNER
    ) -> ReviewSummary:
        """The draft, decisions and versions as ``audience`` reads them."""
        name = self.shown_name(case, audience)
        return summary if name is None else summary.for_the_owner(name)
