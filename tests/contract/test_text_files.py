"""Text lab files as Windows tools save them: UTF-16 with a byte-order mark is text."""

from __future__ import annotations

import pytest

from core.analysis.reading.extraction import extract_lab_document
from core.files import content_matches
from core.models import NewCase, Upload
from tests.contract.harness import SignedIn

REPORT = "Hämoglobin 9,8 g/dL\r\nCRP 48 mg/L\r\n"
CSV = "Test,Result,Unit\r\nHemoglobin,9.8,g/dL\r\n"
UTF16 = [
    ("report.txt", REPORT.encode("utf-16")),  # Notepad's "Unicode": little-endian with BOM
    ("report.txt", b"\xfe\xff" + REPORT.encode("utf-16-be")),
    ("results.csv", CSV.encode("utf-16")),  # Excel's "Unicode text"
]


@pytest.mark.parametrize(("name", "content"), UTF16, ids=["txt-le", "txt-be", "csv-le"])
def test_utf16_with_a_byte_order_mark_is_accepted_and_read(
    doctor_a: SignedIn, name: str, content: bytes
) -> None:
    created = doctor_a.services.create_case(
        NewCase(patient_name="Ada Example", patient_age=54, patient_gender="female"),
        [Upload(name, content, "lab")],
    )
    record = created.files[0]
    assert record.file_type in ("text/plain", "text/csv")
    stored = doctor_a.backend.blobs.get(record.file_url)
    text = extract_lab_document(record.file_id, "Lab file 1", name, stored).text
    assert "9.8" in text or "9,8" in text
    assert "\x00" not in text


def test_binary_behind_a_byte_order_mark_is_still_refused() -> None:
    assert not content_matches("txt", b"\xff\xfe" + b"\x01\x00\x02\x00\x03\x00" * 50)
    assert not content_matches("txt", b"\xff\xfe\x00\xd8\x41\x00" + b"A\x00" * 100)
