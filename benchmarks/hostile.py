"""Hostile files against the real analyzer: memory stays bounded, every case ends in time.

Writes its own hostile set (``benchmarks.hostile_files``), then:

1. Uploads that must be refused, as streams (what the HTTP API hands the core): a DOCX
   whose XML unpacks to 190 MB, a 7000 x 7000 16-bit PNG, a JPEG and a PNG declaring
   impossible sizes, ten 45 MB PDFs in one request, 900 files in one case.
2. Four analyses at once through the clinic ``core.bootstrap`` builds (embedded backend,
   rules engine, each file read in a child process): bombs stored before the upload
   checks existed (written straight to storage), deep and multi-channel images under the
   caps, many files in one case, and large PDFs with a flate bomb and a huge DOCX.

First, the cases of issue #23, each with the seconds it took and the peak resident memory
of this process (the web process: the API or dashboard that took the request): two 48 MB
DICOM files of 6 million empty header elements uploaded at once, a DOCX of 500,000 zip
entries, and a pilot enrolment of a case whose stored image is that DICOM file. Before
the parts were counted and the parses moved to the reading children, they cost 90 s and
4.4 GB, 28 s of CPU, and 68 s and 2.5 GB. ``--issue-cases`` runs only these.

Peak memory is sampled every 50 ms as the resident size of this process plus every
process under it (the forkserver and the children reading files), from ``/proc``. The
last line is ``peak_rss_mb=N cases_within_deadline=K/K``; the targets are under 1,500 MB
and every case ``completed`` or ``failed`` within its deadline.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import BinaryIO

from benchmarks import hostile_files as make
from core import lifecycle
from core.bootstrap import Clinic, build_clinic
from core.config import Settings
from core.errors import MedCaseError
from core.files import FILE_KINDS, extension_of, storage_key
from core.models import AuthSession, Case, CaseFile, NewCase, Upload, utc_now
from core.services import CaseService
from tests.doubles import finish_analysis

MB = 1024 * 1024
PEAK_TARGET_MB = 1500
FORM = NewCase("Hostile Files", 47, "female", "Benchmark of hostile uploads.")


class PeakMemory:
    """Samples the resident memory of this process and all its descendants."""

    def __init__(self, every: float = 0.05) -> None:
        self.every = every
        self.peak_total = 0
        self.peak_self = 0
        self.peak_children = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="peak-memory", daemon=True)

    def __enter__(self) -> PeakMemory:
        self.baseline = _rss(os.getpid())
        self.peak_self = self.baseline
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()
        self.peak_self = max(self.peak_self, _rss(os.getpid()))

    def _run(self) -> None:
        me = os.getpid()
        while not self._stop.wait(self.every):
            own = _rss(me)
            children = sum(_rss(pid) for pid in _descendants(me))
            self.peak_self = max(self.peak_self, own)
            self.peak_children = max(self.peak_children, children)
            self.peak_total = max(self.peak_total, own + children)


def _rss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, IndexError, ValueError):
        return 0  # the process ended between listing and reading


def _descendants(root: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                # The command name may hold spaces; the parent id follows its closing ')'.
                parents[int(entry)] = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
    found, frontier = [], [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent]
        found.extend(children)
        frontier.extend(children)
    return found


def _streams(paths: list[tuple[Path, str]]) -> list[Upload]:
    """Uploads as open files: what the HTTP API's spooled parts are."""
    return [Upload(path.name, path.open("rb"), category) for path, category in paths]


def refusals(services: CaseService, folder: Path) -> list[tuple[str, str, float]]:
    """Each upload that must be refused: what was sent, the answer, seconds taken."""
    pdf45 = make.pdf_scanned(folder / "scan45.pdf", 45)
    attempts: list[tuple[str, list[tuple[Path, str]]]] = [
        ("DOCX, XML unpacks to 190 MB", [(make.docx_bomb(folder / "bomb.docx", 190), "lab")]),
        (
            "PNG 7000x7000 16-bit",
            [(make.png(folder / "deep-bomb.png", 7000, 7000, 16), "radiology")],
        ),
        (
            "PNG header 100000x100000",
            [(make.png_header_only(folder / "header.png", 100_000, 100_000), "radiology")],
        ),
        (
            "JPEG header 60000x60000",
            [(make.jpeg_declaring(folder / "header.jpg", 60_000, 60_000), "radiology")],
        ),
        ("ten 45 MB PDFs in one request", [(pdf45, "lab")] * 10),
        ("900 files in one case", [(folder / "tiny.txt", "lab")] * 900),
    ]
    (folder / "tiny.txt").write_bytes(b"Sodium 139 mmol/L\n")
    answers = []
    for what, paths in attempts:
        uploads = _streams(paths)
        started = time.perf_counter()
        try:
            services.create_case(FORM, uploads)
            answer = "ACCEPTED"
        except MedCaseError as error:
            answer = f"{error.status} {error}"
        answers.append((what, answer, time.perf_counter() - started))
        _close(uploads)
    return answers


