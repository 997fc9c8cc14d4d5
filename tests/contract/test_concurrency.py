"""Many sessions writing at once: every case and every byte arrives intact."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

from core.models import NewCase, Upload
from tests import samples

THREADS = 20


def test_twenty_threads_creating_cases_with_files(harness) -> None:
    doctors = [harness.sign_up() for _ in range(4)]

    def create(n: int):
        who = doctors[n % len(doctors)]
        uploads = [
            Upload(
                f"labs-{n}.txt",
                f"Glucose {100 + n} mg/dL\n".encode() + os.urandom(64).hex().encode(),
                "lab",
            ),
            Upload("scan.png", samples.png_bytes(32 + n, 24 + n), "radiology"),
            Upload("report.pdf", samples.pdf_bytes([f"case {n}"]), "lab"),
        ]
        created = who.services.create_case(NewCase(f"Patient {n}", n, "other"), uploads)
        return who, created, uploads

    with ThreadPoolExecutor(THREADS) as pool:
        results = list(pool.map(create, range(THREADS)))

    assert harness.row_counts()["cases"] == THREADS
    assert harness.row_counts()["case_files"] == THREADS * 3
    for who, created, uploads in results:
        detail = who.services.get_case(created.case.case_id)
        assert detail.case.patient_name == created.case.patient_name
        assert len(detail.files) == 3
        for record, upload in zip(detail.files, uploads, strict=True):
            assert record.file_size == len(upload.content)
            assert who.backend.blobs.get(record.file_url) == upload.content
    for who in doctors:
        listed = who.services.list_cases()
        assert len(listed) == THREADS // len(doctors)
        assert all(c.user_id == who.doctor.user_id for c in listed)


def test_concurrent_updates_and_uploads_on_one_case(harness) -> None:
    who = harness.sign_up()
    case = who.services.create_case(NewCase("Ada", 50, "female"), []).case

    def work(n: int) -> None:
        if n % 2:
            who.services.update_case(case.case_id, {"patient_age": n})
        else:
            who.services.upload_file(case.case_id, Upload(f"f{n}.txt", f"n={n}".encode(), "lab"))

    with ThreadPoolExecutor(THREADS) as pool:
        list(pool.map(work, range(THREADS)))
    files = who.services.list_files(case.case_id)
    assert sorted(f.file_name for f in files) == sorted(f"f{n}.txt" for n in range(0, THREADS, 2))
    for record in files:
        assert who.backend.blobs.get(record.file_url) == f"n={record.file_name[1:-4]}".encode()
