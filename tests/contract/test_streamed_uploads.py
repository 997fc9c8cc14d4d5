"""Uploads as streams (the HTTP API's spooled files) on every backend: checked from their
start and headers, stored a chunk at a time, never read whole; and the per-request limits."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from core.errors import FileTooLarge, InvalidInput
from core.models import NewCase, Upload
from core.services import Limits
from core.upload_stream import CHUNK
from tests import samples
from tests.contract.harness import BackendHarness, SignedIn
from tests.doubles import case_service

MB = 1024 * 1024
FORM = NewCase("Ada Example", 54, "female")


class MeasuredStream:
    """A file on disk that remembers the largest piece anyone read from it at once."""

    def __init__(self, path: Path) -> None:
        self._file = path.open("rb")
        self.largest_read = 0

    def read(self, size: int | None = -1) -> bytes:
        piece = self._file.read(size)
        self.largest_read = max(self.largest_read, len(piece))
        return piece

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        return self._file.seek(offset, whence)

    def tell(self) -> int:
        return self._file.tell()

    def fileno(self) -> int:
        return self._file.fileno()

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def close(self) -> None:
        self._file.close()


def _stream(tmp_path: Path, name: str, content: bytes) -> Any:
    path = tmp_path / name
    path.write_bytes(content)
    return MeasuredStream(path)


def test_streamed_files_are_checked_and_stored_without_being_read_whole(
    doctor_a: SignedIn, tmp_path: Path
) -> None:
    big_pdf = samples.pdf_bytes(samples.LAB_REPORT_LINES) + b"\n%" + b"x" * (12 * MB)
    contents = {
        "bloods.pdf": (big_pdf, "lab"),
        "cbc.docx": (samples.docx_bytes(), "lab"),
        "values.csv": (b"test,value\nglucose,182\n" * 20_000, "lab"),
        "chest.png": (samples.png_bytes(), "radiology"),
        "knee.jpg": (samples.jpeg_bytes(), "radiology"),
        "ct.dcm": (samples.dicom_bytes("CT_small.dcm"), "radiology"),
    }
    streams = {name: _stream(tmp_path, name, c) for name, (c, _) in contents.items()}
    services = case_service(doctor_a.doctor, doctor_a.backend)
    created = services.create_case(
        FORM, [Upload(name, streams[name], category) for name, (_, category) in contents.items()]
    )
    for record in created.files:
        content = contents[record.file_name][0]
        assert record.file_size == len(content)
        assert doctor_a.backend.blobs.get(record.file_url) == content
        assert streams[record.file_name].largest_read <= CHUNK, record.file_name
    added = services.upload_file(
        created.case.case_id, Upload("more.pdf", _stream(tmp_path, "more.pdf", big_pdf), "lab")
    )
    assert doctor_a.backend.blobs.get(added.file_url) == big_pdf


def test_a_streamed_file_that_is_not_what_it_says_is_refused(
    harness: BackendHarness, doctor_a: SignedIn, tmp_path: Path
) -> None:
    before = harness.row_counts(), harness.stored_keys()
    fake = _stream(tmp_path, "scan.png", b"GIF89a" + b"\0" * 4 * MB)
    with pytest.raises(InvalidInput, match="is not a valid PNG image"):
        case_service(doctor_a.doctor, doctor_a.backend).create_case(
            FORM, [Upload("scan.png", fake, "radiology")]
        )
    assert fake.largest_read <= 65536
    assert (harness.row_counts(), harness.stored_keys()) == before


def test_one_request_carries_a_bounded_number_of_files_and_bytes(
    harness: BackendHarness, doctor_a: SignedIn
) -> None:
    limits = Limits(max_files_per_request=2, max_request_bytes=50_000)
    services = case_service(doctor_a.doctor, doctor_a.backend, limits=limits)
    before = harness.row_counts(), harness.stored_keys()
    three = [Upload(f"v{i}.txt", b"Sodium 139 mmol/L", "lab") for i in range(3)]
    with pytest.raises(InvalidInput, match="At most 2 files can be uploaded at once"):
        services.create_case(FORM, three)
    heavy = [Upload(f"v{i}.txt", b"Sodium 139 mmol/L\n" * 1500, "lab") for i in range(2)]
    with pytest.raises(FileTooLarge, match="MB of files can be uploaded at once"):
        services.create_case(FORM, heavy)
    assert (harness.row_counts(), harness.stored_keys()) == before
    # Files added one request at a time still count toward the case's own limits only.
    case_id = services.create_case(FORM, three[:2]).case.case_id
    services.upload_file(case_id, three[2])
    assert len(services.list_files(case_id)) == 3
