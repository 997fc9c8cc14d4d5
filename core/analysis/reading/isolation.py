"""Each file read in a child process with a time limit and a memory cap.

The decoders (pypdf, python-docx, Pillow, pydicom, numpy) run on bytes a doctor uploaded;
a hostile file can make one of them loop or allocate gigabytes, and a Python thread cannot
be stopped. So every file is read in its own short-lived child, forked from a forkserver
that has the readers imported (about 10 ms a file): a child over its time is killed and a
child over its memory fails alone, and either becomes a warning on a case that goes on.
Results come back through a pipe as plain data; a scanned lab page comes back as soon as
it is rendered, ahead of the file's answer, so its vision request need not wait for the file.
The case page's radiology thumbnails, the pictures a pilot's reviewers see and the
upload check's parse of a DOCX directory or a DICOM header are made the same way, so that
no file is ever parsed in the web process. The bytes go to the child a piece at a time: a
streamed upload is never held whole in the web process.
"""

from __future__ import annotations

import ctypes
import logging
import multiprocessing
import multiprocessing.forkserver
import os
import resource
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext
from typing import Any, Protocol

from core.analysis.reading import ocr
from core.analysis.reading.extraction import PageSink, extract_lab_document
from core.analysis.reading.imaging import UnreadableImage, prepare_radiology_image, thumbnail_png
from core.analysis.reading.messages import message_kind, message_problem
from core.errors import InvalidInput
from core.file_parts import TooManyParts
from core.files import extension_of
from core.insights import LabDocument, RadiologyImage
from core.unpacked import Headers, read_headers
from core.upload_stream import CHUNK, UploadContent, as_stream, size_of

log = logging.getLogger(__name__)

# The stored bytes (or an upload, whole or as a stream), loaded once a child can start.
LoadFile = Callable[[], UploadContent]
_M_ARENA_MAX = -8  # glibc's mallopt parameter
_OCR_SHARE = 0.85  # of the file's reading time, the part OCR may start pages in
LabReader = Callable[..., LabDocument]  # extract_lab_document's signature
ImageReader = Callable[[str, str, str, bytes], RadiologyImage]
ThumbnailReader = Callable[[str, str, str, bytes], bytes]
HeadersReader = Callable[[str, str, str, bytes], Headers]

# What the forkserver imports once, so a child starts with the decoders in memory: the OCR
# library too (onnxruntime, OpenCV: seconds to import), which the web process never loads.
_PRELOAD = ["core.analysis.reading.isolation", "rapidocr"]


class FileReading(Protocol):
    """How the pipeline turns a stored file into a lab document or a radiology picture."""

    def lab_document(
        self,
        file_id: str,
        label: str,
        file_name: str,
        load: LoadFile,
        on_page: PageSink | None = None,
    ) -> LabDocument:
        """The file's text; problems (time, memory, corrupt bytes) become warnings.
        Scanned pages are rendered only for an ``on_page``, which gets each when ready."""

    def radiology_image(
        self, file_id: str, label: str, file_name: str, load: LoadFile, max_side: int | None = None
    ) -> RadiologyImage:
        """The model-ready picture (its longer side at most ``max_side`` when given);
        UnreadableImage (with a message safe to show) otherwise."""

    def thumbnail(self, file_id: str, label: str, file_name: str, load: LoadFile) -> bytes:
        """A small PNG preview for the case page; UnreadableImage (safe to show) otherwise."""

    def upload_headers(self, extension: str, content: UploadContent) -> Headers:
        """An upload's parsed headers (``core.unpacked.read_headers``); InvalidInput when
        they hold too many parts or their parse went over a limit."""


def radiology_thumbnail(file_id: str, label: str, file_name: str, content: bytes) -> bytes:
    """``thumbnail_png`` with the readers' arguments, its messages naming ``label``."""
    return thumbnail_png(file_name, content, label=label)


def upload_headers(file_id: str, label: str, file_name: str, content: bytes) -> Headers:
    """``checked_headers`` with the readers' arguments (the extension is the file name's)."""
    return checked_headers(extension_of(file_name), content)


