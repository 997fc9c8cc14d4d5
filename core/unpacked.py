"""How big a file becomes once opened: what a lab file's text or a radiology image's
pixels take in memory, read from its headers without opening it.

A 580 KB DOCX can unpack to 190 MB of XML, and a 95 KB PNG to a 7000 x 7000 16-bit
picture: the compressed size says nothing about the memory an analysis needs. These
figures are bounds a check can refuse before anything is decoded.

A DOCX's directory and a DICOM header are parsed by a library (zipfile, pydicom), which a
hostile file can keep busy for a minute and gigabytes (``core.file_parts``): their headers
are read by ``read_headers``, which the upload check runs in a reading child, after the
bounded counts of ``core.file_parts`` (checked again here, for files stored before them).
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from core.docx_parts import docx_problem
from core.file_parts import check_parts
from core.upload_stream import UploadContent, as_stream, head

# The kinds whose headers a library parses: read in a reading child at upload. A lab
# message (HL7 v2, FHIR JSON or XML) is read whole there by its reader
# (core.analysis.reading.isolation.checked_headers): one no reader can read is refused.
# A PDF's structure is opened there too: one no reader opens (cut off, damaged, locked by
# a password) is refused at upload rather than found unreadable by the analysis.
PARSED_KINDS = frozenset({"docx", "dcm", "pdf", "hl7", "json", "xml"})
PDF_DAMAGED = "its structure does not open (damaged or cut off)"
PDF_LOCKED = "it is password-protected; upload an unprotected copy"


@dataclass(frozen=True)
class Headers:
    """What a file's parsed headers say: whether it is of its type, what it unpacks to,
    and, when it is not of its type, why (``problem``, safe to show; None: no reason)."""

    matches: bool
    unpacked_bytes: int
    problem: str | None = None


HeaderReader = Callable[[str, UploadContent], Headers]


def read_headers(extension: str, content: UploadContent) -> Headers:
    """A DOCX's directory (it must hold word/document.xml), a DICOM header or a PDF's
    structure (it must open and hold a page), parsed: TooManyParts before any parse when
    they hold more parts than any real file."""
    check_parts(extension, content, f"file.{extension}")
    if extension == "docx":
        return _docx_headers(content)
    if extension == "pdf":
        return _pdf_headers(content)
    return Headers(True, unpacked_bytes(extension, content))


def _pdf_headers(content: UploadContent) -> Headers:
    # pypdf loads the cross-reference table and walks the page tree: a 49 MB file of a
    # million objects costs seconds and hundreds of MB, so this runs in a reading child.
    # A PDF locked by an owner password only opens (pypdf tries the empty user password).
    from pypdf import PdfReader
    from pypdf.errors import FileNotDecryptedError

    try:
        pages = len(PdfReader(as_stream(content), strict=False).pages)
    except FileNotDecryptedError:
        return Headers(False, 0, PDF_LOCKED)
    except Exception:  # noqa: BLE001 - any parser failure (its limits included): no PDF
        return Headers(False, 0, PDF_DAMAGED)
    finally:
        as_stream(content)
    return Headers(pages > 0, 0, None if pages else "it holds no page")


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
    return _docx_headers(content).unpacked_bytes


def _docx_headers(content: UploadContent) -> Headers:
    # The archive's own sizes bound what a reader gets: zipfile stops at the declared size.
    check_parts("docx", content, "file.docx")
    try:
        with zipfile.ZipFile(as_stream(content)) as archive:
            members = archive.infolist()
            unpacked = sum(member.file_size for member in members)
            if not any(m.filename == "word/document.xml" for m in members):
                return Headers(False, unpacked)
            problem = docx_problem(archive)
            return Headers(problem is None, unpacked, problem)
    # A damaged member (bad deflate data, an encrypted or unknown compression) is no DOCX.
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, RuntimeError, zlib.error):
        return Headers(False, 0)
    finally:
        as_stream(content)


def _png(whole: UploadContent) -> int:
    # IHDR is the first chunk: width, height, bit depth, colour type.
    content = head(whole, 33)
    if len(content) < 33 or content[12:16] != b"IHDR":
        return 0
    width, height, depth, colour = struct.unpack(">IIBB", content[16:26])
    channels = _PNG_CHANNELS.get(int(colour), 4)
    return int(width) * int(height) * channels * max(1, (int(depth) + 7) // 8)


# Start-of-frame markers (baseline, progressive, lossless...): not DHT, JPG, DAC.
_MAX_JPEG_SEGMENTS = 1000
_JPEG_FRAMES = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def _jpeg(content: UploadContent) -> int:
    # The frame header, read by walking the segments: Pillow refuses to open a header
    # that declares billions of pixels, which must count as huge here, not as unknown.
    stream = as_stream(content)
    if stream.read(2) != b"\xff\xd8":
        return 0
    # A real JPEG reaches its frame header within a few dozen segments; a hostile one of
    # millions of empty ones is left to the reading child and its limits.
    for _ in range(_MAX_JPEG_SEGMENTS):
        marker = stream.read(2)
        if len(marker) < 2 or marker[0] != 0xFF:
            return 0
        if marker[1] in (0x01, *range(0xD0, 0xD8)):  # markers without a length
            continue
        size = stream.read(2)
        if len(size) < 2:
            return 0
        length = struct.unpack(">H", size)[0]
        if marker[1] in _JPEG_FRAMES:
            frame = stream.read(6)
            if len(frame) < 6:
                return 0
            _, height, width, channels = struct.unpack(">BHHB", frame)
            return int(width) * int(height) * int(channels)
        stream.seek(length - 2, 1)
    return 0


def _dicom(content: UploadContent) -> int:
    from pydicom import dcmread

    check_parts("dcm", content, "file.dcm")
    try:
        header = dcmread(as_stream(content), stop_before_pixels=True, force=False)
    except Exception:  # noqa: BLE001 - an unreadable header is the image check's to report
        return 0
    rows = int(getattr(header, "Rows", 0) or 0)
    columns = int(getattr(header, "Columns", 0) or 0)
    samples = int(getattr(header, "SamplesPerPixel", 1) or 1)
    bits = int(getattr(header, "BitsAllocated", 16) or 16)
    # One frame is read (the middle one), but pydicom decodes the pixel data whole. A
    # header's counts are the sender's: a negative one (NumberOfFrames "-1") would make
    # the product negative, under any bound, so each counts at least one.
    frames = max(1, int(getattr(header, "NumberOfFrames", 1) or 1))
    return max(0, rows) * max(0, columns) * max(1, samples) * max(1, (bits + 7) // 8) * frames
