"""A half-typed new case kept in the session while the doctor looks elsewhere.

The New case page's fields keep their values across pages themselves (Streamlit's
``persist_state="session"``, and ``live`` so what is being typed reaches the server before
a click elsewhere); Create and Cancel clear them. Picked files cannot be put back in a file
picker: their names are kept, so the page can say which to pick again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import streamlit as st

FILES_KEY = "new_case_draft_files"  # names of the files picked now
PICK_AGAIN_KEY = "new_case_pick_again"  # names picked before the doctor left, not yet again
MADE_KEY = "new_case_made"  # the draft made a case: empty the fields when next drawn
# A pause in typing this long sends what was typed (a rerun of the short page).
TYPING_PAUSE = "700ms"


def files_to_pick_again(pickers: Sequence[str]) -> list[str]:
    """The names of files picked before the doctor left (call before drawing the pickers)."""
    if not any(picker in st.session_state for picker in pickers):  # drawn afresh
        left = st.session_state.pop(FILES_KEY, None)
        if left:
            st.session_state[PICK_AGAIN_KEY] = left
    return list(st.session_state.get(PICK_AGAIN_KEY) or [])


def keep_file_names(names: Sequence[str]) -> None:
    """The files picked now (the pickers are empty again when the doctor comes back)."""
    if names:
        st.session_state[FILES_KEY] = list(names)
        st.session_state.pop(PICK_AGAIN_KEY, None)
    else:
        st.session_state.pop(FILES_KEY, None)


def has_draft(fields: Iterable[str]) -> bool:
    """Anything typed or picked that Cancel would clear."""
    typed = any(st.session_state.get(field) not in (None, "") for field in fields)
    return typed or bool(st.session_state.get(FILES_KEY) or st.session_state.get(PICK_AGAIN_KEY))


def forget() -> None:
    """Forget the file names."""
    for key in (FILES_KEY, PICK_AGAIN_KEY):
        st.session_state.pop(key, None)


def made_a_case() -> None:
    """The draft made its case: the form is empty the next time it is drawn."""
    forget()
    st.session_state[MADE_KEY] = True


def start(fields: Mapping[str, Any]) -> None:
    """At the top of the page: empty a form whose draft already made its case."""
    if st.session_state.pop(MADE_KEY, False):
        discard(fields)


def discard(fields: Mapping[str, Any]) -> None:
    """Empty the fields (key -> empty value) and forget the draft (Cancel, or Create made
    the case): the browser is told the empty values too, so call it before they are drawn
    (a button's on_click) or as the page is left."""
    forget()
    for field, empty in fields.items():
        st.session_state[field] = empty
