"""The grounding check's marks: numbers a language model wrote that are not in the files,
highlighted where they stand and listed under their section."""

from __future__ import annotations

from collections.abc import Collection

import streamlit as st

from core.analysis.grounding import numbers_in
from core.insights import Insights
from ui.formatting import markdown_text

NOT_FOUND = "not found in the files"


def marked_text(text: str, ungrounded: Collection[str]) -> str:
    """``text`` as safe Markdown, each ungrounded number on a red background."""
    if not ungrounded:
        return markdown_text(text)
    pieces: list[str] = []
    cursor = 0
    for number in numbers_in(text):
        if number.written not in ungrounded:
            continue
        pieces.append(markdown_text(text[cursor : number.start]))
        pieces.append(f":red-background[{markdown_text(text[number.start : number.end])}]")
        cursor = number.end
    pieces.append(markdown_text(text[cursor:]))
    return "".join(pieces)


def section_numbers(insights: Insights, section: str) -> list[str]:
    return (insights.ungrounded_numbers or {}).get(section, [])


def section_note_text(insights: Insights, section: str) -> str:
    """Under a section, in its Markdown: which of its numbers the files do not hold ("" when
    every number was found)."""
    numbers = section_numbers(insights, section)
    if not numbers:
        return ""
    # Markdown, not a caption: a caption draws red at 60 % and falls under WCAG AA's
    # 4.5:1 contrast (axe-core's color-contrast rule).
    return (
        f":red[**Numbers {NOT_FOUND}:** {markdown_text(', '.join(numbers))}] (marked in "
        "red): the model wrote them, but they match no value read and nothing in the "
        "files. Check them before use."
    )


def grounding_summary(insights: Insights) -> None:
    """One line on the check as a whole, under the provenance."""
    if insights.ungrounded_numbers is None:
        return
    count = sum(len(numbers) for numbers in insights.ungrounded_numbers.values())
    if count:
        st.warning(
            f"{count} number(s) in the model's text were {NOT_FOUND}: they are marked in red "
            "in their sections.",
            icon=":material/rule:",
        )
    else:
        st.caption("Grounding check: every number in the model's text was found in the files.")
