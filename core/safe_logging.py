"""Logging failures without patient data: the stack and the error's type, never its message.

An exception's message can quote what it failed on (a file name, a database value, a line
of a lab report), so none of our logs ever print one.
"""

from __future__ import annotations

import sys
import traceback


def failure_frames(error: BaseException | None = None) -> str:
    """``error``'s stack (default: the exception being handled) and type, without the message."""
    if error is None:
        error = sys.exc_info()[1]
    if error is None:
        return ""
    frames = "".join(traceback.format_tb(error.__traceback__))
    return f"{frames}{type(error).__name__}"
