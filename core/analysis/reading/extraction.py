"""Text from lab files (PDF, TXT, CSV, DOCX), for the engines and the lab-value parser;
HL7 v2 and FHIR messages are read from their fields (core.analysis.reading.messages).

Extraction never raises on a bad file: a corrupt, encrypted or scanned document gives a
LabDocument with whatever text could be read and warnings that name the file by its label.
The original file name never appears in a warning, since it may carry the patient's name.
"""

from __future__ import annotations

import csv
import io
import logging
import time
import zipfile
from collections.abc import Callable, Iterator

import numpy
import pypdfium2
import pypdfium2.raw as pdfium_c
from docx import Document
from docx.document import Document as WordDocument
from docx.table import Table
from docx.text.paragraph import Paragraph
from PIL import Image, ImageOps
from pypdf import PdfReader

from core.analysis.labs.lines import PAGE_BREAK
from core.analysis.reading import ocr
from core.analysis.reading.messages import message_kind, read_lab_message
from core.file_parts import TooManyParts, check_parts
from core.files import extension_of
from core.insights import LabDocument, OcrLine

log = logging.getLogger(__name__)

MAX_TEXT_CHARS = 200_000
# A scanned page is rendered at the size the vision model reads it at and no larger: in
# "high" detail an image is fitted into 2048 x 2048, then its shorter side brought to 768.
PAGE_SHORT_SIDE = 768
MAX_PAGE_IMAGE_SIDE = 2048
MAX_PAGE_IMAGES = (
    20  # each scanned page costs OCR and a vision call; a 300-page scan is not a lab file
)

# A page whose text layer holds fewer letters and digits than this ("Page 1 of 6" over a
# picture of the page) is read as a scanned page.
MIN_TEXT_LAYER = 20

# Receives each scanned page as soon as it is rendered: (page number, PNG bytes).
PageSink = Callable[[int, bytes], None]
MAX_DOCX_UNPACKED_BYTES = 64 * 1024 * 1024  # refuse zip bombs before python-docx inflates them
_CSV_DELIMITERS = ",;\t|"


class _Extraction:
    """Collects text, page images and warnings while one lab file is read."""

    def __init__(self, label: str, on_page: PageSink | None = None) -> None:
        self.label = label
        self.on_page = on_page
        self.parts: list[str] = []
        self.length = 0
        self.page_image_pages: list[int] = []
        self.warnings: list[str] = []
        self.full = False
        self.paged = False
        self.unread_pages = 0  # scanned pages nobody read (no vision, no OCR): the summary says
        self.ocr_lines: list[OcrLine] = []

    def warn(self, message: str) -> None:
        self.warnings.append(f"{self.label}: {message}")

    def add(self, text: str) -> None:
        """Append a block of text, stopping (with one warning) at the size cap."""
        if self.full or (not text and not self.paged):
            return
        room = MAX_TEXT_CHARS - self.length
        if len(text) > room:
            text = text[:room]
            self.full = True
            self.warn(f"text was cut at {MAX_TEXT_CHARS:,} characters")
        self.parts.append(text)
        self.length += len(text) + 2

    def document(self, file_id: str) -> LabDocument:
        # A PDF's pages stay apart (form feeds, empty pages kept) so values know their page.
        text = (
            PAGE_BREAK.join(self.parts).rstrip() if self.paged else "\n\n".join(self.parts).strip()
        )
        if not text.strip():
            text = ""
        return LabDocument(
            file_id=file_id,
            label=self.label,
            text=text,
            page_image_pages=self.page_image_pages,
            warnings=self.warnings,
            paged=self.paged,
            unread_pages=self.unread_pages,
            ocr_lines=self.ocr_lines,
        )


