"""Narrative for FHIR resources: XHTML ``div`` elements with every piece of text escaped.

A note can hold anything a doctor typed ("<script>", "a < b & c"); escaped, it is shown as
text by any record system and never read as markup.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

XHTML = "http://www.w3.org/1999/xhtml"

Paragraph = str | tuple[str, Sequence[str]]  # a paragraph, or (a label, its bullet items)


def escaped(text: str) -> str:
    return html.escape(text, quote=True)


def div(paragraphs: Iterable[Paragraph]) -> str:
    """A narrative ``div``: one ``<p>`` per line of each paragraph, lists as ``<ul>``."""
    parts: list[str] = []
    for paragraph in paragraphs:
        if isinstance(paragraph, tuple):
            label, items = paragraph
            if items:
                parts.append(f"<p>{escaped(label)}</p>")
                parts.append("<ul>" + "".join(f"<li>{escaped(i)}</li>" for i in items) + "</ul>")
            continue
        for line in paragraph.splitlines():
            if line.strip():
                parts.append(f"<p>{escaped(line.strip())}</p>")
    if not parts:
        parts.append("<p>(empty)</p>")
    return f'<div xmlns="{XHTML}">' + "".join(parts) + "</div>"


def narrative(paragraphs: Iterable[Paragraph]) -> dict[str, str]:
    """A Narrative element made from the resource's own content."""
    return {"status": "generated", "div": div(paragraphs)}
