"""The case page's audit trail: the case's events newest first, a CSV, and a check of the
doctor's whole chain."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from core.audit import ACTION_LABELS, AuditEvent, audit_csv
from core.services import CaseService
from ui import formatting
from ui.errors import shown_to_user

AUDIT_TABS = "case_tabs"  # the case page's tabs: "Case" or "Audit trail" while open
VERIFY_KEY = "audit_verify"
CSV_KEY = "audit_csv"


def audit_trail(services: CaseService, case_id: str) -> None:
    """Every event of this case (who, when, what; never patient data)."""
    events: list[AuditEvent] = []
    with shown_to_user():
        events = services.audit_events(case_id)
    st.caption(
        "Every action on this case, newest first. Events are append-only and hash-chained: "
        "nobody can change or remove one without breaking the chain."
    )
    if not events:
        st.info("No events recorded for this case yet.")
        return
    frame = pd.DataFrame(
        {
            "When": [formatting.local_time(event.occurred_at) for event in events],
            "Action": [ACTION_LABELS.get(event.action, event.action) for event in events],
            "By": [
                "Analyzer" if event.details.get("by") == "analyzer" else "You" for event in events
            ],
            "Details": [_details(event) for event in events],
            "#": [event.seq for event in events],
        }
    )
    st.dataframe(
        frame,
        key="audit_table",
        hide_index=True,
        column_config={
            "When": st.column_config.DatetimeColumn("When", format="D MMM YYYY, HH:mm:ss")
        },
    )
    with st.container(horizontal=True):
        st.download_button(
            "Download CSV",
            data=_csv(events),
            file_name=f"medcase-{case_id[:8]}-audit.csv",
            mime="text/csv",
            key=CSV_KEY,
            icon=":material/download:",
            on_click="ignore",
        )
        verify = st.button("Verify the chain", key=VERIFY_KEY, icon=":material/verified_user:")
    if verify:
        with shown_to_user():
            check = services.verify_audit()
            if check.intact:
                st.success(
                    f"The chain is intact: {check.events_checked} event(s) checked, every "
                    "link and hash as recorded.",
                    icon=":material/verified_user:",
                )
            if check.anchored_seq is not None:
                # The anchor outside the database: keep it to compare a later check with.
                st.caption(
                    f"Checkpoint sealed by MedCase: {check.anchored_seq} event(s), head hash "
                    f"`{check.anchored_hash}`."
                )
            else:
                st.error(
                    f"The chain is broken at event {check.first_broken_seq}: {check.reason}.",
                    icon=":material/gpp_bad:",
                )


def _details(event: AuditEvent) -> str:
    shown = {key: value for key, value in event.details.items() if key != "by"}
    return ", ".join(
        f"{key}: {', '.join(value) if isinstance(value, list) else value}"
        for key, value in sorted(shown.items())
    )


def _csv(events: list[AuditEvent]) -> str:
    return audit_csv(events)
