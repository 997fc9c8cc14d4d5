"""A case as a pilot's reviewers see it: the same redaction the engines get, no name, the
age as a ten-year band and the sex (issue #26), files by their labels, and the pictures
the vision model was sent.

Built by the enrolling doctor's session, which may read the case; what it builds is all
that the pilot's tables ever hold of the case.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import ValidationError

from core.analysis.reading.imaging import UnreadableImage, has_burned_in_text
from core.insights import ImageAnalysis, LabValue, RadiologyImage
from core.models import Case, CaseFile, FileCategory, Patient
from core.pilot.records import CaseView, ImageView, LabText, age_band
from core.privacy.known_identifiers import known_identifier_patterns
from core.privacy.redaction import CaseScrubber, file_labels
from core.review import SECTION_FIELDS

# Reviewers judge the reading, not the radiology: a small picture keeps the view light.
IMAGE_SIDE = 512
# Fields of the AI sections that are codes or scores, not text a name could hide in.
_NOT_TEXT = frozenset({"icd_code", "icd_code_valid", "confidence_score"})
# When the case was analysed: a date of the patient's care (Safe Harbor keeps only years).
_CARE_DATE = "generated_at"
# A delta check's earlier visit: its date and the doctor's other case of the patient. The
# check keeps what changed, by how much and how many hours before.
_EARLIER_VISIT = frozenset({"earlier_at", "earlier_case_id"})
# A lab value's collection time from its message (the day and hour the specimen was taken);
# its ``timing`` text stays, its date as [DATE].
_COLLECTED = "collected"


def scrubber_for(case: Case, files: list[CaseFile], patient: Patient | None = None) -> CaseScrubber:
    """The case's scrubber for a pilot's copy: with its patient record, that record's own
    number and date of birth go wherever they stand, and every full date (a date of care:
    Safe Harbor keeps the year alone) is ``[DATE]`` (core.privacy.dates)."""
    labels = file_labels(files)
    known = (
        known_identifier_patterns(patient.record_number, patient.date_of_birth) if patient else []
    )
    return CaseScrubber(
        case.patient_name, {f.file_name: labels[f.file_id] for f in files}, known, dates=True
    )


def case_view(
    case: Case,
    files: list[CaseFile],
    ai_insights: Mapping[str, Any],
    picture: Callable[[CaseFile, str, int], RadiologyImage],
    patient: Patient | None = None,
) -> CaseView:
    """The reviewer's view of the case: redacted notes and lab texts, the lab values table,
    the image readings and the pictures the model saw (not those with burned-in text).
    ``picture(file, label, longest side)`` decodes an image: the clinic's reading does so
    in a child process under its limits, never in the enrolling request's process."""
    scrub = scrubber_for(case, files, patient)
    labels = file_labels(files)
    lab_files = [
        LabText(label=labels[f.file_id], text=scrub(f.text_data))
        for f in files
        if f.file_category == FileCategory.LAB.value and f.text_data
    ]
    values = []
    for raw in ai_insights.get("lab_values") or []:
        try:
            value = LabValue.model_validate(raw)
        except ValidationError:
            continue  # a damaged entry is left out, not shown half-read
        values.append(value.model_copy(update={"source_line": scrub.optional(value.source_line)}))
    images = [
        _image(f, labels[f.file_id], scrub, picture)
        for f in files
        if f.file_category == FileCategory.RADIOLOGY.value
    ]
    return CaseView(
        age_band=age_band(case.patient_age),
        sex=case.patient_gender,
        notes=scrub.optional(case.case_summary) or None,
        lab_files=lab_files,
        lab_values=values,
        images=images,
    )


def _image(
    record: CaseFile,
    label: str,
    scrub: CaseScrubber,
    picture: Callable[[CaseFile, str, int], RadiologyImage],
) -> ImageView:
    reading: ImageAnalysis | None = None
    if record.ai_summary:
        try:
            reading = scrub.reading(ImageAnalysis.model_validate(record.ai_summary))
        except ValidationError:
            reading = None
    try:
        prepared = picture(record, label, IMAGE_SIDE)
    except (UnreadableImage, OSError):
        return ImageView(label=label, reading=reading)
    if has_burned_in_text(prepared):
        return ImageView(label=label, reading=reading)  # the model was not sent it either
    return ImageView(label=label, reading=reading, png=base64.b64encode(prepared.png).decode())


def redacted_insights(ai_insights: Mapping[str, Any], scrub: CaseScrubber) -> dict[str, Any]:
    """The AI draft with every text of its sections scrubbed; codes, scores and the
    provenance (engine, model, prompt version) kept as written; no date of care (when the
    case was analysed, when the patient was seen before, when a specimen was collected, a
    date in a text) and no other case's id."""
    redacted = {k: v for k, v in ai_insights.items() if k != _CARE_DATE}
    if isinstance(redacted.get("delta_checks"), list):
        redacted["delta_checks"] = [
            _scrubbed({k: v for k, v in check.items() if k not in _EARLIER_VISIT}, scrub)
            if isinstance(check, Mapping)
            else check
            for check in redacted["delta_checks"]
        ]
    for section in SECTION_FIELDS:
        if isinstance(redacted.get(section), Mapping):
            redacted[section] = _scrubbed(redacted[section], scrub)
    if isinstance(redacted.get("lab_values"), list):
        redacted["lab_values"] = [
            _scrubbed({k: v for k, v in value.items() if k != _COLLECTED}, scrub)
            if isinstance(value, Mapping)
            else value
            for value in redacted["lab_values"]
        ]
    return redacted


def redacted_sections(
    sections: Mapping[str, Any] | None, scrub: CaseScrubber
) -> dict[str, Any] | None:
    """A signed note's section texts, scrubbed the same way."""
    if sections is None:
        return None
    return {name: _scrubbed(text, scrub) for name, text in sections.items()}


def _scrubbed(value: Any, scrub: CaseScrubber, key: str | None = None) -> Any:
    if key in _NOT_TEXT:
        return value
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, Mapping):
        return {k: _scrubbed(v, scrub, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_scrubbed(item, scrub) for item in value]
    return value
