"""The lab values as one DiagnosticReport with an Observation per value.

Each value keeps what the lab document said: the number with its comparator ("<5"), the
unit as written with its UCUM code, the reference range, and the interpretation as the
v3 ObservationInterpretation codes (H, L; HH, LL when on the critical-value list; A for an
abnormal dipstick; N within range). A value from a specimen other than blood (urine, CSF)
says so, and gets a LOINC code only when the code names that specimen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.analysis.history import CaseResults, value_time
from core.analysis.labs.format import format_lab_value, format_result, is_dipstick
from core.analysis.labs.loinc import LOINC_SYSTEM, loinc_of
from core.analysis.labs.ucum import UCUM_SYSTEM, ucum_code
from core.export.fhir.context import Document, fhir_time, reference
from core.export.fhir.narrative import narrative
from core.export.fhir.validation import r4
from core.insights import LabValue

INTERPRETATION_SYSTEM = "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation"
INTERPRETATIONS = {
    "H": "High",
    "L": "Low",
    "HH": "Critical high",
    "LL": "Critical low",
    "AA": "Critical abnormal",
    "A": "Abnormal",
    "N": "Normal",
}
OBSERVATION_CATEGORY = "http://terminology.hl7.org/CodeSystem/observation-category"
REPORT_CATEGORY = "http://terminology.hl7.org/CodeSystem/v2-0074"
LAB_REPORT = {"system": LOINC_SYSTEM, "code": "11502-2", "display": "Laboratory report"}
# Quantity.comparator's codes for the comparators a lab report writes.
COMPARATORS = {"<": "<", ">": ">", "≤": "<=", "≥": ">=", "<=": "<=", ">=": ">="}


def interpretation_code(value: LabValue) -> str | None:
    """H / L, HH / LL when critical, A for an abnormal dipstick, N when within a known range."""
    if value.critical:
        return {"high": "HH", "low": "LL"}.get(value.flag or "", "AA")
    if is_dipstick(value):
        return "A" if value.flag else "N"
    if value.flag in ("high", "low"):
        return "H" if value.flag == "high" else "L"
    if value.flag:
        return "A"
    if value.reference_low is not None or value.reference_high is not None:
        return "N"
    return None


def lab_resources(
    doc: Document, values: list[LabValue], conclusion: str
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The DiagnosticReport and its Observations, in the order the values were read."""
    observations = [_observation(doc, value, n) for n, value in enumerate(values, 1)]
    report: dict[str, Any] = {
        "resourceType": "DiagnosticReport",
        "id": doc.resource_id("DiagnosticReport"),
        "text": narrative([("Lab values read from the case's lab files", _lines(values))]),
        "status": doc.result_status,
        "category": [
            {"coding": [{"system": REPORT_CATEGORY, "code": "LAB", "display": "Laboratory"}]}
        ],
        "code": {"coding": [LAB_REPORT], "text": "Lab values"},
        "subject": doc.patient,
        "issued": doc.recorded,
        "result": [reference(o, o["code"]["text"]) for o in observations],
    }
    if doc.practitioner is not None:
        report["resultsInterpreter"] = [doc.practitioner]
    if conclusion:
        report["conclusion"] = conclusion
    return r4(report), observations


def earlier_observations(
    doc: Document, earlier: Sequence[CaseResults], analytes: set[str], signed: frozenset[str]
) -> list[dict[str, Any]]:
    """The patient's earlier results of the note's tests, each dated by its case (final
    when that case's note was signed, else preliminary)."""
    observations: list[dict[str, Any]] = []
    for case in earlier:
        for value in case.lab_values:
            if value.analyte not in analytes or value.doubtful:
                continue
            observation = _observation(doc, value, len(observations) + 1)
            observation["id"] = doc.resource_id("EarlierObservation", len(observations) + 1)
            observation["status"] = "final" if case.case_id in signed else "preliminary"
            observation["effectiveDateTime"] = fhir_time(value_time(value, case.seen_at))
            observation["issued"] = fhir_time(case.seen_at)
            observation.setdefault("note", []).append(
                {"text": f"An earlier result of this patient (MedCase case {case.case_id})"}
            )
            observations.append(r4(observation))
    return observations


def _lines(values: list[LabValue]) -> list[str]:
    return [format_lab_value(v) + (" — CRITICAL" if v.critical else "") for v in values]


def _observation(doc: Document, value: LabValue, number: int) -> dict[str, Any]:
    loinc = loinc_of(value)
    name = value.analyte if value.specimen is None else f"{value.analyte} ({value.specimen})"
    code: dict[str, Any] = {"text": name}
    if loinc is not None:
        code["coding"] = [{"system": LOINC_SYSTEM, "code": loinc.code, "display": loinc.display}]
    observation: dict[str, Any] = {
        "resourceType": "Observation",
        "id": doc.resource_id("Observation", number),
        "text": narrative([format_lab_value(value)]),
        "status": doc.result_status,
        "category": [
            {
                "coding": [
                    {"system": OBSERVATION_CATEGORY, "code": "laboratory", "display": "Laboratory"}
                ]
            }
        ],
        "code": code,
        "subject": doc.patient,
        "issued": doc.generated_at,
    }
    if is_dipstick(value):
        observation["valueString"] = format_result(value)
    else:
        observation["valueQuantity"] = _quantity(value.value, value.unit, value.comparator)
    flag = interpretation_code(value)
    if flag is not None:
        observation["interpretation"] = [
            {
                "coding": [
                    {
                        "system": INTERPRETATION_SYSTEM,
                        "code": flag,
                        "display": INTERPRETATIONS[flag],
                    }
                ]
            }
        ]
    reference_range = _reference_range(value)
    if reference_range:
        observation["referenceRange"] = [reference_range]
    if value.specimen is not None:
        # A contained Specimen: MedCase knows only its kind, not a sample to point at.
        observation["contained"] = [
            {"resourceType": "Specimen", "id": "specimen", "type": {"text": value.specimen}}
        ]
        observation["specimen"] = {"reference": "#specimen", "display": value.specimen}
    notes = _notes(value)
    if notes:
        observation["note"] = [{"text": text} for text in notes]
    return r4(observation)


def _quantity(number: float, unit: str | None, comparator: str | None = None) -> dict[str, Any]:
    quantity: dict[str, Any] = {"value": number}
    if comparator in COMPARATORS:
        quantity["comparator"] = COMPARATORS[comparator]
    if unit:
        quantity["unit"] = unit
        code = ucum_code(unit)
        if code is not None:
            quantity.update(system=UCUM_SYSTEM, code=code)
    return quantity


def _reference_range(value: LabValue) -> dict[str, Any]:
    if is_dipstick(value):
        return {"text": "negative"} if value.reference_high == 0 else {}
    bounds: dict[str, Any] = {}
    if value.reference_low is not None:
        bounds["low"] = _quantity(value.reference_low, value.unit)
    if value.reference_high is not None:
        bounds["high"] = _quantity(value.reference_high, value.unit)
    return bounds


def _notes(value: LabValue) -> list[str]:
    notes: list[str] = []
    if value.critical:
        notes.append("On the critical-value list: urgent.")
    if value.timing:
        notes.append(f"Taken: {value.timing}.")
    if value.source_line:
        where = f"page {value.source_page}" if value.source_page else "the lab file"
        notes.append(f"Read from {where}: {value.source_line}")
    return notes
