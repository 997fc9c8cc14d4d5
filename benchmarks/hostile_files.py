"""The hostile-file set of ``benchmarks.hostile``, written to disk a piece at a time (so
making a 190 MB bomb costs this process almost nothing).

Each maker writes one file and returns its path: decompression bombs of each kind the
clinic accepts (DOCX XML, PNG, JPEG, PDF flate streams), deep and multi-channel images
under the pixel cap, headers declaring impossible sizes, and large PDFs.
"""

from __future__ import annotations

import io
import os
import struct
import zipfile
import zlib
from pathlib import Path

from PIL import Image

MB = 1024 * 1024
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Bytes per sample and samples per pixel of the PNG colour types used here.
_PNG_CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}


def docx_bomb(path: Path, unpacked_mb: int) -> Path:
    """A DOCX whose document.xml inflates to ``unpacked_mb`` MB of one letter."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        with archive.open("word/document.xml", "w", force_zip64=True) as xml:
            xml.write(b"<w:document><w:body><w:p><w:r><w:t>")
            for _ in range(unpacked_mb):
                xml.write(b"a" * MB)
            xml.write(b"</w:t></w:r></w:p></w:body></w:document>")
    return path


def docx_many_entries(path: Path, entries: int) -> Path:
    """A valid Word document with ``entries`` parts, all but three empty: small on disk,
    slow to list (zipfile builds an object per entry; 500,000 cost 28 s of CPU). Written
    directly (stored, ZIP64 end record past 65,535 entries): zipfile takes minutes."""
    parts = [
        ("[Content_Types].xml", _CONTENT_TYPES.encode()),
        ("_rels/.rels", _RELS.encode()),
        ("word/document.xml", _DOCUMENT_START + b"</w:body></w:document>"),
    ]
    parts += [(f"{number:x}", b"") for number in range(max(0, entries - len(parts)))]
    directory: list[bytes] = []
    with path.open("wb") as out:
        for name, data in parts:
            encoded, crc, offset = name.encode(), zlib.crc32(data), out.tell()
            sizes = struct.pack("<IIIHH", crc, len(data), len(data), len(encoded), 0)
            out.write(b"PK\x03\x04" + struct.pack("<HHHHH", 20, 0, 0, 0, 0) + sizes)
            out.write(encoded + data)
            directory.append(
                b"PK\x01\x02"
                + struct.pack("<HHHHHH", 45, 20, 0, 0, 0, 0)
                + sizes
                + struct.pack("<HHHII", 0, 0, 0, 0, offset)
                + encoded
            )
        start = out.tell()
        for piece in range(0, len(directory), 65536):
            out.write(b"".join(directory[piece : piece + 65536]))
        size, count = out.tell() - start, len(directory)
        if count > 0xFFFF:
            end64 = out.tell()
            out.write(
                b"PK\x06\x06"
                + struct.pack("<QHHIIQQQQ", 44, 45, 45, 0, 0, count, count, size, start)
            )
            out.write(b"PK\x06\x07" + struct.pack("<IQI", 0, end64, 1))
            count = 0xFFFF
        out.write(b"PK\x05\x06" + struct.pack("<HHHHIIH", 0, 0, count, count, size, start, 0))
    return path


def dicom_many_elements(path: Path, elements: int) -> Path:
    """A valid DICOM file (an 8 x 8 picture) whose header carries ``elements`` empty
    private elements: 8 bytes each, so 6 million make a 48 MB file pydicom parses for a
    minute in 2 GB."""
    from pydicom.dataset import Dataset, FileMetaDataset
    from pydicom.uid import UID, ExplicitVRLittleEndian, generate_uid

    meta = FileMetaDataset()
    meta.MediaStorageSOPClassUID = UID("1.2.840.10008.5.1.4.1.1.7")  # secondary capture
    meta.MediaStorageSOPInstanceUID = generate_uid()
    meta.TransferSyntaxUID = ExplicitVRLittleEndian
    header = Dataset()
    header.file_meta = meta
    header.SOPClassUID, header.SOPInstanceUID = "1.2.840.10008.5.1.4.1.1.7", generate_uid()
    header.Modality, header.PhotometricInterpretation = "OT", "MONOCHROME2"
    header.Rows = header.Columns = 8
    header.SamplesPerPixel, header.PixelRepresentation = 1, 0
    header.BitsAllocated, header.BitsStored, header.HighBit = 8, 8, 7
    start = io.BytesIO()
    header.save_as(start, enforce_file_format=True)
    with path.open("wb") as out:
        out.write(start.getvalue())
        written, group = 0, 0x0029  # odd groups: private, after the header's own
        while written < elements:
            count = min(0xF000, elements - written)
            out.write(
                b"".join(struct.pack("<HH2sH", group, 0x1000 + i, b"LO", 0) for i in range(count))
            )
            written += count
            group += 2
        out.write(struct.pack("<HH2sH", 0x7FE0, 0x0010, b"OB", 0) + struct.pack("<I", 64))
        out.write(bytes(64))
    return path


def docx_many_paragraphs(path: Path, unpacked_mb: int) -> Path:
    """A real Word document (python-docx opens it) of ``unpacked_mb`` MB of paragraphs."""
    paragraph = b"<w:p><w:r><w:t>Glucose 182 mg/dL (70-99) H</w:t></w:r></w:p>"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        archive.writestr("[Content_Types].xml", _CONTENT_TYPES)
        archive.writestr("_rels/.rels", _RELS)
        with archive.open("word/document.xml", "w", force_zip64=True) as xml:
            xml.write(_DOCUMENT_START)
            block = paragraph * (MB // len(paragraph))
            for _ in range(unpacked_mb):
                xml.write(block)
            xml.write(b"</w:body></w:document>")
    return path


def png(path: Path, width: int, height: int, depth: int = 8, colour: int = 0) -> Path:
    """A PNG of one flat colour: tiny on disk, ``width x height`` at ``depth`` bits once
    decoded (a 7000 x 7000 16-bit one is about 95 KB)."""
    row = b"\0" + b"\0" * (width * _PNG_CHANNELS[colour] * depth // 8)
    compressor = zlib.compressobj(9)
    with path.open("wb") as out:
        out.write(_PNG_SIGNATURE)
        _png_chunk(out, b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0))
        rows_per_piece = max(1, (4 * MB) // len(row))
        done = 0
        while done < height:
            count = min(rows_per_piece, height - done)
            data = compressor.compress(row * count)
            if data:
                _png_chunk(out, b"IDAT", data)
            done += count
        _png_chunk(out, b"IDAT", compressor.flush())
        _png_chunk(out, b"IEND", b"")
    return path


def png_header_only(path: Path, width: int, height: int) -> Path:
    """A PNG that declares an impossible size and holds almost nothing."""
    with path.open("wb") as out:
        out.write(_PNG_SIGNATURE)
        _png_chunk(out, b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        _png_chunk(out, b"IDAT", zlib.compress(b"\0" * 1024))
        _png_chunk(out, b"IEND", b"")
    return path


def jpeg_declaring(path: Path, width: int, height: int) -> Path:
    """A small JPEG whose frame header is patched to declare ``width x height``."""
    stream = io.BytesIO()
    Image.new("L", (64, 48), 90).save(stream, format="JPEG")
    data = bytearray(stream.getvalue())
    sof = data.index(b"\xff\xc0")
    data[sof + 5 : sof + 9] = struct.pack(">HH", height, width)
    path.write_bytes(bytes(data))
    return path


def deep_png(path: Path, width: int, height: int, mode: str) -> Path:
    """A real picture with detail (a gradient) at 16 bits, so nothing collapses to flat."""
    if mode == "I;16":
        ramp = Image.linear_gradient("L").resize((width, height)).convert("I")
        picture = ramp.point(lambda value: value * 250).convert("I;16")
    else:  # RGBA at 8 bits a channel: the multi-channel case
        ramp = Image.linear_gradient("L").resize((width, height))
        picture = Image.merge("RGBA", (ramp, ramp.rotate(90), ramp, ramp))
    picture.save(path, format="PNG", compress_level=1)
    return path


def pdf_flate_bomb(path: Path, pages: int, inflated_mb: int) -> Path:
    """A PDF whose pages' content streams each inflate to ``inflated_mb`` MB of text
    operators (pypdf stops one stream at 75 MB; the pages are still many)."""
    operator = b"BT /F1 9 Tf 20 700 Td (Glucose 182 mg/dL) Tj ET\n"
    compressor = zlib.compressobj(9)
    piece = operator * (MB // len(operator))
    stream = b"".join(compressor.compress(piece) for _ in range(inflated_mb))
    stream += compressor.flush()
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    kids = " ".join(f"{3 + 2 * i} 0 R" for i in range(pages))
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {pages} >>".encode())
    font = 3 + 2 * pages
    for i in range(pages):
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents {4 + 2 * i} 0 R "
            f"/Resources << /Font << /F1 {font} 0 R >> >> >>".encode()
        )
        objects.append(
            f"<< /Length {len(stream)} /Filter /FlateDecode >>\nstream\n".encode()
            + stream
            + b"\nendstream"
        )
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    _write_pdf(path, objects)
    return path


def pdf_page_tree_bomb(path: Path, fan: int, levels: int) -> Path:
    """A PDF of a few kilobytes whose page tree declares ``fan ** levels`` pages: each of
    its ``levels`` page-tree nodes lists the next one ``fan`` times, the last lists one
    page. A reader that walks the tree (pypdf counts pages so) visits every path."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    for level in range(levels):
        number = 2 + level
        kids = " ".join([f"{number + 1} 0 R"] * fan)
        parent = f" /Parent {number - 1} 0 R" if level else ""
        count = fan ** (levels - level)
        objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {count}{parent} >>".encode())
    page = f"<< /Type /Page /Parent {1 + levels} 0 R /MediaBox [0 0 612 792] >>"
    objects.append(page.encode())
    _write_pdf(path, objects)
    return path