def stored_before_checks(
    clinic: Clinic,
    session: AuthSession,
    folder: Path,
    files: list[tuple[Path, str]] | None = None,
) -> tuple[str, Callable[[], None]]:
    """A case whose bombs are written straight to storage, as if uploaded before the
    checks existed: only the analyzer's own defences stand between them and memory."""
    files = files or [
        (make.docx_bomb(folder / "stored-bomb.docx", 190), "lab"),
        (make.pdf_flate_bomb(folder / "stored-flate.pdf", 4, 75), "lab"),
        (make.png(folder / "stored-deep.png", 7000, 7000, 16), "radiology"),
        (make.jpeg_declaring(folder / "stored-header.jpg", 60_000, 60_000), "radiology"),
    ]
    backend = clinic.provider.for_session(session)
    owner, case_id, now = session.doctor.user_id, str(uuid.uuid4()), utc_now()
    records = []
    for path, category in files:
        file_id = str(uuid.uuid4())
        record = CaseFile(
            file_id=file_id,
            case_id=case_id,
            user_id=owner,
            file_name=path.name,
            file_type=FILE_KINDS[extension_of(path.name)].mime_type,
            file_size=path.stat().st_size,
            file_url=storage_key(owner, case_id, file_id, path.name),
            file_category=category,
            uploaded_at=now,
        )
        with path.open("rb") as stream:
            backend.blobs.put(record.file_url, stream, record.file_type)
        records.append(record)
    case = Case(
        case_id=case_id,
        user_id=owner,
        patient_name=FORM.patient_name,
        patient_age=FORM.patient_age,
        patient_gender=FORM.patient_gender,
        case_summary=FORM.case_summary,
        created_at=now,
        updated_at=now,
        **lifecycle.created(),
    )
    backend.cases.add_case(case, records)
    backend.close()
    open_backend = partial(clinic.provider.for_session, session)
    return case_id, lambda: clinic.analyzer.enqueue(session.doctor, case_id, open_backend)


def issue_cases(clinic: Clinic, session: AuthSession, folder: Path) -> None:
    """The hostile files of issue #23: seconds and this process's peak memory for each."""
    services = clinic.services_for(session)
    dicom = make.dicom_many_elements(folder / "elements.dcm", 6_000_000)
    docx = make.docx_many_entries(folder / "entries.docx", 500_000)
    print(
        "\nissue #23 (seconds; this process's peak resident memory, and above its size "
        "before; answer):"
    )

    def upload(path: Path, category: str, answers: list[str]) -> None:
        with path.open("rb") as stream:
            try:
                services.create_case(FORM, [Upload(path.name, stream, category)])
                answers.append("ACCEPTED")
            except MedCaseError as error:
                answers.append(f"{error.status} {error}")

    def measured(what: str, run: Callable[[list[str]], None]) -> None:
        answers: list[str] = []
        with PeakMemory() as memory:
            started = time.perf_counter()
            run(answers)
            seconds = time.perf_counter() - started
        grew = (memory.peak_self - memory.baseline) / MB
        print(
            f"  {what:44} {seconds:6.2f} s {memory.peak_self / MB:5.0f} MB (+{grew:3.0f} MB)"
            f"  {answers[0]}"
        )

    def two_dicoms(answers: list[str]) -> None:
        uploads = [
            threading.Thread(target=upload, args=(dicom, "radiology", answers)) for _ in range(2)
        ]
        for thread in uploads:
            thread.start()
        for thread in uploads:
            thread.join()

    size = dicom.stat().st_size / MB
    measured(f"two {size:.0f} MB DICOMs of 6,000,000 elements", two_dicoms)
    size = docx.stat().st_size / MB
    measured(f"DOCX of 500,000 entries ({size:.0f} MB)", lambda a: upload(docx, "lab", a))

    case_id, _ = stored_before_checks(clinic, session, folder, [(dicom, "radiology")])
    backend = clinic.provider.for_session(session)
    finish_analysis(backend, session.doctor.user_id, case_id)
    backend.close()
    pilots = clinic.pilots_for(services)
    pilot = pilots.create_pilot("Hostile pilot", "", "2026-11-01", "2027-01-31")

    def enrol(answers: list[str]) -> None:
        (enrolment,) = pilots.enrol(pilot.pilot_id, [case_id])
        view = pilots.enrolled_case(enrolment.enrolment_id).view
        (image,) = view.images if view is not None else [None]
        assert image is not None
        answers.append("enrolled, picture " + ("shown" if image.png else "left out"))

    # The first enrolment also starts the reading children's forkserver and loads the
    # scrubber's recognisers; the second is what every later one costs.
    measured("pilot enrolment of that DICOM, stored", enrol)
    pilot = pilots.create_pilot("Hostile pilot 2", "", "2026-11-01", "2027-01-31")
    measured("the same in a second pilot", enrol)
    services.close()