def extract_lab_document(
    file_id: str, label: str, file_name: str, content: bytes, on_page: PageSink | None = None
) -> LabDocument:
    """The text of one lab file; problems become warnings naming ``label``, never exceptions.

    Scanned PDF pages are rendered only for an ``on_page`` (an engine that reads images),
    each handed over as soon as it is ready; the document lists their page numbers.
    """
    extension = extension_of(file_name)
    kind = message_kind(extension, content)
    if kind is not None:
        # Read from its fields, exactly: the text parser never guesses at a message.
        return read_lab_message(kind, file_id, label, content)
    found = _Extraction(label, on_page)
    readers: dict[str, Callable[[bytes, _Extraction], None]] = {
        "pdf": _read_pdf,
        "txt": _read_plain_text,
        "csv": _read_csv,
        "docx": _read_docx,
        "doc": _read_legacy_doc,
        "png": _read_image,
        "jpg": _read_image,
        "jpeg": _read_image,
    }
    reader = readers.get(extension)
    if reader is None:
        found.warn(f"'.{extension}' files are not read as lab documents")
    elif not content:
        found.warn("the file is empty")
    else:
        try:
            reader(content, found)
        except MemoryError:
            raise  # over the reading process's memory cap: its caller says so
        # Third-party parsers raise almost anything on hostile bytes (KeyError, struct.error,
        # RecursionError...); one bad file must only become a warning.
        except Exception as error:  # noqa: BLE001
            log.info("lab file extraction failed: %s", type(error).__name__)
            found.warn(f"the {extension.upper()} file could not be read (corrupt or truncated?)")
    result = found.document(file_id)
    if not result.text and not result.warnings:
        result.warnings.append(f"{label}: no text was found in the file")
    return result


# --- PDF -------------------------------------------------------------------------------


def _read_pdf(content: bytes, found: _Extraction) -> None:
    reader = PdfReader(io.BytesIO(content))
    if reader.is_encrypted and not _unlock(reader, found):
        return
    found.paged = True
    pages = _ScannedPages(content, found)
    try:
        for number, page in enumerate(reader.pages, start=1):
            if found.full:
                break
            try:
                text = page.extract_text() or ""
            except Exception:  # noqa: BLE001 - one broken page must not cost the others
                found.warn(f"page {number} could not be read")
                found.add("")
                continue
            # Form feeds inside a page would shift the page numbers of everything after it.
            text = text.replace(PAGE_BREAK, "\n").strip()
            if sum(character.isalnum() for character in text) < MIN_TEXT_LAYER:
                # No text, or only a page number over a picture of the page: read the picture.
                found.warnings.append(no_text_layer(found.label, number))
                read = pages.read(number)
                if text and not read and number not in found.page_image_pages:
                    # A short page of text without a picture (or one OCR could not read).
                    found.warnings.remove(no_text_layer(found.label, number))
                text = read or text
            found.add(text)
        pages.read_handed_over()
    finally:
        pages.close()


def no_text_layer(label: str, page: int) -> str:
    """The warning for a PDF page without text; dropped once the vision model reads it."""
    return f"{label}: page {page} has no text layer (a scanned page?)"


def _unlock(reader: PdfReader, found: _Extraction) -> bool:
    """Open a PDF protected only by an owner password (the usual case for lab portals)."""
    try:
        if reader.decrypt(""):
            return True
    except Exception:  # noqa: BLE001 - unsupported ciphers raise their own error types
        log.info("pdf decryption failed")
    found.warn("the PDF is password-protected; upload an unprotected copy")
    return False


