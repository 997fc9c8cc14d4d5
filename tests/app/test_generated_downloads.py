"""A download built on a click outlives the case page's polls (ui.generated_downloads).

Streamlit's own media file manager and in-memory storage, as the server runs them: a button's
deferred file is built on the click, then the sweep that ends every script run (a progress
poll is one) runs again and again. Without the kept reference the second sweep deleted the
file, and a browser slow to fetch it saved a 404 (seen in fresh-clone CI's DOCX save test).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from streamlit.runtime.media_file_manager import MediaFileManager
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

from ui.generated_downloads import built_id, keep_generated_files

ROOT = Path(__file__).resolve().parents[2]
BUTTON_PLACE = "1.(3.-14).5"
EXPORT = b"%PDF-1.7 the signed note"


class _Manager(MediaFileManager):
    """The manager of one test: the kept reference is installed on it alone."""


def _built_file(manager: MediaFileManager) -> str:
    placeholder = manager.add_deferred(
        lambda: EXPORT, "application/pdf", BUTTON_PLACE, file_name="note.pdf"
    )
    return built_id(manager.execute_deferred(placeholder))


def _manager(kept: bool) -> MediaFileManager:
    manager_type = type("Manager", (_Manager,), {})
    if kept:
        keep_generated_files(manager_type)
    return manager_type(MemoryMediaFileStorage("/media"))


def test_the_built_file_outlives_any_number_of_polls() -> None:
    manager = _manager(kept=True)
    file_id = _built_file(manager)
    for _poll in range(10):
        manager.remove_orphaned_files()  # the end of a fragment run: no refs cleared
    stored = manager.read_file(file_id)
    assert stored is not None and stored.content == EXPORT


def test_without_the_kept_reference_the_second_poll_deletes_it() -> None:
    # What Streamlit does on its own: the reason for the module (and proof the test above
    # would fail without it).
    manager = _manager(kept=False)
    file_id = _built_file(manager)
    manager.remove_orphaned_files()
    manager.remove_orphaned_files()
    assert manager.read_file(file_id) is None


def test_the_next_full_run_lets_the_sweep_remove_it() -> None:
    # Guard: kept while the page that made it is shown, never for ever.
    manager = _manager(kept=True)
    file_id = _built_file(manager)
    manager.clear_session_refs()  # a full run starts: the page is drawn anew
    manager.remove_orphaned_files()
    manager.remove_orphaned_files()
    assert manager.read_file(file_id) is None


def test_a_second_click_keeps_the_file_it_built() -> None:
    versions = iter([b"version 1", b"version 2"])  # the note was signed again in between
    manager = _manager(kept=True)
    placeholder = manager.add_deferred(lambda: next(versions), "application/pdf", BUTTON_PLACE)
    manager.execute_deferred(placeholder)
    second = built_id(manager.execute_deferred(placeholder))
    manager.remove_orphaned_files()
    manager.remove_orphaned_files()
    stored = manager.read_file(second)
    assert stored is not None and stored.content == b"version 2"


def test_an_unknown_placeholder_is_still_refused() -> None:
    manager = _manager(kept=True)
    with pytest.raises(Exception, match="not found"):
        manager.execute_deferred("no-such-placeholder")


# A fresh interpreter imports the served entry module, as `streamlit run serve.py` does, then
# clicks a deferred download of Streamlit's own manager and polls three times.
SERVED = """
import serve
from streamlit.runtime.media_file_manager import MediaFileManager
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage
from ui.generated_downloads import built_id
manager = MediaFileManager(MemoryMediaFileStorage("/media"))
placeholder = manager.add_deferred(lambda: b"export", "application/pdf", "1.2")
file_id = built_id(manager.execute_deferred(placeholder))
for _ in range(3):
    manager.remove_orphaned_files()
print("served" if manager.read_file(file_id) else "deleted")
"""


def test_the_served_app_installs_it() -> None:
    answer = subprocess.run(
        [sys.executable, "-c", SERVED],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    )
    assert answer.stdout.split()[-1] == "served"
