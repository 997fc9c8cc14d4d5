"""The SOAP note and primary diagnosis as a document for the chart: Markdown or PDF.

Both formats render one list of blocks, so they always say the same things: the advisory
banner, the patient, who wrote the insights (engine, model, prompt version) and when.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from core.analysis.insights import Insights
from core.models import Case

ADVISORY = "AI-generated, advisory: requires physician review"
TITLE = "SOAP note and primary diagnosis"

# Fonts that cover far more than Latin-1, tried in order: (regular, bold). None has to exist:
# without one the PDF falls back to a core font and unsupported characters are replaced.
UNICODE_FONTS: tuple[tuple[Path, Path], ...] = tuple(
    (Path(folder, regular), Path(folder, bold))
    for folder, regular, bold in (
        ("/usr/share/fonts/truetype/dejavu", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
        ("/usr/share/fonts/dejavu", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
        ("/usr/share/fonts/truetype/noto", "NotoSans-Regular.ttf", "NotoSans-Bold.ttf"),
        (
            "/usr/share/fonts/truetype/liberation",
            "LiberationSans-Regular.ttf",
            "LiberationSans-Bold.ttf",
        ),
        ("/usr/share/fonts/liberation", "LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf"),
    )
)

# Readable stand-ins for characters a font may lack (clinical text is full of them).
_STAND_INS = {
    "–": "-",
    "—": "-",
    "‐": "-",
    "−": "-",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "…": "...",
    "•": "-",
    "≥": ">=",
    "≤": "<=",
    "≠": "!=",
    "→": "->",
    "±": "+/-",
    "×": "x",
    "µ": "u",
    "Ł": "L",
    "ł": "l",
    "Đ": "D",
    "đ": "d",
    "Œ": "OE",
    "œ": "oe",
    "ı": "i",
    "\u00a0": " ",
    "\u2009": " ",
    "\u202f": " ",
}

BlockKind = Literal["title", "banner", "heading", "subheading", "text", "bullets", "facts"]


@dataclass(frozen=True)
class Block:
    """One piece of the document: a heading, a paragraph, bullets or label/value facts."""

    kind: BlockKind
    text: str = ""
    items: tuple[str, ...] = ()
    facts: tuple[tuple[str, str], ...] = field(default_factory=tuple)


def score(value: float) -> str:
    return f"{value:.0%}"


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


def chart_blocks(case: Case, insights: Insights) -> list[Block]:
    """The document's content, in reading order."""
    made = insights.provenance
    soap = insights.soap_note
    diagnosis = insights.primary_diagnosis
    icd = icd_line(diagnosis.icd_code, diagnosis.icd_code_valid, diagnosis.icd_description)
    blocks = [
        Block("title", TITLE),
        Block("banner", ADVISORY),
        Block(
            "facts",
            facts=(
                ("Patient", case.patient_name),
                ("Age, gender", f"{case.patient_age} years, {case.patient_gender}"),
                ("Case", case.case_id),
                ("Written by", made.written_by),
                ("Engine", made.engine),
                ("Model", made.model or "none"),
                ("Prompt version", made.prompt_version),
                ("Generated", generated_time(insights.generated_at)),
                ("Overall confidence", score(insights.overall_confidence_score)),
            ),
        ),
        Block("heading", "SOAP note"),
    ]
    for heading, text in (
        ("Subjective", soap.subjective),
        ("Objective", soap.objective),
        ("Assessment", soap.assessment),
        ("Plan", soap.plan),
    ):
        blocks += [Block("subheading", heading), Block("text", text)]
    blocks += [
        Block("facts", facts=(("SOAP note confidence", score(soap.confidence_score)),)),
        Block("heading", "Primary diagnosis"),
        Block(
            "facts",
            facts=(
                ("Diagnosis", diagnosis.primary_diagnosis),
                ("ICD-10", icd),
                ("Confidence", score(diagnosis.confidence_score)),
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
    if made.warnings:
        blocks += [Block("heading", "Warnings"), Block("bullets", items=tuple(made.warnings))]
    return blocks


def chart_markdown(case: Case, insights: Insights) -> str:
    """The export as Markdown."""
    lines: list[str] = []
    for block in chart_blocks(case, insights):
        if block.kind == "title":
            lines += [f"# {block.text}", ""]
        elif block.kind == "banner":
            lines += [f"> **{block.text}**", ""]
        elif block.kind == "heading":
            lines += [f"## {block.text}", ""]
        elif block.kind == "subheading":
            lines += [f"### {block.text}", ""]
        elif block.kind == "text":
            lines += [block.text, ""]
        elif block.kind == "bullets":
            lines += [*(f"- {item}" for item in block.items), ""]
        else:
            lines += [*(f"- **{label}:** {value}" for label, value in block.facts), ""]
    return "\n".join(lines).rstrip() + "\n"


def fit_text(text: str, supported: Callable[[str], bool]) -> str:
    """``text`` with each character the font lacks replaced by a stand-in, or by ``?``."""
    fitted: list[str] = []
    for char in text:
        if char in "\n\t" or supported(char):
            fitted.append(char)
            continue
        stand_in = _STAND_INS.get(char)
        if stand_in is not None and all(supported(c) for c in stand_in):
            fitted.append(stand_in)
            continue
        # "ł" has no decomposition, but "ő" is "o" plus an accent: keep the letter.
        base = "".join(
            c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
        )
        fitted.append(base if base and all(supported(c) for c in base) else "?")
    return "".join(fitted)


def chart_pdf(
    case: Case, insights: Insights, fonts: Sequence[tuple[Path, Path]] = UNICODE_FONTS
) -> bytes:
    """The export as a PDF; uses the first of ``fonts`` that exists (none: a core font)."""
    # fpdf2 takes about a third of a second to import: pay for it only when a PDF is asked
    # for, not on the first render of every case page.
    from core.export_pdf import render_pdf

    return render_pdf(chart_blocks(case, insights), fonts)


def export_name(case: Case, extension: str) -> str:
    """A download name that carries the case, never the patient's name."""
    return f"medcase-{case.case_id[:8]}-soap-diagnosis.{extension}"
