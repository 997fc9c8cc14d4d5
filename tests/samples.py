"""Real sample files, generated on the fly (or taken from pydicom's bundled test data)."""

from __future__ import annotations

import io
from pathlib import Path

from docx import Document
from fpdf import FPDF
from PIL import Image, ImageDraw
from pydicom.data import get_testdata_file

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
