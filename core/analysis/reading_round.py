"""Round 1 of an analysis: every lab file and radiology image of the case read at once.

Lab text is extracted beside the radiology images' reading, and each scanned lab page is
sent to the engine as soon as it is rendered; every text is redacted before an engine sees
it, and each file's reading is saved as it is settled.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, wait
from dataclasses import dataclass, field
from datetime import date, tzinfo
from typing import Any

from core.analysis.engines.protocol import InsightEngine
from core.analysis.labs.parse import read_document
from core.analysis.labs.reference import Patient
from core.analysis.reading.collection_time import checked_times, in_clinic_zone
from core.analysis.reading.extraction import no_text_layer
from core.analysis.reading.imaging import (
    UnreadableImage,
    has_burned_in_text,
)
from core.analysis.reading.isolation import FileReading
from core.analysis.reading.ocr import mark_read_by_ocr
from core.analysis.reading.patient_match import wrong_patient_warnings
from core.analysis.reading.report_patient import report_patient
from core.analysis.rules.engine import RulesEngine, unread_image_analysis
from core.insights import (
    ImageAnalysis,
    LabDocument,
    LabelledImageAnalysis,
    LabValue,
    PatientContext,
    RadiologyImage,
)
from core.models import AnalysisStage, CaseFile, FileCategory, utc_now
from core.privacy.redaction import CaseScrubber

# A DICOM file that declares burned-in annotation may show the patient's name or numbers on
# the picture itself, which no text redaction can reach: its pixels stay here.
_BURNED_IN_NOT_SENT = (
    "Not sent to the vision model: the DICOM file declares text burned into the image, "
    "which may identify the patient."
)

_BURNED_IN_WARNING = (
    "its DICOM header declares burned-in annotation, so it was not sent to the vision model"
)

# A DICOM header naming another patient, sex or age: the image stays out of the analysis.
_WRONG_PATIENT_NOT_SENT = (
    "Not read: the DICOM header names a different patient than this case's, so the image "
    "was kept out of the analysis until the doctor checks it."
)
_WRONG_PATIENT_WITHHELD = "the image was kept out of the analysis"
_LAB_WITHHELD = "its values were kept out of the analysis and the critical alarms"
_REPORT_KEPT_APART = (
    "its values are shown, marked, but kept out of the patient's trends and delta checks"
)


@dataclass(frozen=True)
class _CasePatient:
    """The case's patient a file's header is compared with."""

    name: str
    birth_date: date | None
    record_number: str | None = None


ReadFile = Callable[[CaseFile], bytes]
SaveFileAnalysis = Callable[[CaseFile, str | None, LabelledImageAnalysis | None], None]
# Every lab value of the case as soon as the lab files are read (critical marks included).
SaveLabValues = Callable[[list[LabValue]], None]


@dataclass(frozen=True)
class FilesRead:
    """What round 1 hands to round 2: redacted lab documents, image readings, warnings."""

    documents: list[LabDocument]
    readings: list[tuple[RadiologyImage, ImageAnalysis]]
    warnings: list[str]


@dataclass
class _LabResult:
    file: CaseFile
    document: LabDocument  # redacted: what the engine sees
    stored_text: str  # as extracted: what the file's text_data keeps
    page_reads: list[tuple[int, Future[str | None]]] = field(default_factory=list)


@dataclass
class _ImageResult:
    file: CaseFile
    image: RadiologyImage | None
    reading: ImageAnalysis | None
    warning: str | None = None
    finished: float = field(default_factory=time.perf_counter)


def read_round(
    files: list[CaseFile],
    labels: dict[str, str],
    read_file: ReadFile,
    reading: FileReading,
    engine: InsightEngine,
    context: PatientContext,
    scrub: CaseScrubber,
    save_file_analysis: SaveFileAnalysis,
    pool: Executor,
    timings: dict[str, float],
    started: float,
    on_stage: Callable[[str], None],
    on_lab_values: SaveLabValues | None = None,
    *,
    patient_name: str = "",
    birth_date: date | None = None,
    record_number: str | None = None,
    clinic_zone: tzinfo | None = None,
) -> FilesRead:
    """Read every file at once, save each one's reading, and time both kinds from ``started``.

    The lab values go to ``on_lab_values`` once the lab files are read, while the images
    may still be read: the case page shows the critical ones before the writing round. A
    structured message's patient is compared with the case's (``patient_name`` and the
    context's age and gender, ``birth_date`` and ``record_number`` when the patient record
    has them): a mismatch is a wrong-patient warning."""
    image_futures = [
        pool.submit(
            _read_radiology,
            f,
            labels[f.file_id],
            read_file,
            reading,
            engine,
            context,
            scrub,
            _CasePatient(patient_name, birth_date, record_number),
        )
        for f in files
        if f.file_category == FileCategory.RADIOLOGY.value
    ]
    # Only an engine that reads pictures gets scanned pages (the rules engine reads none).
    read_page = _page_reader(engine, context, scrub) if engine.name != RulesEngine.name else None
    lab_futures = [
        pool.submit(_extract_lab, f, labels[f.file_id], read_file, reading, scrub, read_page, pool)
        for f in files
        if f.file_category == FileCategory.LAB.value
    ]
    try:
        labs = _finish_labs(lab_futures, Patient(context.age, context.gender))
        for lab in labs:
            _check_patient(lab, _CasePatient(patient_name, birth_date, record_number), context)
            _check_collection_times(lab, birth_date, clinic_zone)
        timings[AnalysisStage.LAB_DOCUMENTS_PROCESSED.value] = round(
            time.perf_counter() - started, 3
        )
        warnings = _save_labs(labs, save_file_analysis)
        if on_lab_values is not None:
            on_lab_values([value for lab in labs for value in lab.document.lab_values])
        on_stage(AnalysisStage.LAB_DOCUMENTS_PROCESSED.value)
    finally:
        # Nothing of this case may still run once its outcome is reported.
        wait(image_futures)
    images = _settle(image_futures)
    timings[AnalysisStage.RADIOLOGY_DOCUMENTS_PROCESSED.value] = round(
        max((i.finished - started for i in images), default=0.0), 3
    )
    warnings += _save_images(images, save_file_analysis)
    warnings = list(dict.fromkeys(scrub(w) for w in warnings))
    on_stage(AnalysisStage.RADIOLOGY_DOCUMENTS_PROCESSED.value)

    documents = [lab.document for lab in labs]
    readings = [(i.image, i.reading) for i in images if i.image is not None and i.reading]

    return FilesRead(documents, readings, warnings)


def _page_reader(
    engine: InsightEngine, context: PatientContext, scrub: CaseScrubber
) -> Callable[[bytes], str | None]:
    def read_page(page: bytes) -> str | None:
        return scrub.optional(engine.read_scanned_page(page, context))

    return read_page


def _extract_lab(
    record: CaseFile,
    label: str,
    read_file: ReadFile,
    reading: FileReading,
    scrub: CaseScrubber,
    read_page: Callable[[bytes], str | None] | None,
    pool: Executor,
) -> _LabResult:
    page_reads: list[tuple[int, Future[str | None]]] = []

    def on_page(number: int, png: bytes) -> None:
        # Sent while the rest of the file is still being read.
        assert read_page is not None
        page_reads.append((number, pool.submit(read_page, png)))

    try:
        extracted = reading.lab_document(
            record.file_id,
            label,
            record.file_name,
            lambda: read_file(record),
            on_page if read_page is not None else None,
        )
    except Exception:  # noqa: BLE001 - storage or parser trouble with one file is a warning
        extracted = LabDocument(
            file_id=record.file_id, label=label, text="", warnings=[f"{label} could not be read"]
        )
    document = extracted.model_copy(
        update={
            "text": scrub(extracted.text),
            "warnings": [scrub(w) for w in extracted.warnings],
            "ocr_lines": [
                line.model_copy(update={"text": scrub(line.text)}) for line in extracted.ocr_lines
            ],
            "lab_values": [
                value.model_copy(update={"source_line": scrub.optional(value.source_line)})
                for value in extracted.lab_values
            ],
        }
    )
    return _LabResult(record, document, extracted.text, page_reads)


def _read_radiology(
    record: CaseFile,
    label: str,
    read_file: ReadFile,
    files: FileReading,
    engine: InsightEngine,
    context: PatientContext,
    scrub: CaseScrubber,
    case_patient: _CasePatient | None = None,
) -> _ImageResult:
    try:
        image = files.radiology_image(
            record.file_id, label, record.file_name, lambda: read_file(record)
        )
    except UnreadableImage as error:
        return _ImageResult(record, None, None, scrub(f"{label} could not be read: {error}"))
    except Exception:  # noqa: BLE001 - a missing blob or a decoder crash: still one file
        return _ImageResult(record, None, None, f"{label} could not be read")
    image = image.model_copy(
        update={
            "metadata": _scrub_metadata(image.metadata, scrub),
            "warnings": [scrub(w) for w in image.warnings],
        }
    )
    wrong = (
        wrong_patient_warnings(
            label,
            image.header_patients,
            case_patient.name,
            context.age,
            context.gender,
            case_patient.birth_date,
            case_patient.record_number,
        )
        if case_patient is not None
        else []
    )
    if wrong:
        # A header naming another patient: its picture is not read, so no finding from it
        # reaches the diagnosis or the alarms until the doctor has checked the file.
        withheld = [f"{w}; {_WRONG_PATIENT_WITHHELD}" for w in wrong]
        image = image.model_copy(update={"warnings": [*withheld, *image.warnings]})
        reading = unread_image_analysis(image, _WRONG_PATIENT_NOT_SENT)
    elif has_burned_in_text(image):
        image = image.model_copy(
            update={"warnings": [*image.warnings, f"{label} was not read: {_BURNED_IN_WARNING}"]}
        )
        reading = unread_image_analysis(image, _BURNED_IN_NOT_SENT)
    else:
        reading = scrub.reading(engine.read_image(image, context))  # failures fail the case
    return _ImageResult(record, image, _with_image_details(reading, image))


def _finish_labs(lab_futures: list[Future[_LabResult]], patient: Patient) -> list[_LabResult]:
    """Wait for the lab files and their scanned pages (sent as each was rendered)."""
    labs = _settle(lab_futures)  # _extract_lab turns every failure into a warning
    # All pages settle before the first failure, if any, is raised below.
    wait([future for lab in labs for _, future in lab.page_reads])
    for lab in labs:
        _add_page_text(lab, patient)
    return labs


def _check_patient(lab: _LabResult, patient: _CasePatient, context: PatientContext) -> None:
    """A structured message or a labelled report header for another patient gets a
    wrong-patient warning, and the file's values are kept out of the analysis (the engines'
    text and values, the critical alarms) until the doctor has checked it."""
    named = list(lab.document.message_patients)
    if not lab.document.structured:
        header = report_patient(lab.stored_text)
        named += [header] if header is not None else []
    found = wrong_patient_warnings(
        lab.document.label,
        named,
        patient.name,
        context.age,
        context.gender,
        patient.birth_date,
        patient.record_number,
    )
    if found and not lab.document.structured:
        # A report's header: warned about, and its values stay in this case's reading, each
        # marked, but out of the patient's history (see docs/patients.md).
        marked = [v.model_copy(update={"other_patient": True}) for v in lab.document.lab_values]
        lab.document = lab.document.model_copy(
            update={
                "warnings": [f"{w}; {_REPORT_KEPT_APART}" for w in found] + lab.document.warnings,
                "lab_values": marked,
            }
        )
    elif found:
        withheld = [f"{w}; {_LAB_WITHHELD}" for w in found]
        lab.document = lab.document.model_copy(
            update={"warnings": [*withheld, *lab.document.warnings], "text": "", "lab_values": []}
        )


def _check_collection_times(
    lab: _LabResult, birth_date: date | None, clinic_zone: tzinfo | None
) -> None:
    """A structured result's time sent without any zone placed in the clinic's (when set);
    one collected after this analysis or before the patient's birth (the record's date,
    else the message's own): warned about, kept, marked, and left out of the delta checks
    (core.analysis.reading.collection_time)."""
    document = lab.document
    if not document.structured or not document.lab_values:
        return
    placed = in_clinic_zone(document.lab_values, clinic_zone)
    born = birth_date or _message_birth_date(document)
    values, found = checked_times(document.label, placed, utc_now(), born)
    if found or placed is not document.lab_values:
        lab.document = document.model_copy(
            update={"lab_values": values, "warnings": [*found, *document.warnings]}
        )


def _message_birth_date(document: LabDocument) -> date | None:
    """The one full birth date the message gives its patient, if it gives one."""
    dates = {p.birth_date for p in document.message_patients if p.birth_date}
    if len(dates) != 1:
        return None
    try:
        return date.fromisoformat(dates.pop() or "")
    except ValueError:
        return None  # a year or a year-month alone


def _add_page_text(lab: _LabResult, patient: Patient) -> None:
    if lab.document.structured:
        return  # its values were read from the message's fields, exactly
    reads = _settle([future for _, future in lab.page_reads])
    texts = [text for text in reads if text]
    # A scanned page the vision model did read has text now: its warning would mislead.
    read_pages = {page for (page, _), text in zip(lab.page_reads, reads, strict=True) if text}
    if read_pages:
        dropped = {no_text_layer(lab.document.label, page) for page in read_pages}
        lab.document = lab.document.model_copy(
            update={"warnings": [w for w in lab.document.warnings if w not in dropped]}
        )
    read = "\n\n".join(texts)
    if read:
        lab.stored_text = "\n\n".join(t for t in (lab.stored_text, read) if t)
    values_from = "\n\n".join(t for t in (lab.document.text, read) if t)
    model_reads = {
        page: text for (page, _), text in zip(lab.page_reads, reads, strict=True) if text
    }
    document = lab.document.model_copy(
        update={"text": values_from, "model_page_reads": model_reads}
    )
    reading = read_document(document, patient)
    # Without a vision model, the scanned pages' text is OCR's: its values say so.
    values = (
        reading.values if lab.page_reads else mark_read_by_ocr(reading.values, document.ocr_lines)
    )
    lab.document = document.model_copy(
        update={
            "lab_values": values,
            "unread_tests": reading.unread_tests,
            # "reference ranges only (a blank form)": the doctor learns why nothing was read
            "warnings": [*document.warnings, *(f"{document.label}: {n}" for n in reading.notes)],
        }
    )


def _settle(futures: list[Future[Any]]) -> list[Any]:
    """Every result once all are done; the first failure is raised after that."""
    wait(futures)
    return [future.result() for future in futures]


def _save_labs(labs: list[_LabResult], save: SaveFileAnalysis) -> list[str]:
    """Store each lab file's text; their warnings, in file order."""
    warnings: list[str] = []
    for lab in labs:
        save(lab.file, lab.stored_text or None, None)
        warnings.extend(lab.document.warnings)
    return warnings


def _save_images(images: list[_ImageResult], save: SaveFileAnalysis) -> list[str]:
    """Store each radiology image's reading; their warnings, in file order."""
    warnings: list[str] = []
    for result in images:
        if result.image is None or result.reading is None:
            save(result.file, None, None)
            warnings.append(result.warning or "A radiology image could not be read")
            continue
        reading = result.reading.model_dump()
        save(result.file, None, LabelledImageAnalysis(**reading, label=result.image.label))
        warnings.extend(result.image.warnings)
    return warnings


def _scrub_metadata(metadata: dict[str, Any], scrub: CaseScrubber) -> dict[str, Any]:
    return {
        key: scrub(value) if isinstance(value, str) else value for key, value in metadata.items()
    }


def _with_image_details(reading: ImageAnalysis, image: RadiologyImage) -> ImageAnalysis:
    """What the file itself says (modality, body part, size) fills what the reader left out."""
    meta = image.metadata
    properties = {"width": image.width, "height": image.height, **reading.image_properties}
    return reading.model_copy(
        update={
            "modality": reading.modality or meta.get("modality"),
            "body_part": reading.body_part or meta.get("body_part"),
            "study_description": reading.study_description or meta.get("study_description"),
            "image_properties": properties,
        }
    )
