"""The AI insights of a case, shown for the doctor's review (kept minimal for now)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from core.analysis.insights import Insights
from ui.formatting import markdown_text

ADVISORY = "AI-generated, advisory: requires physician review"


def _score(value: float) -> str:
    return f"{value:.0%}"


def _bullets(items: list[str]) -> None:
    if items:
        st.markdown("\n".join(f"- {markdown_text(item)}" for item in items))


def show_insights(stored: dict[str, Any]) -> None:
    """Render ``ai_insights`` (the shape of ``Insights.model_dump()``) under the banner."""
    insights = Insights.model_validate(stored)
    st.warning(ADVISORY, icon=":material/clinical_notes:")
    written_by = insights.provenance.written_by
    st.caption(
        f"Written by {written_by} · overall confidence {_score(insights.overall_confidence_score)}"
    )

    summary = insights.case_summary
    st.subheader("Case summary")
    st.markdown(markdown_text(summary.comprehensive_summary))
    _bullets(summary.key_findings)
    if summary.lab_summary:
        st.markdown(f"**Lab results.** {markdown_text(summary.lab_summary)}")
    if summary.radiology_summary:
        st.markdown(f"**Radiology.** {markdown_text(summary.radiology_summary)}")

    soap = insights.soap_note
    st.subheader("SOAP note")
    for heading, text in (
        ("Subjective", soap.subjective),
        ("Objective", soap.objective),
        ("Assessment", soap.assessment),
        ("Plan", soap.plan),
    ):
        st.markdown(f"**{heading}.** {markdown_text(text)}")

    diagnosis = insights.primary_diagnosis
    st.subheader("Primary diagnosis")
    st.markdown(
        f"**{markdown_text(diagnosis.primary_diagnosis)}** "
        f"(ICD-10 {markdown_text(diagnosis.icd_code)}) · "
        f"confidence {_score(diagnosis.confidence_score)}"
    )
    if diagnosis.description:
        st.markdown(markdown_text(diagnosis.description))
    _bullets(diagnosis.supporting_evidence)