def checked_headers(extension: str, content: UploadContent) -> Headers:
    """``read_headers``; a lab message (HL7 v2, FHIR) is read whole by its reader too, and
    one it cannot read does not match, its reader's reason the problem (an XML DOCTYPE, a
    cut-off JSON, a wrong MSH-2): refused at upload, not found unreadable after the fact."""
    headers = read_headers(extension, content)
    kind = message_kind(extension, b"")
    if kind is None or not headers.matches:
        return headers
    problem = message_problem(kind, _whole(content))
    return headers if problem is None else Headers(False, headers.unpacked_bytes, problem)


class InProcessReading:
    """Reads in the calling thread: for unit tests of the pipeline and small scripts."""

    def lab_document(
        self,
        file_id: str,
        label: str,
        file_name: str,
        load: LoadFile,
        on_page: PageSink | None = None,
    ) -> LabDocument:
        return extract_lab_document(file_id, label, file_name, _whole(load()), on_page)

    def radiology_image(
        self, file_id: str, label: str, file_name: str, load: LoadFile, max_side: int | None = None
    ) -> RadiologyImage:
        sized = {} if max_side is None else {"max_side": max_side}
        return prepare_radiology_image(file_id, label, file_name, _whole(load()), **sized)

    def thumbnail(self, file_id: str, label: str, file_name: str, load: LoadFile) -> bytes:
        return radiology_thumbnail(file_id, label, file_name, _whole(load()))

    def upload_headers(self, extension: str, content: UploadContent) -> Headers:
        return checked_headers(extension, content)


def _whole(content: UploadContent) -> bytes:
    return content if isinstance(content, bytes) else as_stream(content).read()


@dataclass(frozen=True)
class ReadingLimits:
    """How long one file's reading may take, the memory its child may add, how many at once."""

    seconds: float = 60.0
    memory_bytes: int = 1024 * 1024 * 1024  # OCR of a page: 640-768 MB
    processes: int = 2


