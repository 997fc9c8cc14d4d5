"""Lab-file text extraction on real generated PDF, DOCX, TXT and CSV files."""

from __future__ import annotations

import io

import pytest
from fpdf import FPDF
from PIL import Image

from core.analysis.reading import extraction
from core.analysis.reading.extraction import (
    MAX_TEXT_CHARS,
    PAGE_SHORT_SIDE,
    extract_lab_document,
)
from tests.samples import (
    LAB_REPORT_LINES,
    docx_bytes,
    docx_with_table_bytes,
    encrypted_pdf_bytes,
    pdf_bytes,
    png_bytes,
    scanned_pdf_bytes,
)

LABEL = "Lab file 2"
PATIENT_FILE_NAME = "Zebulon Quartermaine labs"


def extract(extension: str, content: bytes):
    return extract_lab_document("file-1", LABEL, f"{PATIENT_FILE_NAME}.{extension}", content)


def extract_pages(content: bytes) -> tuple[object, list[tuple[int, bytes]]]:
    """A PDF read for an engine that reads pictures: the document and the pages handed over."""
    pages: list[tuple[int, bytes]] = []
    name = f"{PATIENT_FILE_NAME}.pdf"
    document = extract_lab_document(
        "file-1", LABEL, name, content, lambda n, png: pages.append((n, png))
    )
    return document, pages


def pdf_with_pages(*pages: str | bytes) -> bytes:
    """A PDF whose pages are text lines (str) or a full-page picture (PNG bytes)."""
    document = FPDF()
    document.set_font("Helvetica", size=11)
    for page in pages:
        document.add_page()
        if isinstance(page, bytes):
            document.image(io.BytesIO(page), x=10, y=10, w=180)
        else:
            document.cell(0, 8, page, new_x="LMARGIN", new_y="NEXT")
    return bytes(document.output())


def test_pdf_text_comes_from_every_page_separated_by_a_page_break() -> None:
    document = extract("pdf", pdf_with_pages("Sodium 128 mmol/L", "Potassium 4.1", "TSH 7.9"))

    # A form feed, not a blank line: each value's source page is read from it (#12).
    assert document.text.split("\f") == ["Sodium 128 mmol/L", "Potassium 4.1", "TSH 7.9"]
    assert document.paged
    assert document.warnings == []
    assert document.page_image_pages == []
    assert document.lab_values == []
    assert (document.file_id, document.label) == ("file-1", LABEL)


def test_pdf_lab_lines_survive_extraction_intact() -> None:
    document = extract("pdf", pdf_bytes(pages=2))

    for line in LAB_REPORT_LINES:
        assert document.text.count(line) == 2


def test_scanned_pdf_warns_and_hands_its_page_rendered_to_a_vision_model() -> None:
    document, pages = extract_pages(scanned_pdf_bytes())

    assert document.text == ""
    assert document.warnings == [f"{LABEL}: page 1 has no text layer (a scanned page?)"]
    assert document.page_image_pages == [1]
    ((number, png),) = pages
    page = Image.open(io.BytesIO(png))
    # The whole A4 page, at the size the vision model reads it at (shorter side 768 px).
    assert number == 1 and page.format == "PNG" and page.mode == "L"
    assert page.size[0] == PAGE_SHORT_SIDE
    assert page.size[1] == pytest.approx(PAGE_SHORT_SIDE * 297 / 210, abs=1)


def test_without_a_picture_reader_no_page_is_rendered() -> None:
    document = extract("pdf", pdf_with_pages("Ferritin 8 ng/mL", png_bytes(2400, 1200)))

    assert document.text == "Ferritin 8 ng/mL"
    assert any("page 2 has no text layer" in warning for warning in document.warnings)
    assert document.page_image_pages == []


def test_each_scanned_page_is_handed_over_before_the_next_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read: list[int] = []
    original = extraction.PdfReader

    class Watched(original):  # type: ignore[misc, valid-type]
        @property
        def pages(self):
            for number, page in enumerate(super().pages, start=1):
                read.append(number)
                yield page

    monkeypatch.setattr(extraction, "PdfReader", Watched)
    seen: list[tuple[int, list[int]]] = []
    scan = pdf_with_pages(png_bytes(200, 100), "Ferritin 8 ng/mL", png_bytes(200, 100))
    extract_lab_document("f", LABEL, "x.pdf", scan, lambda n, _png: seen.append((n, list(read))))
    assert seen == [(1, [1]), (3, [1, 2, 3])]


def test_scanned_pages_are_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(extraction, "MAX_PAGE_IMAGES", 1)
    document, pages = extract_pages(pdf_with_pages(png_bytes(200, 100), png_bytes(200, 100)))

    assert len(pages) == 1 and document.page_image_pages == [1]
    assert any("only the first 1" in warning for warning in document.warnings)


def test_pdf_with_only_an_owner_password_is_read() -> None:
    document = extract("pdf", encrypted_pdf_bytes(user_password=""))

    assert "Hemoglobin 9.8 g/dL (12.0-16.0) L" in document.text
    assert document.warnings == []


