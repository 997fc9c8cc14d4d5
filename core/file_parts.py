"""How many parts a file holds, counted from its bytes before any library parses it.

A valid 48 MB DICOM file can hold six million empty header elements (pydicom needs 2 GB
and 60 s to parse it) and a DOCX half a million zip entries (zipfile needs 28 s to list
them). Neither is too big, so size limits do not stop them; a count does. These walks
read element headers and the zip directory's end record only, skip every value, and stop
one part past the limit, so what they cost is bounded whatever the file holds.
"""

from __future__ import annotations

import struct
from typing import BinaryIO

from core.errors import InvalidInput
from core.upload_stream import UploadContent, as_stream, size_of

# A CT or MR header holds a few hundred elements; an enhanced multi-frame one some
# thousands (per-frame functional groups). Walking 50,000 headers takes about 50 ms.
MAX_DICOM_ELEMENTS = 50_000
# A Word document is a dozen parts, a few hundred with many pictures.
MAX_DOCX_ENTRIES = 2_000
# zipfile reads the central directory by its size, whatever the count says: both bounded.
MAX_ZIP_DIRECTORY_BYTES = 1024 * 1024


class TooManyParts(InvalidInput):
    """A file whose structure holds more parts than any real one: refused unparsed.
    ``reason`` says so without the file's name (a reader puts its label before it)."""

    def __init__(self, shown: str, reason: str) -> None:
        super().__init__(f"'{shown}' {reason}")
        self.reason = reason


def check_parts(extension: str, content: UploadContent, shown: str) -> None:
    """Raise TooManyParts when a DOCX or DICOM file holds more entries or header elements
    than the limits; nothing is parsed and only headers are read."""
    try:
        if extension == "docx":
            _check_zip(as_stream(content), size_of(content), shown)
        elif extension == "dcm":
            _check_dicom(as_stream(content), shown)
    finally:
        as_stream(content)  # rewound for whoever reads it next


# --- zip (DOCX) ---------------------------------------------------------------------------

_END = b"PK\x05\x06"
_END64_LOCATOR = b"PK\x06\x07"
_END64 = b"PK\x06\x06"
_END_SEARCH = 22 + 65535  # the end record and the longest comment it may carry


def zip_directory(stream: BinaryIO, size: int) -> tuple[int, int] | None:
    """(entries, directory bytes) from the archive's end record (ZIP64 too), or None
    where there is no end record."""
    start = max(0, size - _END_SEARCH)
    stream.seek(start)
    tail = stream.read(size - start)
    at = tail.rfind(_END)
    if at < 0 or len(tail) - at < 22:
        return None
    entries, directory = struct.unpack("<HI", tail[at + 10 : at + 16])
    if entries != 0xFFFF and directory != 0xFFFFFFFF:
        return int(entries), int(directory)
    locator = tail[at - 20 : at] if at >= 20 else b""
    if not locator.startswith(_END64_LOCATOR):
        return int(entries), int(directory)
    (offset,) = struct.unpack("<Q", locator[8:16])
    stream.seek(offset)
    record = stream.read(56)
    if len(record) < 56 or not record.startswith(_END64):
        return int(entries), int(directory)
    entries64, directory64 = struct.unpack("<QQ", record[32:48])
    return int(entries64), int(directory64)


def _check_zip(stream: BinaryIO, size: int, shown: str) -> None:
    found = zip_directory(stream, size)
    if found is None:
        return  # not an archive: the type check says so
    entries, directory = found
    if entries > MAX_DOCX_ENTRIES or directory > MAX_ZIP_DIRECTORY_BYTES:
        raise TooManyParts(
            shown,
            f"holds {entries:,} parts, more than the {MAX_DOCX_ENTRIES:,} a Word document may "
            "have; it was not opened",
        )


# --- DICOM --------------------------------------------------------------------------------

_SEQUENCE_END = 0xFFFEE0DD
_PIXEL_DATA = 0x7FE00010
_UNDEFINED = 0xFFFFFFFF
_LONG_VRS = {b"OB", b"OD", b"OF", b"OL", b"OV", b"OW", b"SQ", b"SV", b"UC", b"UN", b"UR"}
_LONG_VRS |= {b"UT", b"UV"}
_IMPLICIT_LE = b"1.2.840.10008.1.2"
_EXPLICIT_BE = b"1.2.840.10008.1.2.2"
_DEFLATED = (b"1.2.840.10008.1.2.1.99", b"1.2.840.10008.1.2.8.1")


