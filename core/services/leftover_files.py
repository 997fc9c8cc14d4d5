"""Stored files that a failed write could not remove, removed with the doctor's next token.

Creating a case stores its files first and removes them when the rows are refused. Under
Supabase both go with the doctor's token: a token that expires in the middle of a large
upload has its rows refused (401) and then its clean-up refused too, leaving objects in the
doctor's own folder that no case refers to. The clinic keeps those keys per doctor and
removes them when the same doctor next comes with a token (``Clinic.services_for``: a
sign-in, a refreshed token, an API request). Only the keys the app itself stored and failed
to remove are kept; nothing is listed or guessed.

The keys are kept in a small SQLite file of the data folder (``in_data_dir``), so a restart
between the refusal and the doctor's return forgets nothing; a store made without a path
(tests, a clinic built in code) keeps them in memory for the process.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Iterable
from pathlib import Path

from core.ports import BlobStore
from core.private_files import private_file, private_folder
from core.safe_logging import failure_frames

log = logging.getLogger(__name__)

# Kept per doctor at most (a doctor whose clean-ups keep failing does not grow the store).
MAX_KEPT = 10_000
_KEY, _FOLDER = "key", "folder"  # a stored object; a deleted case's ``user/case/`` folder
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS leftover_files ("
    " owner_id TEXT NOT NULL, kind TEXT NOT NULL, path TEXT NOT NULL,"
    " PRIMARY KEY (owner_id, kind, path))"
)


class LeftoverFiles:
    """Per doctor, the stored objects and case folders a failed clean-up left behind."""

    def __init__(self, path: Path | None = None) -> None:
        if path is not None:
            # Owner-only like the rest of the data folder: the keys name doctors and cases.
            private_file(private_folder(path.parent) / path.name)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(
            ":memory:" if path is None else path, timeout=10, check_same_thread=False
        )
        with self._lock, self._db:
            self._db.execute(_SCHEMA)

    @classmethod
    def in_data_dir(cls, data_dir: Path) -> LeftoverFiles:
        """The store of the data folder, kept across restarts."""
        return cls(data_dir / "leftover_files.sqlite3")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def keep(self, owner_id: str, keys: Iterable[str] = (), folders: Iterable[str] = ()) -> None:
        """Remember what could not be removed (only the doctor's own folder's)."""
        mine = f"{owner_id}/"
        rows = [(_KEY, key) for key in keys if key.startswith(mine)]
        rows += [(_FOLDER, folder) for folder in folders if folder.startswith(mine)]
        if not rows:
            return
        with self._lock, self._db:
            for kind, path in rows:
                (kept,) = self._db.execute(
                    "SELECT count(*) FROM leftover_files WHERE owner_id = ? AND kind = ?",
                    (owner_id, kind),
                ).fetchone()
                if kept < MAX_KEPT:
                    self._db.execute(
                        "INSERT OR IGNORE INTO leftover_files VALUES (?, ?, ?)",
                        (owner_id, kind, path),
                    )

    def waiting(self, owner_id: str) -> int:
        """How many objects and folders wait to be removed for this doctor."""
        with self._lock:
            (count,) = self._db.execute(
                "SELECT count(*) FROM leftover_files WHERE owner_id = ?", (owner_id,)
            ).fetchone()
        return int(count)

    def remove_with(self, owner_id: str, blobs: BlobStore) -> int:
        """Remove what waits for this doctor through ``blobs`` (made with their current
        token); what is refused again waits for the next token. How many were removed."""
        with self._lock, self._db:
            rows = self._db.execute(
                "DELETE FROM leftover_files WHERE owner_id = ? RETURNING kind, path",
                (owner_id,),
            ).fetchall()
        if not rows:
            return 0
        keys = sorted(path for kind, path in rows if kind == _KEY)
        folders = sorted(path for kind, path in rows if kind == _FOLDER)
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