def pdf_many_objects(path: Path, objects: int) -> Path:
    """A one-page PDF padded with ``objects`` tiny objects, each in the cross-reference
    table a reader loads whole before it finds the page (1.2 million in under 50 MB)."""
    body: list[bytes | None] = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
    ]
    body += [b"0"] * objects
    _write_pdf(path, body)
    return path


def pdf_scanned(path: Path, size_mb: int) -> Path:
    """A large PDF of one scanned page: an uncompressed noise picture of ``size_mb`` MB."""
    side = int((size_mb * MB / 3) ** 0.5)
    head = (
        f"<< /Type /XObject /Subtype /Image /Width {side} /Height {side} "
        f"/ColorSpace /DeviceRGB /BitsPerComponent 8 /Length {side * side * 3} >>\nstream\n"
    ).encode()
    content = f"q {side} 0 0 {side} 0 0 cm /Im1 Do Q".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {side} {side}] /Contents 4 0 R "
        "/Resources << /XObject << /Im1 5 0 R >> >> >>".encode(),
        f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream",
        None,  # the picture, written in pieces below
    ]
    _write_pdf(path, objects, picture=(head, side * side * 3))
    return path


def _write_pdf(
    path: Path, objects: list[bytes | None], picture: tuple[bytes, int] | None = None
) -> None:
    offsets = []
    with path.open("wb") as out:
        out.write(b"%PDF-1.7\n")
        for number, body in enumerate(objects, start=1):
            offsets.append(out.tell())
            out.write(f"{number} 0 obj\n".encode())
            if body is None and picture is not None:
                head, length = picture
                out.write(head)
                left = length
                while left:
                    piece = min(left, 4 * MB)
                    out.write(os.urandom(piece))
                    left -= piece
                out.write(b"\nendstream")
            elif body is not None:
                out.write(body)
            out.write(b"\nendobj\n")
        xref = out.tell()
        out.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
        for offset in offsets:
            out.write(f"{offset:010d} 00000 n \n".encode())
        trailer = f"<< /Size {len(objects) + 1} /Root 1 0 R >>"
        out.write(f"trailer\n{trailer}\nstartxref\n{xref}\n%%EOF\n".encode())


def _png_chunk(out: io.BufferedWriter | io.BytesIO, kind: bytes, data: bytes) -> None:
    out.write(struct.pack(">I", len(data)) + kind + data)
    out.write(struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" '
    'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.wordprocessingml.document.main+xml"/></Types>'
)
_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships/officeDocument" Target="word/document.xml"/></Relationships>'
)
_DOCUMENT_START = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    b'<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
    b"<w:body>"
)
