"""The Composition's sections: the case summary, S, O, A, P, and the lab values.

The text is the signed version's when there is one (the AI's where the physician accepted
it, theirs where edited; a rejected section says so, with the reason), else the AI draft's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.analysis.labs.format import format_lab_value
from core.export.fhir.context import reference
from core.export.fhir.narrative import Paragraph, narrative
from core.insights import Insights, LabValue
from core.review import Decision, Section, SignedNote, ai_text

LOINC = "http://loinc.org"
# LOINC section codes of the SOAP note (as C-CDA's progress note uses them).
SOAP_SECTIONS = (
    ("subjective", "Subjective", "61150-9", "Subjective Narrative"),
    ("objective", "Objective", "61149-1", "Objective Narrative"),
    ("assessment", "Assessment", "51848-0", "Evaluation note"),
    ("plan", "Plan", "18776-5", "Plan of care note"),
)
LAB_SECTION = ("30954-2", "Relevant diagnostic tests/laboratory data Narrative")


@dataclass(frozen=True)
class NoteText:
    """The text of each section that stands, and why a rejected one was rejected."""

    summary: dict[str, Any] | None
    soap: dict[str, Any] | None
    diagnosis: dict[str, Any] | None
    rejected: dict[str, str] = field(default_factory=dict)  # section -> reason
    evidence: list[str] = field(default_factory=list)  # the AI's, when its diagnosis stands

    @classmethod
    def of(cls, insights: Insights, note: SignedNote | None) -> NoteText:
        drafted = insights.model_dump()
        ai_evidence = list(insights.primary_diagnosis.supporting_evidence)
        if note is None:
            return cls(
                summary=ai_text(drafted, Section.CASE_SUMMARY),
                soap=ai_text(drafted, Section.SOAP_NOTE),
                diagnosis=ai_text(drafted, Section.PRIMARY_DIAGNOSIS),
                evidence=ai_evidence,
            )
        entries = note.content.get("sections", {})
        rejected = {
            name: (entry.get("reason") or "no reason given")
            for name, entry in entries.items()
            if entry.get("decision") == Decision.REJECTED
        }
        diagnosis_entry = entries.get(Section.PRIMARY_DIAGNOSIS) or {}
        return cls(
            summary=note.section_text(Section.CASE_SUMMARY),
            soap=note.section_text(Section.SOAP_NOTE),
            diagnosis=note.section_text(Section.PRIMARY_DIAGNOSIS),
            rejected=rejected,
            # The AI's evidence supports the AI's diagnosis, not one the physician wrote.
            evidence=ai_evidence if diagnosis_entry.get("decision") == Decision.ACCEPTED else [],
        )

    @property
    def lab_summary(self) -> str:
        return str((self.summary or {}).get("lab_summary") or "")


def composition_sections(
    text: NoteText,
    conditions: list[dict[str, Any]],
    report: dict[str, Any] | None,
    lab_values: list[LabValue],
) -> list[dict[str, Any]]:
    sections = [_section("Case summary", None, _summary(text))]
    for name, title, code, display in SOAP_SECTIONS:
        body = _soap(text, name)
        entries = conditions if name == "assessment" else []
        if name == "assessment":
            body += _diagnosis(text, conditions)
        sections.append(_section(title, (code, display), body, entries))
    if report is not None:
        lines = [format_lab_value(v) + (" (CRITICAL)" if v.critical else "") for v in lab_values]
        sections.append(_section("Lab values", LAB_SECTION, [("Lab values", lines)], [report]))
    return sections


def _section(
    title: str,
    code: tuple[str, str] | None,
    body: list[Paragraph],
    entries: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    section: dict[str, Any] = {"title": title, "text": narrative(body)}
    if code is not None:
        section["code"] = {"coding": [{"system": LOINC, "code": code[0], "display": code[1]}]}
    if entries:
        section["entry"] = [reference(resource) for resource in entries]
    return section


def _rejected(text: NoteText, section: str) -> list[Paragraph]:
    return [f"Rejected by the physician: {text.rejected.get(section, 'no reason given')}"]


def _summary(text: NoteText) -> list[Paragraph]:
    if text.summary is None:
        return _rejected(text, Section.CASE_SUMMARY)
    summary = text.summary
    return [
        str(summary.get("comprehensive_summary") or ""),
        ("Key findings", [str(item) for item in summary.get("key_findings") or []]),
        *([f"Labs: {summary['lab_summary']}"] if summary.get("lab_summary") else []),
        *(
            [f"Radiology: {summary['radiology_summary']}"]
            if summary.get("radiology_summary")
            else []
        ),
    ]


def _soap(text: NoteText, field_name: str) -> list[Paragraph]:
    if text.soap is None:
        return _rejected(text, Section.SOAP_NOTE)
    return [str(text.soap.get(field_name) or "")]


def _diagnosis(text: NoteText, conditions: list[dict[str, Any]]) -> list[Paragraph]:
    if text.diagnosis is None:
        reason = text.rejected.get(Section.PRIMARY_DIAGNOSIS, "no reason given")
        return [f"Primary diagnosis rejected by the physician: {reason}"]
    diagnosis = text.diagnosis
    code = diagnosis.get("icd_code") or "no code"
    lines: list[Paragraph] = [
        f"Primary diagnosis: {diagnosis.get('primary_diagnosis') or ''} (ICD-10-CM {code})"
    ]
    differential = [
        c["code"]["text"]
        for c in conditions
        if c["verificationStatus"]["coding"][0]["code"] == "differential"
    ]
    if differential:
        lines.append(("Differential (suggested by the AI draft)", differential))
    return lines
