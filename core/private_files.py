"""Folders and files of the data folder, readable by this user only.

The data folder holds patients' files and the database: with the usual umask (022) they
would be created readable by every local user. Modes are set explicitly (not through the
umask, which is process-wide) and tightened on folders and files an older version made.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)

FOLDER_MODE = 0o700
FILE_MODE = 0o600


def private_folder(path: Path) -> Path:
    """Create ``path`` (and missing parents) if needed; this folder ends up 0700."""
    path.mkdir(parents=True, exist_ok=True, mode=FOLDER_MODE)
    _tighten(path, FOLDER_MODE)
    return path


def private_subfolders(root: Path, path: Path) -> None:
    """Create the folders from ``root`` down to ``path``, each 0700 (``mkdir -p`` would
    give the missing parents the umask's mode)."""
    folder = root
    for part in path.relative_to(root).parts:
        folder = folder / part
        folder.mkdir(exist_ok=True, mode=FOLDER_MODE)


def private_file(path: Path) -> Path:
    """Create ``path`` empty if it does not exist; it ends up 0600."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    except FileExistsError:
        pass
    else:
        os.close(descriptor)
    _tighten(path, FILE_MODE)
    return path


def _tighten(path: Path, mode: int) -> None:
    if path.stat().st_mode & 0o777 == mode:
        return
    try:
        os.chmod(path, mode)
    except PermissionError:  # another user's folder: say so, and keep working
        log.warning("cannot restrict the permissions of a data folder entry")
