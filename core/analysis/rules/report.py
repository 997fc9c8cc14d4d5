"""What the rules engine writes about a case's files: values read, critical values first,
tests and pages that could not be read, never "all within range" while any is missing."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.analysis.labs.critical import CRITICAL_LIST_SOURCE, describe_critical
from core.analysis.labs.format import format_lab_value
from core.analysis.labs.parse import read_document
from core.analysis.labs.reference import Patient
from core.analysis.rules.notes import NoteFacts, read_notes
from core.insights import LabDocument, LabValue, PatientContext
from core.vocabulary.catalog import BY_NAME


@dataclass
class CaseReading:
    """Everything the rules engine read from a case: values, gaps and the notes' facts."""

    labs: list[LabDocument]
    values: list[LabValue] = field(default_factory=list)
    unread_tests: list[str] = field(default_factory=list)
    unread_pages: int = 0
    facts: NoteFacts = field(default_factory=NoteFacts)

    @property
    def critical(self) -> list[LabValue]:
        return [v for v in self.values if v.critical]

    @property
    def abnormal(self) -> list[LabValue]:
        return [v for v in self.values if v.flag]

    @property
    def unsure(self) -> int:
        return len(self.unread_tests) + self.unread_pages

    @property
    def complete(self) -> bool:
        """True when nothing the files name was left unread."""
        return not self.unsure


def read_case(context: PatientContext, labs: list[LabDocument]) -> CaseReading:
    """The lab values (the pipeline's, or parsed here), the unread parts and the notes."""
    reading = CaseReading(labs)
    patient = Patient(context.age, context.gender)
    for document in labs:
        if document.lab_values:
            reading.values += document.lab_values
            reading.unread_tests += document.unread_tests
        else:
            parsed = read_document(document, patient)
            reading.values += parsed.values
            reading.unread_tests += parsed.unread_tests
        reading.unread_pages += document.unread_pages
    reading.unread_tests = list(dict.fromkeys(reading.unread_tests))
    # Every file is read for the doctor's words: a note by its sections, a lab report only
    # for what it states ("consistent with acute myocardial infarction").
    reading.facts = read_notes(context.doctor_notes, [d.text for d in labs])
    return reading


def critical_sentence(reading: CaseReading) -> str:
    """The urgent line that opens the summary and the plan when a value is critical."""
    if not reading.critical:
        return ""
    listed = "; ".join(describe_critical(v) for v in reading.critical)
    return f"URGENT: {len(reading.critical)} critical value(s) ({CRITICAL_LIST_SOURCE}): {listed}."


def gaps_sentence(reading: CaseReading) -> str:
    """What could not be read, said plainly; empty when everything was read."""
    parts = [f"{name} mentioned, value not read" for name in reading.unread_tests]
    if reading.unread_pages:
        parts.append(
            f"{reading.unread_pages} page(s) could not be read (no text layer, and OCR "
            "read no text on them)"
        )
    return ("Not read: " + "; ".join(parts) + ".") if parts else ""


def lab_sentence(reading: CaseReading) -> str:
    labs, values, abnormal = reading.labs, reading.values, reading.abnormal
    if not labs:
        return "No lab files."
    if not values:
        text = f"No lab values could be read from {len(labs)} lab file(s)."
    else:
        text = f"{len(values)} lab value(s) read from {len(labs)} lab file(s), {len(abnormal)} "
        text += "outside the reference range"
        if abnormal:
            text += ": " + "; ".join(format_lab_value(v) for v in _urgent_first(abnormal))
        text += "."
    gaps = gaps_sentence(reading)
    return f"{text} {gaps}" if gaps else text


def lab_summary(reading: CaseReading) -> str:
    values, abnormal = reading.values, reading.abnormal
    if not values:
        return lab_sentence(reading)
    panels: dict[str, list[LabValue]] = {}
    for value in values:
        analyte = BY_NAME.get(value.analyte)
        panels.setdefault(analyte.panel if analyte else "Other", []).append(value)
    lines = [critical_sentence(reading)] if reading.critical else []
    lines.append(f"{len(values)} lab value(s) read, {len(abnormal)} outside the reference range.")
    for panel, readings in panels.items():
        out = [format_lab_value(v) for v in _urgent_first(readings) if v.flag]
        within = sorted({v.analyte for v in readings if not v.flag})
        text = "; ".join(out)
        if within:
            text += ("; " if text else "") + "within range: " + ", ".join(within)
        lines.append(f"{panel}: {text}.")
    gaps = gaps_sentence(reading)
    return " ".join([*lines, gaps] if gaps else lines)


def all_within_range(reading: CaseReading) -> str:
    """ "All N values are within reference ranges" only when it is true of the whole file."""
    if reading.values and not reading.abnormal and reading.complete:
        return f"All {len(reading.values)} lab values are within reference ranges."
    return ""


def _urgent_first(values: list[LabValue]) -> list[LabValue]:
    return sorted(values, key=lambda v: not v.critical)
