"""The one place where a failure becomes what the doctor sees.

A MedCaseError carries its own user-facing ``detail`` (DESIGN.md's error table); anything
else is a bug or an outage: its type and stack are logged (not its message) and the doctor
sees a generic message, so no patient data from an exception text reaches screen or log.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st

from core.errors import MedCaseError, NotAuthenticated
from core.safe_logging import failure_frames
from ui import session
from ui.formatting import markdown_text

log = logging.getLogger(__name__)

UNEXPECTED = "Something went wrong on our side. It has been logged; please try again."


def message_for(error: Exception) -> str:
    """What the doctor is told about ``error``."""
    if isinstance(error, MedCaseError):
        return error.detail
    # The stack without the message: an exception's text may quote patient data.
    log.error("unexpected failure (%s):\n%s", type(error).__name__, failure_frames(error))
    return UNEXPECTED


@contextmanager
def shown_to_user(*, stop: bool = False, next_run: bool = False) -> Iterator[None]:
    """Run a doctor's action; if it fails, show why instead of crashing the page.

    ``stop`` ends the page after the message; ``next_run`` queues the message for the
    next run (for actions that always rerun). A lost session sends the doctor to sign in.
    Streamlit's own control flow (st.rerun, st.switch_page, st.stop) passes through: it
    is a BaseException, not an Exception.
    """
    try:
        yield
    except Exception as error:  # noqa: BLE001 - this is the page's one translation point
        if isinstance(error, NotAuthenticated) and session.signed_in():
            session.expire()
            st.rerun()
        # Details may quote what the doctor typed (a file name): show it, never render it.
        message = markdown_text(message_for(error))
        if next_run:
            session.notify(message, "error")
        else:
            st.error(message)
        if stop:
            st.stop()
