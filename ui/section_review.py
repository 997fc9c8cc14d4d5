"""The doctor's decision on each section of the AI draft, where the section is read
(issue #26): Accept / Edit / Reject under its text, the editor in place of the text, the
reason inline, and a decided section's decision in one line with "Change".

Each section is a keyed fragment: a decision reruns that section, the sign bar and the
line at the top that count the decisions, not the page. Editors and reason fields exist
only while the doctor edits or rejects (fewer widgets per run, issue #25).
"""

from __future__ import annotations

from collections.abc import Callable
from math import ceil
from typing import Any

import streamlit as st

from core.errors import MedCaseError
from core.review import (
    FIELD_LABELS,
    LIST_FIELDS,
    SECTION_FIELDS,
    SECTION_LABELS,
    Decision,
    ReviewSummary,
    ai_text,
    as_lines,
)
from ui import session, side_by_side
from ui.formatting import markdown_text

SUMMARY_KEY = "review_summary"  # (case id, ReviewSummary) as last read or decided
OWED_FRAGMENT = "review_owed_fragment"
BAR_FRAGMENT = "review_bar_fragment"
_CHARS_PER_LINE = 60  # a text area's line, for its height (half the page at 1400 px)


def fragment_key(section: str) -> str:
    return f"review_{section}_fragment"


def remember(case_id: str, summary: ReviewSummary) -> None:
    """The summary this run read: the fragments draw from it until a decision replaces it.
    Another case's editors and reasons, half-done, are left behind."""
    held = st.session_state.get(SUMMARY_KEY)
    if held is not None and held[0] != case_id:
        for section in SECTION_LABELS:
            st.session_state.pop(_key(section, "mode"), None)
            st.session_state.pop(_key(section, "error"), None)
    st.session_state[SUMMARY_KEY] = (case_id, summary)


def current(case_id: str, summary: ReviewSummary) -> ReviewSummary:
    """The summary as last decided on this page (a fragment's rerun keeps its old args)."""
    held = st.session_state.get(SUMMARY_KEY)
    return held[1] if held is not None and held[0] == case_id else summary


def slot(case_id: str) -> Callable[[str, Callable[[], None]], None]:
    """What ui.insights_view calls for each section: the section with its decision."""

    def draw(section: str, body: Callable[[], None]) -> None:
        _section(case_id, section, body)

    return draw


def decide(
    case_id: str,
    section: str,
    choice: str,
    edited: dict[str, Any] | None = None,
    reason: str | None = None,
) -> None:
    """Record a decision (a widget's callback), then rerun the section, the sign bar and
    the count at the top; a refusal is kept for the section to show, nothing rerun more."""
    if not still_signed_in():
        st.rerun()  # the whole app: sign-in, and what was not saved
    services = session.services()  # this session's, for its token as it stands now
    summary = current(case_id, ReviewSummary(None, None))
    draft_id = summary.draft.draft_id if summary.draft else None
    try:
        services.review.review_section(
            case_id, section, choice, edited=edited, reason=reason, draft_id=draft_id
        )
        remember(case_id, services.review.shown_summary(case_id))
    except MedCaseError as error:
        st.session_state[_key(section, "error")] = error.detail
        return
    st.session_state[_key(section, "mode")] = None
    st.session_state.pop(_key(section, "error"), None)
    st.toast(f"{SECTION_LABELS[section]}: {_DONE[choice]}.")
    st.rerun([fragment_key(section), BAR_FRAGMENT, OWED_FRAGMENT])


def still_signed_in() -> bool:
    """app.py's gate, for a callback or a fragment's run (they skip app.py): the session
    this browser kept still stands (no sign-out in another tab), its token kept fresh."""
    session.resume()
    session.keep_fresh()
    return session.signed_in()


_DONE = {"accept": "accepted", "edit": "your version saved", "reject": "rejected"}


def _key(section: str, name: str) -> str:
    return f"review_{section}_{name}"


def _set_mode(section: str, mode: str | None) -> None:
    """Open or close the section's editor or reason (a callback): that section reruns."""
    st.session_state[_key(section, "mode")] = mode
    st.session_state.pop(_key(section, "error"), None)
    st.rerun(fragment_key(section))


def _section(case_id: str, section: str, body: Callable[[], None]) -> None:
    @st.fragment(key=fragment_key(section))
    def drawn() -> None:
        summary = current(case_id, ReviewSummary(None, None))
        with st.container(border=True, key=f"review_{section}"):
            st.subheader(SECTION_LABELS[section])
            _decided_or_open(case_id, section, body, summary)

    drawn()


def _decided_or_open(
    case_id: str,
    section: str,
    body: Callable[[], None],
    summary: ReviewSummary,
) -> None:
    mode = st.session_state.get(_key(section, "mode"))
    decision = summary.reviews.get(section)
    drafted = ai_text(summary.draft.ai_insights, section) if summary.draft else {}
    if mode == "edit":
        starting = decision.edited if decision is not None and decision.edited else drafted
        _editor(case_id, section, starting)
    elif decision is not None and decision.decision == Decision.EDITED:
        section_text(section, decision.edited)
        if st.toggle("Compare with the AI draft", key=_key(section, "diff")):
            side_by_side.show(
                f"{SECTION_LABELS[section]}: the AI draft and your version",
                "AI draft",
                as_lines(drafted, section),
                "Your version",
                as_lines(decision.edited, section),
            )
    else:
        body()
    error = st.session_state.get(_key(section, "error"))
    if error:
        st.error(markdown_text(error), icon=":material/error:")
    if mode == "edit":
        return
    if mode == "reject":
        _reason_inline(case_id, section)
    elif decision is None or mode == "change":
        _choices(case_id, section, changing=decision is not None)
    else:
        _decided_line(section, decision)


