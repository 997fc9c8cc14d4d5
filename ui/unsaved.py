"""What a click was about to save when the session ended under it (signed out in another
tab, or the session expired): said plainly as "not saved", with what was lost.

The session's state is cleared when it ends (it belonged to the doctor), so the run that
finds the session gone reads the pressed button and the values sent with it first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from core.review import FIELD_LABELS, LIST_FIELDS, SECTION_FIELDS, SECTION_LABELS

_CHOICES = {"accept": "Accept", "edit": "Edit", "reject": "Reject"}
LOST_KEY = "unsaved_lost"  # what the last ended session could not save, for the next page


def _value(key: str) -> Any:
    try:
        return st.session_state.get(key)
    except Exception:  # noqa: BLE001 - a key of a widget not drawn yet: nothing sent
        return None


def _pressed(key: str) -> bool:
    return _value(key) is True


def _decision(section: str) -> str | None:
    prefix = f"review_{section}"
    # The buttons under the section (issue #26): Accept, Save my version, Reject with
    # this reason.
    pressed = {
        "accept": _pressed(f"{prefix}_accept"),
        "edit": _pressed(f"{prefix}_save"),
        "reject": _pressed(f"{prefix}_reject_confirm"),
    }
    choice = next((verb for verb, down in pressed.items() if down), None)
    if choice is None:
        return None
    line = f"your decision on {SECTION_LABELS[section]}: {_CHOICES[choice]}"
    if choice == "edit":
        typed = []
        for name in SECTION_FIELDS[section]:
            text = _value(f"{prefix}_{name}")
            if text:
                shown = " / ".join(text.splitlines()) if name in LIST_FIELDS else str(text)
                typed.append(f"{FIELD_LABELS[name]}: {shown}")
        if typed:
            line += " (your text: " + "; ".join(typed) + ")"
    if choice == "reject" and _value(f"{prefix}_reason"):
        line += f" (reason: {_value(f'{prefix}_reason')})"
    return line


def _simple(key: str, what: str) -> Callable[[], str | None]:
    return lambda: what if _pressed(key) else None


def _amendment() -> str | None:
    if not _pressed("amend_submit"):
        return None
    reason = _value("amend_reason")
    return "the amendment of the signed note" + (f" (reason: {reason})" if reason else "")


def _new_case() -> str | None:
    if not _pressed("new_case_create"):
        return None
    name = _value("new_case_name")
    return "the new case" + (f" for {name}" if name else "") + " (the form is empty again)"


_ACTIONS: tuple[Callable[[], str | None], ...] = (
    *(lambda section=section: _decision(section) for section in SECTION_LABELS),
    _simple("review_accept_next", "your acceptance of the next section"),
    _simple("review_sign", "the signature of the note"),
    _amendment,
    _new_case,
    _simple("case_add_files_submit", "the files you were adding"),
    _simple("case_edit_save", "the changes to the case"),
)


def lost_in_this_run() -> list[str]:
    """What the button pressed in this run was about to save (call before the session's
    state is cleared)."""
    return [line for line in (action() for action in _ACTIONS) if line]


def not_saved_message(lost: list[str]) -> str | None:
    """The plain sentence for the sign-in page, or None when nothing was lost."""
    if not lost:
        return None
    listed = "; ".join(lost)
    return (
        f"Not saved: {listed}. You were signed out before it reached MedCase. "
        "Sign in and do it again."
    )
