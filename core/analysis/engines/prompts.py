"""The words sent to the language model. Change PROMPT_VERSION whenever they change."""

from __future__ import annotations

import json
from typing import Any

from core.analysis.labs.format import format_result
from core.insights import (
    DeltaCheck,
    ImageAnalysis,
    LabDocument,
    LabValue,
    PatientContext,
    RadiologyImage,
)

PROMPT_VERSION = "medcase-prompts-5"

# A long lab report is cut here: the values parsed from it are sent in full beside it.
MAX_LAB_TEXT_CHARS = 12_000

_ROLE = (
    "You assist a physician by drafting advisory notes from a patient's case file. "
    "The physician reviews everything you write. Use only what the case file says; when "
    "something is unknown, say so rather than guessing. Refer to files by their labels "
    "(such as 'Lab file 1' or 'Radiology image 2'). The patient's name is withheld and "
    "appears as [PATIENT]. Each lab file comes with its parsed lab table: structured facts "
    "(JSON) read from it, each value with its unit, reference range, flag, critical mark "
    "and source (page and line). Rely on those values and say which are abnormal; a value "
    "marked critical is urgent and must be named first in the summary and the plan, which "
    "then never reads as routine. A test the text names whose value is not in the table "
    "was not read: say so, and never write that all values are within range. Every "
    "number you write must come from the case file. "
    "Confidence scores are numbers between 0 and 1 reflecting how "
    "well the evidence supports your answer. Answer with JSON that fits the given schema."
)

IMAGE_READER = _ROLE + (
    " Now read one radiology image: describe the findings, give an impression, and list "
    "key abnormalities (an empty list when there are none)."
)
PAGE_READER = _ROLE + (
    " Now transcribe the text of one scanned page of a lab report, keeping each analyte "
    "with its value, unit, reference range and flag on one line."
)
SUMMARIZER = _ROLE + (
    " Now write the case summary: a comprehensive summary, the key findings, a summary of "
    "the lab results and a summary of the radiology findings."
)
SOAP_WRITER = _ROLE + (
    " Now write a SOAP note (subjective, objective, assessment, plan) and the single most "
    "likely primary diagnosis with its ICD-10-CM code and the evidence for it. The SOAP "
    "assessment must name that same primary diagnosis. When the case file allows no "
    "diagnosis, give 'Not determined' with an empty ICD-10 code, never an encounter code "
    "such as Z00. Rank up to three other diagnoses to consider (the differential), each "
    "with its ICD-10-CM code, confidence and the evidence for it, and say in one line why "
    "the primary diagnosis has the confidence it has. Give the SOAP note's confidence "
    "score, or null if you cannot judge it."
)
OTHER_PATIENT_CAUTION = (
    "the file's header names another patient: do not attribute this value to this patient "
    "without saying so"
)


def patient_context(context: PatientContext) -> str:
    notes = context.doctor_notes.strip() if context.doctor_notes else "none"
    return f"Patient: age {context.age}, gender {context.gender}.\nDoctor's notes: {notes}"


def lab_fact(value: LabValue, label: str) -> dict[str, Any]:
    """One parsed lab value as a structured fact for the model (the line is redacted). A
    value from a report headed for another patient says so, for the model to weigh."""
    fact: dict[str, Any] = {
        "analyte": value.analyte,
        "result": format_result(value),
        "value": value.value,
        "comparator": value.comparator,
        "unit": value.unit,
        "reference_low": value.reference_low,
        "reference_high": value.reference_high,
        "flag": value.flag,
        "critical": value.critical,
        "specimen": value.specimen or "blood",
        "timing": value.timing,
        "source": {"file": label, "page": value.source_page, "line": value.source_line},
    }
    if value.other_patient:
        fact["caution"] = OTHER_PATIENT_CAUTION
    return fact


def lab_table(lab: LabDocument) -> str:
    """The values parsed from one lab file, as a JSON list of facts."""
    facts = [lab_fact(value, lab.label) for value in lab.lab_values]
    return json.dumps(facts, ensure_ascii=False, indent=1)


def lab_documents(labs: list[LabDocument]) -> str:
    if not labs:
        return "Lab files: none."
    sections = []
    for lab in labs:
        text = lab.text.strip() or "(no readable text)"
        if len(text) > MAX_LAB_TEXT_CHARS:
            text = text[:MAX_LAB_TEXT_CHARS] + "\n[... cut for length]"
        sections.append(
            f"## {lab.label}\nParsed lab table (structured facts, JSON):\n{lab_table(lab)}\n"
            f"Text:\n{text}"
        )
    return "Lab files:\n" + "\n\n".join(sections)


def image_description(image: RadiologyImage) -> str:
    details = dict(image.metadata)
    details.setdefault("width", image.width)
    details.setdefault("height", image.height)
    return f"{image.label}, details: {json.dumps(details, default=str, sort_keys=True)}"


def radiology_readings(images: list[tuple[RadiologyImage, ImageAnalysis]]) -> str:
    if not images:
        return "Radiology images: none."
    sections = []
    for image, reading in images:
        abnormalities = "; ".join(reading.key_abnormalities) or "none"
        sections.append(
            f"## {image_description(image)}\nFindings: {reading.findings}\n"
            f"Impression: {reading.impression}\nKey abnormalities: {abnormalities}\n"
            f"Reading confidence: {reading.confidence_score:.2f}"
        )
    return "Radiology images:\n" + "\n\n".join(sections)


def delta_fact(check: DeltaCheck) -> dict[str, Any]:
    """One delta check as a structured fact: no case id, date or name, only the interval."""
    return {
        "rule": check.rule,
        "analyte": check.analyte,
        "statement": check.statement,
        "value": check.value,
        "unit": check.unit,
        "earlier_value": check.earlier_value,
        "hours_between": check.hours_between,
    }


def delta_checks(checks: list[DeltaCheck]) -> str:
    """The current values compared with this patient's earlier results, beside the tables."""
    if not checks:
        return "Compared with this patient's earlier results: no earlier result to compare."
    facts = json.dumps([delta_fact(c) for c in checks], ensure_ascii=False, indent=1)
    return (
        "Compared with this patient's earlier results (delta checks, structured facts, JSON; "
        "each cites the earlier value; name them in the summary and the assessment, and say "
        f"what they change in the plan):\n{facts}"
    )


def case_file(
    context: PatientContext,
    labs: list[LabDocument],
    images: list[tuple[RadiologyImage, ImageAnalysis]],
) -> str:
    return "\n\n".join(
        (
            patient_context(context),
            lab_documents(labs),
            delta_checks(context.delta_checks),
            radiology_readings(images),
        )
    )
