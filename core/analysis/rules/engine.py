"""The offline insight engine: rules over lab values, image properties, no language model.

It is the default when no model is configured, so a case is analysed for real without a
key. Every text it writes says plainly that rules, not a model, wrote it, and it never
claims to have looked at an image.
"""

from __future__ import annotations

import re
from typing import Any

from core.analysis.labs.critical import describe_critical
from core.analysis.labs.format import format_lab_value
from core.analysis.rules.confidence import MAX_CONFIDENCE
from core.analysis.rules.deltas import delta_plan
from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.plan import plan_lines, urgent_plan
from core.analysis.rules.report import (
    CaseReading,
    all_within_range,
    critical_sentence,
    lab_sentence,
    lab_summary,
    read_case,
)
from core.insights import (
    CaseSummary,
    ImageAnalysis,
    LabDocument,
    PatientContext,
    PrimaryDiagnosis,
    RadiologyImage,
    SoapNote,
)

_WRITTEN_BY = "Offline rules engine (no language model): lab values and image properties only"
_DISCLAIMER = (
    "Written by the offline rules engine (no language model) from the notes, lab values and "
    "image properties only; advisory, for the doctor's review."
)
_NOT_READ = "No image interpretation was performed: the offline rules engine cannot read images."
_MODALITIES = {
    "CT": "CT",
    "MR": "MRI",
    "CR": "X-ray",
    "DX": "X-ray",
    "US": "ultrasound",
    "MG": "mammography",
    "NM": "nuclear medicine",
    "PT": "PET",
    "XA": "angiography",
    "RF": "fluoroscopy",
    "OT": "other modality",
}
# Defence in depth: metadata should carry no identifiers, but such a key is never repeated.
_IDENTIFYING_WORDS = {
    "patient",
    "name",
    "birth",
    "id",
    "uid",
    "date",
    "time",
    "institution",
    "physician",
    "accession",
    "address",
    "operator",
    "referring",
    "performing",
}
_NOTES_IN_SUMMARY = 600


class RulesEngine:
    """InsightEngine that needs no model: see core.analysis.engines.protocol for the protocol."""

    name = "rules"
    model: str | None = None
    reads_scanned_pages = False  # no vision: the pipeline leaves scanned pages unrendered
    written_by = _WRITTEN_BY
    prompt_version = "rules-1"

    def close(self) -> None:
        """Nothing to release: the rules engine holds no connection."""

    def read_image(self, image: RadiologyImage, context: PatientContext) -> ImageAnalysis:
        """What the file says about itself (modality, body part, size); never a reading."""
        return unread_image_analysis(image, _NOT_READ)

    def read_scanned_page(self, page_png: bytes, context: PatientContext) -> str | None:
        return None  # reading a scanned page needs a vision model

    def summarize_case(
        self,
        context: PatientContext,
        labs: list[LabDocument],
        images: list[tuple[RadiologyImage, ImageAnalysis]],
    ) -> CaseSummary:
        reading = read_case(context, labs)
        deltas = context.delta_checks
        result = diagnose(reading.values, context.age, reading.facts, reading.unsure, deltas)
        urgent = critical_sentence(reading)
        parts = [urgent] if urgent else []
        parts.append(f"{_patient(context)}.")
        if context.doctor_notes and context.doctor_notes.strip():
            parts.append(f"Doctor's notes: {_shorten(context.doctor_notes.strip())}")
        parts.append(lab_sentence(reading))
        if deltas:
            changes = "; ".join(check.statement for check in deltas)
            parts.append(f"Compared with this patient's earlier results: {changes}.")
        if result.ranked:
            names = "; ".join(r.name for r in result.ranked[:3])
            parts.append(f"The notes and lab pattern suggest: {names}.")
        parts += [_radiology_summary(images), _DISCLAIMER]
        key_findings = [describe_critical(v) for v in reading.critical]
        key_findings += [format_lab_value(v) for v in reading.abnormal if not v.critical]
        key_findings += [check.statement for check in deltas]
        key_findings += [f"{name} mentioned, value not read" for name in reading.unread_tests]
        if reading.unread_pages:
            key_findings.append(f"{reading.unread_pages} page(s) could not be read")
        within = all_within_range(reading)
        if within:
            key_findings.append(within)
        key_findings += [
            f"{image.label}: {_describe(image)}, not interpreted" for image, _ in images
        ]
        return CaseSummary(
            comprehensive_summary=" ".join(parts),
            key_findings=key_findings,
            lab_summary=lab_summary(reading),
            radiology_summary=_radiology_summary(images),
            confidence_score=_summary_score(reading),
        )

    def write_soap_and_diagnosis(
        self,
        context: PatientContext,
        labs: list[LabDocument],
        images: list[tuple[RadiologyImage, ImageAnalysis]],
    ) -> tuple[SoapNote, PrimaryDiagnosis]:
        reading = read_case(context, labs)
        deltas = context.delta_checks
        result = diagnose(reading.values, context.age, reading.facts, reading.unsure, deltas)
        diagnosis = result.diagnosis
        notes = (context.doctor_notes or "").strip()
        subjective = f"{_patient(context)}. " + (
            f"Doctor's notes: {notes}" if notes else "No doctor's notes were provided."
        )
        urgent = critical_sentence(reading)
        objective = [urgent] if urgent else []
        objective.append(lab_sentence(reading))
        objective += [
            f"{image.label}: {_describe(image)} (not interpreted)." for image, _ in images
        ]
        code = f" (ICD-10-CM {diagnosis.icd_code})" if diagnosis.icd_code else ""
        assessment = f"{diagnosis.primary_diagnosis}{code}. {diagnosis.description}"
        if diagnosis.differential:
            listed = "; ".join(f"{d.diagnosis} ({d.icd_code})" for d in diagnosis.differential)
            assessment += f" Differential: {listed}."
        assessment += " Rules-based suggestion from the notes and lab values; the doctor decides."
        plan = [urgent_plan(reading)] if reading.critical else []
        plan += plan_lines(result, reading)
        plan += delta_plan(deltas)
        if images:
            plan.append("Have the radiology images read by a radiologist.")
        plan.append("Correlate with the history and examination before acting on these values.")
        # The summary's score, computed from the same values: the two are written side by
        # side (core.analysis.writing), so neither waits for the other.
        soap_score = (_summary_score(reading) + diagnosis.confidence_score) / 2
        soap = SoapNote(
            subjective=subjective,
            objective=" ".join(objective),
            assessment=assessment,
            plan=" ".join(plan),
            confidence_score=round(min(MAX_CONFIDENCE, soap_score), 2),
        )
        return soap, diagnosis


