"""Real sample files, generated on the fly (or taken from pydicom's bundled test data)."""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from pathlib import Path

from docx import Document
from fpdf import FPDF
from PIL import Image, ImageDraw
from pydicom import dcmread
from pydicom.data import get_testdata_file
from pypdf import PdfReader, PdfWriter

LAB_REPORT_LINES = (
    "Complete Blood Count",
    "Hemoglobin 9.8 g/dL (12.0-16.0) L",
    "WBC 14.2 x10^9/L (4.0-11.0) H",
    "Platelets 250 x10^9/L (150-400)",
    "Glucose 182 mg/dL (70-99) H",
    "HbA1c 8.1 % (4.0-5.6) H",
    "Creatinine 0.9 mg/dL (0.6-1.2)",
)


def pdf_bytes(lines: tuple[str, ...] | list[str] = LAB_REPORT_LINES, pages: int = 1) -> bytes:
    """A real PDF with a text layer, one copy of ``lines`` per page."""
    document = FPDF()
    document.set_font("Helvetica", size=11)
    for _ in range(pages):
        document.add_page()
        for line in lines:
            document.cell(0, 8, line, new_x="LMARGIN", new_y="NEXT")
    return bytes(document.output())


def scanned_pdf_bytes() -> bytes:
    """A PDF whose only content is an image (no text layer), like a scanned report."""
    document = FPDF()
    document.add_page()
    document.image(io.BytesIO(png_bytes(400, 300)), x=10, y=10, w=180)
    return bytes(document.output())


def docx_bytes(lines: tuple[str, ...] | list[str] = LAB_REPORT_LINES) -> bytes:
    document = Document()
    for line in lines:
        document.add_paragraph(line)
    stream = io.BytesIO()
    document.save(stream)
    return stream.getvalue()


def _picture(width: int, height: int) -> Image.Image:
    image = Image.new("L", (width, height), 20)
    draw = ImageDraw.Draw(image)
    draw.ellipse((width // 5, height // 5, width * 4 // 5, height * 4 // 5), fill=180)
    draw.rectangle((width // 2 - 10, height // 3, width // 2 + 10, height * 2 // 3), fill=240)
    return image


def png_bytes(width: int = 64, height: int = 48) -> bytes:
    stream = io.BytesIO()
    _picture(width, height).save(stream, format="PNG")
    return stream.getvalue()


def jpeg_bytes(width: int = 64, height: int = 48) -> bytes:
    stream = io.BytesIO()
    _picture(width, height).convert("RGB").save(stream, format="JPEG", quality=85)
    return stream.getvalue()


def dicom_path(name: str = "CT_small.dcm") -> Path:
    """A real DICOM file shipped with pydicom (CT_small.dcm, MR_small.dcm, ...)."""
    return Path(get_testdata_file(name))


def dicom_bytes(name: str = "CT_small.dcm") -> bytes:
    return dicom_path(name).read_bytes()


# --- Added for extraction and imaging tests --------------------------------------------


def jpeg_bytes_with_orientation(orientation: int = 6, width: int = 64, height: int = 48) -> bytes:
    """A JPEG stored sideways with an EXIF orientation tag; a white block marks its top-left."""
    image = Image.new("RGB", (width, height), (30, 30, 30))
    ImageDraw.Draw(image).rectangle((0, 0, width // 4, height // 4), fill=(255, 255, 255))
    exif = Image.Exif()
    exif[0x0112] = orientation
    stream = io.BytesIO()
    image.save(stream, format="JPEG", quality=95, exif=exif)
    return stream.getvalue()


def png_bomb_bytes(width: int = 100_000, height: int = 100_000) -> bytes:
    """A tiny PNG whose header declares a huge picture: a decompression bomb."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit grayscale
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\x00" * 1024))
        + chunk(b"IEND", b"")
    )


def docx_with_table_bytes(
    heading: str = "Chemistry panel",
    rows: tuple[tuple[str, ...], ...] = (
        ("Test", "Result", "Unit", "Reference", "Flag"),
        ("Sodium", "128", "mmol/L", "135-145", "L"),
        ("Potassium", "4.1", "mmol/L", "3.5-5.1", ""),
    ),
) -> bytes:
    """A DOCX with a paragraph followed by a lab table, as lab systems export them."""
    document = Document()
    document.add_paragraph(heading)
    table = document.add_table(rows=len(rows), cols=len(rows[0]))
    for row, values in zip(table.rows, rows, strict=True):
        for cell, value in zip(row.cells, values, strict=True):
            cell.text = value
    document.add_paragraph("End of report")
    stream = io.BytesIO()
    document.save(stream)
    return stream.getvalue()


def encrypted_pdf_bytes(user_password: str = "") -> bytes:
    """A lab PDF encrypted by pypdf; an empty user password means it opens without one."""
    reader = PdfReader(io.BytesIO(pdf_bytes()))
    writer = PdfWriter(clone_from=reader)
    writer.encrypt(user_password=user_password, owner_password="owner-secret")
    stream = io.BytesIO()
    writer.write(stream)
    return stream.getvalue()


def dicom_bytes_with(name: str = "CT_small.dcm", **attributes: object) -> bytes:
    """A pydicom test file with some attributes changed (e.g. PatientName, Photometric...)."""
    dataset = dcmread(dicom_path(name))
    for keyword, value in attributes.items():
        setattr(dataset, keyword, value)
    stream = io.BytesIO()
    dataset.save_as(stream)
    return stream.getvalue()


_RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def docx_with_parts(
    changes: dict[str, bytes] | None = None, added: dict[str, bytes] | None = None
) -> bytes:
    """docx_bytes() with some parts replaced or added, as Word would write them."""
    source = zipfile.ZipFile(io.BytesIO(docx_bytes()))
    stream = io.BytesIO()
    with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as archive:
        for member in source.infolist():
            archive.writestr(member, (changes or {}).get(member.filename, source.read(member)))
        for name, content in (added or {}).items():
            archive.writestr(name, content)
    return stream.getvalue()


def docx_settings_linking(relationship_type: str, target: str) -> dict[str, bytes]:
    """word/_rels/settings.xml.rels with one external relationship (the remote-template
    attack writes attachedTemplate here)."""
    rels = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{_RELATIONSHIPS}/{relationship_type}" '
        f'Target="{target}" TargetMode="External"/></Relationships>'
    )
    return {"word/_rels/settings.xml.rels": rels.encode()}
