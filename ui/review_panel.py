"""Physician review on the case page: a decision on each section of the AI draft, the
sign-off, the signed note with its versions, and amendments.

The AI draft above stays as the analyzer wrote it; this panel shows the doctor's version
beside it, and on request what changed from the draft.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from core.review import (
    LIST_FIELDS,
    NOTE_NOT_VERIFIED,
    SECTION_FIELDS,
    SECTION_LABELS,
    ReviewSummary,
    Section,
    SignedNote,
    as_lines,
)
from core.services import CaseService
from ui import formatting, review_bar, section_review, session, side_by_side
from ui.errors import shown_to_user
from ui.formatting import markdown_text
from ui.insights_view import SectionSlot

SIGN_KEY = review_bar.SIGN_KEY
AMEND_REASON_KEY = "amend_reason"
AMEND_SUBMIT_KEY = "amend_submit"
VERSION_KEY = "review_version"
COMPARE_KEY = "review_compare"


def review_panel(services: CaseService, case_id: str, summary: ReviewSummary) -> None:
    """Below the sections (decided where they are shown, ui.section_review): the sticky
    sign bar before sign-off; the signed note, its versions and amendments after it."""
    if summary.draft is None:
        return
    _state_line(summary)
    if summary.versions:
        st.header("Signed note")
        _signed_note(summary)
        _compare_versions(summary)
        _amend_form(services, case_id, summary)
        return
    review_bar.sign_bar(case_id, summary)


def in_place(case_id: str, summary: ReviewSummary | None) -> SectionSlot | None:
    """What draws each section with its decision where it is read, while the note is not
    signed yet; None otherwise (the sections are the AI draft, the signed note below)."""
    if summary is None or summary.draft is None or summary.versions:
        return None
    section_review.remember(case_id, summary)
    return section_review.slot(case_id)


def _state_line(summary: ReviewSummary) -> None:
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
                section_review.section_text(section.value, entry["text"])
            else:
                st.caption(f"Rejected by the doctor: {markdown_text(entry.get('reason') or '')}")


def _signature_line(note: SignedNote) -> None:
    kind = "Signed" if note.version == 1 else "Amended"
    line = (
        f"{kind} by {markdown_text(_signer(note))} at {formatting.when(note.signed_at)}"
        f" (version {note.version}). Read-only."
    )
    if note.verified:
        st.success(line, icon=":material/verified:")
    else:
        st.error(f"{line}\n\n{NOTE_NOT_VERIFIED}", icon=":material/gpp_bad:")
    if note.amendment_reason:
        st.caption(f"Reason for the amendment: {markdown_text(note.amendment_reason)}")
    st.caption(f"Content hash (SHA-256): `{note.content_hash}`")


def _signer(note: SignedNote) -> str:
    """The signer as the signature line reads: name and credentials as signed, then the
    e-mail (only the e-mail on versions signed before signers had a profile)."""
    return f"{note.signed_as} ({note.signer_email})" if note.signer_name else note.signer_email


def _compare_versions(summary: ReviewSummary) -> None:
    """Two signed versions side by side, section by section, once there are two."""
    numbers = [note.version for note in summary.versions]
    if len(numbers) < 2 or not st.toggle("Compare two signed versions", key=COMPARE_KEY):
        return
    older, newer = st.columns(2)
    first = older.selectbox("From version", numbers, index=len(numbers) - 2, key="review_from")
    second = newer.selectbox("To version", numbers, index=len(numbers) - 1, key="review_to")
    by_number = {note.version: note for note in summary.versions}
    for section in Section:
        side_by_side.show(
            SECTION_LABELS[section.value],
            f"Version {first}",
            _signed_lines(by_number[first], section.value),
            f"Version {second}",
            _signed_lines(by_number[second], section.value),
        )


def _signed_lines(note: SignedNote, section: str) -> list[str]:
    entry = note.content.get("sections", {}).get(section) or {}
    if entry.get("text"):
        return as_lines(entry["text"], section)
    return [f"Rejected: {entry.get('reason') or ''}"]


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


def _field_inputs(section: str, starting: dict[str, Any] | None, prefix: str) -> dict[str, Any]:
    entered: dict[str, Any] = {}
    for name in SECTION_FIELDS[section]:
        label, text = section_review.field_label_and_text(name, (starting or {}).get(name))
        if name == "icd_code":
            entered[name] = st.text_input(label, value=text, key=f"{prefix}_{name}")
        else:
            height = section_review.height_for(text)
            entered[name] = st.text_area(label, value=text, key=f"{prefix}_{name}", height=height)
    return entered
