"""What a file becomes once opened, read from its headers (streams included)."""

from __future__ import annotations

import io
import struct

import pytest

from core.errors import FileTooLarge
from core.files import check_upload
from core.unpacked import unpacked_bytes
from tests import samples

MB = 1024 * 1024


def jpeg_declaring(width: int, height: int) -> bytes:
    data = bytearray(samples.jpeg_bytes())
    sof = data.index(b"\xff\xc0")
    data[sof + 5 : sof + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def test_a_jpeg_counts_its_pixels_by_channel() -> None:
    assert unpacked_bytes("jpg", samples.jpeg_bytes(640, 480)) == 640 * 480 * 3
    # EXIF before the frame header is walked past.
    assert unpacked_bytes("jpeg", samples.jpeg_bytes_with_orientation(6, 64, 48)) == 64 * 48 * 3


def test_a_jpeg_declaring_billions_of_pixels_is_huge_not_unknown() -> None:
    # Pillow will not even open this header; it used to count as 0 and be accepted.
    bomb = jpeg_declaring(60_000, 60_000)
    assert unpacked_bytes("jpg", bomb) == 60_000 * 60_000 * 3
    with pytest.raises(FileTooLarge, match="unpacks to"):
        check_upload("film.jpg", bomb, "radiology", 50 * MB, 64 * MB)
    with pytest.raises(FileTooLarge, match="unpacks to"):
        check_upload("film.jpg", io.BytesIO(bomb), "radiology", 50 * MB, 64 * MB)


def test_a_stream_is_left_at_its_start_for_the_next_reader() -> None:
    stream = io.BytesIO(samples.docx_bytes())
    assert unpacked_bytes("docx", stream) > 0
    assert stream.tell() == 0
