"""Each file read in a child process: its answer comes back as plain data; a child over
its time or memory, or one that crashes, becomes a warning and nothing else."""

from __future__ import annotations

import io
import threading
import time

import pytest
from PIL import Image

from core.analysis.reading.extraction import extract_lab_document
from core.analysis.reading.imaging import (
    UnreadableImage,
    prepare_radiology_image,
    thumbnail_png,
)
from core.analysis.reading.isolation import IsolatedReading, ReadingLimits
from tests import hostile_readers, samples

LAB = "Lab file 1"
IMAGE = "Radiology image 1"
MB = 1024 * 1024


def test_a_file_read_in_a_child_gives_what_it_gives_in_process() -> None:
    reading = IsolatedReading(ReadingLimits(seconds=30))
    pdf = samples.pdf_bytes(samples.LAB_REPORT_LINES)
    in_child = reading.lab_document("f1", LAB, "bloods.pdf", lambda: pdf)
    assert in_child == extract_lab_document("f1", LAB, "bloods.pdf", pdf)
    assert "Hemoglobin" in in_child.text
    # A scanned page comes back with its picture and its page number, ahead of the file.
    scan = samples.scanned_pdf_bytes()
    pages: list[tuple[int, bytes]] = []
    in_process: list[tuple[int, bytes]] = []
    scanned = reading.lab_document("f3", LAB, "scan.pdf", lambda: scan, lambda *p: pages.append(p))
    assert scanned == extract_lab_document(
        "f3", LAB, "scan.pdf", scan, lambda *p: in_process.append(p)
    )
    assert scanned.page_image_pages == [1] and pages == in_process and len(pages) == 1
    png = samples.png_bytes(900, 600)
    image = reading.radiology_image("f2", IMAGE, "chest.png", lambda: png)
    assert image == prepare_radiology_image("f2", IMAGE, "chest.png", png)
    assert image.png.startswith(b"\x89PNG")  # the picture's bytes came back too


def test_a_reading_over_its_time_is_stopped_and_becomes_a_warning() -> None:
    reading = IsolatedReading(ReadingLimits(seconds=1), lab_reader=hostile_readers.never_finishes)
    started = time.monotonic()
    document = reading.lab_document("f1", LAB, "report.pdf", lambda: b"%PDF-1.7")
    assert time.monotonic() - started < 5
    assert document.text == ""
    assert document.warnings == [f"{LAB}: reading took longer than 1 second and was stopped"]


def test_a_reading_over_its_memory_fails_alone() -> None:
    reading = IsolatedReading(
        ReadingLimits(seconds=30, memory_bytes=256 * MB),
        lab_reader=hostile_readers.eats_memory,
        image_reader=hostile_readers.bomb_on_named_images,
    )
    document = reading.lab_document("f1", LAB, "report.docx", lambda: b"PK")
    assert document.warnings == [
        f"{LAB}: reading it needed more than 256 MB of memory and was stopped"
    ]
    with pytest.raises(UnreadableImage, match="needed more than 256 MB"):
        reading.radiology_image("f2", IMAGE, "bomb.png", samples.png_bytes)
    # The same reader still reads the next file: only the child died.
    assert reading.radiology_image("f3", IMAGE, "chest.png", samples.png_bytes).width > 0


def test_a_reader_that_crashes_is_an_unreadable_image() -> None:
    reading = IsolatedReading(image_reader=hostile_readers.exits_abruptly)
    with pytest.raises(UnreadableImage, match="its reader stopped unexpectedly"):
        reading.radiology_image("f1", IMAGE, "x.png", samples.png_bytes)


def test_an_unreadable_image_keeps_its_message() -> None:
    reading = IsolatedReading()
    with pytest.raises(UnreadableImage, match=f"{IMAGE}: the image is corrupt or truncated"):
        reading.radiology_image("f1", IMAGE, "x.png", lambda: b"\x89PNG\r\n\x1a\nnot really")


