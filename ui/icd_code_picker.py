"""A searchable ICD-10-CM code picker: type a code or words, pick among the best matches
(the first is chosen already). The search is ``core.icd10_search``."""

from __future__ import annotations

import streamlit as st

from core.icd10_search import CodeMatch, search_codes
from ui.formatting import markdown_text


def search_key(prefix: str) -> str:
    return f"{prefix}_search"


def code_key(prefix: str) -> str:
    return f"{prefix}_code"


def icd_code_picker(prefix: str, label: str = "ICD-10-CM code") -> CodeMatch | None:
    """The code picked, or None while nothing is typed or nothing matches."""
    query = st.text_input(
        f"Find the {label} (a code or words, then Enter)",
        key=search_key(prefix),
        placeholder="e.g. D50.9 or iron deficiency",
    )
    if not query.strip():
        return None
    matches = {match.code: match for match in search_codes(query)}
    if not matches:
        st.caption(f"No ICD-10-CM code matches {query.strip()[:40]!r}: try other words.")
        return None
    if st.session_state.get(code_key(prefix)) not in matches:
        # A new search: its best match is chosen, not a code of the search before.
        st.session_state.pop(code_key(prefix), None)
    code = st.radio(
        label,
        list(matches),
        format_func=lambda c: (
            markdown_text(matches[c].label)
            + ("" if matches[c].billable else " (a category: a more specific code is billable)")
        ),
        key=code_key(prefix),
    )
    return matches.get(code) if code else None
