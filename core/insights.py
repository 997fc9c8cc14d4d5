"""What the analyzer produces, as stored in ``ai_insights`` and shown on the case page.

These models are the contract between the engines, the pipeline and the pages. Scores are
clamped into [0, 1] on the way in, so nothing downstream ever sees an out-of-range value.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import AwareDatetime, BaseModel, Field, field_validator

DEFAULT_SOAP_CONFIDENCE = 0.8


def clamp_score(value: Any, default: float = 0.0) -> float:
    """A confidence score forced into [0, 1]; unusable values become ``default``."""
    try:
        score = float(value)
    except (TypeError, ValueError):
        return default
    if score != score:  # NaN
        return default
    return min(1.0, max(0.0, score))


class _Scored(BaseModel):
    confidence_score: float = 0.0

    @field_validator("confidence_score", mode="before")
    @classmethod
    def _clamp(cls, value: Any) -> float:
        return clamp_score(value)


class DeltaCheck(BaseModel):
    """A current lab value compared with the same patient's earlier result
    (core.analysis.delta): the rule it met and the earlier value it cites."""

    rule: str  # a core.analysis.delta rule name ("creatinine_rise_48h", "new_critical")
    analyte: str
    statement: str  # "Creatinine 1.6 mg/dL, up 0.5 mg/dL from 1.1 mg/dL 24 h earlier"
    value: float  # the current value, in ``unit``
    unit: str | None = None
    earlier_value: float | None = None  # in ``unit`` too; None for a first critical value
    earlier_case_id: str | None = None
    # ISO 8601: when the earlier value was collected, else when its case was seen
    earlier_at: str | None = None
    hours_between: float | None = None
    source_line: str | None = None  # the current value's line (already redacted)


class PatientContext(BaseModel):
    """All the analyzer may tell an engine about the patient: never the name."""

    age: int
    gender: str
    doctor_notes: str | None = None  # already redacted
    # The current values compared with this patient's earlier results (the pipeline sets
    # them after reading the files, before the writing round).
    delta_checks: list[DeltaCheck] = Field(default_factory=list)


# The length of time each precision of a collection time stands for.
PRECISION_SPANS = {
    "day": timedelta(days=1),
    "hour": timedelta(hours=1),
    "minute": timedelta(minutes=1),
}


class CollectionTime(BaseModel):
    """When a structured result's specimen was collected, as its message says (HL7 v2
    SPM-17, OBR-7, OBX-14; FHIR Specimen.collection, Observation.effective[x])."""

    # The start of the time sent, in the sender's own offset (an HL7 v2 time without one is
    # in its message's, MSH-7); a time with no offset at all (HL7 v2 often, a FHIR date) is
    # in the clinic's zone when the clinic set one (MEDCASE_CLINIC_TIMEZONE), else read as
    # UTC and ``zone_given`` says so.
    at: AwareDatetime
    # "day" for a date alone (HL7 "20261125", FHIR "2026-11-25"), "hour" for an hour.
    precision: Literal["day", "hour", "minute"] = "minute"
    zone_given: bool = True
    # Why the time is not trusted (core.analysis.reading.collection_time: after the
    # analysis, before the patient's birth): the value is kept, marked, at its case's
    # time, and drives no delta check.
    doubt: str | None = None

    @property
    def end(self) -> datetime:
        """The end of the span the time stands for (its start for a time to the minute)."""
        span = PRECISION_SPANS[self.precision]
        return self.at if self.precision == "minute" else self.at + span

    @property
    def trusted(self) -> bool:
        return self.doubt is None


class LabValue(BaseModel):
    """One measured analyte read from a lab document."""

    analyte: str
    value: float
    # "<", ">", "≤" or "≥" when the report gives a bound, not a measurement: "CRP <5" says
    # the result is below 5, which a doctor must not read as 5.
    comparator: str | None = None
    unit: str | None = None
    reference_low: float | None = None
    reference_high: float | None = None
    flag: str | None = None  # "high", "low", or None when within range / unknown
    source_file_id: str | None = None
    # Where the value came from, so that the doctor can check it: the page (1-based, None
    # for files without pages) and the line as the engine saw it (already redacted).
    source_page: int | None = None
    source_line: str | None = None
    # The specimen when it is not blood, serum or plasma ("urine", "csf", "pleural fluid"):
    # only blood values drive the blood flags and the critical list.
    specimen: str | None = None
    # When the value was taken, where the document says ("admission", "discharge",
    # "earlier"); None for a report of one time.
    timing: str | None = None
    # On the published critical-value list (core.analysis.labs.critical): urgent.
    critical: bool = False
    # A number beyond what the body can hold in its own unit (a lost decimal point, a
    # slipped column): shown as "doubtful read, check the source", never critical and
    # never the ground of a diagnosis (issue #29).
    doubtful: bool = False
    # "ocr" when the value was read off a scanned page by OCR (reading.ocr), with the OCR's
    # confidence in its line (0-1, the lowest of the line's pieces); None from a text layer.
    read_by: str | None = None
    ocr_confidence: float | None = None
    # From a structured message (HL7 v2 or FHIR) only: the sender's own abnormal flag as
    # sent ("H", "LL", "A"), kept beside ``flag`` (MedCase's reading of the range) so that
    # a disagreement shows; and the result's status ("final", "preliminary", "corrected").
    sender_flag: str | None = None
    result_status: str | None = None
    # The file's labelled header names another patient (a wrong-patient warning): the value
    # stays in this case's table, marked, for the doctor to check, but never enters the
    # patient's history (trends, delta checks of this and later cases).
    other_patient: bool = False
    # A structured result's identity in its source, as a digest (the sending facility and
    # message control id with the OBX's place; the FHIR Observation's id, within its
    # DiagnosticReport's identifier): the same result imported into a second case of the
    # patient is one result of the patient's history (core.analysis.history), never
    # compared with itself. None for a result read from text.
    source_key: str | None = None
    # When the specimen was collected, from a structured message's fields (``timing``
    # keeps the same time as text): the value's time in the patient's history. None for a
    # value read from text (and in records written before round sixteen), whose time is
    # its case's.
    collected: CollectionTime | None = None


class OcrLine(BaseModel):
    """A line of a scanned page as OCR read it: its page (1-based), its words, and the
    OCR's confidence in its least certain piece (0-1)."""

    page: int
    text: str
    confidence: float


