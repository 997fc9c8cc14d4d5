"""Uploads through the HTTP API reach the core as the server's spooled files, never read
whole; a request over the per-request limits is refused (an oversized body unread)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from core.services import CaseService
from tests import samples
from tests.api.conftest import CASE_FORM, Doctor, make_clinic, sign_up

MB = 1024 * 1024


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Doctor]]:
    clinic = make_clinic(
        tmp_path_factory.mktemp("request") / "data",
        max_files_per_request=3,
        max_request_mb=4,
    )
    with TestClient(create_app(clinic), raise_server_exceptions=False) as client:
        yield client, sign_up(client, "stream@example.org")
    clinic.close()


def _text(size: int) -> bytes:
    line = b"Glucose 182 mg/dL\n"
    return (line * (size // len(line) + 1))[:size]


def test_an_upload_reaches_the_core_as_a_stream_and_is_stored_whole(
    limited: tuple[TestClient, Doctor], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, doctor = limited
    seen: list[Any] = []
    create = CaseService.create_case

    def spy(self: CaseService, form: Any, uploads: Any, request_key: Any = None) -> Any:
        seen.extend(upload.content for upload in uploads)
        return create(self, form, uploads, request_key)

    monkeypatch.setattr(CaseService, "create_case", spy)
    big = _text(3 * MB)
    answer = client.post(
        "/cases/create_case",
        headers=doctor.headers,
        data=CASE_FORM,
        files=[
            ("lab_files", ("big.txt", big, "text/plain")),
            ("radiology_files", ("chest.png", samples.png_bytes(), "image/png")),
        ],
    )
    assert answer.status_code == 201, answer.text
    assert seen and not any(isinstance(content, bytes) for content in seen)
    stored = answer.json()["uploaded_files"][0]
    assert stored["file_size"] == len(big)
    case_id = answer.json()["case"]["case_id"]
    listed = client.get(f"/cases/files/{case_id}", headers=doctor.headers).json()["files"]
    assert {f["file_name"] for f in listed} == {"big.txt", "chest.png"}


def test_more_files_than_one_request_may_carry_is_400(limited: tuple[TestClient, Doctor]) -> None:
    client, doctor = limited
    files = [("lab_files", (f"v{i}.txt", b"Sodium 139 mmol/L", "text/plain")) for i in range(4)]
    answer = client.post("/cases/create_case", headers=doctor.headers, data=CASE_FORM, files=files)
    assert answer.status_code == 400
    assert answer.json() == {
        "detail": "At most 3 files can be uploaded at once (4 were sent); add the others afterwards"
    }


def test_more_bytes_than_one_request_may_carry_is_413(limited: tuple[TestClient, Doctor]) -> None:
    client, doctor = limited
    before = client.get("/cases/all_cases", headers=doctor.headers).json()["cases"]
    # Under the body bound (limit + 1 MB of form overhead), over the files' bound: the core.
    files = [("lab_files", (f"v{i}.txt", _text(int(1.5 * MB)), "text/plain")) for i in range(3)]
    answer = client.post("/cases/create_case", headers=doctor.headers, data=CASE_FORM, files=files)
    assert answer.status_code == 413
    assert answer.json() == {"detail": "At most 4 MB of files can be uploaded at once"}
    # Past the body bound: refused from its declared length, before it is read.
    files = [("lab_files", ("huge.txt", _text(6 * MB), "text/plain"))]
    answer = client.post("/cases/create_case", headers=doctor.headers, data=CASE_FORM, files=files)
    assert answer.status_code == 413
    assert answer.json() == {"detail": "At most 4 MB of files can be uploaded at once"}
    assert client.get("/cases/all_cases", headers=doctor.headers).json()["cases"] == before


def test_a_body_without_a_length_over_the_bound_is_413(
    limited: tuple[TestClient, Doctor],
) -> None:
    client, doctor = limited

    def body() -> Iterator[bytes]:
        boundary = b"--b\r\n"
        yield boundary + b'Content-Disposition: form-data; name="lab_files"; filename="x.txt"'
        yield b"\r\nContent-Type: text/plain\r\n\r\n"
        for _ in range(8):
            yield _text(MB)
        yield b"\r\n--b--\r\n"

    answer = client.post(
        "/cases/create_case",
        headers={**doctor.headers, "Content-Type": "multipart/form-data; boundary=b"},
        content=body(),
    )
    assert answer.status_code == 413
    assert answer.json() == {"detail": "At most 4 MB of files can be uploaded at once"}
