"""Physician review on the case page: a decision on each section of the AI draft, the
sign-off, the signed note with its versions, and amendments.

The AI draft above stays as the analyzer wrote it; this panel shows the doctor's version
beside it, and on request what changed from the draft.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import streamlit as st

from core import lifecycle
from core.review import (
    FIELD_LABELS,
    LIST_FIELDS,
    NOTE_NOT_VERIFIED,
    SECTION_FIELDS,
    SECTION_LABELS,
    Decision,
    ReviewSummary,
    Section,
    SignedNote,
    ai_text,
    changes_from_draft,
)
from core.services import CaseService
from ui import formatting, review_bar, session
from ui.errors import shown_to_user
from ui.formatting import markdown_text

SIGN_KEY = review_bar.SIGN_KEY
AMEND_REASON_KEY = "amend_reason"
AMEND_SUBMIT_KEY = "amend_submit"
VERSION_KEY = "review_version"
_CHOICES = {"accept": "Accept", "edit": "Edit", "reject": "Reject"}
BadgeColor = Literal["red", "orange", "yellow", "blue", "green", "violet", "gray", "primary"]
_DECIDED: dict[str, tuple[str, BadgeColor, str]] = {
    Decision.ACCEPTED: ("Accepted", "green", ":material/check:"),
    Decision.EDITED: ("Edited by the doctor", "blue", ":material/edit:"),
    Decision.REJECTED: ("Rejected", "red", ":material/close:"),
}


def review_panel(
    services: CaseService,
    case_id: str,
    summary: ReviewSummary,
    reread: Callable[[], ReviewSummary] | None = None,
) -> None:
    """Everything the doctor does with the AI draft, once there is one.

    ``reread`` gives the summary again as this page shows it: with it, a section's decision
    reruns only that section (a fragment) unless it changes more than the section.
    """
    if summary.draft is None:
        return
    st.header("Physician review")
    _state_line(summary)
    if summary.versions:
        _signed_note(summary)
        _amend_form(services, case_id, summary)
        return
    for section in Section:
        # A full run reads the summary afresh: what a fragment kept is past.
        st.session_state.pop(_saved_key(section.value), None)
        if reread is None:
            _section_review(services, case_id, summary, section.value, None)
        else:
            _section_fragment(services, case_id, summary, section.value, reread)
    _sign_button(services, case_id, summary)


def _state_line(summary: ReviewSummary) -> None:
    state = summary.review_state or lifecycle.ReviewState.AWAITING_REVIEW.value
    label = lifecycle.REVIEW_STATE_LABELS.get(state, state)
    colors: dict[str, BadgeColor] = {
        "awaiting_review": "orange",
        "reviewed": "blue",
        "signed": "green",
    }
    st.badge(label, color=colors.get(state, "violet"), icon=":material/assignment_turned_in:")
    if summary.newer_draft:
        st.info(
            "A newer AI draft exists than the one this note was signed on. The signed note "
            "is unchanged; amend it if the new draft changes your assessment.",
            icon=":material/new_releases:",
        )
    if summary.draft_outdated:
        st.warning(
            "The AI draft was written before the case was last changed (patient details, "
            "notes or files). Re-run the analysis for a draft that reflects the change.",
            icon=":material/history:",
        )


# --- before sign-off ----------------------------------------------------------------------


@st.fragment
def _section_fragment(
    services: CaseService,
    case_id: str,
    summary: ReviewSummary,
    section: str,
    reread: Callable[[], ReviewSummary],
) -> None:
    # A rerun of this fragment alone after a decision: the summary as saved, not as the
    # page's last full run read it.
    summary = st.session_state.get(_saved_key(section), summary)
    _section_review(services, case_id, summary, section, reread)


def _saved_key(section: str) -> str:
    return f"review_{section}_saved_summary"


def _section_review(
    services: CaseService,
    case_id: str,
    summary: ReviewSummary,
    section: str,
    reread: Callable[[], ReviewSummary] | None,
) -> None:
    assert summary.draft is not None
    drafted = ai_text(summary.draft.ai_insights, section)
    current = summary.reviews.get(section)
    with st.container(border=True, key=f"review_{section}"):
        st.subheader(f"Review: {SECTION_LABELS[section]}")
        if current is not None:
            label, color, icon = _DECIDED[Decision(current.decision)]
            st.badge(label, color=color, icon=icon)
            if current.decision == Decision.EDITED:
                st.markdown("**Doctor's version**")
                _section_text(section, current.edited)
                _changes(section, drafted, current.edited, key=f"review_{section}_diff")
            elif current.decision == Decision.REJECTED:
                st.caption(f"Reason: {markdown_text(current.reason or '')}")
        else:
            st.caption("Not reviewed yet: accept the AI's text, edit it, or reject it.")
        _decision_form(services, case_id, summary, section, drafted, current, reread)


def _decision_form(
    services: CaseService,
    case_id: str,
    summary: ReviewSummary,
    section: str,
    drafted: dict[str, Any],
    current: Any,
    reread: Callable[[], ReviewSummary] | None,
) -> None:
    assert summary.draft is not None
    starting = current.edited if current is not None and current.edited else drafted
    prefix = f"review_{section}"
    with st.form(f"{prefix}_form", border=False):
        choice = st.radio(
            "Decision",
            list(_CHOICES),
            format_func=_CHOICES.__getitem__,
            horizontal=True,
            index=None,
            key=f"{prefix}_decision",
        )
        with st.expander("Your version (used when you choose Edit)"):
            entered = _field_inputs(section, starting, prefix)
        reason = st.text_input(
            "Reason (required when you choose Reject)", key=f"{prefix}_reason", max_chars=2000
        )
        saved = st.form_submit_button("Save decision", key=f"{prefix}_save")
    if not saved:
        return
    if choice is None:
        st.error("Choose Accept, Edit or Reject first.")
        return
    with shown_to_user():
        services.review.review_section(
            case_id,
            section,
            choice,
            edited=entered if choice == "edit" else None,
            reason=reason if choice == "reject" else None,
            draft_id=summary.draft.draft_id,
        )
        saved_text = f"{SECTION_LABELS[section]}: decision saved."
        updated = reread() if reread is not None else None
        if updated is None or updated.ready_to_sign or updated.review_state != summary.review_state:
            # The state line and the sign button change too: the whole page.
            session.notify(saved_text, "toast")
            st.rerun()
        st.session_state[_saved_key(section)] = updated
        st.toast(saved_text)
        st.rerun(scope="fragment")


def _field_inputs(section: str, starting: dict[str, Any] | None, prefix: str) -> dict[str, Any]:
    entered: dict[str, Any] = {}
    for name in SECTION_FIELDS[section]:
        value = (starting or {}).get(name)
        if name in LIST_FIELDS:
            text = "\n".join(value or [])
            label = f"{FIELD_LABELS[name]} (one per line)"
        else:
            text = value or ""
            label = FIELD_LABELS[name]
        if name == "icd_code":
            entered[name] = st.text_input(label, value=text, key=f"{prefix}_{name}")
        else:
            entered[name] = st.text_area(label, value=text, key=f"{prefix}_{name}", height=90)
    return entered


def _sign_button(services: CaseService, case_id: str, summary: ReviewSummary) -> None:
    def sign() -> None:
        with shown_to_user():
            note = services.review.sign(case_id)
            session.notify(f"Note signed (version {note.version}).", "success")
            st.rerun()

    review_bar.sign_bar(summary, services.doctor.email, sign)


# --- after sign-off -----------------------------------------------------------------------


def _signed_note(summary: ReviewSummary) -> None:
    versions = summary.versions
    chosen = versions[-1]
    if len(versions) > 1:
        numbers = [note.version for note in versions]
        picked = st.selectbox(
            "Version",
            numbers,
            index=len(numbers) - 1,
            format_func=lambda n: f"Version {n}" + (" (current)" if n == numbers[-1] else ""),
            key=VERSION_KEY,
        )
        chosen = next(note for note in versions if note.version == picked)
    _signature_line(chosen)
    for section in Section:
        entry = chosen.content.get("sections", {}).get(section.value) or {}
        with st.container(border=True):
            st.subheader(f"Signed: {SECTION_LABELS[section.value]}")
            if entry.get("text"):
                _section_text(section.value, entry["text"])
            else:
                st.caption(f"Rejected by the doctor: {markdown_text(entry.get('reason') or '')}")


def _signature_line(note: SignedNote) -> None:
    kind = "Signed" if note.version == 1 else "Amended"
    line = (
        f"{kind} by {markdown_text(note.signer_email)} at {formatting.when(note.signed_at)}"
        f" (version {note.version}). Read-only."
    )
    if note.verified:
        st.success(line, icon=":material/verified:")
    else:
        st.error(f"{line}\n\n{NOTE_NOT_VERIFIED}", icon=":material/gpp_bad:")
    if note.amendment_reason:
        st.caption(f"Reason for the amendment: {markdown_text(note.amendment_reason)}")
    st.caption(f"Content hash (SHA-256): `{note.content_hash}`")


def _amend_form(services: CaseService, case_id: str, summary: ReviewSummary) -> None:
    latest = summary.latest
    assert latest is not None
    with (
        st.expander("Amend the signed note", icon=":material/edit_note:"),
        st.form("amend_form"),
    ):
        st.caption(
            "An amendment is a new signed version; every earlier version stays readable. "
            "Change the sections that need it and say why."
        )
        entered: dict[str, dict[str, Any]] = {}
        for section in Section:
            st.markdown(f"**{SECTION_LABELS[section.value]}**")
            signed_text = latest.section_text(section.value)
            entered[section.value] = _field_inputs(
                section.value, signed_text, f"amend_{section.value}"
            )
        reason = st.text_input("Reason for the amendment", key=AMEND_REASON_KEY, max_chars=2000)
        submitted = st.form_submit_button("Sign amendment", type="primary", key=AMEND_SUBMIT_KEY)
    if not submitted:
        return
    changes = {
        section: fields
        for section, fields in entered.items()
        if _normalised(section, fields) != _normalised(section, latest.section_text(section))
    }
    with shown_to_user():
        note = services.review.amend(case_id, changes, reason)
        session.notify(f"Amendment signed (version {note.version}).", "success")
        st.rerun()


def _normalised(section: str, fields: dict[str, Any] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in SECTION_FIELDS[section]:
        value = (fields or {}).get(name)
        if name in LIST_FIELDS:
            lines = value.splitlines() if isinstance(value, str) else (value or [])
            out[name] = [line.strip() for line in lines if line.strip()]
        else:
            out[name] = (value or "").strip()
    return out


# --- shared -------------------------------------------------------------------------------


def _section_text(section: str, text: dict[str, Any] | None) -> None:
    for name in SECTION_FIELDS[section]:
        value = (text or {}).get(name)
        if not value:
            continue
        if name in LIST_FIELDS:
            st.markdown(f"**{FIELD_LABELS[name]}**")
            st.markdown("\n".join(f"- {markdown_text(item)}" for item in value))
        else:
            st.markdown(f"**{FIELD_LABELS[name]}.** {markdown_text(value)}")


def _changes(section: str, drafted: dict[str, Any], doctor: Any, key: str) -> None:
    if st.toggle("Show what changed from the AI draft", key=key):
        diff = changes_from_draft(section, drafted, doctor)
        st.code("\n".join(diff) if diff else "No change.", language="diff")
