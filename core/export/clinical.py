"""The export's clinical-safety blocks: critical values first, then each lab value with its
source, the tests whose value was not read, the ranked differential and the numbers the
grounding check found nowhere in the files."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.advisory import confidence_percent
from core.analysis.labs.format import format_lab_value, how_read
from core.export.blocks import Block
from core.insights import Insights, LabValue
from core.models import CaseFile

CRITICAL_HEADING = "CRITICAL VALUES: act now"
SECTION_NAMES = {
    "case_summary": "Case summary",
    "soap_note": "SOAP note",
    "primary_diagnosis": "Primary diagnosis",
}


def file_names(files: Sequence[CaseFile]) -> dict[str, str]:
    return {record.file_id: record.file_name for record in files}


def source_of(value: LabValue, names: Mapping[str, str]) -> str:
    """Where a value was read: "cbc.pdf, page 2: "K 6.8 H"" (what is known of it), and
    "(read by OCR, 90% sure)" after the page when OCR read it off a scan."""
    parts = [names.get(value.source_file_id or "", "")]
    if value.source_page is not None:
        parts.append(f"page {value.source_page}")
    where = ", ".join(part for part in parts if part)
    if read := how_read(value):
        where = f"{where} ({read})" if where else read
    if value.source_line:
        return f'{where}: "{value.source_line}"' if where else f'"{value.source_line}"'
    return where


def value_line(value: LabValue, names: Mapping[str, str]) -> str:
    """One lab value with its specimen, timing (both from format_lab_value) and source."""
    text = format_lab_value(value)
    if value.critical:
        text = f"CRITICAL: {text}"
    source = source_of(value, names)
    return f"{text} · source: {source}" if source else text


def critical_blocks(insights: Insights, files: Sequence[CaseFile]) -> list[Block]:
    """Every critical value, at the head of the document; nothing when there are none."""
    critical = insights.critical_values
    if not critical:
        return []
    names = file_names(files)
    return [
        Block("banner", f"{CRITICAL_HEADING} ({len(critical)} on the critical-value list)"),
        Block("bullets", items=tuple(value_line(value, names) for value in critical)),
    ]


def differential_blocks(insights: Insights) -> list[Block]:
    """The confidence reason and the ranked differential, each with its evidence."""
    diagnosis = insights.primary_diagnosis
    blocks: list[Block] = []
    if diagnosis.confidence_reason:
        blocks.append(Block("facts", facts=(("Why this confidence", diagnosis.confidence_reason),)))
    if diagnosis.differential:
        items = []
        for rank, other in enumerate(diagnosis.differential, start=1):
            code = f" ({other.icd_code})" if other.icd_code else ""
            evidence = "; ".join(other.supporting_evidence)
            items.append(
                # "Rank 1: ..." rather than "1. ...": a list number would be escaped.
                f"Rank {rank}: {other.diagnosis}{code}, confidence "
                f"{confidence_percent(other.confidence_score)}"
                + (f". Evidence: {evidence}" if evidence else "")
            )
        blocks += [
            Block("subheading", "Differential diagnosis (ranked)"),
            Block("bullets", items=tuple(items)),
        ]
    return blocks


def lab_blocks(insights: Insights, files: Sequence[CaseFile]) -> list[Block]:
    """The lab values with their sources, the unread tests and the grounding marks."""
    names = file_names(files)
    blocks: list[Block] = []
    if insights.lab_values:
        blocks += [
            Block("heading", "Lab values and their sources"),
            Block("bullets", items=tuple(value_line(v, names) for v in insights.lab_values)),
        ]
    if insights.unread_tests:
        blocks += [
            Block("heading", "Tests mentioned, value not read"),
            Block(
                "bullets",
                items=tuple(f"{name} mentioned, value not read" for name in insights.unread_tests),
            ),
        ]
    ungrounded = insights.ungrounded_numbers or {}
    if any(ungrounded.values()):
        blocks += [
            Block("heading", "Numbers not found in the files"),
            Block(
                "bullets",
                items=tuple(
                    f"{SECTION_NAMES.get(section, section)}: {', '.join(numbers)}"
                    for section, numbers in ungrounded.items()
                    if numbers
                ),
            ),
        ]
    return blocks
