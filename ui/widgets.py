"""Small pieces several pages show: the sidebar, a case's header, its status badge."""

from __future__ import annotations

from typing import Literal, cast

import streamlit as st

from core.bootstrap import Clinic
from core.models import Case, CaseStatus, Doctor
from ui import formatting, session, signer_profile

BadgeColor = Literal["red", "orange", "yellow", "blue", "green", "violet", "gray", "grey"]


def sidebar(clinic: Clinic, doctor: Doctor) -> None:
    """Who is signed in, which backend and engine are active, and Sign out."""
    with st.sidebar:
        st.caption("Signed in as")
        st.text(doctor.email)  # plain text: Markdown would turn the address into a mail link
        # Two lines of one caption: one element less in every page's run (issue #25).
        st.caption(f"Backend: {clinic.backend_label}  \nAnalysis engine: {clinic.engine_label}")
        signer_profile.sidebar_entry(session.services())
        if st.button("Sign out", key="sign_out", icon=":material/logout:"):
            session.sign_out()
            st.rerun()


def status_badge(status: str) -> None:
    color = cast(BadgeColor, formatting.STATUS_COLORS.get(status, "gray"))
    st.badge(formatting.status_label(status), color=color)


def case_header(case: Case) -> None:
    """Patient, age, gender, status, and when the case was created and last updated."""
    st.title(formatting.markdown_text(case.patient_name))
    status_badge(case.status)
    st.caption(
        f"{case.patient_age} years · {case.patient_gender.title()} · "
        f"Created {formatting.when(case.created_at)} · "
        f"Updated {formatting.when(case.updated_at)}"
    )


def analysis_state(case: Case, has_insights: bool) -> None:
    """Where the analysis stands, while there are no insights to show."""
    if has_insights:
        return
    if case.status in (CaseStatus.ANALYZING.value, CaseStatus.PROCESSING.value):
        st.info(
            "The analysis is pending: the AI insights will appear here once the files "
            "have been analyzed.",
            icon=":material/hourglass_top:",
        )
    elif case.status == CaseStatus.FAILED.value:
        reason = case.analysis_error or "no reason was recorded"
        shown = formatting.markdown_text(reason)
        st.warning(f"The analysis failed: {shown}", icon=":material/error:")
