"""The chart export as Markdown: the document's blocks as headings, text and lists."""

from __future__ import annotations

from core.analysis.insights import Insights
from core.export.document import chart_blocks
from core.models import Case


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
