"""A readable side-by-side difference of two texts (issue #26): the AI draft and the
doctor's version, or two signed versions, in two columns with each change marked.

Not colour alone: removed words are <del> (struck through), added words <ins>
(underlined), and each changed row says in words what it is ("Changed", "Removed",
"Added"), so a reader without colour, or with a screen reader, reads the same change.
"""

from __future__ import annotations

import difflib
import html
from dataclasses import dataclass

import streamlit as st

_STYLE = """<style>
.medcase-diff { width: 100%; border-collapse: collapse; table-layout: fixed; font-size: 0.9rem; }
.medcase-diff caption { text-align: left; font-weight: 600; padding: 0.25rem 0; }
.medcase-diff th, .medcase-diff td { border: 1px solid #d0d4da; padding: 0.25rem 0.5rem;
  vertical-align: top; text-align: left; white-space: pre-wrap; overflow-wrap: anywhere; }
.medcase-diff th { background: #f0f2f6; color: #1f2328; }
.medcase-diff th.medcase-diff-kind, .medcase-diff td.medcase-diff-kind { width: 6.5rem; }
.medcase-diff del { background: #ffd7d5; color: #1f2328; text-decoration: line-through; }
.medcase-diff ins { background: #c9f2d2; color: #1f2328; text-decoration: underline; }
</style>"""


@dataclass(frozen=True)
class DiffRow:
    """One row of the two columns: what happened, and each side's line as HTML."""

    kind: str  # "Same", "Changed", "Removed", "Added"
    left: str
    right: str


def rows(left: list[str], right: list[str]) -> list[DiffRow]:
    """The rows of a side-by-side view of ``left`` and ``right`` (lines of text), HTML
    escaped, the words that differ in a changed pair of lines wrapped in <del>/<ins>."""
    out: list[DiffRow] = []
    matcher = difflib.SequenceMatcher(a=left, b=right, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            out += [
                DiffRow("Same", _esc(a), _esc(b))
                for a, b in zip(left[i1:i2], right[j1:j2], strict=True)
            ]
            continue
        olds, news = left[i1:i2], right[j1:j2]
        paired = min(len(olds), len(news)) if tag == "replace" else 0
        for old, new in zip(olds[:paired], news[:paired], strict=True):
            marked_old, marked_new = _word_marks(old, new)
            out.append(DiffRow("Changed", marked_old, marked_new))
        out += [DiffRow("Removed", f"<del>{_esc(old)}</del>", "") for old in olds[paired:]]
        out += [DiffRow("Added", "", f"<ins>{_esc(new)}</ins>") for new in news[paired:]]
    return out


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


def _word_marks(old: str, new: str) -> tuple[str, str]:
    """Both lines with the words that differ marked (whitespace kept as it was)."""
    a, b = old.split(" "), new.split(" ")
    left: list[str] = []
    right: list[str] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        removed, added = " ".join(a[i1:i2]), " ".join(b[j1:j2])
        if tag == "equal":
            left.append(_esc(removed))
            right.append(_esc(added))
            continue
        if removed:
            left.append(f"<del>{_esc(removed)}</del>")
        if added:
            right.append(f"<ins>{_esc(added)}</ins>")
    return " ".join(left), " ".join(right)


def table(caption: str, left_title: str, right_title: str, diff: list[DiffRow]) -> str:
    """The two columns as an HTML table, with a caption and column headers."""
    head = (
        f"<caption>{_esc(caption)}</caption><thead><tr>"
        '<th scope="col" class="medcase-diff-kind">Change</th>'
        f'<th scope="col">{_esc(left_title)}</th><th scope="col">{_esc(right_title)}</th>'
        "</tr></thead>"
    )
    body = "".join(
        f'<tr><td class="medcase-diff-kind">{"" if row.kind == "Same" else row.kind}</td>'
        f"<td>{row.left}</td><td>{row.right}</td></tr>"
        for row in diff
    )
    return f'<table class="medcase-diff">{head}<tbody>{body}</tbody></table>'


def show(
    caption: str, left_title: str, left: list[str], right_title: str, right: list[str]
) -> None:
    """The side-by-side view on the page; "No change." when the texts are the same."""
    diff = rows(left, right)
    if all(row.kind == "Same" for row in diff):
        st.caption(f"{caption}: no change.")
        return
    st.html(_STYLE + table(caption, left_title, right_title, diff))