def _summary_score(reading: CaseReading) -> float:
    """How well the lab values support a summary: more values, more support (capped), less
    where some were read unsurely."""
    values = reading.values
    evidence = 0.1 if not values else min(0.7, 0.3 + 0.04 * len(values))
    if reading.unsure:
        evidence -= 0.1
    return round(max(0.05, evidence), 2)


def _patient(context: PatientContext) -> str:
    gender = (context.gender or "").strip().lower()
    if gender in {"male", "female"}:
        return f"{context.age}-year-old {gender} patient"
    return f"{context.age}-year-old patient" + (f" (gender: {gender})" if gender else "")


def _shorten(text: str) -> str:
    return text if len(text) <= _NOTES_IN_SUMMARY else text[:_NOTES_IN_SUMMARY].rstrip() + "…"


def _radiology_summary(images: list[tuple[RadiologyImage, ImageAnalysis]]) -> str:
    if not images:
        return "No radiology images."
    described = "; ".join(f"{image.label}: {_describe(image)}" for image, _ in images)
    return f"{len(images)} radiology image(s), not interpreted (no image model): {described}."


def unread_image_analysis(image: RadiologyImage, why_not_read: str) -> ImageAnalysis:
    """An image's entry when nobody looked at it: what its file says, and why it was not read."""
    modality, body_part, study = _image_facts(image.metadata)
    known = any((modality, body_part, study))
    return ImageAnalysis(
        findings=f"{why_not_read} Known properties: {_describe(image)}.",
        impression="Not interpreted; the image needs a radiologist's reading.",
        key_abnormalities=[],
        modality=modality,
        body_part=body_part,
        study_description=study,
        image_properties=_image_properties(image),
        confidence_score=0.2 if known else 0.1,
    )


def _describe(image: RadiologyImage) -> str:
    modality, body_part, study = _image_facts(image.metadata)
    if body_part and body_part.isupper():
        body_part = body_part.lower()  # DICOM writes "CHEST"; prose reads "chest"
    known = [x for x in (_modality_words(modality), body_part, study) if x]
    return ", ".join([*known, f"{image.width} × {image.height} pixels"])


def _image_facts(metadata: dict[str, Any]) -> tuple[str | None, str | None, str | None]:
    """Modality, body part and study description, whatever the metadata's key spelling."""
    by_key = {"".join(c for c in str(k).lower() if c.isalnum()): v for k, v in metadata.items()}

    def text(*keys: str) -> str | None:
        for key in keys:
            value = by_key.get(key)
            if value not in (None, ""):
                return str(value).strip()[:120] or None
        return None

    return (
        text("modality"),
        text("bodypart", "bodypartexamined"),
        text("studydescription", "study"),
    )


def _modality_words(modality: str | None) -> str | None:
    if not modality:
        return None
    return _MODALITIES.get(modality.upper(), modality)


def _image_properties(image: RadiologyImage) -> dict[str, Any]:
    properties: dict[str, Any] = {"width": image.width, "height": image.height}
    for key, value in image.metadata.items():
        words = re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+", str(key))  # snake_case, CamelCase
        if _IDENTIFYING_WORDS & {word.lower() for word in words}:
            continue
        if isinstance(value, bool | int | float) or (isinstance(value, str) and len(value) <= 120):
            properties[str(key)] = value
    return properties
