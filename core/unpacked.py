"""How big a file becomes once opened: what a lab file's text or a radiology image's
pixels take in memory, read from its headers without opening it.

A 580 KB DOCX can unpack to 190 MB of XML, and a 95 KB PNG to a 7000 x 7000 16-bit
picture: the compressed size says nothing about the memory an analysis needs. These
figures are bounds a check can refuse before anything is decoded.
"""

from __future__ import annotations

import struct
import zipfile

from PIL import Image

from core.upload_stream import UploadContent, as_stream, head

# Samples per pixel of each PNG colour type; a palette image becomes RGBA when converted.
_PNG_CHANNELS = {0: 1, 2: 3, 3: 4, 4: 2, 6: 4}


def unpacked_bytes(extension: str, content: UploadContent) -> int:
    """What the file decodes to in memory, at most (0 where it is not larger than itself);
    only headers are read, so a stream is never read whole."""
    readers = {"docx": _docx, "png": _png, "jpg": _jpeg, "jpeg": _jpeg, "dcm": _dicom}
    reader = readers.get(extension)
    if reader is None:
        return 0
    try:
        return reader(content)
    finally:
        as_stream(content)  # rewound for whoever reads it next


def _docx(content: UploadContent) -> int:
    # The archive's own sizes bound what a reader gets: zipfile stops at the declared size.
    try:
        with zipfile.ZipFile(as_stream(content)) as archive:
            return sum(member.file_size for member in archive.infolist())
    except (zipfile.BadZipFile, ValueError):
        return 0


def _png(whole: UploadContent) -> int:
    # IHDR is the first chunk: width, height, bit depth, colour type.
    content = head(whole, 33)
    if len(content) < 33 or content[12:16] != b"IHDR":
        return 0
    width, height, depth, colour = struct.unpack(">IIBB", content[16:26])
    channels = _PNG_CHANNELS.get(int(colour), 4)
    return int(width) * int(height) * channels * max(1, (int(depth) + 7) // 8)


def _jpeg(content: UploadContent) -> int:
    try:
        with Image.open(as_stream(content)) as image:  # reads the header only
            width, height = image.size
            return width * height * len(image.getbands())
    except Exception:  # noqa: BLE001 - an unreadable header is the image check's to report
        return 0


def _dicom(content: UploadContent) -> int:
    from pydicom import dcmread

    try:
        header = dcmread(as_stream(content), stop_before_pixels=True, force=False)
    except Exception:  # noqa: BLE001 - an unreadable header is the image check's to report
        return 0
    rows = int(getattr(header, "Rows", 0) or 0)
    columns = int(getattr(header, "Columns", 0) or 0)
    samples = int(getattr(header, "SamplesPerPixel", 1) or 1)
    bits = int(getattr(header, "BitsAllocated", 16) or 16)
    # One frame is read (the middle one), but pydicom decodes the pixel data whole.
    frames = int(getattr(header, "NumberOfFrames", 1) or 1)
    return rows * columns * samples * max(1, (bits + 7) // 8) * frames
