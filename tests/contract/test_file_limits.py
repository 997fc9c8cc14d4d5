"""Limits by what a file becomes once opened, and by what a case holds, on every backend:
refused with a clear reason, and nothing half-written."""

from __future__ import annotations

import io
import struct
import zipfile
import zlib

import pytest

from core.errors import FileTooLarge, InvalidInput
from core.models import NewCase, Upload
from core.services import Limits
from core.unpacked import unpacked_bytes
from tests import samples
from tests.contract.harness import BackendHarness, SignedIn
from tests.doubles import case_service

MB = 1024 * 1024
FORM = NewCase("Ada Example", 54, "female")


def docx_bomb(unpacked: int) -> bytes:
    """A real DOCX whose document.xml inflates to ``unpacked`` bytes of one letter."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        body = "<w:document><w:body><w:p><w:r><w:t>" + "a" * unpacked + "</w:t></w:r></w:p>"
        archive.writestr("word/document.xml", body + "</w:body></w:document>")
    return buffer.getvalue()


def png_header(width: int, height: int, depth: int, colour: int) -> bytes:
    """A PNG that declares its size (the check reads no further than IHDR)."""
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    crc = struct.pack(">I", zlib.crc32(chunk))
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk + crc + b"\0" * 64


def _snapshot(harness: BackendHarness) -> tuple[dict[str, int], set[str]]:
    return harness.row_counts(), harness.stored_keys()


def test_files_that_unpack_past_the_limit_are_refused(
    harness: BackendHarness, doctor_a: SignedIn
) -> None:
    services = case_service(doctor_a.doctor, doctor_a.backend, limits=Limits(max_unpacked_bytes=MB))
    bomb = docx_bomb(3 * MB)
    assert len(bomb) < 20_000  # tiny on disk
    deep = png_header(7000, 7000, 16, 0)  # 98 MB of 16-bit pixels in under a kilobyte
    before = _snapshot(harness)
    for upload, name in (
        (Upload("letter.docx", bomb, "lab"), "letter.docx"),
        (Upload("chest.png", deep, "radiology"), "chest.png"),
        (Upload("cbc.png", deep, "lab"), "cbc.png"),  # a lab report's picture alike (#26)
    ):
        with pytest.raises(FileTooLarge) as refused:
            services.create_case(FORM, [Upload("fine.pdf", samples.pdf_bytes(), "lab"), upload])
        assert refused.value.detail.startswith(f"'{name}' unpacks to ")
        assert "1 MB an analysis may use for one file" in refused.value.detail
    assert _snapshot(harness) == before
    # Ordinary files pass the same check.
    created = services.create_case(
        FORM,
        [
            Upload("letter.docx", samples.docx_bytes(), "lab"),
            Upload("x.png", samples.png_bytes(), "radiology"),
            Upload("cbc.jpg", samples.jpeg_bytes(), "lab"),
        ],
    )
    assert len(created.files) == 3


def test_a_case_holds_at_most_so_many_files_and_bytes(
    harness: BackendHarness, doctor_a: SignedIn
) -> None:
    limits = Limits(max_files_per_case=3, max_case_bytes=60_000)
    services = case_service(doctor_a.doctor, doctor_a.backend, limits=limits)
    note = Upload("note.txt", b"Hemoglobin 9.8 g/dL", "lab")
    before = _snapshot(harness)
    with pytest.raises(InvalidInput, match="A case holds at most 3 files"):
        services.create_case(FORM, [note] * 4)
    assert _snapshot(harness) == before
    case_id = services.create_case(FORM, [note] * 3).case.case_id
    with pytest.raises(InvalidInput, match=r"at most 3 files \(4 with these\)"):
        services.upload_file(case_id, note)
    assert len(services.list_files(case_id)) == 3

    roomy = case_service(doctor_a.doctor, doctor_a.backend, limits=Limits(max_case_bytes=60_000))
    big = Upload("big.txt", b"a" * 40_000, "lab")
    other = roomy.create_case(FORM, [big]).case.case_id
    with pytest.raises(FileTooLarge, match="A case holds at most"):
        roomy.upload_file(other, big)
    assert len(roomy.list_files(other)) == 1


def test_unpacked_sizes_read_from_the_headers() -> None:
    assert unpacked_bytes("png", png_header(7000, 7000, 16, 0)) == 7000 * 7000 * 2
    assert unpacked_bytes("png", png_header(100, 10, 8, 6)) == 100 * 10 * 4
    assert unpacked_bytes("docx", docx_bomb(2 * MB)) > 2 * MB
    assert unpacked_bytes("dcm", samples.dicom_bytes()) == 128 * 128 * 2
    assert unpacked_bytes("pdf", samples.pdf_bytes()) == 0


def test_a_dicom_declaring_a_negative_frame_count_is_sized_as_one_frame(
    harness: BackendHarness, doctor_a: SignedIn
) -> None:
    # Round fourteen: NumberOfFrames "-1" made the product of a 65,535 x 65,535 header
    # negative, under any bound, so the upload passed and the analysis met the picture.
    hostile = samples.dicom_bytes_with(Rows=65535, Columns=65535, NumberOfFrames="-1")
    assert unpacked_bytes("dcm", hostile) == 65535 * 65535 * 2
    services = case_service(doctor_a.doctor, doctor_a.backend, limits=Limits(max_unpacked_bytes=MB))
    before = _snapshot(harness)
    with pytest.raises(FileTooLarge) as refused:
        services.create_case(FORM, [Upload("head.dcm", hostile, "radiology")])
    assert refused.value.detail.startswith("'head.dcm' unpacks to 8,192 MB once opened")
    assert _snapshot(harness) == before
