"""The analysis of one case, in two model rounds however many files it has.

Round 1 (``reading_round``) reads every file at once (lab text extraction beside radiology
image reading, and each scanned lab page as soon as it is rendered); round 2 (``writing``)
writes the case summary beside the SOAP note and primary diagnosis (one answer, so they
agree), both from the same facts.
A case without images or scanned pages has no model call in round 1: one round. Each
section is handed to ``on_section`` as soon as it lands. The patient's name is redacted
from every text before an engine sees it, and files are known by labels only.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from datetime import tzinfo

from core.analysis.delta import delta_checks
from core.analysis.engines.protocol import InsightEngine
from core.analysis.grounding import check_model_answer
from core.analysis.history import CaseResults, imported_before
from core.analysis.reading.isolation import FileReading, InProcessReading
from core.analysis.reading_round import ReadFile, SaveFileAnalysis, read_round
from core.analysis.rules.engine import RulesEngine
from core.analysis.writing import SaveSection, write_round
from core.insights import Insights, LabDocument, LabValue, PatientContext, Provenance
from core.models import LAB_VALUES_SECTION, AnalysisStage, Case, CaseFile, utc_now
from core.models import Patient as PatientRecord
from core.privacy.known_identifiers import known_identifier_patterns
from core.privacy.redaction import CaseScrubber, file_labels


def analyze_case(
    case: Case,
    files: list[CaseFile],
    read_file: ReadFile,
    engine: InsightEngine,
    on_stage: Callable[[str], None],
    save_file_analysis: SaveFileAnalysis,
    pool: Executor,
    reading: FileReading | None = None,
    on_section: SaveSection | None = None,
    patient_record: PatientRecord | None = None,
    earlier: Sequence[CaseResults] = (),
    clinic_zone: tzinfo | None = None,
) -> Insights:
    """Analyse one case; engine failures propagate, unreadable files become warnings.

    ``pool`` runs the file-level and model work and must not be the pool running this
    call; ``reading`` opens the files (the runner's reads each in a child process);
    ``on_section`` gets each written section as it lands (the case page shows it);
    ``patient_record`` is the case's patient: its own record number and date of birth are
    kept from the engines wherever they stand, and a message for another date of birth is
    a wrong-patient warning; ``earlier`` holds the same patient's earlier cases, for the
    delta checks; ``clinic_zone`` places a result's time sent without any zone.
    """
    reading = reading or InProcessReading()
    started = time.perf_counter()
    labels = file_labels(files)
    known = (
        known_identifier_patterns(patient_record.record_number, patient_record.date_of_birth)
        if patient_record is not None
        else []
    )
    scrub = CaseScrubber(case.patient_name, {f.file_name: labels[f.file_id] for f in files}, known)
    context = PatientContext(
        age=case.patient_age,
        gender=case.patient_gender,
        doctor_notes=scrub(case.case_summary) if case.case_summary else None,
    )
    # Seconds keyed by the stage they end: case_summary_generated and soap_note_generated
    # (the joint SOAP and diagnosis answer) both count from the start of round 2, which
    # runs them side by side; diagnosis_generated is the grounding check after both.
    timings: dict[str, float] = {}

    def lap(stage: AnalysisStage, since: float) -> None:
        timings[stage.value] = round(time.perf_counter() - since, 3)

    def save_lab_values(values: list[LabValue]) -> None:
        if on_section is not None:
            rows = [value.model_dump(mode="json") for value in values]
            on_section(LAB_VALUES_SECTION, {LAB_VALUES_SECTION: rows})

    # Round 1: every file at once; the lab values saved as soon as the lab files are read.
    files_read = read_round(
        files,
        labels,
        read_file,
        reading,
        engine,
        context,
        scrub,
        save_file_analysis,
        pool,
        timings,
        started,
        on_stage,
        save_lab_values,
        patient_name=case.patient_name,
        birth_date=patient_record.date_of_birth if patient_record is not None else None,
        record_number=patient_record.record_number if patient_record is not None else None,
        clinic_zone=clinic_zone,
    )
    documents, readings, warnings = files_read.documents, files_read.readings, files_read.warnings
    lab_values = [value for document in documents for value in document.lab_values]
    warnings = [*warnings, *_already_imported(documents, earlier)]
    # Both engines write from the delta checks: the values compared with earlier results.
    checks = delta_checks(lab_values, case.created_at, earlier, case.case_id)
    context = context.model_copy(update={"delta_checks": checks})

    # Round 2: the summary beside the SOAP note and diagnosis, from the same facts.
    summary, soap, diagnosis = write_round(
        engine, context, documents, readings, pool, timings, on_stage, on_section
    )
    since = time.perf_counter()
    # The rules engine writes only the values it read: a model's text is checked.
    ungrounded = (
        None
        if engine.name == RulesEngine.name
        else check_model_answer(context, documents, readings, (summary, soap, diagnosis))
    )
    lap(AnalysisStage.DIAGNOSIS_GENERATED, since)
    on_stage(AnalysisStage.DIAGNOSIS_GENERATED.value)

    timings["total"] = round(time.perf_counter() - started, 3)
    insights = Insights.compile(
        summary,
        soap,
        diagnosis,
        generated_at=utc_now().isoformat(),
        lab_values=lab_values,
        unread_tests=list(dict.fromkeys(t for d in documents for t in d.unread_tests)),
        provenance=Provenance(
            engine=engine.name,
            model=engine.model,
            written_by=engine.written_by,
            prompt_version=engine.prompt_version,
            stage_timings=timings,
            warnings=warnings,
        ),
    )
    insights = insights.model_copy(
        update={"ungrounded_numbers": ungrounded, "delta_checks": checks}
    )
    on_stage(AnalysisStage.INSIGHTS_COMPILED.value)
    return insights


def _already_imported(
    documents: Sequence[LabDocument], earlier: Sequence[CaseResults]
) -> list[str]:
    """A structured file whose results an earlier case of the patient already holds (the
    same message or resources uploaded again): the doctor is told which case, and the
    results count once in the patient's trends and delta checks (core.analysis.history)."""
    found = []
    for document in documents:
        cases = imported_before(document.lab_values, earlier)
        if cases:
            found.append(
                f"{document.label}: its results were already imported into case "
                f"{', '.join(cases)}; they count once in the patient's trends and are not "
                "compared with themselves"
            )
    return found
