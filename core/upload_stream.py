"""An uploaded file's bytes, whole (the dashboard) or as a seekable stream (the HTTP API,
which spools each part to a temporary file): read in pieces, never all at once."""

from __future__ import annotations

import io
from typing import BinaryIO

UploadContent = bytes | BinaryIO

CHUNK = 1024 * 1024


def as_stream(content: UploadContent) -> BinaryIO:
    """The content as a stream at its start (bytes are wrapped, not copied)."""
    stream = io.BytesIO(content) if isinstance(content, bytes | bytearray) else content
    stream.seek(0)
    return stream


def size_of(content: UploadContent) -> int:
    """The number of bytes, without reading them."""
    if isinstance(content, bytes | bytearray):
        return len(content)
    size = content.seek(0, io.SEEK_END)
    content.seek(0)
    return size


def head(content: UploadContent, length: int) -> bytes:
    """The first ``length`` bytes (what a type check looks at)."""
    if isinstance(content, bytes | bytearray):
        return bytes(content[:length])
    stream = as_stream(content)
    start = stream.read(length)
    stream.seek(0)
    return start


def copy_to(content: UploadContent, target: BinaryIO) -> int:
    """Write the content to ``target`` a chunk at a time; how many bytes were written."""
    if isinstance(content, bytes | bytearray):
        target.write(content)
        return len(content)
    stream = as_stream(content)
    written = 0
    while chunk := stream.read(CHUNK):
        target.write(chunk)
        written += len(chunk)
    stream.seek(0)
    return written
