"""The FHIR R4 document: a Bundle of type ``document`` whose first entry is the Composition.

Signed (version 1 ``final``, later versions ``amended``): the physician's signed text, the
signer as legal attester, the primary diagnosis ``confirmed``. Unsigned: the AI draft,
``preliminary``, its title and narrative saying "DRAFT: not signed", the diagnosis
``provisional``. Either way the Provenance names what wrote the draft (a Device: engine,
model, prompt version) and, once signed, who signed it and when.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.advisory import advisory_for
from core.analysis.history import CaseResults
from core.export.document import DRAFT_HEADING, TITLE, signature_line
from core.export.fhir.context import (
    URN_SYSTEM,
    Document,
    derived_id,
    fhir_time,
    parsed_time,
    reference,
    urn,
)
from core.export.fhir.diagnosis import differential_conditions, primary_condition
from core.export.fhir.labs import earlier_observations, lab_resources
from core.export.fhir.narrative import narrative
from core.export.fhir.parts import device, patient, practitioner, provenance
from core.export.fhir.sections import NoteText, composition_sections
from core.export.fhir.validation import r4
from core.insights import Insights
from core.models import Case
from core.review import SignedNote


@dataclass(frozen=True)
class ExportRequest:
    """What one export is made of: the case, the insights of the draft the note was written
    from, and the latest signed version (None: export the draft)."""

    case: Case
    insights: Insights
    note: SignedNote | None = None
    previous: SignedNote | None = None  # the version an amendment replaces
    draft_id: str | None = None
    include_patient_name: bool = True
    # The patient's earlier cases: their results of the note's tests go in as Observations
    # of their own, dated, under an "Earlier results" section (empty: left out).
    earlier: Sequence[CaseResults] = ()
    earlier_signed: frozenset[str] = frozenset()  # which of those cases' notes are signed


def document_bundle(request: ExportRequest) -> dict[str, Any]:
    """The document Bundle as R4 JSON, every resource checked by its R4 model."""
    case, insights, note = request.case, request.insights, request.note
    made = insights.provenance
    key = note.note_id if note else derived_id(case.case_id, "draft", _draft_key(request))
    the_patient = patient(case, request.include_patient_name)
    the_device = device(made)
    the_doctor = practitioner(note) if note else None
    generated = fhir_time(parsed_time(insights.generated_at, case.updated_at))
    doc = Document(
        key=key,
        signed=note is not None,
        patient=reference(the_patient),
        device=reference(the_device, made.written_by),
        practitioner=reference(the_doctor, note.signed_as) if the_doctor and note else None,
        generated_at=generated,
        signed_at=fhir_time(note.signed_at) if note else None,
    )
    text = NoteText.of(insights, note)
    primary = primary_condition(doc, text.diagnosis, text.evidence) if text.diagnosis else None
    # A signed document carries what the physician signed: the AI draft's unreviewed
    # differential is a draft's suggestion and stays out of it.
    differential = [] if note else insights.primary_diagnosis.differential
    conditions = ([primary] if primary else []) + differential_conditions(doc, differential)
    report, observations = (
        lab_resources(doc, insights.lab_values, text.lab_summary)
        if insights.lab_values
        else (None, [])
    )
    analytes = {value.analyte for value in insights.lab_values}
    earlier = earlier_observations(doc, request.earlier, analytes, request.earlier_signed)
    composition = _composition(doc, request, text, conditions, report, earlier)
    documented = [
        composition,
        *conditions,
        *([report] if report else []),
        *observations,
        *earlier,
    ]
    trail = provenance(doc, documented, made)
    resources = [
        composition,
        the_patient,
        *([the_doctor] if the_doctor else []),
        the_device,
        *documented[1:],
        trail,
    ]
    bundle: dict[str, Any] = {
        "resourceType": "Bundle",
        "id": doc.resource_id("Bundle"),
        "identifier": {"system": URN_SYSTEM, "value": urn(key)},
        "type": "document",
        "timestamp": doc.recorded,
        "entry": [{"fullUrl": urn(r["id"]), "resource": r} for r in resources],
    }
    return r4(bundle)


def _dated(observations: list[dict[str, Any]]) -> list[str]:
    """ "Creatinine: 1.1 mg/dL on 2026-03-12" for each earlier result."""
    lines = []
    for o in observations:
        quantity = o.get("valueQuantity")
        shown = (
            f"{quantity.get('comparator', '')}{quantity['value']} {quantity.get('unit', '')}"
            if quantity
            else str(o.get("valueString", ""))
        )
        lines.append(f"{o['code']['text']}: {shown.strip()} on {o['effectiveDateTime'][:10]}")
    return lines


def _draft_key(request: ExportRequest) -> str:
    return request.draft_id or request.insights.generated_at


def _composition(
    doc: Document,
    request: ExportRequest,
    text: NoteText,
    conditions: list[dict[str, Any]],
    report: dict[str, Any] | None,
    earlier: list[dict[str, Any]],
) -> dict[str, Any]:
    note, made = request.note, request.insights.provenance
    if note is None:
        title = f"{TITLE} ({DRAFT_HEADING})"
        banner = [DRAFT_HEADING, advisory_for(made.engine)]
        status = "preliminary"
    else:
        title = TITLE
        banner = [
            signature_line(note),
            "Signed by the physician. Prepared from a draft written by "
            f"{made.written_by}; the signed text is the physician's.",
        ]
        if note.amendment_reason:
            banner.append(f"Amended because: {note.amendment_reason}")
        status = "final" if note.version == 1 else "amended"
    composition: dict[str, Any] = {
        "resourceType": "Composition",
        "id": doc.resource_id("Composition"),
        "text": narrative([title, *banner]),
        # Version-independent: every version and draft of the case's note shares it.
        "identifier": {
            "system": URN_SYSTEM,
            "value": urn(derived_id(request.case.case_id, "note")),
        },
        "status": status,
        "type": {
            "coding": [
                {"system": "http://loinc.org", "code": "11506-3", "display": "Progress note"}
            ],
            "text": "SOAP note",
        },
        "subject": doc.patient,
        "date": doc.recorded,
        "author": [*([doc.practitioner] if doc.practitioner else []), doc.device],
        "title": title,
        "section": composition_sections(text, conditions, report, request.insights.lab_values),
    }
    if earlier:
        composition["section"].append(
            {
                "title": "Earlier results",
                "text": narrative([("Earlier results of this patient", _dated(earlier))]),
                "entry": [reference(o, o["code"]["text"]) for o in earlier],
            }
        )
    # A version whose hash does not match its text is not presented as attested.
    if note is not None and note.verified and doc.practitioner is not None:
        composition["attester"] = [
            {"mode": "legal", "time": doc.signed_at, "party": doc.practitioner}
        ]
    if request.previous is not None:
        composition["relatesTo"] = [
            {
                "code": "replaces",
                "targetIdentifier": {"system": URN_SYSTEM, "value": urn(request.previous.note_id)},
            }
        ]
    return r4(composition)
