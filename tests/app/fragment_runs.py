"""A click inside a fragment, as the browser makes it: only that fragment reruns.

AppTest reruns the whole app for every interaction. The browser's message for a widget
inside a fragment carries the fragment's id, and the server then runs that fragment
alone; ``in_fragment`` asks AppTest's runs for the same. The server keeps the pages
st.navigation registered between runs (AppTest builds them anew each run), so a fragment's
run is given the last full run's pages, for its page links and page switches.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from streamlit.testing.v1 import AppTest, app_test, local_script_runner


@contextmanager
def in_fragment(app: AppTest, fragment_ids: list[str]) -> Iterator[None]:
    """The AppTest runs inside this block are a click inside these fragments."""
    assert fragment_ids, "no such fragment was drawn"
    original_data, original_pages = local_script_runner.RerunData, app_test.PagesManager
    registered = dict(app._registered_pages)

    class KeptPages(original_pages):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._set_pages(registered)

    local_script_runner.RerunData = functools.partial(  # type: ignore[misc, assignment]
        original_data, fragment_id_queue=list(fragment_ids)
    )
    app_test.PagesManager = KeptPages  # type: ignore[misc, assignment]
    try:
        yield
    finally:
        local_script_runner.RerunData = original_data  # type: ignore[misc]
        app_test.PagesManager = original_pages  # type: ignore[misc]


def fragment_ids(app: AppTest, name: str) -> list[str]:
    """The ids of the fragments drawn by the function called ``name``, or keyed ``name``."""
    storage = app._fragment_storage
    if name in getattr(storage, "_ids_by_target_key", {}):
        return list(storage.resolve_target(name))
    found = []
    for fragment_id, wrapped in storage._fragments.items():
        for cell in getattr(wrapped, "__closure__", None) or ():
            try:
                value = cell.cell_contents
            except ValueError:  # an empty cell
                continue
            if getattr(value, "__name__", None) == name:
                found.append(fragment_id)
    return found
