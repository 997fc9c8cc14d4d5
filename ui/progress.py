"""Where a case's analysis stands: live progress while it runs, then the outcome.

While the case is analysing, a fragment re-reads it every ``POLL_SECONDS`` and redraws
only itself. Once the case is completed or failed it asks for a full rerun: the page then
renders the insights (or the reason) and no longer calls the fragment, and Streamlit drops
the timer of a fragment that a full run did not render. So polling stops by itself.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import streamlit as st

from core import services
from core.errors import CaseNotFound
from core.models import AnalysisStage, Case, CaseFile, CaseStatus, Doctor
from core.ports import Backend
from core.safe_logging import failure_frames
from core.services import AnalysisQueue
from ui import formatting, session
from ui.errors import shown_to_user

POLL_SECONDS = 1.5
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
        "Writing the case summary",
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
    doctor: Doctor,
    case: Case,
    files: Sequence[CaseFile],
    backend: Backend,
    analyzer: AnalysisQueue | None,
    generated_at: datetime | None,
) -> None:
    """Live progress while analysing; otherwise the outcome and "Re-run analysis"."""
    if is_analysing(case.status):
        _live_progress(case.case_id, analyzer)
        return
    if case.status == CaseStatus.ARCHIVED.value:
        st.caption("Archived. Restore the case (Edit case) to analyse it again.")
        return
    if case.status == CaseStatus.FAILED.value:
        reason = formatting.markdown_text(case.analysis_error or "no reason was recorded")
        st.error(f"The analysis failed: {reason}", icon=":material/error:")
        _rerun_button(doctor, case, backend, analyzer, primary=True)
        return
    if generated_at is None:
        st.info("This case has not been analysed yet.", icon=":material/hourglass_empty:")
        _rerun_button(doctor, case, backend, analyzer, primary=True)
        return
    added = [f for f in files if f.uploaded_at > generated_at]
    if added:
        st.info(
            f"{len(added)} file(s) were added after this analysis. "
            "Re-run analysis to include them in the insights.",
            icon=":material/note_add:",
        )
    _rerun_button(doctor, case, backend, analyzer, primary=bool(added))


def _rerun_button(
    doctor: Doctor, case: Case, backend: Backend, analyzer: AnalysisQueue | None, primary: bool
) -> None:
    if analyzer is None:
        st.caption("The analyzer is not running, so the analysis cannot be re-run here.")
        return
    clicked = st.button(
        "Re-run analysis",
        key=RERUN_KEY,
        type="primary" if primary else "secondary",
        icon=":material/refresh:",
        help="Analyse the case again with all its files; the new insights replace these.",
    )
    if clicked:
        with shown_to_user():
            services.request_analysis(doctor, case.case_id, backend, analyzer)
            session.notify("Analysis queued: the insights appear here when it finishes.", "toast")
            st.rerun()


@st.fragment(run_every=POLL_SECONDS)
def _live_progress(case_id: str, analyzer: AnalysisQueue | None) -> None:
    poll_progress(case_id, analyzer)


def poll_progress(case_id: str, analyzer: AnalysisQueue | None) -> None:
    """One look at an analysing case: its progress, or a full rerun once it is done.

    A fragment's run skips app.py, so the token is kept fresh here too: a doctor watching
    a long analysis is not signed out by a token that a refresh would have renewed.
    """
    session.keep_fresh()
    if not session.signed_in():
        st.rerun()  # the refresh failed: the whole app shows sign-in and says why
    doctor, backend = session.doctor(), session.backend()
    case: Case | None = None
    with shown_to_user():  # a blip is shown here, and the next poll tries again
        case = _reread(doctor, case_id, backend)
    if case is None:
        return
    if not is_analysing(case.status):
        st.rerun()  # the whole page, once: insights or failure, and no more polling
    _resume_if_abandoned(doctor, case, backend, analyzer)
    show_progress(case)


def _resume_if_abandoned(
    doctor: Doctor, case: Case, backend: Backend, analyzer: AnalysisQueue | None
) -> None:
    """Ask for the open case to be resumed (the analyzer does so at most once a minute): if
    the process analysing it has died, a job here takes it over once that claim is stale.
    Supabase mode has no start-up sweep over every doctor's cases, and the doctor should
    not wait for one anyway."""
    if analyzer is None:
        return
    try:
        services.resume_analysis(doctor, case, backend, analyzer)
    except Exception:  # noqa: BLE001 - the progress display must outlive a failed request
        log.warning("could not ask to resume case %s:\n%s", case.case_id, failure_frames())


def _reread(doctor: Doctor, case_id: str, backend: Backend) -> Case:
    try:
        return services.get_case(doctor, case_id, backend).case
    except CaseNotFound:
        st.rerun()  # deleted meanwhile: the full page says "Case not found"


def show_progress(case: Case) -> None:
    """The current stage, how many of the 8 steps are done, and a checklist of the steps."""
    number = step_number(case.analysis_stage)
    current = STEPS[number - 1]
    doing = current.next or current.done
    # Not a ``with`` block: leaving one marks the status "complete", and this one runs on.
    box = st.status(f"Analysing: {doing}", state="running", expanded=True)
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


def resume_unfinished(analyzer: AnalysisQueue | None) -> None:
    """After sign-in: queue the doctor's cases still marked analysing (see
    services.resume_analyses). Never in the way of signing in."""
    if analyzer is None:
        return
    try:
        resumed = services.resume_analyses(session.doctor(), session.backend(), analyzer)
    except Exception:  # noqa: BLE001 - signing in must not fail for this
        log.warning("could not resume unfinished analyses:\n%s", failure_frames())
        return
    if resumed:
        log.info("sign-in queued %d unfinished analysis(es)", resumed)
