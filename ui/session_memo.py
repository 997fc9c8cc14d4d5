"""What a page builds from data it has just read, kept for this browser session until the
data changes: a rerun of the same case (a poll, a decision, a tab) reuses it.

The value is a pure function of its ``version`` (everything it shows is in the version),
and it lives in the session's own state, never in a process-wide cache: nothing built for
one doctor is offered to another, and the page still reads the case (with its ownership
check) on every run before it asks for the memo.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

import streamlit as st

T = TypeVar("T")
PREFIX = "memo_"  # session-state keys of kept values


def remembered(name: str, version: Hashable, build: Callable[[], T]) -> T:
    """``build()``, or what it made for the same ``version`` earlier in this session (one
    version kept per name: the previous one is replaced)."""
    key = PREFIX + name
    kept = st.session_state.get(key)
    if kept is not None and kept[0] == version:
        value: T = kept[1]
        return value
    value = build()
    st.session_state[key] = (version, value)
    return value