class _Stopped(Exception):
    """The child did not answer: ``reason`` says why, in words a doctor can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class IsolatedReading:
    """Reads each file in a child process (``ReadingLimits``); one per process."""

    def __init__(
        self,
        limits: ReadingLimits | None = None,
        *,
        lab_reader: LabReader = extract_lab_document,
        image_reader: ImageReader = prepare_radiology_image,
        thumbnail_reader: ThumbnailReader = radiology_thumbnail,
        headers_reader: HeadersReader = upload_headers,
    ) -> None:
        self.limits = limits or ReadingLimits()
        # Readers are passed to the child by their importable name (tests pass slow ones).
        self._lab_reader = lab_reader
        self._image_reader = image_reader
        self._thumbnail_reader = thumbnail_reader
        self._headers_reader = headers_reader
        # At most ``processes`` children, and so at most that many files' bytes in this
        # process at once: a file is loaded only once its child can start.
        self._slots = threading.BoundedSemaphore(self.limits.processes)

    def lab_document(
        self,
        file_id: str,
        label: str,
        file_name: str,
        load: LoadFile,
        on_page: PageSink | None = None,
    ) -> LabDocument:
        names = (file_id, label, file_name)
        try:
            found = self._run("lab", self._lab_reader, names, load, on_page)
        except _Stopped as stopped:
            return LabDocument(
                file_id=file_id, label=label, text="", warnings=[f"{label}: {stopped.reason}"]
            )
        return LabDocument(file_id=file_id, label=label, **found)

    def radiology_image(
        self, file_id: str, label: str, file_name: str, load: LoadFile, max_side: int | None = None
    ) -> RadiologyImage:
        names = (file_id, label, file_name)
        sized = {} if max_side is None else {"max_side": max_side}
        try:
            found = self._run("image", self._image_reader, names, load, options=sized)
        except _Stopped as stopped:
            raise UnreadableImage(f"{label}: {stopped.reason}") from None
        return RadiologyImage(file_id=file_id, label=label, **found)

    def thumbnail(self, file_id: str, label: str, file_name: str, load: LoadFile) -> bytes:
        # Same children and limits as the analyzer's files: a page's preview waits for a
        # free one rather than decoding in the web process.
        names = (file_id, label, file_name)
        try:
            found = self._run("thumbnail", self._thumbnail_reader, names, load)
        except _Stopped as stopped:
            raise UnreadableImage(f"{label}: {stopped.reason}") from None
        return bytes(found["png"])

    def upload_headers(self, extension: str, content: UploadContent) -> Headers:
        # The upload check's parse: in a child like any reading, so a header of millions of
        # elements costs the child its limits, never the web process its memory.
        names = ("", "upload", f"upload.{extension}")
        try:
            found = self._run("headers", self._headers_reader, names, lambda: content)
        except (_Stopped, UnreadableImage) as stopped:
            reason = stopped.reason if isinstance(stopped, _Stopped) else str(stopped)
            raise InvalidInput(
                f"The {extension.upper()} file could not be checked: {reason}"
            ) from None
        return Headers(bool(found["matches"]), int(found["unpacked_bytes"]), found["problem"])

    def _run(
        self,
        kind: str,
        reader: Callable[..., Any],
        names: tuple[str, str, str],
        load: LoadFile,
        on_page: PageSink | None = None,
        options: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        limits = self.limits
        with self._slots:
            content = load()  # storage trouble raises here, in this process, as before
            context = _forkserver()
            ours, theirs = context.Pipe()
            child = context.Process(
                target=_read_in_child,
                args=(
                    theirs,
                    kind,
                    reader,
                    names,
                    limits.memory_bytes,
                    on_page is not None,
                    options or {},
                    limits.seconds,
                ),
                name="medcase-reading",
                daemon=True,
            )
            child.start()
            theirs.close()
            try:
                _send(ours, content)
                del content  # the child has it; this process keeps no copy while it waits
                deadline = time.monotonic() + limits.seconds
                while True:
                    if not ours.poll(max(0.0, deadline - time.monotonic())):
                        child.kill()
                        log.warning("file reading stopped after %s s", limits.seconds)
                        raise _Stopped(
                            f"reading took longer than {_seconds(limits.seconds)} and was stopped"
                        )
                    answer = ours.recv()
                    if answer[0] != "page" or on_page is None:
                        break
                    on_page(answer[1], answer[2])  # its vision request starts now
            except (EOFError, OSError):
                # The child died: killed by the kernel (memory), or a decoder crashed.
                child.join(5)
                log.warning("file reading ended abruptly (exit code %s)", child.exitcode)
                if child.exitcode == -signal.SIGKILL:
                    raise _Stopped(_too_big(limits)) from None
                raise _Stopped("could not be read (its reader stopped unexpectedly)") from None
            finally:
                ours.close()
                child.join(5)
                if child.is_alive():
                    child.kill()
                    child.join()
                child.close()
        outcome, found = answer
        if outcome == "memory":
            raise _Stopped(_too_big(limits))
        if outcome == "refused":
            raise _Stopped(str(found))
        if outcome == "unreadable":
            raise UnreadableImage(str(found))
        if outcome == "failed":
            raise _Stopped("could not be read")
        return dict(found)


def _send(pipe: Connection, content: UploadContent) -> None:
    """The file's size, then its bytes a piece at a time (a stream is never read whole)."""
    pipe.send(size_of(content))
    if isinstance(content, bytes | bytearray):
        view = memoryview(content)
        for start in range(0, len(view), CHUNK):
            pipe.send_bytes(view[start : start + CHUNK])
        return
    stream = as_stream(content)
    while piece := stream.read(CHUNK):
        pipe.send_bytes(piece)
    stream.seek(0)


def _receive(pipe: Connection) -> bytes:
    """What ``_send`` sent, whole (in the child, under its memory cap)."""
    size = int(pipe.recv())
    buffer = bytearray(size)
    view = memoryview(buffer)
    done = 0
    while done < size:
        done += pipe.recv_bytes_into(view[done:])
    view.release()
    return bytes(buffer)


def _too_big(limits: ReadingLimits) -> str:
    mb = limits.memory_bytes // (1024 * 1024)
    return f"reading it needed more than {mb} MB of memory and was stopped"


def _seconds(amount: float) -> str:
    return f"{amount:g} second" + ("" if amount == 1 else "s")


_context_lock = threading.Lock()
_context: ForkServerContext | None = None


def start_forkserver() -> None:
    """Start the forkserver now (a worker process, before its first case): its imports
    take seconds that the first file would otherwise wait for."""
    _forkserver()
    multiprocessing.forkserver.ensure_running()


