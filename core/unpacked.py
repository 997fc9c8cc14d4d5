"""How big a file becomes once opened: what a lab file's text or a radiology image's
pixels take in memory, read from its headers without opening it.

A 580 KB DOCX can unpack to 190 MB of XML, and a 95 KB PNG to a 7000 x 7000 16-bit
picture: the compressed size says nothing about the memory an analysis needs. These
figures are bounds a check can refuse before anything is decoded.
"""

from __future__ import annotations

import io
import struct
import zipfile

from PIL import Image

# Samples per pixel of each PNG colour type; a palette image becomes RGBA when converted.
_PNG_CHANNELS = {0: 1, 2: 3, 3: 4, 4: 2, 6: 4}


def unpacked_bytes(extension: str, content: bytes) -> int:
    """What the file decodes to in memory, at most (0 where it is not larger than itself)."""
    if extension == "docx":
        return _docx(content)
    if extension == "png":
        return _png(content)
    if extension in ("jpg", "jpeg"):
        return _jpeg(content)
    if extension == "dcm":
        return _dicom(content)
    return 0


def _docx(content: bytes) -> int:
    # The archive's own sizes bound what a reader gets: zipfile stops at the declared size.
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            return sum(member.file_size for member in archive.infolist())
    except (zipfile.BadZipFile, ValueError):
        return 0


def _png(content: bytes) -> int:
    # IHDR is the first chunk: width, height, bit depth, colour type.
    if len(content) < 33 or content[12:16] != b"IHDR":
        return 0
    width, height, depth, colour = struct.unpack(">IIBB", content[16:26])
    channels = _PNG_CHANNELS.get(int(colour), 4)
    return int(width) * int(height) * channels * max(1, (int(depth) + 7) // 8)


def _jpeg(content: bytes) -> int:
    try:
        with Image.open(io.BytesIO(content)) as image:  # reads the header only
            width, height = image.size
            return width * height * len(image.getbands())
    except Exception:  # noqa: BLE001 - an unreadable header is the image check's to report
        return 0


def _dicom(content: bytes) -> int:
    from pydicom import dcmread

    try:
        header = dcmread(io.BytesIO(content), stop_before_pixels=True, force=False)
    except Exception:  # noqa: BLE001 - an unreadable header is the image check's to report
        return 0
    rows = int(getattr(header, "Rows", 0) or 0)
    columns = int(getattr(header, "Columns", 0) or 0)
    samples = int(getattr(header, "SamplesPerPixel", 1) or 1)
    bits = int(getattr(header, "BitsAllocated", 16) or 16)
    # One frame is read (the middle one), but pydicom decodes the pixel data whole.
    frames = int(getattr(header, "NumberOfFrames", 1) or 1)
    return rows * columns * samples * max(1, (bits + 7) // 8) * frames
