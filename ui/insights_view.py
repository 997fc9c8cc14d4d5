"""The AI insights of a case, laid out for the doctor's review under the advisory banner."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

import streamlit as st

from core.advisory import advisory_for, confidence_percent
from core.insights import DifferentialDiagnosis, Insights
from ui import formatting
from ui.formatting import markdown_text
from ui.grounding_marks import grounding_summary, marked_text, section_note_text, section_numbers
from ui.lab_table import unread_tests_note

SECTION_SCORES = ("Case summary", "SOAP note", "Primary diagnosis")


def parse(stored: Mapping[str, Any]) -> Insights:
    """``ai_insights`` as stored (``Insights.model_dump()``), validated."""
    return Insights.model_validate(stored)


def generated_moment(insights: Insights) -> datetime | None:
    """When the insights were written (UTC-aware), or None if the record's time is unreadable."""
    try:
        moment = datetime.fromisoformat(insights.generated_at)
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _bullets(items: list[str], marked: list[str] | None = None) -> str:
    return "\n".join(f"- {marked_text(item, marked or [])}" for item in items)


def _labelled(label: str, text: str, marked: list[str] | None = None) -> str:
    return f"**{label}.** {marked_text(text, marked or [])}" if text else ""


class _Paragraphs:
    """A section's consecutive Markdown, sent as one element of paragraphs (issue #25:
    each element is a message the server builds, hashes and writes, and the browser
    draws). A caption or a badge between them ends the run (``flush``)."""

    def __init__(self) -> None:
        self._parts: list[str] = []

    def add(self, *texts: str) -> None:
        self._parts += [text for text in texts if text]

    def flush(self) -> None:
        if self._parts:
            st.markdown("\n\n".join(self._parts))
            self._parts = []


NOT_VERIFIED = (
    "Not verified: these insights do not carry the analyzer's intact seal. They were not "
    "written by MedCase's analyzer, or were changed after it wrote them. Do not rely on "
    "them; re-run the analysis."
)


# Draws one section of the draft where it is shown, with the doctor's decision on it
# (ui.section_review): the section's name and a function drawing the AI's text.
SectionSlot = Callable[[str, Callable[[], None]], None]


def show_insights(
    insights: Insights,
    note: str | None = None,
    verified: bool | None = None,
    decide: SectionSlot | None = None,
) -> None:
    """Every section of the insights, with ``note`` saying if they are not the latest run's
    and whether they carry the analyzer's seal (``verified``; None when not checked).
    With ``decide``, each reviewed section is drawn by it: the decision where the text is."""
    if verified is False:
        st.error(NOT_VERIFIED, icon=":material/gpp_bad:")
    st.warning(advisory_for(insights.provenance.engine), icon=":material/clinical_notes:")
    if note:
        st.caption(note)
    provenance(insights)
    grounding_summary(insights)
    unread_tests_note(insights.unread_tests)
    slot = decide or _plain_section
    slot("case_summary", lambda: _case_summary(insights))
    soap_column, diagnosis_column = st.columns(2, gap="large")
    with soap_column:
        slot("soap_note", lambda: _soap_note(insights))
    with diagnosis_column:
        slot("primary_diagnosis", lambda: _primary_diagnosis(insights))
    confidence(insights)
    _warnings(insights.provenance.warnings)


SECTION_TITLES = {
    "case_summary": "Case summary",
    "soap_note": "SOAP note",
    "primary_diagnosis": "Primary diagnosis",
}


def _plain_section(section: str, body: Callable[[], None]) -> None:
    with st.container(border=True):
        st.subheader(SECTION_TITLES[section])
        body()


def provenance(insights: Insights) -> None:
    """Which engine and model wrote the insights, with which prompt, and when."""
    made = insights.provenance
    moment = generated_moment(insights)
    when = formatting.when(moment) if moment else insights.generated_at
    parts = [f"Written by {made.written_by}", f"engine {made.engine}"]
    if made.model:
        parts.append(f"model {made.model}")
    parts += [f"prompt version {made.prompt_version}", f"generated {when}"]
    if made.seal:
        parts.append("sealed by the analyzer")
    st.caption(markdown_text(" · ".join(parts)))


def _case_summary(insights: Insights) -> None:
    summary = insights.case_summary
    marked = section_numbers(insights, "case_summary")
    text = _Paragraphs()
    text.add(marked_text(summary.comprehensive_summary, marked))
    if summary.key_findings:
        text.add("**Key findings**", _bullets(summary.key_findings, marked))
    text.add(_labelled("Lab results", summary.lab_summary, marked))
    text.add(_labelled("Radiology", summary.radiology_summary, marked))
    text.add(section_note_text(insights, "case_summary"))
    text.flush()


