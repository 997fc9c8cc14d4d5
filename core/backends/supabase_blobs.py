"""SupabaseBlobStore: case files in the private Storage bucket, under the owner's folder."""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from io import BufferedReader

from storage3 import SyncStorageClient
from storage3.types import FileOptions

from core.backends.supabase_errors import supabase_errors
from core.upload_stream import UploadContent, as_stream

BUCKET = "case-files"
_PAGE = 1000


class SupabaseBlobStore:
    def __init__(self, storage: SyncStorageClient) -> None:
        self._bucket = storage.from_(BUCKET)

    def put(self, key: str, content: UploadContent, content_type: str) -> None:
        options: FileOptions = {"content-type": content_type}
        if isinstance(content, bytes | bytearray):
            with supabase_errors():
                self._bucket.upload(key, bytes(content), options)
            return
        # storage3 streams a BufferedReader in chunks (httpx multipart); any other stream
        # it would not take, so the spooled file is reopened as one (SpooledTemporaryFile
        # moves to disk first). The duplicate shares the offset: rewound before and after.
        stream = as_stream(content)
        try:
            handle = os.dup(stream.fileno())
        except (io.UnsupportedOperation, AttributeError):  # in memory already (BytesIO)
            with supabase_errors():
                self._bucket.upload(key, stream.read(), options)
            as_stream(content)
            return
        with open(handle, "rb") as reader:
            assert isinstance(reader, BufferedReader)
            reader.seek(0)
            with supabase_errors():
                self._bucket.upload(key, reader, options)
        as_stream(content)

    def get(self, key: str) -> bytes:
        with supabase_errors():
            return self._bucket.download(key)

    def delete(self, keys: Sequence[str]) -> None:
        if not keys:
            return
        with supabase_errors():
            self._bucket.remove(list(keys))  # objects already gone are simply not listed

    def delete_folder(self, prefix: str) -> None:
        keys = self._objects_under(prefix.rstrip("/"))
        for start in range(0, len(keys), _PAGE):
            self.delete(keys[start : start + _PAGE])

    def _objects_under(self, folder: str) -> list[str]:
        """Every object key below ``folder``; Storage lists one level at a time."""
        keys: list[str] = []
        offset = 0
        while True:
            with supabase_errors():
                entries = self._bucket.list(folder, {"limit": _PAGE, "offset": offset})
            for entry in entries:
                path = f"{folder}/{entry['name']}"
                if entry.get("id") is None:  # a folder: Storage gives it no id
                    keys.extend(self._objects_under(path))
                else:
                    keys.append(path)
            if len(entries) < _PAGE:
                return keys
            offset += _PAGE
