"""A download built when the doctor clicks stays served while its page is shown.

Every download on the case page is deferred (``st.download_button(data=callable)``): the
export, the lab files and the checked DOCX are built only when the doctor clicks. Streamlit
(1.67) stores the file it builds under no session's reference, and its sweep at the end of
each script run marks such a file, then deletes it at the next sweep. While a case analyses,
the page's progress fragment runs every 0.2-0.5 s, so the file was gone within a second of
the click: a browser slow to ask for it (a loaded machine, a large PDF) saved Streamlit's
404 under a name made of the media id, and the doctor had no export.

``keep_generated_files`` makes the built file referenced by the session that clicked, at
its button's place, until that session's next full run clears its references; fragment runs
do not, so the file outlives any number of polls, and the usual sweep removes it after the
page is drawn anew. The session's browser still needs its cookie to fetch it
(``ui.web_edge``).
"""

from __future__ import annotations

from functools import wraps
from typing import Any

from streamlit.runtime.media_file_manager import MediaFileManager

# The reference's place beside the button's own (which holds the deferred placeholder id).
_BUILT_SUFFIX = ".built"
_INSTALLED = "_medcase_keeps_built_downloads"


def keep_generated_files(manager_type: type[MediaFileManager] = MediaFileManager) -> None:
    """Install, once per process, the reference that keeps a built download."""
    if getattr(manager_type, _INSTALLED, False):
        return
    execute = manager_type.execute_deferred

    @wraps(execute)
    def execute_and_keep(self: MediaFileManager, file_id: str) -> str:
        with self._lock:
            entry: dict[str, Any] | None = self._deferred_callables.get(file_id)  # type: ignore[assignment]
        url = execute(self, file_id)
        if entry is not None:
            _keep(self, entry, built_id(url))
        return url

    manager_type.execute_deferred = execute_and_keep  # type: ignore[method-assign]
    setattr(manager_type, _INSTALLED, True)


def built_id(url: str) -> str:
    """The stored file's id in its URL: ``/media/<id><extension>``."""
    name = url.rsplit("/", 1)[-1]
    return name.split(".", 1)[0]


def _keep(manager: MediaFileManager, entry: dict[str, Any], file_id: str) -> None:
    with manager._lock:
        if file_id not in manager._file_metadata:
            return  # another storage, or already gone: nothing to keep
        by_place = manager._files_by_session_and_coord.get(entry["session_id"])
        if by_place is None:
            return  # the session has ended (or drawn its page anew): let the sweep have it
        by_place[entry["coordinates"] + _BUILT_SUFFIX] = file_id
