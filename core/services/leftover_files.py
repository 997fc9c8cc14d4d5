"""Stored files that a failed write could not remove, removed with the doctor's next token.

Creating a case stores its files first and removes them when the rows are refused. Under
Supabase both go with the doctor's token: a token that expires in the middle of a large
upload has its rows refused (401) and then its clean-up refused too, leaving objects in the
doctor's own folder that no case refers to. The clinic keeps those keys per doctor, in
this process, and removes them when the same doctor next comes with a token
(``Clinic.services_for``: a sign-in, a refreshed token, an API request). Only the keys the
app itself stored and failed to remove are kept; nothing is listed or guessed.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field

from core.ports import BlobStore
from core.safe_logging import failure_frames

log = logging.getLogger(__name__)

# Kept per doctor at most (a doctor whose clean-ups keep failing does not grow the process).
MAX_KEPT = 10_000


@dataclass
class _Left:
    keys: set[str] = field(default_factory=set)
    folders: set[str] = field(default_factory=set)  # a deleted case's ``user/case/`` folder


class LeftoverFiles:
    """Per doctor, the stored objects and case folders a failed clean-up left behind."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._left: dict[str, _Left] = {}

    def keep(self, owner_id: str, keys: Iterable[str] = (), folders: Iterable[str] = ()) -> None:
        """Remember what could not be removed (only the doctor's own folder's)."""
        mine = f"{owner_id}/"
        with self._lock:
            left = self._left.setdefault(owner_id, _Left())
            for key in keys:
                if key.startswith(mine) and len(left.keys) < MAX_KEPT:
                    left.keys.add(key)
            for folder in folders:
                if folder.startswith(mine) and len(left.folders) < MAX_KEPT:
                    left.folders.add(folder)

    def waiting(self, owner_id: str) -> int:
        """How many objects and folders wait to be removed for this doctor."""
        with self._lock:
            left = self._left.get(owner_id)
            return 0 if left is None else len(left.keys) + len(left.folders)

    def remove_with(self, owner_id: str, blobs: BlobStore) -> int:
        """Remove what waits for this doctor through ``blobs`` (made with their current
        token); what is refused again waits for the next token. How many were removed."""
        with self._lock:
            left = self._left.pop(owner_id, None)
        if left is None:
            return 0
        keys, folders = sorted(left.keys), sorted(left.folders)
        try:
            blobs.delete(keys)
            for folder in folders:
                blobs.delete_folder(folder)
        except Exception:  # noqa: BLE001 - kept for the next token, never raised to a page
            log.warning(
                "stored files left by a failed write still not removed:\n%s", failure_frames()
            )
            self.keep(owner_id, keys, folders)
            return 0
        log.info(
            "removed %d stored file(s) and %d folder(s) a failed write had left",
            len(keys),
            len(folders),
        )
        return len(keys) + len(folders)
