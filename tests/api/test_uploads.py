"""Uploading and listing files, and every way a file can be refused."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from core.bootstrap import Clinic
from tests import samples
from tests.api.conftest import CASE_FORM, Doctor, sign_up

NewCaseFn = Callable[..., dict[str, Any]]
MEGABYTE = 1024 * 1024


def _upload(
    client: TestClient, doctor: Doctor, case_id: str, name: str, content: bytes, **form: str
) -> Any:
    return client.post(
        "/cases/upload",
        headers=doctor.headers,
        data={"case_id": case_id, **form},
        files={"file": (name, content, "application/octet-stream")},
    )


def test_upload_is_201_and_defaults_to_a_lab_file(
    client: TestClient, clinic: Clinic, doctor: Doctor, new_case: NewCaseFn
) -> None:
    case_id = new_case()["case"]["case_id"]
    content = samples.docx_bytes()
    answer = _upload(client, doctor, case_id, "cbc.docx", content)
    assert answer.status_code == 201, answer.text
    body = answer.json()
    assert body["message"] == "File uploaded successfully"
    record = body["file"]
    assert set(record) >= {
        "file_id",
        "case_id",
        "file_name",
        "file_type",
        "file_size",
        "file_url",
        "uploaded_at",
    }
    assert record["case_id"] == case_id
    assert record["file_name"] == "cbc.docx"
    assert record["file_category"] == "lab"
    assert record["file_size"] == len(content)
    assert record["file_type"].endswith("wordprocessingml.document")
    assert (clinic.settings.data_dir / "files" / record["file_url"]).read_bytes() == content


def test_files_are_listed_in_upload_order_and_empty_when_none(
    client: TestClient, doctor: Doctor, new_case: NewCaseFn
) -> None:
    case_id = new_case()["case"]["case_id"]
    empty = client.get(f"/cases/files/{case_id}", headers=doctor.headers)
    assert empty.status_code == 200
    assert empty.json() == {"files": []}
    uploads = [
        ("scan.jpg", samples.jpeg_bytes(), "radiology"),
        ("report.pdf", samples.pdf_bytes(), "lab"),
        ("report.pdf", samples.pdf_bytes(["Sodium 139 mmol/L"]), "lab"),
        ("values.csv", b"test,value\nglucose,182\n", "lab"),
    ]
    ids = []
    for name, content, category in uploads:
        answer = _upload(client, doctor, case_id, name, content, file_category=category)
        assert answer.status_code == 201, answer.text
        ids.append(answer.json()["file"]["file_id"])
    listed = client.get(f"/cases/files/{case_id}", headers=doctor.headers).json()["files"]
    assert [f["file_id"] for f in listed] == ids
    assert [f["file_category"] for f in listed] == [u[2] for u in uploads]
    # Two uploads with one name never share a storage key.
    assert len({f["file_url"] for f in listed}) == len(uploads)
    detail = client.get(f"/cases/cases/{case_id}", headers=doctor.headers).json()
    assert [f["file_id"] for f in detail["files"]] == ids


@pytest.mark.parametrize(
    ("name", "content", "form", "detail"),
    [
        ("chest.png", samples.png_bytes(), {"file_category": "xray"}, "Unknown file category"),
        ("empty.txt", b"", {}, "'empty.txt' is empty"),
        ("fake.png", b"GIF89a not a png at all", {"file_category": "radiology"}, "not a valid PNG"),
        ("fake.pdf", samples.png_bytes(), {}, "not a valid PDF"),
        ("ct.dcm", samples.dicom_bytes(), {}, "cannot be a lab file"),
        ("fake.jpg", samples.png_bytes(), {}, "not a valid JPEG"),
        ("labs.pdf", samples.pdf_bytes(), {"file_category": "radiology"}, "cannot be a radiology"),
        ("run.exe", b"MZ\x90\x00", {}, "not an accepted file type"),
        ("noextension", b"plain words", {}, "not an accepted file type"),
    ],
)
def test_upload_refuses_bad_files_with_400(
    client: TestClient,
    doctor: Doctor,
    new_case: NewCaseFn,
    name: str,
    content: bytes,
    form: dict[str, str],
    detail: str,
) -> None:
    case_id = new_case()["case"]["case_id"]
    answer = _upload(client, doctor, case_id, name, content, **form)
    assert answer.status_code == 400
    assert detail in answer.json()["detail"]
    assert client.get(f"/cases/files/{case_id}", headers=doctor.headers).json() == {"files": []}


@pytest.mark.parametrize(
    ("files", "detail"),
    [
        ([("radiology_files", ("fake.png", b"\x89PNX not really", "image/png"))], "not a valid"),
        ([("lab_files", ("empty.pdf", b"", "application/pdf"))], "'empty.pdf' is empty"),
        ([("lab_files", ("scan.dcm", samples.dicom_bytes(), "application/dicom"))], "lab file"),
    ],
)
def test_create_case_with_a_bad_file_is_400_and_creates_nothing(
    client: TestClient, fresh_doctor: Doctor, files: list[tuple[str, Any]], detail: str
) -> None:
    good = ("lab_files", ("cbc.pdf", samples.pdf_bytes(), "application/pdf"))
    answer = client.post(
        "/cases/create_case", headers=fresh_doctor.headers, data=CASE_FORM, files=[good, *files]
    )
    assert answer.status_code == 400
    assert detail in answer.json()["detail"]
    assert client.get("/cases/all_cases", headers=fresh_doctor.headers).json() == {"cases": []}


def test_upload_form_errors_are_400(client: TestClient, doctor: Doctor) -> None:
    no_file = client.post("/cases/upload", headers=doctor.headers, data={"case_id": "x"})
    assert no_file.status_code == 400
    assert no_file.json() == {"detail": "file is required"}
    not_a_file = client.post(
        "/cases/upload", headers=doctor.headers, data={"case_id": "x", "file": "words"}
    )
    assert not_a_file.status_code == 400
    assert not_a_file.json() == {"detail": "file must be a file part"}
    no_case = client.post(
        "/cases/upload", headers=doctor.headers, files={"file": ("a.txt", b"abc")}
    )
    assert no_case.status_code == 400
    assert no_case.json() == {"detail": "case_id is required"}


HOSTILE_NAMES = [
    "../../../etc/passwd.txt",
    "..\\..\\windows\\system32\\config.txt",
    "/absolute/path/notes.txt",
    "notes\x00.exe.txt",
    "résumé – naïve 患者.txt",
    "a" * 400 + ".txt",
    "....txt",
]


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_hostile_file_names_never_become_paths(
    client: TestClient, clinic: Clinic, doctor: Doctor, new_case: NewCaseFn, name: str
) -> None:
    case_id = new_case()["case"]["case_id"]
    answer = _upload(client, doctor, case_id, name, b"Hemoglobin 9.8 g/dL\n")
    assert answer.status_code == 201, answer.text
    record = answer.json()["file"]
    owner, case, file_id, stored_name = record["file_url"].split("/")
    assert (owner, case, file_id) == (doctor.user_id, case_id, record["file_id"])
    assert stored_name not in ("", ".", "..")
    assert "\\" not in stored_name and "\x00" not in stored_name
    files_root = (clinic.settings.data_dir / "files").resolve()
    stored = (files_root / record["file_url"]).resolve()
    assert files_root in stored.parents
    assert stored.read_bytes() == b"Hemoglobin 9.8 g/dL\n"
    assert len(record["file_name"]) <= 255
    assert "\x00" not in record["file_name"]


@pytest.fixture(scope="module")
def small_limit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Doctor]]:
    """The API as ``make api`` builds it, from an environment with MEDCASE_MAX_FILE_MB=1."""
    data_dir: Path = tmp_path_factory.mktemp("limit") / "data"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MEDCASE_DATA_DIR", str(data_dir))
        patch.setenv("MEDCASE_MAX_FILE_MB", "1")
        app = create_app()
    assert app.state.clinic.settings.max_file_bytes == MEGABYTE
    with TestClient(app) as client:
        yield client, sign_up(client, "limit@example.org")


def _text_of(size: int) -> bytes:
    line = b"Glucose 182 mg/dL\n"
    return (line * (size // len(line) + 1))[:size]


def test_a_file_over_the_limit_is_413_on_upload(small_limit: tuple[TestClient, Doctor]) -> None:
    client, doctor = small_limit
    case_id = client.post("/cases/create_case", headers=doctor.headers, data=CASE_FORM).json()[
        "case"
    ]["case_id"]
    over = _upload(client, doctor, case_id, "big.txt", _text_of(MEGABYTE + 1))
    assert over.status_code == 413
    assert over.json() == {"detail": "'big.txt' is larger than the 1 MB limit"}
    at_limit = _upload(client, doctor, case_id, "limit.txt", _text_of(MEGABYTE))
    assert at_limit.status_code == 201
    assert at_limit.json()["file"]["file_size"] == MEGABYTE
    listed = client.get(f"/cases/files/{case_id}", headers=doctor.headers).json()["files"]
    assert [f["file_name"] for f in listed] == ["limit.txt"]


@pytest.mark.parametrize("path", ["/cases/create_case", "/api/v1/cases"])
def test_a_file_over_the_limit_is_413_on_create(
    small_limit: tuple[TestClient, Doctor], path: str
) -> None:
    client, doctor = small_limit
    before = client.get("/cases/all_cases", headers=doctor.headers).json()["cases"]
    answer = client.post(
        path,
        headers=doctor.headers,
        data=CASE_FORM,
        files=[
            ("lab_files", ("ok.txt", b"Sodium 139 mmol/L", "text/plain")),
            ("lab_files", ("big.txt", _text_of(3 * MEGABYTE), "text/plain")),
        ],
    )
    assert answer.status_code == 413
    assert answer.json()["detail"].startswith("'big.txt' is larger than")
    assert client.get("/cases/all_cases", headers=doctor.headers).json()["cases"] == before


def test_a_lab_report_as_a_picture_is_accepted_as_a_lab_file(
    client: TestClient, doctor: Doctor, new_case: NewCaseFn
) -> None:
    case_id = new_case()["case"]["case_id"]
    for name, content in (("cbc.png", samples.png_bytes()), ("cbc.jpg", samples.jpeg_bytes())):
        answer = _upload(client, doctor, case_id, name, content, file_category="lab")
        assert answer.status_code == 201, answer.text
        assert answer.json()["file"]["file_category"] == "lab"
    bomb = _upload(client, doctor, case_id, "big.png", samples.png_bomb_bytes())
    assert bomb.status_code == 413 and "unpacks to" in bomb.json()["detail"], bomb.text