class MessagePatient(BaseModel):
    """Who a structured lab message says its results belong to (PID or Patient)."""

    family: str = ""
    given: str = ""
    birth_date: str | None = None  # ISO date as sent, "1962-03-20" (or just "1962")
    sex: str | None = None  # "male", "female", or None when not said
    age: int | None = None  # whole years, when only an age is given (DICOM PatientAge)
    # The record numbers the message gives its patient (HL7 PID-3's ID of each repetition,
    # FHIR Patient.identifier values): compared with the case's patient's, never logged.
    record_numbers: list[str] = Field(default_factory=list)
    # A FHIR result whose subject is not the file's patient: someone else's results are in
    # the file (core.analysis.reading.messages_fhir), whatever the file's Patient says.
    other_subject: bool = False


class LabDocument(BaseModel):
    """A lab file after extraction: redacted text and the values found in it."""

    file_id: str
    label: str  # "Lab file 1": never the original name, which may carry the patient's
    text: str
    lab_values: list[LabValue] = Field(default_factory=list)
    # The scanned pages rendered for the vision model (handed over one by one as they were
    # rendered, see reading.extraction), so that a page it did read loses its warning.
    page_image_pages: list[int] = Field(default_factory=list, exclude=True)
    warnings: list[str] = Field(default_factory=list)
    # A PDF's text keeps its pages apart with form feeds, so each value knows its page.
    paged: bool = False
    # Pages without a text layer that nothing read (no vision model, and OCR read no text).
    unread_pages: int = 0
    # Tests the text names with a result that could not be read ("INR").
    unread_tests: list[str] = Field(default_factory=list)
    # The scanned pages as OCR read them (reading.ocr). Without a vision model their lines
    # are the pages' text; with one, the grounding check reads them in place of the model's
    # own reading of those pages (``model_page_reads``, by page), so a misread stands out.
    ocr_lines: list[OcrLine] = Field(default_factory=list, exclude=True)
    model_page_reads: dict[int, str] = Field(default_factory=dict, exclude=True)
    # A structured message (HL7 v2, FHIR) read exactly: its values are not read again from
    # the text. Its patient (name, birth date, sex) is compared with the case's and never
    # stored or sent anywhere (excluded from every dump).
    structured: bool = False
    message_patients: list[MessagePatient] = Field(default_factory=list, exclude=True)


class ImageAnalysis(_Scored):
    """A radiology image's reading, as an engine writes it."""

    findings: str = ""
    impression: str = ""
    key_abnormalities: list[str] = Field(default_factory=list)
    modality: str | None = None
    body_part: str | None = None
    study_description: str | None = None
    image_properties: dict[str, Any] = Field(default_factory=dict)


class LabelledImageAnalysis(ImageAnalysis):
    """A radiology image's reading as its file keeps it (``ai_summary``), with the image's
    label in the case ("Radiology image 1")."""

    label: str