def _soap_note(insights: Insights) -> None:
    soap = insights.soap_note
    marked = section_numbers(insights, "soap_note")
    text = _Paragraphs()
    for label, said in (
        ("Subjective", soap.subjective),
        ("Objective", soap.objective),
        ("Assessment", soap.assessment),
        ("Plan", soap.plan),
    ):
        text.add(_labelled(label, said, marked))
    text.add(section_note_text(insights, "soap_note"))
    text.flush()


def _primary_diagnosis(insights: Insights) -> None:
    diagnosis = insights.primary_diagnosis
    marked = section_numbers(insights, "primary_diagnosis")
    text = _Paragraphs()
    text.add(f"**{marked_text(diagnosis.primary_diagnosis, marked)}**")
    code = markdown_text(diagnosis.icd_code)
    # The code's badge as st.badge writes it, a paragraph of the same element.
    if not diagnosis.icd_code:
        text.add(":gray-badge[No ICD-10 code: diagnosis not determined]")
    elif diagnosis.icd_code_valid:
        text.add(f":green-badge[:material/check: ICD-10 {code}: valid]")
        if diagnosis.icd_description:
            text.flush()
            st.caption(f"ICD-10-CM: {markdown_text(diagnosis.icd_description)}")
    elif diagnosis.icd_code_valid is False:
        text.add(f":red-badge[:material/close: ICD-10 {code}: invalid]")
        text.flush()
        st.caption("Not an ICD-10-CM code: check and correct it before use.")
    else:
        text.add(f":gray-badge[ICD-10 {code}: not checked]")
    if diagnosis.description:
        text.add(marked_text(diagnosis.description, marked))
    if diagnosis.supporting_evidence:
        text.add("**Supporting evidence**", _bullets(diagnosis.supporting_evidence, marked))
    if diagnosis.confidence_reason:
        text.flush()
        st.caption(
            f"Confidence {confidence_percent(diagnosis.confidence_score)}: "
            f"{marked_text(diagnosis.confidence_reason, marked)}"
        )
    if diagnosis.differential:
        text.add(
            "**Differential diagnosis** (ranked)", _differential(diagnosis.differential, marked)
        )
    text.add(section_note_text(insights, "primary_diagnosis"))
    text.flush()


def _differential(ranked: list[DifferentialDiagnosis], marked: list[str]) -> str:
    """A numbered list: each diagnosis, its code and confidence, its evidence beneath."""
    lines: list[str] = []
    for rank, other in enumerate(ranked, start=1):
        code = f" ({markdown_text(other.icd_code)})" if other.icd_code else ""
        lines.append(
            f"{rank}. {marked_text(other.diagnosis, marked)}{code} · confidence "
            f"{confidence_percent(other.confidence_score)}"
        )
        lines += [f"    - {marked_text(item, marked)}" for item in other.supporting_evidence]
    return "\n".join(lines)


def confidence(insights: Insights) -> None:
    """The overall score as a metric beside a small table of the three section scores.
    A table, not a chart: the same three figures without the chart library's scripts and
    drawing in the browser at every open (issue #25), and read by a screen reader as the
    table it is."""
    st.subheader("Confidence")
    scores = (
        insights.case_summary.confidence_score,
        insights.soap_note.confidence_score,
        insights.primary_diagnosis.confidence_score,
    )
    rows = "\n".join(
        f"| {section} | {confidence_percent(score)} |"
        for section, score in zip(SECTION_SCORES, scores, strict=True)
    )
    with st.container(horizontal=True, vertical_alignment="center", gap="large"):
        st.metric(
            "Overall confidence",
            confidence_percent(insights.overall_confidence_score),
            help="The mean of the three section scores.",
            width="content",
        )
        st.markdown(f"| Section | Confidence |\n|---|--:|\n{rows}", width="content")


WRONG_PATIENT = "WRONG PATIENT?"  # core.analysis.reading.patient_match's warnings


def _warnings(warnings: list[str]) -> None:
    # A file naming another patient stands apart, in red, above the other warnings (#27).
    wrong = [warning for warning in warnings if WRONG_PATIENT in warning]
    if wrong:
        lines = "\n".join(f"- {markdown_text(warning)}" for warning in wrong)
        st.error(f"**Wrong patient?**\n\n{lines}", icon=":material/person_alert:")
    warnings = [warning for warning in warnings if WRONG_PATIENT not in warning]
    if warnings:
        lines = "\n".join(f"- {markdown_text(warning)}" for warning in warnings)
        st.warning(f"**Analysis warnings**\n\n{lines}", icon=":material/report:")
