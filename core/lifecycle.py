"""The case lifecycle in one place: statuses, review states, who may move a case where,
and which columns each event writes.

Pure: no I/O. Both backends apply the writes this module returns (an UPDATE in SQLite, a
PATCH through PostgREST), so a rule changes here and nowhere else.

Statuses (``CaseStatus``)::

    created ──> analyzing ──(insights saved)──> completed
                    └──(any analysis failure)──> failed ──(re-run)──> analyzing
    any status ──(the doctor archives)──> archived ──(the doctor restores)──> the status before

The analyzer owns ``analyzing``, ``completed`` and ``failed`` (and the stages); the doctor
only archives and restores. Archiving stops an analysis in progress (its claim is
released, so the job stops at its next stage); restoring such a case queues it again.

Review states (``ReviewState``), from the AI draft to the doctor's signed note::

    (no draft) ──(insights saved)──> awaiting_review ──(every section reviewed)──> reviewed
    reviewed ──(signed)──> signed ──(amended)──> amended ──(amended)──> amended
    a new draft while awaiting_review or reviewed ──> awaiting_review (it needs review)
    a new draft once signed or amended ──> unchanged (the signed note stands)
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from enum import StrEnum
from typing import Any

from core.errors import InvalidInput
from core.models import AnalysisStage, Case, CaseStatus


class ReviewState(StrEnum):
    AWAITING_REVIEW = "awaiting_review"
    REVIEWED = "reviewed"
    SIGNED = "signed"
    AMENDED = "amended"


REVIEW_STATE_LABELS: dict[str, str] = {
    ReviewState.AWAITING_REVIEW: "Awaiting review",
    ReviewState.REVIEWED: "Reviewed",
    ReviewState.SIGNED: "Signed",
    ReviewState.AMENDED: "Amended",
}

# The statuses only the analyzer sets; a doctor's update naming one is refused.
ANALYZER_STATUSES = frozenset(
    {CaseStatus.ANALYZING.value, CaseStatus.COMPLETED.value, CaseStatus.FAILED.value}
)
# What a doctor may ask for: archive the case, or bring an archived one back.
ARCHIVE = CaseStatus.ARCHIVED.value
RESTORE = "active"
DOCTOR_STATUS_REQUESTS = (ARCHIVE, RESTORE)
# A new AI draft leaves these review states as they are: the signed note stands.
SIGNED_STATES = frozenset({ReviewState.SIGNED.value, ReviewState.AMENDED.value})

_CLAIM_RELEASED: dict[str, Any] = {"analysis_claim": None, "analysis_claimed_at": None}
# The sections a job saved while writing: a new attempt, or the analysis's end, drops them.
_SECTIONS_CLEARED: dict[str, Any] = {"draft_sections": None}


def _instant(now: datetime) -> str:
    return now.isoformat()


# --- the analyzer's events ----------------------------------------------------------------


def created() -> dict[str, Any]:
    """A new case waits for its first analysis."""
    return {
        "status": CaseStatus.ANALYZING.value,
        "analysis_stage": AnalysisStage.INITIALIZED.value,
        "content_version": 1,
    }


def may_request_analysis(status: str) -> bool:
    """An archived case is analyzed again only once restored (``restored`` requests it)."""
    return status != ARCHIVE


def analysis_requested() -> dict[str, Any]:
    """The doctor (or a restore) asks for the case to be analysed again: a fresh start."""
    return {
        "status": CaseStatus.ANALYZING.value,
        "analysis_stage": AnalysisStage.INITIALIZED.value,
        "analysis_error": None,
        "analysis_attempts": 0,
        **_CLAIM_RELEASED,
        **_SECTIONS_CLEARED,
    }


def analysis_claimed(claim: str, now: datetime, attempts_before: int) -> dict[str, Any]:
    """A job becomes the case's only writer (its heartbeat starts); each claim counts as
    an attempt, so a case that keeps being taken over from dead processes ends failed."""
    return {
        "analysis_claim": claim,
        "analysis_claimed_at": _instant(now),
        "analysis_attempts": attempts_before + 1,
        **_SECTIONS_CLEARED,
    }


def heartbeat(now: datetime) -> dict[str, Any]:
    """The claim holder is alive, whatever it is doing."""
    return {"analysis_claimed_at": _instant(now)}


def stage_recorded(stage: str, now: datetime) -> dict[str, Any]:
    """The claim holder moved on a stage; the heartbeat moves with it."""
    return {"analysis_stage": stage, "analysis_claimed_at": _instant(now)}


def analysis_completed() -> dict[str, Any]:
    """Insights saved. The review state is ``new_draft_review_state`` (it depends on the
    state at the moment of writing, so backends apply it with a condition)."""
    return {
        "status": CaseStatus.COMPLETED.value,
        "analysis_stage": AnalysisStage.COMPLETED.value,
        "analysis_error": None,
        **_CLAIM_RELEASED,
        **_SECTIONS_CLEARED,
    }


def new_draft_review_state(current: str | None) -> str | None:
    """The review state once a new AI draft is saved."""
    if current in SIGNED_STATES:
        return current
    return ReviewState.AWAITING_REVIEW.value


def analysis_failed(reason: str) -> dict[str, Any]:
    return {
        "status": CaseStatus.FAILED.value,
        "analysis_stage": AnalysisStage.ERROR.value,
        "analysis_error": reason,
        **_CLAIM_RELEASED,
        **_SECTIONS_CLEARED,
    }


# --- the doctor's events ------------------------------------------------------------------


def status_change(case: Case, requested: str) -> dict[str, Any]:
    """The writes of a doctor's status request on ``case``; InvalidInput when not theirs.

    ``archived`` archives; ``active`` restores an archived case to the status it had. The
    current status asked for again changes nothing (an empty dict).
    """
    wanted = requested.strip().lower() if isinstance(requested, str) else requested
    if wanted == case.status:
        return {}
    if wanted == ARCHIVE:
        return archived(case)
    if wanted == RESTORE:
        if case.status != ARCHIVE:
            return {}  # already active
        return restored(case)
    if wanted in ANALYZER_STATUSES:
        raise InvalidInput(
            f"Status '{wanted}' is set by the analyzer, not by hand. A doctor may archive a "
            "case (status 'archived') or restore an archived one (status 'active'); "
            "re-run the analysis to analyze it again"
        )
    raise InvalidInput("Status must be 'archived' (archive the case) or 'active' (restore it)")


def archived(case: Case) -> dict[str, Any]:
    """Set the case aside; an analysis in progress stops (its claim is released)."""
    return {"status": ARCHIVE, "archived_from": case.status, **_CLAIM_RELEASED}


def restored(case: Case) -> dict[str, Any]:
    """Back to the status before archiving; an interrupted analysis is requested again."""
    earlier = case.archived_from or CaseStatus.COMPLETED.value
    if earlier in (CaseStatus.ANALYZING.value, CaseStatus.PROCESSING.value):
        return {**analysis_requested(), "archived_from": None}
    return {"status": earlier, "archived_from": None}


def needs_analysis(writes: Mapping[str, Any]) -> bool:
    """Whether applying these writes leaves the case waiting for a job."""
    return writes.get("status") == CaseStatus.ANALYZING.value


def content_changed(case: Case) -> dict[str, Any]:
    """The patient's details, the notes or the files changed: the current AI draft was
    written before this (its ``case_version`` is now behind)."""
    return {"content_version": case.content_version + 1}


CONTENT_FIELDS = frozenset({"patient_name", "patient_age", "case_summary"})

# Every column an update of a case may write: the doctor's fields and this module's.
WRITABLE_COLUMNS = CONTENT_FIELDS | frozenset(
    {
        "status",
        "archived_from",
        "content_version",
        "review_state",
        "analysis_stage",
        "analysis_error",
        "analysis_claim",
        "analysis_claimed_at",
        "analysis_attempts",
        "draft_sections",
    }
)
# The review states a new AI draft may reset (the note is not signed yet).
UNSIGNED_STATES = tuple(state.value for state in ReviewState if state.value not in SIGNED_STATES)


# --- review -------------------------------------------------------------------------------


def review_state_after_section(reviewed_sections: int, total_sections: int) -> str:
    """Awaiting review until every section of the draft has a decision."""
    if reviewed_sections >= total_sections:
        return ReviewState.REVIEWED.value
    return ReviewState.AWAITING_REVIEW.value


def signed(version: int) -> dict[str, Any]:
    """Version 1 is the sign-off; every later version is an amendment."""
    state = ReviewState.SIGNED if version == 1 else ReviewState.AMENDED
    return {"review_state": state.value}


def may_review(review_state: str | None) -> bool:
    """Sections are reviewed before sign-off; afterwards changes are amendments."""
    return review_state in (ReviewState.AWAITING_REVIEW.value, ReviewState.REVIEWED.value)
