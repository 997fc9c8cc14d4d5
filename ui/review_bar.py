"""What the doctor owes on a case, said at its top, and the sign bar that stays in view:
"n of 3 sections decided", the attestation the doctor confirms, and Sign (issue #26)."""

from __future__ import annotations

import streamlit as st

from core.review import SECTION_LABELS, ReviewSummary, SignerProfile
from core.services import CaseService
from ui import formatting, section_review, session, signer_profile
from ui.errors import shown_to_user
from ui.formatting import markdown_text

ATTEST_KEY = "review_attest"
SIGN_KEY = "review_sign"
SIGN_SHORTCUT = "Alt+S"  # Streamlit reserves C and R; Ctrl+S is the browser's "save page"
ACCEPT_NEXT_KEY = "review_accept_next"
ACCEPT_SHORTCUT = "Alt+A"
BAR_KEY = "review_sign_bar"
BAR_PROFILE_OPEN = "bar_profile_open"  # True while the bar's "Set how you sign" is open
# The bar sticks to the bottom of the window while the doctor reads the sections above it.
# Streamlit wraps the keyed block in a wrapper of its own height, and the fragment the bar
# is drawn in wraps that in a block and a wrapper of the same height again. A sticky box
# sticks only within its parent, so the outer wrapper (whose parent is the tab's whole
# block) is what sticks; the inner one is sticky too, for a bar drawn outside a fragment.
_STICKY_CSS = f"""<style>
[data-testid="stLayoutWrapper"]:has(> .st-key-{BAR_KEY}),
[data-testid="stLayoutWrapper"]:has(
  > [data-testid="stVerticalBlock"] > [data-testid="stLayoutWrapper"] > .st-key-{BAR_KEY}
) {{
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
            f"Signed v{latest.version} by {markdown_text(latest.signed_as)} "
            f"on {formatting.when(latest.signed_at)}"
            + (" (an amendment)" if latest.version > 1 else "")
        )
    decided = decided_count(summary)
    if summary.ready_to_sign:
        return "Draft reviewed: ready for your signature"
    return f"Draft, awaiting your review ({decided} of {len(SECTION_LABELS)} sections decided)"


def owed_line(summary: ReviewSummary | None, case_id: str | None = None) -> None:
    """The owed line at the case's top; with ``case_id``, a keyed fragment that a
    section's decision reruns with the new count (not the page)."""
    if summary is None or summary.draft is None or case_id is None:
        _owed(summary)
        return
    section_review.remember(case_id, summary)

    @st.fragment(key=section_review.OWED_FRAGMENT)
    def counted() -> None:
        _owed(section_review.current(case_id, summary))

    counted()


def _owed(summary: ReviewSummary | None) -> None:
    line = owed(summary)
    if line is None:
        return
    signed = summary is not None and summary.latest is not None
    icon = ":material/verified:" if signed else ":material/pending_actions:"
    st.markdown(f"{icon} **{line}**")
    if not signed:
        st.caption("Accept, edit or reject each section under its text, then sign.")


def attestation(signature: str) -> str:
    """The line the doctor confirms before signing, naming them as they sign."""
    return (
        "I have reviewed the AI draft and the source documents and take responsibility "
        f"for this note — {signature}"
    )


def sign_bar(case_id: str, summary: ReviewSummary) -> None:
    """The sticky bar, a keyed fragment: progress, the next section to accept (Alt+A), how
    the doctor signs, the attestation they confirm, and Sign (Alt+S)."""
    st.html(_STICKY_CSS)

    @st.fragment(key=section_review.BAR_FRAGMENT)
    def bar() -> None:
        # This session's services, for its token as it stands at this run.
        _bar(session.services(), case_id, section_review.current(case_id, summary))

    bar()


def _profile_popover(services: CaseService) -> SignerProfile | None:
    """The "how you sign" form, in a popover built only while it is open (opening it reruns
    the bar): a doctor sets it once, and every open of a case before that drew the whole
    form (issue #25). The profile as it stands after."""
    popover = st.popover(
        "Set how you sign", icon=":material/signature:", key=BAR_PROFILE_OPEN, on_change="rerun"
    )
    with popover:
        if popover.open:
            return signer_profile.profile_form(services, "bar")
    return None


def _bar(services: CaseService, case_id: str, summary: ReviewSummary) -> None:
    decided = decided_count(summary)
    total = len(SECTION_LABELS)
    with st.container(border=True, key=BAR_KEY):
        # One row (a horizontal container: one block, where columns were three).
        row = st.container(horizontal=True, vertical_alignment="center")
        row.markdown(f"**{decided} of {total} sections decided**", width="content")
        waiting = [section for section in SECTION_LABELS if section not in summary.reviews]
        if waiting:
            row.button(
                f"Accept {SECTION_LABELS[waiting[0]]}",
                key=ACCEPT_NEXT_KEY,
                icon=":material/check:",
                shortcut=ACCEPT_SHORTCUT,
                on_click=section_review.decide,
                args=(case_id, waiting[0], "accept"),
                help="Accept the AI's text of the first section still without a decision, "
                "as it is shown above",
            )
        profile = signer_profile.profile(services)
        if profile is None:
            st.warning(
                "Set how you sign first: your name as signed and your credentials "
                "(for example Dr Alice Smith, MD). The attestation and the signature carry "
                "them, not only your e-mail.",
                icon=":material/badge:",
            )
            profile = _profile_popover(services)
        ready = summary.ready_to_sign and profile is not None
        confirmed = st.checkbox(
            markdown_text(attestation(profile.signature if profile else "your name as signed")),
            key=ATTEST_KEY,
            disabled=not ready,
        )
        if not summary.ready_to_sign:
            st.caption("Sign once every section has a decision.")
        clicked = st.button(
            "Sign note",
            type="primary",
            key=SIGN_KEY,
            icon=":material/signature:",
            shortcut=SIGN_SHORTCUT,
            disabled=not (ready and confirmed),
            help="You sign the sections as decided: the AI's text where accepted, yours where "
            "edited; rejected sections are left out with their reason.",
        )
    if clicked:
        if not section_review.still_signed_in():
            st.rerun()  # the whole app: sign-in, and that the signature was not saved
        with shown_to_user():
            note = session.services().review.sign(case_id)
            session.notify(f"Note signed (version {note.version}).", "success")
            st.rerun()
