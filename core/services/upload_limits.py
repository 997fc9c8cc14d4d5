"""What one upload request, one file and one case may hold: counts and sizes, checked
before anything is stored (sizes from the stream, never by reading it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.errors import FileTooLarge, InvalidInput
from core.models import CaseFile, Upload
from core.upload_stream import size_of

DEFAULT_MAX_FILE_BYTES = 50 * 1024 * 1024
MB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """What one upload may be, how much one request may carry, and one case may hold."""

    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    # What one file may become once opened (a DOCX's text, an image's pixels).
    max_unpacked_bytes: int = 64 * MB
    max_files_per_case: int = 50
    max_case_bytes: int = 500 * MB
    # One request (a new case with its files, or one added file) holds this much at most.
    max_files_per_request: int = 20
    max_request_bytes: int = 200 * MB


def check_request(limits: Limits, uploads: Sequence[Upload]) -> None:
    """One request carries at most ``max_files_per_request`` files, ``max_request_bytes``."""
    if len(uploads) > limits.max_files_per_request:
        raise InvalidInput(
            f"At most {limits.max_files_per_request} files can be uploaded at once"
            f" ({len(uploads)} were sent); add the others afterwards"
        )
    total = sum(size_of(upload.content) for upload in uploads)
    if total > limits.max_request_bytes:
        raise FileTooLarge(
            f"At most {limits.max_request_bytes / MB:g} MB of files can be uploaded at once"
        )


def check_case_size(limits: Limits, stored: Sequence[CaseFile], adding: Sequence[Upload]) -> None:
    """A case holds at most ``max_files_per_case`` files and ``max_case_bytes`` in all."""
    count = len(stored) + len(adding)
    if count > limits.max_files_per_case:
        raise InvalidInput(
            f"A case holds at most {limits.max_files_per_case} files"
            f" ({count} with these); split them over several cases or leave some out"
        )
    total = sum(f.file_size for f in stored) + sum(size_of(u.content) for u in adding)
    if total > limits.max_case_bytes:
        raise FileTooLarge(
            f"A case holds at most {limits.max_case_bytes / MB:g} MB of files in all"
        )
