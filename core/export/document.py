"""What the chart export holds, built from a case and its insights: a list of blocks.

Markdown and PDF both render these blocks, so they always say the same things: whether
the note is signed (and by whom, when, which version) or a draft, the banner naming what
wrote the draft, the patient, the provenance (engine, model, prompt version) and when.
Before sign-off the export is the AI draft under a "DRAFT: not signed" heading; once
signed, it is the physician's signed version.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from core.advisory import advisory_for, confidence_percent
from core.analysis.history import TrendSeries
from core.export.blocks import Block, BlockKind
from core.export.clinical import critical_blocks, differential_blocks, lab_blocks
from core.export.trends import trend_blocks
from core.insights import Insights
from core.models import Case, CaseFile
from core.privacy.restore import restore_text
from core.review import NOTE_NOT_VERIFIED, SignedNote

__all__ = ["DRAFT_HEADING", "TITLE", "Block", "BlockKind", "chart_blocks", "export_name"]

DRAFT_HEADING = "DRAFT: not signed"

TITLE = "SOAP note and primary diagnosis"


def generated_time(iso_moment: str) -> str:
    """``2026-11-22T14:05:00+00:00`` as ``22 Nov 2026, 14:05 UTC`` (as written if unparsable)."""
    try:
        moment = datetime.fromisoformat(iso_moment)
    except (TypeError, ValueError):
        return iso_moment
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return aware.astimezone(UTC).strftime("%d %b %Y, %H:%M UTC")


def icd_line(code: str, valid: bool | None, official: str | None) -> str:
    """The ICD-10 code with what the ICD-10-CM check said about it."""
    if valid is None:
        return f"{code} (not checked against ICD-10-CM)"
    if valid:
        return f"{code}, valid ICD-10-CM code: {official}" if official else f"{code}, valid"
    return f"{code}, NOT a valid ICD-10-CM code: check before use"


def chart_blocks(
    case: Case,
    insights: Insights,
    note: SignedNote | None = None,
    files: Sequence[CaseFile] = (),
    trends: Sequence[TrendSeries] = (),
) -> list[Block]:
    """The document's content, in reading order: critical values first, then the signed
    ``note`` when there is one, else the AI draft marked as not signed. The export goes to
    the case's owner: [PATIENT] reads as the patient's name (privacy.restore)."""
    made = insights.provenance
    blocks = [Block("title", TITLE), *critical_blocks(insights, files)]
    if note is None:
        blocks += [Block("heading", DRAFT_HEADING), Block("banner", advisory_for(made.engine))]
    else:
        blocks.append(Block("heading", signature_line(note)))
        if note.amendment_reason:
            blocks.append(Block("facts", facts=(("Amended because", note.amendment_reason),)))
        blocks.append(
            Block(
                "banner",
                "Signed by the physician. Prepared from a draft written by "
                f"{made.written_by}; the signed text is the physician's.",
            )
        )
    blocks.append(
        Block(
            "facts",
            facts=(
                ("Patient", case.patient_name),
                ("Age, gender", f"{case.patient_age} years, {case.patient_gender}"),
                ("Case", case.case_id),
                ("Draft written by", made.written_by),
                ("Engine", made.engine),
                ("Model", made.model or "none"),
                ("Prompt version", made.prompt_version),
                ("Draft generated", generated_time(insights.generated_at)),
                ("Overall confidence", confidence_percent(insights.overall_confidence_score)),
            ),
        )
    )
    if note is None:
        blocks += _draft_sections(insights)
        blocks += differential_blocks(insights)
    else:
        blocks += _signed_sections(note)
    blocks += lab_blocks(insights, files)
    blocks += trend_blocks(trends, insights, case.case_id)
    if made.warnings:
        blocks += [Block("heading", "Warnings"), Block("bullets", items=tuple(made.warnings))]
    return [_restored(block, case.patient_name) for block in blocks]


def _restored(block: Block, patient_name: str) -> Block:
    def text(value: str) -> str:
        return restore_text(value, patient_name)

    return Block(
        block.kind,
        text(block.text),
        tuple(text(item) for item in block.items),
        tuple((label, text(value)) for label, value in block.facts),
    )


def signature_line(note: SignedNote) -> str:
    kind = "Signed" if note.version == 1 else "Amended and signed"
    moment = generated_time(note.signed_at.isoformat())
    signer = f"{note.signed_as} ({note.signer_email})" if note.signer_name else note.signer_email
    line = f"{kind} by {signer} at {moment} (version {note.version})"
    return line if note.verified else f"{line}. {NOTE_NOT_VERIFIED}"


def _draft_sections(insights: Insights) -> list[Block]:
    soap = insights.soap_note
    diagnosis = insights.primary_diagnosis
    icd = icd_line(diagnosis.icd_code, diagnosis.icd_code_valid, diagnosis.icd_description)
    blocks = [Block("heading", "SOAP note")]
    for heading, text in (
        ("Subjective", soap.subjective),
        ("Objective", soap.objective),
        ("Assessment", soap.assessment),
        ("Plan", soap.plan),
    ):
        blocks += [Block("subheading", heading), Block("text", text)]
    blocks += [
        Block(
            "facts", facts=(("SOAP note confidence", confidence_percent(soap.confidence_score)),)
        ),
        Block("heading", "Primary diagnosis"),
        Block(
            "facts",
            facts=(
                ("Diagnosis", diagnosis.primary_diagnosis),
                ("ICD-10", icd),
                ("Confidence", confidence_percent(diagnosis.confidence_score)),
            ),
        ),
    ]
    if diagnosis.description:
        blocks.append(Block("text", diagnosis.description))
    if diagnosis.supporting_evidence:
        blocks += [
            Block("subheading", "Supporting evidence"),
            Block("bullets", items=tuple(diagnosis.supporting_evidence)),
        ]
    return blocks


def _signed_sections(note: SignedNote) -> list[Block]:
    blocks = [Block("heading", "SOAP note")]
    soap = note.section_text("soap_note")
    if soap is None:
        blocks.append(Block("text", _rejected(note, "soap_note")))
    else:
        for heading, name in (
            ("Subjective", "subjective"),
            ("Objective", "objective"),
            ("Assessment", "assessment"),
            ("Plan", "plan"),
        ):
            blocks += [Block("subheading", heading), Block("text", soap.get(name) or "")]
    blocks.append(Block("heading", "Primary diagnosis"))
    diagnosis = note.section_text("primary_diagnosis")
    if diagnosis is None:
        blocks.append(Block("text", _rejected(note, "primary_diagnosis")))
    else:
        blocks.append(
            Block(
                "facts",
                facts=(
                    ("Diagnosis", diagnosis.get("primary_diagnosis") or ""),
                    ("ICD-10", f"{diagnosis.get('icd_code') or 'none'} (ICD-10-CM)"),
                ),
            )
        )
        if diagnosis.get("description"):
            blocks.append(Block("text", diagnosis["description"]))
    return blocks


def _rejected(note: SignedNote, section: str) -> str:
    entry = note.content.get("sections", {}).get(section) or {}
    return f"Rejected by the physician: {entry.get('reason') or 'no reason given'}"


def export_name(case: Case, extension: str) -> str:
    """A download name that carries the case, never the patient's name."""
    return f"medcase-{case.case_id[:8]}-soap-diagnosis.{extension}"
