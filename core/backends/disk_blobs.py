"""DiskBlobStore: case files as plain files under the data folder, written atomically."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

from core.errors import CaseNotFound
from core.private_files import private_folder, private_subfolders
from core.upload_stream import UploadContent, copy_to


class DiskBlobStore:
    def __init__(self, root: Path) -> None:
        self.root = private_folder(root).resolve()

    def _path(self, key: str) -> Path:
        # Keys are built by core.files from generated ids; this guard is defence in depth.
        path = (self.root / key).resolve()
        if path == self.root or self.root not in path.parents:
            raise ValueError("storage key escapes the storage folder")
        return path

    def put(self, key: str, content: UploadContent, content_type: str) -> None:
        path = self._path(key)
        private_subfolders(self.root, path.parent)
        # mkstemp creates the file 0600 (owner only), and os.replace keeps that mode.
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".upload-")
        try:
            with os.fdopen(handle, "wb") as stream:
                copy_to(content, stream)  # a streamed upload a chunk at a time
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def get(self, key: str) -> bytes:
        try:
            return self._path(key).read_bytes()
        except FileNotFoundError:
            raise CaseNotFound() from None

    def delete(self, keys: Sequence[str]) -> None:
        for key in keys:
            path = self._path(key)
            path.unlink(missing_ok=True)
            self._prune(path.parent)

    def delete_folder(self, prefix: str) -> None:
        folder = self._path(prefix.rstrip("/"))
        shutil.rmtree(folder, ignore_errors=True)
        self._prune(folder.parent)

    def _prune(self, folder: Path) -> None:
        """Remove empty folders up to (not including) the storage root."""
        while folder != self.root and self.root in folder.parents:
            try:
                folder.rmdir()
            except OSError:
                return
            folder = folder.parent