def dicom_elements(stream: BinaryIO, limit: int = MAX_DICOM_ELEMENTS) -> int:
    """How many data elements (nested ones and items included) the file holds, counted up
    to ``limit + 1``: a walk over their headers that skips every value."""
    stream.seek(0)
    if stream.read(132)[128:] != b"DICM":
        return 0
    walk = _Walk(stream, limit)
    syntax = walk.meta()
    if syntax in _DEFLATED:
        return 0  # refused by _check_dicom before any count matters
    walk.little = syntax != _EXPLICIT_BE
    walk.explicit = syntax != _IMPLICIT_LE
    walk.elements()
    return walk.count


def _check_dicom(stream: BinaryIO, shown: str) -> None:
    stream.seek(0)
    if stream.read(132)[128:] == b"DICM" and _Walk(stream, 0).meta() in _DEFLATED:
        raise TooManyParts(
            shown, "is a deflated DICOM file, which is not accepted; export it uncompressed"
        )
    count = dicom_elements(stream)
    if count > MAX_DICOM_ELEMENTS:
        raise TooManyParts(
            shown,
            f"holds more than {MAX_DICOM_ELEMENTS:,} header elements, far more than a DICOM "
            "image has; it was not opened",
        )


class _Walk:
    """Element headers read one after another: sequences and items are entered, every
    other value is skipped by its length."""

    def __init__(self, stream: BinaryIO, limit: int) -> None:
        self.stream = stream
        self.limit = limit
        self.count = 0
        self.little = True
        self.explicit = True

    def meta(self) -> bytes:
        """Walk the file meta group (explicit VR little endian); its transfer syntax."""
        syntax = b""
        while True:
            at = self.stream.tell()
            head = self.stream.read(8)
            if len(head) < 8 or struct.unpack("<H", head[:2])[0] != 0x0002:
                self.stream.seek(at)
                return syntax
            element, vr = struct.unpack("<H", head[2:4])[0], head[4:6]
            if vr in _LONG_VRS:
                length = struct.unpack("<I", self.stream.read(4))[0]
            else:
                length = struct.unpack("<H", head[6:8])[0]
            value = self.stream.read(min(length, 64))
            if element == 0x0010:
                syntax = value.rstrip(b"\x00 ")
            self.stream.seek(at + 8 + (4 if vr in _LONG_VRS else 0) + length)

    def elements(self) -> None:
        order = "<" if self.little else ">"
        while self.count <= self.limit:
            head = self.stream.read(8)
            if len(head) < 8:
                return
            group, element = struct.unpack(order + "HH", head[:4])
            tag = group << 16 | element
            self.count += 1
            if group == 0xFFFE:
                continue  # an item (entered: its elements follow) or a delimiter
            vr = head[4:6] if self.explicit else b""
            if self.explicit and vr in _LONG_VRS:
                length = struct.unpack(order + "I", self.stream.read(4))[0]
            elif self.explicit:
                length = struct.unpack(order + "H", head[6:8])[0]
            else:
                length = struct.unpack(order + "I", head[4:8])[0]
            if length == _UNDEFINED:
                if tag == _PIXEL_DATA or vr in (b"OB", b"OW"):
                    self._skip_fragments(order)
                continue  # a sequence: its items and their elements follow
            if vr == b"SQ" or (vr in (b"", b"UN") and self._holds_items(order, length)):
                continue  # a sequence of defined length: entered the same way
            self.stream.seek(length, 1)

    def _holds_items(self, order: str, length: int) -> bool:
        if length < 8:
            return False
        at = self.stream.tell()
        start = self.stream.read(4)
        self.stream.seek(at)
        return len(start) == 4 and struct.unpack(order + "HH", start) == (0xFFFE, 0xE000)

    def _skip_fragments(self, order: str) -> None:
        """Encapsulated pixel data: items of raw bytes up to the sequence delimiter."""
        while self.count <= self.limit:
            head = self.stream.read(8)
            if len(head) < 8:
                return
            group, element, length = struct.unpack(order + "HHI", head)
            self.count += 1
            if (group << 16 | element) == _SEQUENCE_END or group != 0xFFFE:
                return
            self.stream.seek(length, 1)