def test_a_file_is_loaded_only_when_a_child_can_read_it() -> None:
    # One child at a time: the second file's bytes are not fetched while the first is read,
    # so this process never holds more files' bytes than there are children. (The first
    # child's limit starts after its file is loaded: one child at a time puts at least that
    # long between the two loads, and two at once would load both together.)
    reading = IsolatedReading(
        ReadingLimits(seconds=0.3, processes=1), lab_reader=hostile_readers.never_finishes
    )
    loaded: list[float] = []
    lock = threading.Lock()

    def load() -> bytes:
        with lock:
            loaded.append(time.monotonic())
        return b"text"

    threads = [
        threading.Thread(target=reading.lab_document, args=("f", LAB, "a.txt", load))
        for _ in range(2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(loaded) == 2
    assert abs(loaded[1] - loaded[0]) >= 0.3


def test_the_child_cannot_allocate_past_its_cap() -> None:
    # A real allocation, no test double: 512 MB asked of a child allowed 256 MB more.
    reading = IsolatedReading(
        ReadingLimits(seconds=30, memory_bytes=256 * MB), lab_reader=hostile_readers.allocates
    )
    assert reading.lab_document("f1", LAB, "a.txt", lambda: b"128").text == "128"
    document = reading.lab_document("f1", LAB, "a.txt", lambda: b"512")
    assert document.warnings == [
        f"{LAB}: reading it needed more than 256 MB of memory and was stopped"
    ]


def test_a_deep_image_is_read_in_the_child() -> None:
    # 16-bit grayscale under the caps: rescaled to 8 bits there, the PNG comes back.
    deep = Image.new("I;16", (1200, 900), 4000)
    reading = IsolatedReading()
    stream = io.BytesIO()
    deep.save(stream, format="PNG")
    image = reading.radiology_image("f1", IMAGE, "deep.png", stream.getvalue)
    assert (image.width, image.height) == (1024, 768)


def test_a_deep_image_at_the_size_limit_fits_the_default_memory_cap(tmp_path) -> None:
    # 5000 x 5000 at 16 bits (50 MB decoded, under the 64 MB limit): rescaled in 32-bit
    # floats in place it needs about 350 MB; in 64-bit temporaries it needed over 768 MB.
    from benchmarks.hostile_files import deep_png

    content = deep_png(tmp_path / "deep.png", 5000, 5000, "I;16").read_bytes()
    reading = IsolatedReading(ReadingLimits(seconds=60))
    assert reading.limits.memory_bytes == 1024 * MB
    image = reading.radiology_image("f1", IMAGE, "deep.png", lambda: content)
    assert (image.width, image.height) == (1024, 1024)


def test_a_page_arrives_before_its_file_is_read_and_the_time_limit_still_holds() -> None:
    # Two seconds, not one: on a loaded two-core machine (two test workers and a browser)
    # a child can take most of a second to start and import its reader (a warm child
    # answers in under 10 ms on an idle one).
    reading = IsolatedReading(ReadingLimits(seconds=2), lab_reader=hostile_readers.page_then_stuck)
    # The process-wide reading server starts at its first file (a second or more on a busy
    # machine): start it first, so that the limit below times the reading alone.
    IsolatedReading(ReadingLimits(seconds=30)).lab_document("w", LAB, "w.txt", lambda: b"x")
    pages: list[tuple[float, int, bytes]] = []
    started = time.monotonic()

    def on_page(number: int, png: bytes) -> None:
        pages.append((time.monotonic() - started, number, png))

    document = reading.lab_document("f", LAB, "scan.pdf", lambda: b"%PDF", on_page)

    assert [(n, png) for _, n, png in pages] == [(1, b"page one")]
    assert pages[0][0] < 2  # while the child was still reading, before its limit
    assert document.warnings == [f"{LAB}: reading took longer than 2 seconds and was stopped"]
    assert time.monotonic() - started < 4  # a page does not extend the limit


def test_a_thumbnail_is_made_in_a_child_like_in_process() -> None:
    reading = IsolatedReading(ReadingLimits(seconds=30))
    png, dicom = samples.png_bytes(900, 600), samples.dicom_bytes()
    assert reading.thumbnail("f1", "This image", "knee.png", lambda: png) == thumbnail_png(
        "knee.png", png
    )
    assert reading.thumbnail("f2", "This image", "head.dcm", lambda: dicom) == thumbnail_png(
        "head.dcm", dicom
    )
    with pytest.raises(UnreadableImage, match=r"^This image: the image is corrupt or truncated$"):
        reading.thumbnail("f3", "This image", "x.png", lambda: b"\x89PNG\r\n\x1a\nnot really")


def test_a_thumbnail_reader_that_crashes_or_loops_costs_only_its_child() -> None:
    # In this process the first would end the test run (os._exit) and the second never return.
    crashing = IsolatedReading(thumbnail_reader=hostile_readers.exits_abruptly)
    with pytest.raises(UnreadableImage, match=r"^This image: .*its reader stopped unexpectedly"):
        crashing.thumbnail("f1", "This image", "x.png", samples.png_bytes)
    looping = IsolatedReading(
        ReadingLimits(seconds=1), thumbnail_reader=hostile_readers.never_finishes
    )
    started = time.monotonic()
    with pytest.raises(
        UnreadableImage, match=r"^This image: reading took longer than 1 second and was stopped$"
    ):
        looping.thumbnail("f1", "This image", "x.png", samples.png_bytes)
    assert time.monotonic() - started < 5


def test_a_thumbnail_past_the_memory_cap_fails_alone(tmp_path) -> None:
    # A real image, no test double: 4000 x 4000 at 16 bits (32 MB decoded, within the upload
    # limits) needs well over 64 MB more to rescale to 8 bits; the reader goes on after it.
    from benchmarks.hostile_files import deep_png

    content = deep_png(tmp_path / "deep.png", 4000, 4000, "I;16").read_bytes()
    reading = IsolatedReading(ReadingLimits(seconds=30, memory_bytes=64 * MB))
    with pytest.raises(
        UnreadableImage, match=r"^This image: reading it needed more than 64 MB of memory"
    ):
        reading.thumbnail("f1", "This image", "deep.png", lambda: content)
    assert reading.thumbnail("f2", "This image", "knee.png", samples.png_bytes).startswith(
        b"\x89PNG"
    )
