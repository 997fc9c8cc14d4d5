"""The diagnoses as Conditions: the primary one (provisional in a draft, confirmed once the
physician signed it) and the AI draft's differential (marked ``differential``).

An ICD-10-CM code is coded only when it is in the ICD-10-CM code set; otherwise the
Condition carries the words and a note that the suggested code is not valid. An empty
code is the engine's abstention ("Not determined"): no Condition is written for it.
"""

from __future__ import annotations

from typing import Any

from core import icd10
from core.export.fhir.context import Document
from core.export.fhir.narrative import narrative
from core.export.fhir.validation import r4
from core.insights import DifferentialDiagnosis

ICD10CM_SYSTEM = "http://hl7.org/fhir/sid/icd-10-cm"
CLINICAL_STATUS = "http://terminology.hl7.org/CodeSystem/condition-clinical"
VERIFICATION_STATUS = "http://terminology.hl7.org/CodeSystem/condition-ver-status"
CATEGORY = "http://terminology.hl7.org/CodeSystem/condition-category"
VERIFICATION_DISPLAY = {
    "provisional": "Provisional",
    "confirmed": "Confirmed",
    "differential": "Differential",
}


def primary_condition(
    doc: Document, diagnosis: dict[str, Any], evidence: list[str]
) -> dict[str, Any] | None:
    """The primary diagnosis (``diagnosis``: the note's fields); None for an abstention."""
    if not str(diagnosis.get("icd_code") or "").strip():
        return None
    notes = [diagnosis["description"]] if diagnosis.get("description") else []
    notes += [f"Supporting evidence: {item}" for item in evidence]
    status = "confirmed" if doc.signed else "provisional"
    return _condition(
        doc, 0, diagnosis.get("primary_diagnosis") or "", diagnosis["icd_code"], status, notes
    )


def differential_conditions(
    doc: Document, differential: list[DifferentialDiagnosis]
) -> list[dict[str, Any]]:
    """The AI draft's ranked differential, each a Condition marked ``differential``."""
    conditions = []
    for rank, item in enumerate(differential, 1):
        notes = [f"Differential diagnosis {rank}, suggested by the AI draft."]
        notes += [f"Supporting evidence: {evidence}" for evidence in item.supporting_evidence]
        conditions.append(
            _condition(doc, rank, item.diagnosis, item.icd_code, "differential", notes)
        )
    return conditions


def coded_diagnosis(name: str, code: str) -> dict[str, Any]:
    """The CodeableConcept of a diagnosis: ICD-10-CM when the code is valid, words always."""
    concept: dict[str, Any] = {"text": name or code}
    valid, official = icd10.check_icd10(code) if code else (False, None)
    if valid:
        coding = {"system": ICD10CM_SYSTEM, "code": icd10.normalize_icd10(code)}
        if official:
            coding["display"] = official
        concept["coding"] = [coding]
    return concept


def _condition(
    doc: Document, number: int, name: str, code: str, verification: str, notes: list[str]
) -> dict[str, Any]:
    concept = coded_diagnosis(name, code)
    if code and "coding" not in concept:
        notes = [*notes, f"The suggested code {code} is not a valid ICD-10-CM code."]
    condition: dict[str, Any] = {
        "resourceType": "Condition",
        "id": doc.resource_id("Condition", number),
        "text": narrative([f"{concept['text']} ({code or 'no code'}): {verification}"]),
        "verificationStatus": {
            "coding": [
                {
                    "system": VERIFICATION_STATUS,
                    "code": verification,
                    "display": VERIFICATION_DISPLAY[verification],
                }
            ]
        },
        "category": [
            {
                "coding": [
                    {
                        "system": CATEGORY,
                        "code": "encounter-diagnosis",
                        "display": "Encounter Diagnosis",
                    }
                ]
            }
        ],
        "code": concept,
        "subject": doc.patient,
        "recordedDate": doc.recorded,
    }
    if verification != "differential":
        # A diagnosis still being weighed has no clinical status yet.
        condition["clinicalStatus"] = {
            "coding": [{"system": CLINICAL_STATUS, "code": "active", "display": "Active"}]
        }
    if doc.practitioner is not None and verification == "confirmed":
        condition["asserter"] = doc.practitioner
        condition["recorder"] = doc.practitioner
    if notes:
        condition["note"] = [{"text": text} for text in notes]
    return r4(condition)
