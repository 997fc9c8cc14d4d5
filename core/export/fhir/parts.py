"""Who and what the document is about and by: the Patient, the signing Practitioner, the
Device that wrote the draft, and the Provenance that ties them to the content.

The patient's age: MedCase records an age in whole years, not a birth date, and a birth
year computed from an age is wrong half the time, so ``birthDate`` stays empty and the age
travels in an extension (``AGE_EXTENSION``, valueAge in UCUM years) as stated on the case.
"""

from __future__ import annotations

from typing import Any

from core.export.fhir.context import (
    MEDCASE_CASE_SYSTEM,
    MEDCASE_DOCTOR_SYSTEM,
    MEDCASE_PATIENT_SYSTEM,
    Document,
    derived_id,
    reference,
)
from core.export.fhir.narrative import narrative
from core.export.fhir.validation import r4
from core.insights import Provenance
from core.models import Case
from core.review import SignedNote

AGE_EXTENSION = "urn:medcase:fhir:StructureDefinition:patient-age"
PARTICIPANT_TYPE = "http://terminology.hl7.org/CodeSystem/provenance-participant-type"
SIGNATURE_TYPE = "urn:iso-astm:E1762-95:2013"


def patient(case: Case, include_name: bool) -> dict[str, Any]:
    """The case's patient: name (unless left out), age, administrative gender."""
    words = [f"{case.patient_age} years, {case.patient_gender}"]
    resource: dict[str, Any] = {
        "resourceType": "Patient",
        "id": derived_id(case.case_id, "Patient"),
        # The patient record's id first: the same for every case of this patient, so a
        # receiver can join the documents; then the case's.
        "identifier": [
            *(
                [{"system": MEDCASE_PATIENT_SYSTEM, "value": case.patient_id}]
                if case.patient_id
                else []
            ),
            {"system": MEDCASE_CASE_SYSTEM, "value": case.case_id},
        ],
        "extension": [
            {
                "url": AGE_EXTENSION,
                "valueAge": {
                    "value": case.patient_age,
                    "unit": "years",
                    "system": "http://unitsofmeasure.org",
                    "code": "a",
                },
            }
        ],
        # MedCase's genders are FHIR's AdministrativeGender codes, one for one.
        "gender": case.patient_gender,
    }
    if include_name:
        resource["name"] = [{"text": case.patient_name}]
        words.insert(0, case.patient_name)
    resource["text"] = narrative(words)
    return r4(resource)


def practitioner(note: SignedNote) -> dict[str, Any]:
    """The physician who signed the version."""
    resource: dict[str, Any] = {
        "resourceType": "Practitioner",
        "id": derived_id("doctor", note.signed_by),
        "text": narrative(
            [note.signed_as, note.signer_email] if note.signer_name else [note.signer_email]
        ),
        "identifier": [{"system": MEDCASE_DOCTOR_SYSTEM, "value": note.signed_by}],
        "telecom": [{"system": "email", "value": note.signer_email}],
    }
    # The name and credentials as signed (issue #26), when the signer had set them.
    if note.signer_name:
        resource["name"] = [{"text": note.signer_name}]
    if note.signer_credentials:
        resource["qualification"] = [{"code": {"text": note.signer_credentials}}]
    return r4(resource)


def device(made: Provenance) -> dict[str, Any]:
    """What wrote the AI draft: the engine, the model, the prompt version."""
    names = [{"name": made.written_by, "type": "user-friendly-name"}]
    if made.model:
        names.append({"name": made.model, "type": "model-name"})
    return r4(
        {
            "resourceType": "Device",
            "id": derived_id("engine", made.engine, made.model or "", made.prompt_version),
            "text": narrative(
                [
                    made.written_by,
                    f"Model: {made.model or 'none'}",
                    f"Prompt: {made.prompt_version}",
                ]
            ),
            "deviceName": names,
            "type": {"text": f"MedCase analysis engine: {made.engine}"},
            "version": [
                {"type": {"text": "engine"}, "value": made.engine},
                {"type": {"text": "prompt version"}, "value": made.prompt_version},
            ],
        }
    )


def provenance(doc: Document, documented: list[dict[str, Any]], made: Provenance) -> dict[str, Any]:
    """Who wrote what and when: the Device authored the draft at ``generated_at``; the
    physician attested the signed version at ``signed_at``."""
    agents: list[dict[str, Any]] = [_agent("author", "Author", doc.device)]
    resource: dict[str, Any] = {
        "resourceType": "Provenance",
        "id": doc.resource_id("Provenance"),
        "text": narrative(
            [f"Draft written by {made.written_by} at {doc.generated_at}."]
            + ([f"Signed by the physician at {doc.signed_at}."] if doc.signed_at else [])
        ),
        "target": [reference(resource) for resource in documented],
        "recorded": doc.recorded,
    }
    if doc.practitioner is not None and doc.signed_at is not None:
        agents.append(_agent("attester", "Attester", doc.practitioner))
        resource["occurredPeriod"] = {"start": doc.generated_at, "end": doc.signed_at}
        resource["signature"] = [
            {
                "type": [
                    {
                        "system": SIGNATURE_TYPE,
                        "code": "1.2.840.10065.1.12.1.5",
                        "display": "Verification Signature",
                    }
                ],
                "when": doc.signed_at,
                "who": doc.practitioner,
            }
        ]
    else:
        resource["occurredDateTime"] = doc.generated_at
    resource["agent"] = agents
    return r4(resource)


def _agent(code: str, display: str, who: dict[str, str]) -> dict[str, Any]:
    return {
        "type": {"coding": [{"system": PARTICIPANT_TYPE, "code": code, "display": display}]},
        "who": who,
    }
