"""Readers that misbehave, for the file-reading isolation tests (imported by the child)."""

from __future__ import annotations

import time
from typing import Any

from core.insights import LabDocument, RadiologyImage


def never_finishes(
    file_id: str, label: str, file_name: str, content: bytes, **_options: object
) -> LabDocument:
    """A decoder stuck in a loop on a hostile file."""
    while True:
        time.sleep(0.05)


def eats_memory(
    file_id: str, label: str, file_name: str, content: bytes, **_options: object
) -> LabDocument:
    """A decompression bomb: asks for far more memory than the child may have."""
    chunks = [bytearray(256 * 1024 * 1024) for _ in range(64)]  # 16 GB
    return LabDocument(file_id=file_id, label=label, text=str(len(chunks)))


def exits_abruptly(file_id: str, label: str, file_name: str, content: bytes) -> RadiologyImage:
    """A decoder crashing the interpreter (a segfault in a C extension, say)."""
    import os

    os._exit(139)


def echoes(
    file_id: str, label: str, file_name: str, content: bytes, **_options: object
) -> LabDocument:
    """Reads the bytes as text: shows what the child received."""
    return LabDocument(file_id=file_id, label=label, text=content.decode(), warnings=["w"])


def stuck_on_named_files(
    file_id: str, label: str, file_name: str, content: bytes, on_page: Any = None
) -> LabDocument:
    """The real extractor (scanned pages too), except that a file named ``stuck*`` never
    finishes."""
    from core.analysis.reading.extraction import extract_lab_document

    if file_name.startswith("stuck"):
        never_finishes(file_id, label, file_name, content)
    return extract_lab_document(file_id, label, file_name, content, on_page)


def bomb_on_named_images(
    file_id: str, label: str, file_name: str, content: bytes
) -> RadiologyImage:
    """The real image reader, except that an image named ``bomb*`` eats all memory."""
    from core.analysis.reading.imaging import prepare_radiology_image

    if file_name.startswith("bomb"):
        eats_memory(file_id, label, file_name, content)
    return prepare_radiology_image(file_id, label, file_name, content)


def allocates(
    file_id: str, label: str, file_name: str, content: bytes, **_options: object
) -> LabDocument:
    """Allocates (and touches) as many MB as the content says."""
    block = bytearray(int(content) * 1024 * 1024)
    block[::4096] = b"\x01" * len(block[::4096])
    return LabDocument(file_id=file_id, label=label, text=content.decode())


def page_then_stuck(
    file_id: str, label: str, file_name: str, content: bytes, on_page: Any = None
) -> LabDocument:
    """Hands over one scanned page, then loops: the page must arrive all the same."""
    if on_page is not None:
        on_page(1, b"page one")
    never_finishes(file_id, label, file_name, content)
    raise AssertionError("unreachable")
