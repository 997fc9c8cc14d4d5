"""Where a case's analysis stands: live progress while it runs, then the outcome.

While the case is analysing, a fragment re-reads it every ``POLL_SECONDS`` and redraws
only itself. Once the case is completed or failed it asks for a full rerun: the page then
renders the insights (or the reason) and no longer calls the fragment, and Streamlit drops
the timer of a fragment that a full run did not render. So polling stops by itself.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import streamlit as st
from pydantic import ValidationError

from core.errors import CaseNotFound
from core.insights import Insights, LabValue
from core.models import LAB_VALUES_SECTION, AnalysisStage, Case, CaseDetail, CaseFile, CaseStatus
from core.safe_logging import failure_frames
from core.services import CaseService
from ui import formatting, session
from ui.critical_values import critical_banner
from ui.errors import shown_to_user

# Often enough that a critical value is on screen within a second of Create (the reading
# round saves the values before the writing round starts); a look costs the dashboard
# about 10 ms, and only pages of cases being analysed look. For the first
# FIRST_LOOKS_WINDOW seconds that a page shows an analysis, it looks every
# FIRST_LOOKS_SECONDS: that is when the reading round's values land (0.4 s after Create
# with the offline engine); one full run then moves it to the steady pace.
POLL_SECONDS = 0.5
FIRST_LOOKS_SECONDS = 0.2
FIRST_LOOKS_WINDOW = 3.0
FIRST_SEEN_KEY = "progress_first_seen"
ANALYSING = frozenset({CaseStatus.ANALYZING.value, CaseStatus.PROCESSING.value})
RERUN_KEY = "case_rerun_analysis"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Step:
    stage: AnalysisStage
    done: str  # what the analyzer has finished when it records this stage
    next: str | None  # what it is doing after it


STEPS: tuple[Step, ...] = (
    Step(AnalysisStage.INITIALIZED, "Analysis started", "Reading the lab documents"),
    Step(
        AnalysisStage.LAB_DOCUMENTS_PROCESSED,
        "Lab documents processed",
        "Reading the radiology images",
    ),
    Step(
        AnalysisStage.RADIOLOGY_DOCUMENTS_PROCESSED,
        "Radiology images processed",
        "Writing the case summary and the SOAP note",
    ),
    Step(
        AnalysisStage.CASE_SUMMARY_GENERATED,
        "Case summary written",
        "Writing the SOAP note and the diagnosis",
    ),
    Step(AnalysisStage.SOAP_NOTE_GENERATED, "SOAP note written", "Checking the ICD-10 code"),
    Step(AnalysisStage.DIAGNOSIS_GENERATED, "Diagnosis checked", "Compiling the insights"),
    Step(AnalysisStage.INSIGHTS_COMPILED, "Insights compiled", "Saving the insights"),
    Step(AnalysisStage.COMPLETED, "Completed", None),
)
STEP_COUNT = len(STEPS)
EARLY_OTHER_PATIENT = (
    "WRONG PATIENT? A lab report's header names another patient: its values are marked in the "
    "lab table and kept out of the patient's trends. Check the file."
)


def is_analysing(status: str) -> bool:
    return status in ANALYSING


def insights_note(status: str) -> str | None:
    """What to say about stored insights that the latest analysis did not write."""
    if is_analysing(status):
        return "These insights are from the previous analysis; the new one replaces them."
    if status == CaseStatus.FAILED.value:
        return "These insights are from an earlier analysis; the latest one failed."
    return None


def step_number(stage: str | None) -> int:
    """1-based position of ``stage`` among the steps (1 when unknown or not yet recorded)."""
    for number, step in enumerate(STEPS, start=1):
        if step.stage.value == stage:
            return number
    return 1


def analysis_panel(
    services: CaseService,
    case: Case,
    files: Sequence[CaseFile],
    generated_at: datetime | None,
) -> None:
    """Live progress while analysing; otherwise the outcome and "Re-run analysis"."""
    if is_analysing(case.status):
        if poll_seconds(case.case_id) == FIRST_LOOKS_SECONDS:
            _first_looks(case.case_id)
        else:
            _live_progress(case.case_id)
        return
    st.session_state.get(FIRST_SEEN_KEY, {}).pop(case.case_id, None)  # the next one starts anew
    if case.status == CaseStatus.ARCHIVED.value:
        st.caption("Archived. Restore the case (Edit case) to analyze it again.")
        return
    if case.status == CaseStatus.FAILED.value:
        reason = formatting.markdown_text(case.analysis_error or "no reason was recorded")
        st.error(f"The analysis failed: {reason}", icon=":material/error:")
        _rerun_button(services, case, primary=True)
        return
    if generated_at is None:
        st.info("This case has not been analyzed yet.", icon=":material/hourglass_empty:")
        _rerun_button(services, case, primary=True)
        return
    added = [f for f in files if f.uploaded_at > generated_at]
    if added:
        st.info(
            f"{len(added)} file(s) were added after this analysis. "
            "Re-run analysis to include them in the insights.",
            icon=":material/note_add:",
        )
    _rerun_button(services, case, primary=bool(added))


def _rerun_button(services: CaseService, case: Case, primary: bool) -> None:
    clicked = st.button(
        "Re-run analysis",
        key=RERUN_KEY,
        type="primary" if primary else "secondary",
        icon=":material/refresh:",
        help="Analyze the case again with all its files; the new insights replace these.",
    )
    if clicked:
        with shown_to_user():
            services.request_analysis(case.case_id)
            session.notify("Analysis queued: the insights appear here when it finishes.", "toast")
            st.rerun()


def poll_seconds(case_id: str, now: float | None = None) -> float:
    """How often this session's page of an analysing case looks: often in the first
    seconds after it first showed this analysis, then at the steady pace."""
    now = time.monotonic() if now is None else now
    first_seen = st.session_state.setdefault(FIRST_SEEN_KEY, {}).setdefault(case_id, now)
    return FIRST_LOOKS_SECONDS if now - first_seen < FIRST_LOOKS_WINDOW else POLL_SECONDS


@st.fragment(run_every=POLL_SECONDS)
def _live_progress(case_id: str) -> None:
    poll_progress(case_id)


@st.fragment(run_every=FIRST_LOOKS_SECONDS)
def _first_looks(case_id: str) -> None:
    if poll_seconds(case_id) != FIRST_LOOKS_SECONDS:
        st.rerun()  # one full run: the page then looks at the steady pace
    poll_progress(case_id)


def poll_progress(case_id: str) -> None:
    """One look at an analysing case: its progress, or a full rerun once it is done.

    A fragment's run skips app.py, so the token is kept fresh here too: a doctor watching
    a long analysis is not signed out by a token that a refresh would have renewed.
    """
    session.keep_fresh()
    if not session.signed_in():
        st.rerun()  # the refresh failed: the whole app shows sign-in and says why
    services = session.services()
    detail: CaseDetail | None = None
    with shown_to_user():  # a blip is shown here, and the next poll tries again
        detail = _reread(services, case_id)
    if detail is None:
        return
    case = detail.case
    if case.status == CaseStatus.COMPLETED.value:
        # The critical values first, then the whole page once (the insights, and no more
        # polling): they stay on screen while that run is made, which is the slowest of
        # the case's runs the first time (its charts load).
        _finished_critical_values(services, detail)
        st.rerun()
    if not is_analysing(case.status):
        st.rerun()  # the whole page, once: the failure, and no more polling
    _resume_if_abandoned(services, case)
    sections: dict[str, Any] = {}
    with shown_to_user():
        sections = services.draft_sections(case_id)
    # The owner's page: the display policy puts the patient's name back.
    sections = services.display.text(sections, case)
    # Urgent before the progress, as on the finished page.
    landed = landed_lab_values(sections)
    critical_banner(landed, detail.files)
    other_patient_notice(landed)
    show_progress(case)
    show_landed_sections(sections)


def other_patient_notice(values: list[LabValue]) -> None:
    """Said as soon as the reading round lands, before the analysis ends: a lab report
    whose header names another patient."""
    if any(value.other_patient for value in values):
        st.warning(EARLY_OTHER_PATIENT, icon=":material/person_alert:")


def _finished_critical_values(services: CaseService, detail: CaseDetail) -> None:
    """The banner of the analysis that just finished, as the completed page shows it."""
    try:
        insights = Insights.model_validate(detail.ai_insights or {})
    except ValidationError:
        return  # the whole page says what is wrong with the record
    insights = services.display.record(insights, detail.case)
    critical_banner(insights.lab_values, detail.files)


def _resume_if_abandoned(services: CaseService, case: Case) -> None:
    """Offer the open case to the analyzer again, in case the process analysing it died
    (``core.jobs.recovery`` decides how often and whether a job may take it)."""
    try:
        services.resume_if_abandoned(case)
    except Exception:  # noqa: BLE001 - the progress display must outlive a failed request
        log.warning("could not ask to resume case %s:\n%s", case.case_id, failure_frames())


def landed_lab_values(sections: dict[str, Any]) -> list[LabValue]:
    """The lab values the reading round saved; none if absent or not as expected."""
    landed = sections.get(LAB_VALUES_SECTION) or {}
    try:
        return [LabValue.model_validate(row) for row in landed.get(LAB_VALUES_SECTION, [])]
    except (ValidationError, AttributeError):
        log.warning("the landed lab values could not be read")
        return []


def _reread(services: CaseService, case_id: str) -> CaseDetail:
    try:
        return services.get_case(case_id)
    except CaseNotFound:
        st.rerun()  # deleted meanwhile: the full page says "Case not found"


def show_progress(case: Case) -> None:
    """The current stage, how many of the 8 steps are done, and a checklist of the steps."""
    number = step_number(case.analysis_stage)
    current = STEPS[number - 1]
    doing = current.next or current.done
    # Not a ``with`` block: leaving one marks the status "complete", and this one runs on.
    box = st.status(f"Analyzing: {doing}", state="running", expanded=True)
    box.progress(number / STEP_COUNT, text=f"{number} of {STEP_COUNT} steps done: {current.done}")
    lines = []
    for position, step in enumerate(STEPS, start=1):
        if position <= number:
            lines.append(f":green[:material/check_circle:] {step.done}")
        elif position == number + 1:
            lines.append(f":blue[:material/pending:] **{current.next}**")
        else:
            lines.append(f":gray[:material/radio_button_unchecked:] :gray[{step.done}]")
    box.markdown("  \n".join(lines))
    box.caption("This updates by itself; you can keep working on the page.")


BEING_WRITTEN = (
    ":orange[:material/edit_note:] **Being written**: the analysis is still running. "
    "This section has landed; the draft is complete, scored and ready for review once "
    "the analysis finishes."
)


def show_landed_sections(sections: dict[str, Any]) -> None:
    """The draft's sections that have landed, each under a "being written" marker."""
    summary = sections.get("case_summary")
    soap = sections.get("soap_note")
    diagnosis = sections.get("primary_diagnosis")
    if summary:
        with st.container(border=True):
            st.markdown("#### Case summary (being written)")
            st.caption(BEING_WRITTEN)
            st.markdown(formatting.markdown_text(str(summary.get("comprehensive_summary", ""))))
            findings = [formatting.markdown_text(str(f)) for f in summary.get("key_findings", [])]
            if findings:
                st.markdown("\n".join(f"- {finding}" for finding in findings))
    if soap or diagnosis:
        with st.container(border=True):
            st.markdown("#### SOAP note and diagnosis (being written)")
            st.caption(BEING_WRITTEN)
            if diagnosis:
                name = formatting.markdown_text(str(diagnosis.get("primary_diagnosis", "")))
                code = formatting.markdown_text(str(diagnosis.get("icd_code", "")))
                st.markdown(f"**Primary diagnosis:** {name} ({code})")
            for part in ("subjective", "objective", "assessment", "plan"):
                if soap and soap.get(part):
                    text = formatting.markdown_text(str(soap[part]))
                    st.markdown(f"**{part.capitalize()}:** {text}")