class RadiologyImage(BaseModel):
    """A radiology file prepared for reading: model-ready PNG plus safe metadata."""

    file_id: str
    label: str  # "Radiology image 1"
    png: bytes = Field(exclude=True)
    width: int
    height: int
    metadata: dict[str, Any] = Field(default_factory=dict)  # modality, body part, ... no PHI
    warnings: list[str] = Field(default_factory=list)
    # Who the DICOM header says the image is of: compared with the case, never sent out.
    header_patients: list[MessagePatient] = Field(default_factory=list, exclude=True)


class CaseSummary(_Scored):
    comprehensive_summary: str
    key_findings: list[str] = Field(default_factory=list)
    lab_summary: str = ""
    radiology_summary: str = ""


class SoapNote(_Scored):
    subjective: str
    objective: str
    assessment: str
    plan: str
    confidence_score: float = DEFAULT_SOAP_CONFIDENCE

    @field_validator("confidence_score", mode="before")
    @classmethod
    def _clamp(cls, value: Any) -> float:
        return (
            clamp_score(value, DEFAULT_SOAP_CONFIDENCE)
            if value is not None
            else (DEFAULT_SOAP_CONFIDENCE)
        )


class DifferentialDiagnosis(_Scored):
    """One further diagnosis to consider, ranked after the primary one."""

    diagnosis: str
    icd_code: str
    supporting_evidence: list[str] = Field(default_factory=list)


class PrimaryDiagnosis(_Scored):
    # An engine that cannot determine a diagnosis says so: primary_diagnosis
    # "Not determined" with an empty icd_code, never an encounter code such as Z00.
    primary_diagnosis: str
    icd_code: str
    description: str = ""
    supporting_evidence: list[str] = Field(default_factory=list)
    icd_code_valid: bool | None = None  # set by the ICD-10-CM check, never by an engine
    icd_description: str | None = None  # the official ICD-10-CM description
    differential: list[DifferentialDiagnosis] = Field(default_factory=list)  # up to three
    confidence_reason: str = ""  # one line: why the confidence is what it is


class Provenance(BaseModel):
    engine: str  # "rules" or "openai"
    model: str | None = None
    written_by: str  # plain words for the doctor: "Offline rules engine (no language model)"
    prompt_version: str
    stage_timings: dict[str, float] = Field(default_factory=dict)  # seconds per stage
    warnings: list[str] = Field(default_factory=list)
    # The case's content version the draft was written from (core.lifecycle): a later
    # edit of the patient's details, the notes or the files leaves the draft behind.
    case_version: int | None = None
    # The analyzer's HMAC over the record (core.jobs.seal); None when unsealed.
    seal: str | None = None


class Insights(BaseModel):
    case_summary: CaseSummary
    soap_note: SoapNote
    primary_diagnosis: PrimaryDiagnosis
    overall_confidence_score: float
    generated_at: str  # ISO 8601, UTC
    lab_values: list[LabValue] = Field(default_factory=list)
    # Tests the files name whose value could not be read ("INR"): while any is listed, no
    # summary may say that all values are within range.
    unread_tests: list[str] = Field(default_factory=list)
    # The grounding check of a language model's text (core.analysis.grounding): per section
    # ("case_summary", "soap_note", "primary_diagnosis"), the numbers it wrote that match
    # no value read and nothing in the files, as written. Empty when every number was
    # found; None when not checked (the rules engine writes only values it read).
    ungrounded_numbers: dict[str, list[str]] | None = None
    # The current values compared with the patient's earlier results (core.analysis.delta).
    delta_checks: list[DeltaCheck] = Field(default_factory=list)
    provenance: Provenance

    @property
    def critical_values(self) -> list[LabValue]:
        """The lab values on the critical-value list: urgent."""
        return [value for value in self.lab_values if value.critical]

    @classmethod
    def compile(
        cls,
        summary: CaseSummary,
        soap: SoapNote,
        diagnosis: PrimaryDiagnosis,
        *,
        generated_at: str,
        lab_values: list[LabValue],
        provenance: Provenance,
        unread_tests: list[str] | None = None,
    ) -> Insights:
        """Assemble the insights; the overall score is the mean of the three section scores."""
        overall = (
            summary.confidence_score + soap.confidence_score + diagnosis.confidence_score
        ) / 3
        return cls(
            case_summary=summary,
            soap_note=soap,
            primary_diagnosis=diagnosis,
            overall_confidence_score=round(clamp_score(overall), 4),
            generated_at=generated_at,
            lab_values=lab_values,
            unread_tests=list(unread_tests or []),
            provenance=provenance,
        )