class _ScannedPages:
    """Reads the PDF's scanned pages, one at a time: each is rendered with PDFium, read by
    OCR (reading.ocr) and, for an engine that reads pictures, handed to ``found.on_page``."""

    def __init__(self, content: bytes, found: _Extraction) -> None:
        self.content = content
        self.found = found
        self.pdf: pypdfium2.PdfDocument | None = None
        self.capped = False
        self.seen = 0
        self.handed_over: list[tuple[int, Image.Image]] = []  # greyscale, under 2 MB each
        self.clock: ocr.PageClock | None = None

    def read(self, number: int) -> str:
        """The page's text as OCR read it when no vision model reads the page, else ""."""
        found = self.found
        self.seen += 1
        if self.seen > MAX_PAGE_IMAGES:
            found.unread_pages += found.on_page is None
            if not self.capped:
                self.capped = True
                found.warn(f"only the first {MAX_PAGE_IMAGES} scanned pages are read")
            return ""
        try:
            if self.pdf is None:
                # An owner-password PDF that pypdf unlocked opens here with no password too.
                self.pdf = pypdfium2.PdfDocument(self.content)
            image = _page_image(self.pdf[number - 1])
        except Exception:  # noqa: BLE001 - one unrenderable page must not cost the others
            found.warn(f"page {number} could not be rendered")
            found.unread_pages += found.on_page is None
            return ""
        if image is None:
            return ""  # no picture on the page: nothing to read
        return self.read_image(number, image)

    def read_image(self, number: int, image: Image.Image) -> str:
        """The text OCR read off one page's picture (or "" when it goes to the vision
        model, which reads it, and OCR only checks it afterwards)."""
        found = self.found
        if found.on_page is not None:
            found.page_image_pages.append(number)
            found.on_page(number, _png(image))  # its vision request starts now
            # The vision model's reading is the page's text; OCR, which checks it, waits
            # until every page is on its way, so no page's request waits for OCR.
            self.handed_over.append((number, image))
            return ""
        lines = self._ocr(number, image)
        found.ocr_lines += lines
        if not lines:
            found.unread_pages += 1
            return ""
        if no_text_layer(found.label, number) in found.warnings:
            found.warnings.remove(no_text_layer(found.label, number))
            found.warn(f"page {number} has no text layer and was read by OCR")
        else:
            found.warn("the image was read by OCR")
        return "\n".join(line.text for line in lines)

    def read_handed_over(self) -> None:
        """OCR of the pages handed to the vision model, for the grounding check."""
        while self.handed_over:
            number, image = self.handed_over.pop(0)
            self.found.ocr_lines += self._ocr(number, image)

    def _ocr(self, number: int, image: Image.Image) -> list[OcrLine]:
        if self.clock is None:
            self.clock = ocr.page_clock()
        if not self.clock.has_time():
            self.found.warn(f"page {number} was not read by OCR: the reading time ran out")
            return []
        started = time.monotonic()
        try:
            lines = ocr.read_page(numpy.asarray(image), number)
        except MemoryError:
            raise  # over the reading process's memory cap: its caller says so
        except Exception as error:  # noqa: BLE001 - one page OCR fails on costs no other
            log.info("page OCR failed: %s", type(error).__name__)
            # onnxruntime reports the memory cap as its own error, naming C++'s bad_alloc.
            why = ": it needed more memory than reading allows" if "bad_alloc" in str(error) else ""
            self.found.warn(f"page {number} could not be read by OCR{why}")
            return []
        self.clock.timed(started)
        return lines

    def close(self) -> None:
        if self.pdf is not None:
            self.pdf.close()


def _read_image(content: bytes, found: _Extraction) -> None:
    """A photographed or rendered lab report (PNG, JPEG): one page, read like a scanned
    PDF page (OCR offline, or handed to an engine that reads pictures)."""
    found.paged = True  # one page: values know their page, OCR marks find their lines
    pages = _ScannedPages(content, found)
    with Image.open(io.BytesIO(content)) as opened:
        opened.draft("L", (MAX_PAGE_IMAGE_SIDE, MAX_PAGE_IMAGE_SIDE))  # a JPEG decodes small
        picture = ImageOps.exif_transpose(opened).convert("L")
    width, height = picture.size
    scale = min(1.0, MAX_PAGE_IMAGE_SIDE / max(width, height))
    if scale < 1.0:
        picture = picture.resize((round(width * scale), round(height * scale)))
    found.add(pages.read_image(1, picture))
    pages.read_handed_over()


def _page_image(page: pypdfium2.PdfPage) -> Image.Image | None:
    """The page in greyscale at the vision model's reading size; None when it has no
    picture (a blank page) and no letters drawn without a text layer."""
    try:
        pictures = page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_IMAGE,))
        if next(iter(pictures), None) is None and not _unmapped_text(page):
            return None
        width, height = page.get_size()
        scale = min(PAGE_SHORT_SIDE / min(width, height), MAX_PAGE_IMAGE_SIDE / max(width, height))
        image: Image.Image = page.render(scale=scale, grayscale=True).to_pil()
        return image
    finally:
        page.close()


def _unmapped_text(page: pypdfium2.PdfPage) -> bool:
    """True when the page draws more characters than its text layer gave: a font without
    a map to Unicode, whose letters only a picture of the page shows."""
    textpage = page.get_textpage()
    try:
        return bool(textpage.count_chars() > 2 * MIN_TEXT_LAYER)
    finally:
        textpage.close()


def _png(image: Image.Image) -> bytes:
    stream = io.BytesIO()
    # Fast compression: the page goes out once, over a local network or an API call.
    image.save(stream, format="PNG", compress_level=1)
    return stream.getvalue()


