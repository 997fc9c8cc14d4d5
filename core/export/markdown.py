"""The chart export as Markdown: the document's blocks as headings, text and lists.

Every piece of text is escaped: a patient name such as ``<script>…`` or ``**x**`` is shown
as typed in any Markdown viewer, never run or rendered as markup.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from core.analysis.history import TrendSeries
from core.export.document import chart_blocks
from core.insights import Insights
from core.models import Case, CaseFile
from core.review import SignedNote

# Characters that start Markdown markup anywhere in a line; < > & become HTML entities.
_MARKUP = re.compile(r"([\\`*_\[\]{}|~])")
_LINE_START = re.compile(r"^(\s*)([#>+\-=]|\d+[.)])", re.MULTILINE)


def escape(text: str) -> str:
    """``text`` as literal Markdown: markup characters escaped, HTML neutralised. A lone
    carriage return ends a line in CommonMark as a line feed does: both are line feeds here,
    so a "#" after either is escaped (a FHIR string may hold a carriage return)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n")
    escaped = _MARKUP.sub(r"\\\1", html.escape(lines, quote=False))
    return _LINE_START.sub(lambda m: f"{m.group(1)}\\{m.group(2)}", escaped)


def chart_markdown(
    case: Case,
    insights: Insights,
    note: SignedNote | None = None,
    files: Sequence[CaseFile] = (),
    trends: Sequence[TrendSeries] = (),
) -> str:
    """The export as Markdown (the signed ``note`` when given, else the draft); ``files``
    name the sources of the lab values, ``trends`` the patient's series (the trend table)."""
    lines: list[str] = []
    for block in chart_blocks(case, insights, note, files, trends):
        text = escape(block.text)
        if block.kind == "title":
            lines += [f"# {text}", ""]
        elif block.kind == "banner":
            lines += [f"> **{text}**", ""]
        elif block.kind == "heading":
            lines += [f"## {text}", ""]
        elif block.kind == "subheading":
            lines += [f"### {text}", ""]
        elif block.kind == "text":
            lines += [text, ""]
        elif block.kind == "bullets":
            lines += [*(f"- {escape(item)}" for item in block.items), ""]
        else:
            lines += [
                *(f"- **{escape(label)}:** {escape(value)}" for label, value in block.facts),
                "",
            ]
    return "\n".join(lines).rstrip() + "\n"
