"""What the doctor owes on a case, said at its top, and the sign bar that stays in view:
"n of 3 sections decided", the attestation the doctor confirms, and Sign (issue #26)."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from core.review import SECTION_LABELS, ReviewSummary
from ui import formatting
from ui.formatting import markdown_text

ATTEST_KEY = "review_attest"
SIGN_KEY = "review_sign"
SIGN_SHORTCUT = "Alt+S"  # Streamlit reserves C and R; Ctrl+S is the browser's "save page"
BAR_KEY = "review_sign_bar"
# The bar sticks to the bottom of the window while the doctor reads the sections above it.
# Streamlit wraps the keyed block in a wrapper of its own height: the wrapper is what
# sticks, within the page's block.
_STICKY_CSS = f"""<style>
[data-testid="stLayoutWrapper"]:has(> .st-key-{BAR_KEY}) {{
  position: sticky; bottom: 0; z-index: 99;
}}
.st-key-{BAR_KEY} {{
  background: var(--background-color, #fff);
  box-shadow: 0 -2px 8px rgba(0, 0, 0, 0.12);
}}
</style>"""


def decided_count(summary: ReviewSummary) -> int:
    return sum(1 for section in SECTION_LABELS if section in summary.reviews)


def owed(summary: ReviewSummary | None) -> str | None:
    """One line for the case's header: what the doctor still owes, or who signed what."""
    if summary is None or summary.draft is None:
        return None
    latest = summary.latest
    if latest is not None:
        return (
            f"Signed v{latest.version} by {markdown_text(latest.signer_email)} "
            f"on {formatting.when(latest.signed_at)}"
            + (" (an amendment)" if latest.version > 1 else "")
        )
    decided = decided_count(summary)
    if summary.ready_to_sign:
        return "Draft reviewed: ready for your signature"
    return f"Draft, awaiting your review ({decided} of {len(SECTION_LABELS)} sections decided)"


def owed_line(summary: ReviewSummary | None) -> None:
    line = owed(summary)
    if line is None:
        return
    signed = summary is not None and summary.latest is not None
    icon = ":material/verified:" if signed else ":material/pending_actions:"
    st.markdown(f"{icon} **{line}**")
    if not signed:
        st.caption("Accept, edit or reject each section under Physician review, then sign.")


def attestation(signer: str) -> str:
    """The line the doctor confirms before signing."""
    return (
        "I have reviewed the case summary, the SOAP note and the diagnosis as decided "
        f"above, with the patient's lab values and files, and sign them as {signer}."
    )


def sign_bar(summary: ReviewSummary, signer: str, sign: Callable[[], None]) -> None:
    """The sticky bar: progress, the attestation checkbox, and Sign (with its shortcut)."""
    st.html(_STICKY_CSS)
    decided = decided_count(summary)
    total = len(SECTION_LABELS)
    with st.container(border=True, key=BAR_KEY):
        st.markdown(f"**{decided} of {total} sections decided**")
        confirmed = st.checkbox(
            markdown_text(attestation(signer)),
            key=ATTEST_KEY,
            disabled=not summary.ready_to_sign,
        )
        if not summary.ready_to_sign:
            st.caption("Sign once every section has a decision.")
        clicked = st.button(
            "Sign note",
            type="primary",
            key=SIGN_KEY,
            icon=":material/signature:",
            shortcut=SIGN_SHORTCUT,
            disabled=not (summary.ready_to_sign and confirmed),
            help="You sign the sections as decided: the AI's text where accepted, yours where "
            "edited; rejected sections are left out with their reason.",
        )
    if clicked:
        sign()