# --- TXT and CSV -------------------------------------------------------------------------


def _decode(content: bytes) -> str:
    """UTF-8 (with or without BOM), UTF-16 with BOM, else Windows-1252 as Excel writes it."""
    if content.startswith((b"\xff\xfe", b"\xfe\xff")):
        return content.decode("utf-16", errors="replace")
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = content.decode("cp1252", errors="replace")
    return text.replace("\x00", "")


def _read_plain_text(content: bytes, found: _Extraction) -> None:
    text = _decode(content).replace("\r\n", "\n").replace("\r", "\n")
    found.add(text.strip())


def _read_csv(content: bytes, found: _Extraction) -> None:
    text = _decode(content)
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(
            text[:8192], delimiters=_CSV_DELIMITERS
        )
    except csv.Error:
        dialect = csv.excel
    rows = list(csv.reader(io.StringIO(text, newline=""), dialect))
    if rows and _is_report_table(rows[0]):
        found.add(_report_rows(rows))
        return
    lines = []
    for row in rows:
        # Cells joined by spaces keep a row like "Hemoglobin,9.8,g/dL,12.0-16.0,L" in the
        # same shape as a line of a printed report, which is what the lab parser reads.
        cells = [" ".join(cell.split()) for cell in row]
        line = " ".join(cell for cell in cells if cell)
        if line:
            lines.append(line)
    found.add("\n".join(lines))


# A dataset of radiology reports (one report a row): the columns that are the report's
# sections, in a report's order. The other columns (ids, image names, a dataset's own
# labels) are no words of the radiologist's and are left out.
_REPORT_COLUMNS = ("indication", "comparison", "findings", "impression")


def _is_report_table(header: list[str]) -> bool:
    names = {cell.strip().lower() for cell in header}
    return "findings" in names and "impression" in names


def _report_rows(rows: list[list[str]]) -> str:
    """Each row as a report with its headings ("Findings:", "Impression:"), so that the
    impression decides as in a printed report (issue #29)."""
    header = [cell.strip().lower() for cell in rows[0]]
    reports = []
    for row in rows[1:]:
        cells = dict(zip(header, (" ".join(cell.split()) for cell in row), strict=False))
        kept = {
            name: cells[name]
            for name in _REPORT_COLUMNS
            if cells.get(name) and cells[name].lower() not in ("none", "none.", "nan", "n/a")
        }
        if "impression" not in kept and "findings" in kept:
            kept["impression"] = kept.pop("findings")  # all the radiologist wrote
        sections = [f"{name.capitalize()}:\n{value}" for name, value in kept.items()]
        if sections:
            reports.append("\n\n".join(sections))
    return "\n\n".join(reports)


# --- Word --------------------------------------------------------------------------------


def _read_docx(content: bytes, found: _Extraction) -> None:
    try:
        check_parts("docx", content, found.label)  # before zipfile lists every entry
    except TooManyParts as refused:
        found.warn(f"the DOCX file {refused.reason}")
        return
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        unpacked = sum(member.file_size for member in archive.infolist())
    if unpacked > MAX_DOCX_UNPACKED_BYTES:
        found.warn("the DOCX file unpacks to an implausible size and was not read")
        return
    document = Document(io.BytesIO(content))
    found.add("\n".join(_docx_lines(document)))


def _docx_lines(document: WordDocument) -> Iterator[str]:
    """Paragraphs and table rows in reading order; a table row's cells separated by tabs."""
    for block in document.iter_inner_content():
        if isinstance(block, Paragraph):
            if block.text.strip():
                yield block.text.strip()
        elif isinstance(block, Table):
            yield from _table_lines(block)


def _table_lines(table: Table) -> Iterator[str]:
    for row in table.rows:
        cells: list[str] = []
        seen: set[int] = set()
        for cell in row.cells:
            # A merged cell is returned once per grid column it spans; read it once.
            if id(cell._tc) in seen:
                continue
            seen.add(id(cell._tc))
            text = " ".join(cell.text.split())
            if text:
                cells.append(text)
        if cells:
            yield "\t".join(cells)


def _read_legacy_doc(content: bytes, found: _Extraction) -> None:
    # No dependable pure-Python reader exists for binary Word files; say so plainly.
    found.warn(
        "text cannot be extracted from a legacy Word .doc file; "
        "save it as DOCX or PDF and upload it again"
    )
