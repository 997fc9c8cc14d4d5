"""Accepted file types, content sniffing, and safe storage keys.

The original file name is kept for display only; storage keys are built from ids the
system generates plus a sanitised copy of the name, so no user input becomes a path.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from core import plain_text
from core.errors import FileTooLarge, InvalidInput
from core.file_parts import check_parts
from core.models import FileCategory
from core.unpacked import PARSED_KINDS, HeaderReader, Headers, read_headers, unpacked_bytes
from core.upload_stream import UploadContent, head, size_of


@dataclass(frozen=True)
class FileKind:
    extension: str
    mime_type: str
    label: str


FILE_KINDS: dict[str, FileKind] = {
    kind.extension: kind
    for kind in (
        FileKind("pdf", "application/pdf", "PDF"),
        FileKind("doc", "application/msword", "Word document"),
        FileKind(
            "docx",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            "Word document",
        ),
        FileKind("txt", "text/plain", "text file"),
        FileKind("csv", "text/csv", "CSV file"),
        # HL7 v2 results travel as plain text (segments on lines, "ER7"); FHIR as JSON or XML.
        FileKind("hl7", "text/plain", "HL7 v2 message"),
        FileKind("json", "application/fhir+json", "FHIR JSON resource"),
        FileKind("xml", "application/fhir+xml", "FHIR XML resource"),
        FileKind("jpg", "image/jpeg", "JPEG image"),
        FileKind("jpeg", "image/jpeg", "JPEG image"),
        FileKind("png", "image/png", "PNG image"),
        FileKind("dcm", "application/dicom", "DICOM image"),
    )
}

# A lab report photographed or saved as a picture (PNG, JPEG) is a lab file too: it is read
# by OCR (or a vision model) as one scanned page, after the same checks as a radiology
# image (its kind by content, its size, its pixels once decoded: no decompression bomb).
LAB_EXTENSIONS = ("pdf", "doc", "docx", "txt", "csv", "hl7", "json", "xml", "png", "jpg", "jpeg")
RADIOLOGY_EXTENSIONS = ("jpg", "jpeg", "png", "dcm")
EXTENSIONS_BY_CATEGORY = {
    FileCategory.LAB.value: LAB_EXTENSIONS,
    FileCategory.RADIOLOGY.value: RADIOLOGY_EXTENSIONS,
}

MAX_DISPLAY_NAME = 255
MAX_SAFE_NAME = 100
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def display_name(original: str) -> str:
    """The name shown to the doctor: control, zero-width and text-direction characters
    removed (so "invoice\u202efdp.exe" shows as the .exe it is), length bounded."""
    name = plain_text.without_hidden_characters(unicodedata.normalize("NFC", original or ""))
    name = name.strip()
    if len(name) > MAX_DISPLAY_NAME:
        stem, dot, ext = name.rpartition(".")
        if dot and 0 < len(ext) <= 10:
            name = stem[: MAX_DISPLAY_NAME - len(ext) - 1] + "." + ext
        else:
            name = name[:MAX_DISPLAY_NAME]
    return name


def extension_of(name: str) -> str:
    base = re.split(r"[\\/]", name)[-1]
    _, dot, ext = base.rpartition(".")
    return ext.lower() if dot else ""


def safe_name(original: str) -> str:
    """A storage-safe file name: last path segment, ASCII letters, digits, dot, dash, underscore."""
    base = re.split(r"[\\/]", _CONTROL.sub("", original or ""))[-1]
    ascii_name = unicodedata.normalize("NFKD", base).encode("ascii", "ignore").decode()
    cleaned = _UNSAFE.sub("_", ascii_name).strip("._-") or "file"
    ext = extension_of(base)
    if len(cleaned) > MAX_SAFE_NAME:
        keep = MAX_SAFE_NAME - len(ext) - 1 if ext else MAX_SAFE_NAME
        cleaned = cleaned[:keep].rstrip("._-") + (f".{ext}" if ext else "")
    return cleaned


def storage_key(user_id: str, case_id: str, file_id: str, original: str) -> str:
    """``{user_id}/{case_id}/{file_id}/{safe_name}``: unique per file, owner folder first."""
    return f"{user_id}/{case_id}/{file_id}/{safe_name(original)}"


_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def _looks_like_text(content: bytes) -> bool:
    sample = content[:65536]
    if sample.startswith(_UTF16_BOMS):
        # Notepad's "Unicode" and Excel's "Unicode text" are UTF-16 with a byte-order mark:
        # every other byte of ASCII text is a zero, so the checks below run on the text.
        return _looks_like_utf16_text(sample)
    if b"\x00" in sample:
        return False
    try:
        sample.decode("utf-8")
    except UnicodeDecodeError as error:
        # A multi-byte character cut by the sample boundary is still text.
        if error.start < len(sample) - 4:
            try:
                sample.decode("cp1252")
            except UnicodeDecodeError:
                return False
    controls = sum(1 for byte in sample if byte < 32 and byte not in (9, 10, 12, 13))
    return controls <= len(sample) // 100


def _looks_like_utf16_text(sample: bytes) -> bool:
    even = sample[: len(sample) - len(sample) % 2]
    try:
        text = even.decode("utf-16")
    except UnicodeDecodeError as error:
        # A surrogate pair cut by the sample boundary is still text; elsewhere it is not.
        if error.start < len(even) - 4:
            return False
        text = even[: error.start].decode("utf-16")
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in "\t\n\x0c\r")
    return controls <= len(text) // 100


def content_matches(extension: str, whole: UploadContent) -> bool:
    """Whether the bytes start as a file of this type (magic numbers; text that reads as
    text): only the start of the file is read. A DOCX's directory must also name its
    document, which ``read_headers`` checks."""
    content = head(whole, 65536)
    if extension == "docx":
        return content.startswith(b"PK\x03\x04")
    if extension == "pdf":
        return b"%PDF-" in content[:1024]
    if extension == "doc":
        return content.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")
    if extension in ("txt", "csv"):
        return _looks_like_text(content)
    start = content.lstrip(b"\xef\xbb\xbf\r\n\t ")
    if extension == "hl7":
        # A message starts with its header; its delimiters are checked when it is read.
        return start.startswith(b"MSH") and _looks_like_text(content)
    if extension == "json":
        return start.startswith(b"{") and b'"resourceType"' in content and _looks_like_text(content)
    if extension == "xml":
        # FHIR XML: an element (or declaration) and FHIR's namespace near the start.
        fhir = b"http://hl7.org/fhir" in content[:4096]
        return start.startswith(b"<") and fhir and _looks_like_text(content)
    if extension in ("jpg", "jpeg"):
        return content.startswith(b"\xff\xd8\xff")
    if extension == "png":
        return content.startswith(b"\x89PNG\r\n\x1a\n")
    if extension == "dcm":
        return len(content) > 132 and content[128:132] == b"DICM"
    return False


def check_upload(
    file_name: str,
    content: UploadContent,
    category: str,
    max_bytes: int,
    max_unpacked_bytes: int | None = None,
    open_headers: HeaderReader = read_headers,
) -> FileKind:
    """Validate one uploaded file and return its kind; raise InvalidInput saying what is wrong.

    ``max_unpacked_bytes`` bounds what the file becomes once opened (a DOCX's XML, an
    image's pixels), whatever its size on disk. A stream is checked from its start and
    headers, never read whole. A DOCX's or DICOM's parts are counted first (TooManyParts),
    then ``open_headers`` parses them: the clinic's reading does so in a child process."""
    shown = display_name(file_name)
    if not shown:
        raise InvalidInput("File name is required")
    if category not in EXTENSIONS_BY_CATEGORY:
        raise InvalidInput(f"Unknown file category '{category}': use 'lab' or 'radiology'")
    allowed = EXTENSIONS_BY_CATEGORY[category]
    extension = extension_of(shown)
    if extension not in FILE_KINDS:
        every = dict.fromkeys((*LAB_EXTENSIONS, *RADIOLOGY_EXTENSIONS))  # once each, in order
        accepted = ", ".join(e.upper() for e in every)
        raise InvalidInput(f"'{shown}' is not an accepted file type. Accepted: {accepted}")
    if extension not in allowed:
        which = ", ".join(e.upper() for e in allowed)
        raise InvalidInput(
            f"'{shown}' cannot be a {category} file. {category.title()} files: {which}"
        )
    size = size_of(content)
    if not size:
        raise InvalidInput(f"'{shown}' is empty")
    if size > max_bytes:
        limit = max_bytes / (1024 * 1024)
        raise FileTooLarge(f"'{shown}' is larger than the {limit:g} MB limit")
    kind = FILE_KINDS[extension]
    not_valid = f"'{shown}' is not a valid {kind.label}"
    if not content_matches(extension, content):
        raise InvalidInput(f"{not_valid}: its content does not match")
    check_parts(extension, content, shown)
    if extension in PARSED_KINDS:
        headers = open_headers(extension, content)
    else:
        headers = Headers(True, unpacked_bytes(extension, content))
    if not headers.matches:
        raise InvalidInput(f"{not_valid}: {headers.problem or 'its content does not match'}")
    if max_unpacked_bytes is not None:
        unpacked = headers.unpacked_bytes
        if unpacked > max_unpacked_bytes:
            limit = max_unpacked_bytes / (1024 * 1024)
            raise FileTooLarge(
                f"'{shown}' unpacks to {unpacked / (1024 * 1024):,.0f} MB once opened, more "
                f"than the {limit:g} MB an analysis may use for one file"
            )
    return kind
