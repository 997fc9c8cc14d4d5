"""The case page's critical values awaiting acknowledgment (issue #27): each waiting one
with the time since it was found and a form (how it was communicated, a comment); the
acknowledged ones with who, when and how."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import streamlit as st

from core.critical_results import (
    METHOD_LABELS,
    CommunicationMethod,
    CriticalResult,
    waited_text,
)
from core.models import utc_now
from core.services import CaseService
from ui import session
from ui.errors import shown_to_user
from ui.formatting import markdown_text, when

TITLE = "Critical values to acknowledge"
KEY_PREFIX = "critical_ack"  # page-only keys: critical_ack_<first 16 of the value key>_...


def form_key(value_key: str) -> str:
    """The prefix of one value's form and widgets (the key's first 16 characters)."""
    return f"{KEY_PREFIX}_{value_key[:16]}"


def acknowledged_line(result: CriticalResult) -> str:
    """ "Potassium 6.9 mmol/L (high): acknowledged by a@b.c on 25 Nov 2026, 21:40, read
    back by telephone (2 min after it was found)"."""
    done = result.acknowledgment
    assert done is not None
    method = METHOD_LABELS.get(done.method, done.method).lower()
    line = (
        f"{result.finding.shown}: acknowledged by {done.acknowledged_by_email} on "
        f"{when(done.acknowledged_at)}, {method} "
        f"({waited_text(done.seconds_to_acknowledge)} after it was found)"
    )
    return line + (f". Comment: {done.comment}" if done.comment else "")


EARLIER = "found by an earlier analysis, not by the current one"


def waiting_line(result: CriticalResult, now: datetime) -> str:
    """ "Potassium 6.9 mmol/L (high): found 25 Nov 2026, 21:38, waiting 2 min"; a value
    only an earlier analysis found says so (it waits all the same)."""
    waited = (now - result.finding.found_at).total_seconds()
    line = (
        f"{result.finding.shown}: found {when(result.finding.found_at)}, "
        f"waiting {waited_text(waited)}"
    )
    return line if result.finding.in_current_draft else f"{line} ({EARLIER})"


def critical_acknowledgments(services: CaseService, case_id: str) -> None:
    """The current analysis's critical values and their acknowledgments, and those only an
    earlier analysis found while they wait; nothing when there are none."""
    results: Sequence[CriticalResult] = []
    with shown_to_user():
        results = services.critical.critical_results(case_id)
    if not results:
        return
    now = utc_now()
    waiting = [r for r in results if not r.acknowledged]
    with st.container(border=True, key=f"{KEY_PREFIX}_panel"):
        st.markdown(f"**{TITLE}**" if waiting else "**Critical values acknowledged**")
        if waiting:
            st.caption(
                "Laboratories' rules (CLSI GP47, CAP) ask that someone took in each critical "
                "value: say how it reached you. The note is signed once all are acknowledged."
            )
        for result in waiting:
            _acknowledge_form(services, case_id, result, now)
        for result in results:
            if result.acknowledged:
                st.success(markdown_text(acknowledged_line(result)), icon=":material/check:")


def _acknowledge_form(
    services: CaseService, case_id: str, result: CriticalResult, now: datetime
) -> None:
    prefix = form_key(result.finding.value_key)
    st.warning(markdown_text(waiting_line(result, now)), icon=":material/warning:")
    with st.form(f"{prefix}_form", border=False):
        method = st.selectbox(
            "How was it communicated?",
            options=[m.value for m in CommunicationMethod],
            format_func=lambda value: METHOD_LABELS[value],
            index=None,
            placeholder="Choose how the value reached you",
            key=f"{prefix}_method",
        )
        comment = st.text_area(
            "Comment (optional)", max_chars=1000, height=68, key=f"{prefix}_comment"
        )
        submitted = st.form_submit_button("Acknowledge", type="primary", key=f"{prefix}_submit")
    if not submitted:
        return
    if method is None:
        st.error("Choose how the critical value was communicated.")
        return
    with shown_to_user():
        services.critical.acknowledge(case_id, result.finding.value_key, method, comment)
        session.notify(f"Acknowledged: {result.finding.shown}.", "success")
        st.rerun()