def _forkserver() -> ForkServerContext:
    """The process-wide forkserver, started at the first file (not at import)."""
    global _context
    with _context_lock:
        if _context is None:
            context = multiprocessing.get_context("forkserver")
            assert isinstance(context, ForkServerContext)
            context.set_forkserver_preload(_entry_point() + _PRELOAD)
            _context = context
        return _context


def _entry_point() -> list[str]:
    """The entry script too (streamlit's, uvicorn's), imported once by the server, or else
    multiprocessing would import it again in every child (a second or more each)."""
    main = sys.modules["__main__"]
    spec = getattr(main, "__spec__", None)
    if spec is not None and spec.name and not spec.name.endswith("__main__"):
        # Run with ``python -m name``: each child runs the module again by that name, which
        # is cheap only when the server has it (and what it imports) already.
        return [spec.name]
    main_file = getattr(main, "__file__", None)
    return ["__main__"] if main_file and os.path.isfile(main_file) else []


# --- in the child ----------------------------------------------------------------------


def _read_in_child(
    pipe: Connection,
    kind: str,
    reader: Callable[..., Any],
    names: tuple[str, str, str],
    memory_bytes: int,
    pages: bool = False,
    options: dict[str, Any] | None = None,
    seconds: float | None = None,
) -> None:
    """Read one file and send back ``(outcome, plain data)``, after a ``("page", number,
    png)`` for each scanned page when ``pages``; runs in the child only."""
    _cap_memory(memory_bytes)
    answer: tuple[str, Any]

    def send_page(number: int, png: bytes) -> None:
        pipe.send(("page", number, png))

    try:
        content = _receive(pipe)
        extra = options or {}
        # OCR starts no page it cannot finish before the parent's limit (a margin left for
        # the answer's way back); the limit itself still stops a page that overruns.
        ocr.set_deadline(None if seconds is None else seconds * _OCR_SHARE)
        arguments = (*names, content, send_page) if pages else (*names, content)
        found = reader(*arguments, **extra)
        del content
        answer = ("ok", _plain(kind, found))
    except MemoryError:
        answer = ("memory", None)
    except TooManyParts as refused:
        answer = ("refused", refused.reason)
    except UnreadableImage as error:
        answer = ("unreadable", str(error))
    except Exception as error:  # noqa: BLE001 - the type only: a message may quote the file
        log.info("file reading failed in the child: %s", type(error).__name__)
        answer = ("failed", None)
    try:
        pipe.send(answer)
    except MemoryError:
        pipe.send(("memory", None))
    pipe.close()


def _cap_memory(extra_bytes: int) -> None:
    """Limit the child's address space to what it maps now plus ``extra_bytes``."""
    with open("/proc/self/status", encoding="ascii") as status:
        mapped = next(
            (int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize:")), 0
        )
    limit = mapped + extra_bytes
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    _one_malloc_arena()


def _one_malloc_arena() -> None:
    """One glibc malloc arena for all the child's threads: the address-space cap counts the
    64 MB each further arena reserves (OCR's threads took 400 MB of cap that way, unused)."""
    try:
        ctypes.CDLL(None).mallopt(_M_ARENA_MAX, 1)
    except (AttributeError, OSError):  # not glibc: its allocator reserves no such arenas
        log.debug("mallopt is not available")


def _plain(kind: str, found: Any) -> dict[str, Any]:
    """The reader's answer as the fields the parent rebuilds it from (bytes included)."""
    if kind == "lab":
        # Every field the reader filled (page numbers of scanned pages, excluded bytes
        # included), so that a field added to LabDocument is never lost on the way back.
        return {
            name: getattr(found, name)
            for name in LabDocument.model_fields
            if name not in ("file_id", "label")
        }
    if kind == "thumbnail":
        return {"png": bytes(found)}
    if kind == "headers":
        return {
            "matches": found.matches,
            "unpacked_bytes": found.unpacked_bytes,
            "problem": found.problem,
        }
    return {
        "png": found.png,
        "width": found.width,
        "height": found.height,
        "metadata": found.metadata,
        "warnings": found.warnings,
        "header_patients": found.header_patients,
    }