# The decision under an undecided section's text: one segmented control (one element, one
# widget), not three buttons in four columns (issue #25: those were half the server's CPU of
# a case page's open, and as many elements again for the browser to draw). A click on an
# option is the decision: Accept saves at once; Edit and Reject open the editor or the
# reason in place; "Keep my decision" closes a Change.
CHOICE_LABELS = {
    "accept": ":material/check: Accept",
    "edit": ":material/edit: Edit",
    "reject": ":material/close: Reject",
    "keep": "Keep my decision",
}


def choice_key(section: str) -> str:
    return _key(section, "choice")


def _choices(case_id: str, section: str, changing: bool) -> None:
    options = ["accept", "edit", "reject"] + (["keep"] if changing else [])
    st.segmented_control(
        # Said by screen readers for the group; on screen the section's heading says it.
        f"Your decision on the {SECTION_LABELS[section]}",
        options,
        format_func=CHOICE_LABELS.__getitem__,
        key=choice_key(section),
        on_change=_chosen,
        args=(case_id, section),
        label_visibility="collapsed",
    )


def _chosen(case_id: str, section: str) -> None:
    """The control's callback: the option clicked, acted on; the control itself is left
    with nothing selected, as a row of buttons would be."""
    choice = st.session_state.get(choice_key(section))
    st.session_state[choice_key(section)] = None
    if choice == "accept":
        decide(case_id, section, "accept")
    elif choice in ("edit", "reject"):
        _set_mode(section, choice)
    elif choice == "keep":
        _set_mode(section, None)


_DECIDED = {
    Decision.ACCEPTED: ":material/check: **Accepted**",
    Decision.EDITED: ":material/edit: **Your version** (the AI draft is kept beside it)",
    Decision.REJECTED: ":material/close: **Rejected**",
}


def _decided_line(section: str, decision: Any) -> None:
    said = _DECIDED[Decision(decision.decision)]
    if decision.decision == Decision.REJECTED:
        said += f": {markdown_text(decision.reason or '')}"
    # One row of two elements (a horizontal container is one block; columns were three).
    with st.container(horizontal=True, vertical_alignment="center"):
        st.markdown(said, width="stretch")
        st.button(
            "Change", key=_key(section, "change"), on_click=_set_mode, args=(section, "change")
        )


def _reason_inline(case_id: str, section: str) -> None:
    st.text_input(
        "Why is this section rejected?",
        key=_key(section, "reason"),
        max_chars=2000,
        placeholder="For example: ferritin pending, diagnosis not confirmed",
    )
    confirm, cancel = st.columns(2)

    def rejected() -> None:
        decide(
            case_id,
            section,
            "reject",
            reason=st.session_state.get(_key(section, "reason"), ""),
        )

    confirm.button(
        "Reject with this reason",
        key=_key(section, "reject_confirm"),
        type="primary",
        on_click=rejected,
    )
    cancel.button(
        "Cancel", key=_key(section, "reject_cancel"), on_click=_set_mode, args=(section, None)
    )


def _editor(case_id: str, section: str, starting: dict[str, Any]) -> None:
    for name in SECTION_FIELDS[section]:
        label, text = field_label_and_text(name, starting.get(name))
        if name == "icd_code":
            st.text_input(label, value=text, key=_key(section, name), max_chars=16)
        else:
            st.text_area(label, value=text, key=_key(section, name), height=height_for(text))

    def saved() -> None:
        entered = {
            name: st.session_state.get(_key(section, name), "") for name in SECTION_FIELDS[section]
        }
        decide(case_id, section, "edit", edited=entered)

    save, cancel = st.columns(2)
    save.button(
        "Save my version",
        key=_key(section, "save"),
        type="primary",
        icon=":material/save:",
        on_click=saved,
    )
    cancel.button("Cancel", key=_key(section, "cancel"), on_click=_set_mode, args=(section, None))


def field_label_and_text(name: str, value: Any) -> tuple[str, str]:
    """An editor field's label and its starting text (a list field one item per line)."""
    if name in LIST_FIELDS:
        return f"{FIELD_LABELS[name]} (one per line)", "\n".join(value or [])
    return FIELD_LABELS[name], value or ""


def height_for(text: str) -> int:
    """A text area's height in pixels that shows all of ``text`` (lines wrapped at about
    _CHARS_PER_LINE characters), at least Streamlit's smallest (68 px)."""
    lines = sum(max(1, ceil(len(line) / _CHARS_PER_LINE)) for line in text.splitlines() or [""])
    return max(68, 24 * (lines + 1) + 16)


def section_text(section: str, text: dict[str, Any] | None) -> None:
    """A section's fields as the doctor's (or a signed version's) text: lists as bullets."""
    for name in SECTION_FIELDS[section]:
        value = (text or {}).get(name)
        if not value:
            continue
        if name in LIST_FIELDS:
            st.markdown(f"**{FIELD_LABELS[name]}**")
            st.markdown("\n".join(f"- {markdown_text(item)}" for item in value))
        else:
            st.markdown(f"**{FIELD_LABELS[name]}.** {markdown_text(value)}")