def accepted_cases(folder: Path) -> dict[str, list[tuple[Path, str]]]:
    """Three cases that pass every upload check and still push the readers hard."""
    many = [(make.png(folder / f"many-{i}.png", 2000, 1500), "radiology") for i in range(6)]
    many += [(_lab_pdf(folder / f"many-{i}.pdf"), "lab") for i in range(14)]
    return {
        "deep and multi-channel images under the caps": [
            (make.deep_png(folder / "deep16.png", 5000, 5000, "I;16"), "radiology"),
            (make.deep_png(folder / "rgba.png", 4000, 4000, "RGBA"), "radiology"),
            (make.png(folder / "gray16-flat.png", 5600, 5600, 16), "radiology"),
            (make.png(folder / "rgba16-flat.png", 2800, 2800, 16, 6), "radiology"),
        ],
        "many files in one case (20, the request limit)": many,
        "large PDFs, a flate bomb and a 60 MB DOCX": [
            (make.pdf_scanned(folder / f"large-{i}.pdf", 45), "lab") for i in range(3)
        ]
        + [
            (make.pdf_flate_bomb(folder / "flate.pdf", 6, 75), "lab"),
            (make.docx_many_paragraphs(folder / "long.docx", 60), "lab"),
        ],
    }


def _lab_pdf(path: Path) -> Path:
    from tests.samples import LAB_REPORT_LINES, pdf_bytes

    path.write_bytes(pdf_bytes(LAB_REPORT_LINES, pages=3))
    return path


def _close(uploads: list[Upload]) -> None:
    for upload in uploads:
        if not isinstance(upload.content, bytes):
            stream: BinaryIO = upload.content
            stream.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reading-seconds", type=float, default=None)
    parser.add_argument("--reading-mb", type=int, default=None)
    parser.add_argument("--issue-cases", action="store_true", help="only issue #23's files")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="medcase-hostile-") as tmp:
        folder, data = Path(tmp) / "set", Path(tmp) / "data"
        folder.mkdir()
        overrides = {
            "MEDCASE_DATA_DIR": str(data),
            "MEDCASE_FILE_READING_SECONDS": args.reading_seconds,
            "MEDCASE_FILE_READING_MB": args.reading_mb,
        }
        settings = Settings.from_sources(
            {k: v for k, v in overrides.items() if v is not None}, os.environ
        )
        print("writing the hostile set ...", flush=True)
        cases = {} if args.issue_cases else accepted_cases(folder)
        clinic = build_clinic(settings)
        try:
            session = clinic.provider.accounts.sign_up(
                "hostile@clinic.test", "hostile-benchmark-pw"
            )
            issue_cases(clinic, session, folder)
            return 0 if args.issue_cases else _run(clinic, settings, folder, cases, session)
        finally:
            clinic.close()


def _run(
    clinic: Clinic,
    settings: Settings,
    folder: Path,
    cases: dict[str, list[tuple[Path, str]]],
    session: AuthSession,
) -> int:
    services = clinic.services_for(session)
    deadline = settings.analysis_deadline_minutes * 60
    print(
        f"settings: {settings.analyzer_workers} analyses at once, {settings.file_readers} "
        f"reading processes, {settings.file_reading_seconds:g} s and "
        f"{settings.file_reading_mb} MB per file, deadline {deadline} s"
    )
    with PeakMemory() as memory:
        print("\nuploads that must be refused (sent as streams):")
        for what, answer, seconds in refusals(services, folder):
            print(f"  {what:34} {seconds * 1000:7.0f} ms  {answer}")
        upload_peak = memory.peak_total
        stored_id, enqueue_stored = stored_before_checks(clinic, session, folder)
        names = {stored_id: "bombs stored before the upload checks"}
        started = time.monotonic()
        enqueue_stored()
        for name, paths in cases.items():
            uploads = _streams(paths)
            names[services.create_case(FORM, uploads).case.case_id] = name
            _close(uploads)
        ended: dict[str, float] = {}
        while len(ended) < len(names) and time.monotonic() - started < deadline + 60:
            for case_id in names:
                status = services.get_case(case_id).case.status
                if case_id not in ended and status in ("completed", "failed"):
                    ended[case_id] = time.monotonic() - started
            time.sleep(0.25)
    print("\nfour analyses at once:")
    within = 0
    for case_id, name in names.items():
        detail = services.get_case(case_id)
        seconds = ended.get(case_id)
        insights = detail.ai_insights or {}
        warnings = (insights.get("provenance") or {}).get("warnings", [])
        ok = seconds is not None and seconds <= deadline
        within += ok
        took = f"{seconds:6.1f} s" if seconds is not None else "  never"
        print(f"  {name:48} {detail.case.status:9} {took}  {len(warnings)} warning(s)")
        for warning in warnings:
            print(f"      - {warning}")
        if detail.case.analysis_error:
            print(f"      error: {detail.case.analysis_error}")
    services.close()
    peak = memory.peak_total / MB
    print(
        f"\npeak resident memory: {peak:.0f} MB in all (this process alone "
        f"{memory.peak_self / MB:.0f} MB, the reading processes together at most "
        f"{memory.peak_children / MB:.0f} MB; during the refused uploads {upload_peak / MB:.0f} MB)"
    )
    print(f"peak_rss_mb={peak:.0f} cases_within_deadline={within}/{len(names)}")
    return 0 if peak < PEAK_TARGET_MB and within == len(names) else 1


if __name__ == "__main__":
    sys.exit(main())