def test_pdf_that_needs_a_password_gives_a_warning() -> None:
    document = extract("pdf", encrypted_pdf_bytes(user_password="s3cret"))

    assert document.text == ""
    assert document.warnings == [
        f"{LABEL}: the PDF is password-protected; upload an unprotected copy"
    ]


def test_docx_paragraphs_and_table_rows_in_reading_order() -> None:
    document = extract("docx", docx_with_table_bytes())

    assert document.text.splitlines() == [
        "Chemistry panel",
        "Test\tResult\tUnit\tReference\tFlag",
        "Sodium\t128\tmmol/L\t135-145\tL",
        "Potassium\t4.1\tmmol/L\t3.5-5.1",
        "End of report",
    ]
    assert document.warnings == []


def test_docx_paragraphs() -> None:
    document = extract("docx", docx_bytes())

    assert document.text.splitlines() == list(LAB_REPORT_LINES)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (
            "\ufeffHämoglobin 9,8 g/dL\r\nCRP 48 mg/L\r\n".encode(),
            "Hämoglobin 9,8 g/dL\nCRP 48 mg/L",
        ),
        ("Hämoglobin 9,8 g/dL µ\n".encode("cp1252"), "Hämoglobin 9,8 g/dL µ"),
        ("Hämoglobin 9,8 g/dL\n".encode("utf-16"), "Hämoglobin 9,8 g/dL"),
    ],
    ids=["utf8-bom-crlf", "cp1252", "utf16-bom"],
)
def test_text_files_in_the_encodings_clinics_use(content: bytes, expected: str) -> None:
    document = extract("txt", content)

    assert document.text == expected
    assert document.warnings == []


def test_csv_rows_read_like_report_lines() -> None:
    content = (
        "\ufeffTest,Result,Unit,Reference,Flag\r\n"
        "Hemoglobin,9.8,g/dL,12.0-16.0,L\r\n"
        '"WBC, total",14.2,x10^9/L,4.0-11.0,H\r\n'
        "Platelets,250,x10^9/L,150-400,\r\n"
    ).encode()

    document = extract("csv", content)

    assert document.text.splitlines() == [
        "Test Result Unit Reference Flag",
        "Hemoglobin 9.8 g/dL 12.0-16.0 L",
        "WBC, total 14.2 x10^9/L 4.0-11.0 H",
        "Platelets 250 x10^9/L 150-400",
    ]


def test_semicolon_csv_from_a_european_lab_system() -> None:
    content = "Analyt;Wert;Einheit\nKalium;5,9;mmol/L\n".encode("cp1252")

    document = extract("csv", content)

    assert document.text.splitlines() == ["Analyt Wert Einheit", "Kalium 5,9 mmol/L"]


def test_legacy_doc_gives_a_warning_not_a_crash() -> None:
    document = extract("doc", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(512))

    assert document.text == ""
    assert len(document.warnings) == 1
    assert document.warnings[0].startswith(f"{LABEL}: ")
    assert "DOCX or PDF" in document.warnings[0]


def test_text_is_capped() -> None:
    document = extract("txt", ("Glucose 182 mg/dL\n" * 20_000).encode())

    assert len(document.text) == MAX_TEXT_CHARS
    assert document.warnings == [f"{LABEL}: text was cut at {MAX_TEXT_CHARS:,} characters"]


def test_docx_that_unpacks_to_an_implausible_size_is_not_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(extraction, "MAX_DOCX_UNPACKED_BYTES", 1_000)

    document = extract("docx", docx_bytes())

    assert document.text == ""
    assert "implausible size" in document.warnings[0]


def _truncated(content: bytes) -> bytes:
    return content[: len(content) // 2]


@pytest.mark.parametrize(
    ("extension", "content"),
    [
        ("pdf", _truncated(pdf_bytes(pages=2))),
        ("pdf", pdf_bytes()[:300]),
        ("pdf", b"%PDF-1.7\n" + bytes(range(256)) * 20),
        ("docx", _truncated(docx_bytes())),
        ("docx", b"PK\x03\x04" + b"not really a zip archive" * 10),
        ("docx", pdf_bytes()),
        ("pdf", b""),
        ("txt", b""),
        ("odt", b"some text"),
    ],
    ids=[
        "pdf-half",
        "pdf-header-only",
        "pdf-garbage",
        "docx-half",
        "docx-bad-zip",
        "docx-is-a-pdf",
        "pdf-empty",
        "txt-empty",
        "unknown-type",
    ],
)
def test_corrupt_and_truncated_files_become_a_warning_naming_the_label(
    extension: str, content: bytes
) -> None:
    document = extract(extension, content)

    assert document.text == ""
    assert document.warnings
    assert all(warning.startswith(f"{LABEL}: ") for warning in document.warnings)
    assert not any("Zebulon" in warning for warning in document.warnings)
