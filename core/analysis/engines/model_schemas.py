"""What the language model must answer, as pydantic models and strict JSON schemas.

Every field is required and no extra keys are allowed (OpenAI's strict structured outputs);
an optional value is a required field that may be null. The answers are validated with
these models before anything is stored.
"""

from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel, ConfigDict


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ImageReadingAnswer(_Answer):
    findings: str
    impression: str
    key_abnormalities: list[str]
    confidence_score: float


class ScannedPageAnswer(_Answer):
    text: str


class CaseSummaryAnswer(_Answer):
    comprehensive_summary: str
    key_findings: list[str]
    lab_summary: str
    radiology_summary: str
    confidence_score: float


class SoapNoteAnswer(_Answer):
    subjective: str
    objective: str
    assessment: str
    plan: str
    confidence_score: float | None  # null when the model will not score it: we use 0.8


class DifferentialAnswer(_Answer):
    diagnosis: str
    icd_code: str
    confidence_score: float
    supporting_evidence: list[str]


class DiagnosisAnswer(_Answer):
    primary_diagnosis: str
    icd_code: str  # empty when the diagnosis is "Not determined"
    description: str
    confidence_score: float
    supporting_evidence: list[str]
    differential: list[DifferentialAnswer]  # ranked, up to three (more are dropped)
    confidence_reason: str


class SoapAndDiagnosisAnswer(_Answer):
    """One answer for both, so the SOAP assessment and the diagnosis come from one thought."""

    soap_note: SoapNoteAnswer
    primary_diagnosis: DiagnosisAnswer


# The schema name in each request tells a reader (and the test server) what is asked.
SCHEMA_NAMES: dict[type[_Answer], str] = {
    ImageReadingAnswer: "radiology_image_reading",
    ScannedPageAnswer: "scanned_lab_page",
    CaseSummaryAnswer: "case_summary",
    SoapAndDiagnosisAnswer: "soap_note_and_diagnosis",
}


def strict_json_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema with references inlined and every object closed and complete."""
    schema = model.model_json_schema()
    definitions = schema.pop("$defs", {})
    closed: dict[str, Any] = _close(schema, definitions)
    return closed


def _close(node: Any, definitions: dict[str, Any]) -> Any:
    if isinstance(node, list):
        return [_close(item, definitions) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        return _close(copy.deepcopy(definitions[name]), definitions)
    closed: dict[str, Any] = {}
    for key, value in node.items():
        if key == "properties":  # field names are kept as they are, whatever they are
            closed[key] = {name: _close(field, definitions) for name, field in value.items()}
        elif key not in ("title", "default"):  # annotations a strict schema does not need
            closed[key] = _close(value, definitions)
    if closed.get("type") == "object":
        closed["additionalProperties"] = False
        closed["required"] = list(closed.get("properties", {}))
    return closed


def response_format(model: type[_Answer]) -> dict[str, Any]:
    """The ``response_format`` argument asking for a strict JSON answer shaped like ``model``."""
    return {
        "type": "json_schema",
        "json_schema": {
            "name": SCHEMA_NAMES[model],
            "schema": strict_json_schema(model),
            "strict": True,
        },
    }
