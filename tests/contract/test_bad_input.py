"""Every validation rule: a 400 with a clear detail, and nothing written."""

from __future__ import annotations

import re

import pytest

from core.errors import FileTooLarge, InvalidInput
from core.models import NewCase, Upload
from tests import samples
from tests.contract.harness import SignedIn
from tests.doubles import case_service

GOOD = {"patient_name": "Ada Example", "patient_age": 54, "patient_gender": "female"}

BAD_FORMS = [
    ({"patient_name": ""}, "Patient name is required"),
    ({"patient_name": "   "}, "Patient name is required"),
    ({"patient_name": None}, "Patient name is required"),
    ({"patient_name": 42}, "Patient name is required"),
    ({"patient_name": "x" * 201}, "at most 200 characters"),
    ({"patient_name": "Ada\x00Lovelace"}, "control characters"),
    ({"patient_name": "Ada \u202eecalevoL"}, "text-direction control characters"),
    ({"patient_name": "\u2067Ada Lovelace\u2069"}, "text-direction control characters"),
    ({"patient_name": "Ada\u00adLovelace"}, "invisible formatting characters"),
    ({"patient_age": -1}, "between 0 and 150"),
    ({"patient_age": 151}, "between 0 and 150"),
    ({"patient_age": 40.0}, "whole number"),
    ({"patient_age": "40"}, "whole number"),
    ({"patient_age": True}, "whole number"),
    ({"patient_age": None}, "Patient age is required"),
    ({"patient_gender": "f"}, "female, male, other, unknown"),
    ({"patient_gender": ""}, "female, male, other, unknown"),
    ({"patient_gender": None}, "female, male, other, unknown"),
    ({"case_summary": 12}, "Doctor's summary must be text"),
    ({"case_summary": "x" * 20_001}, "at most 20000 characters"),
    # PostgreSQL cannot store a NUL: refused alike on both backends, before any write.
    ({"case_summary": "BP 120/80\x00 HR 72"}, "must not contain NUL characters"),
    # Round fourteen: notes shown and exported, and read by the analysis, as they display.
    ({"case_summary": "Warfarin \u202e5 mg\u202c nightly"}, "text-direction control characters"),
    ({"case_summary": "Stable\x1b[8m hidden\x1b[0m"}, "must not contain control characters"),
]

BAD_FILES = [
    (Upload("scan.png", b"this is not a png", "radiology"), "is not a valid PNG image"),
    (Upload("scan.jpg", samples.png_bytes(), "radiology"), "is not a valid JPEG image"),
    (Upload("report.pdf", b"hello", "lab"), "is not a valid PDF"),
    (Upload("report.docx", b"PK\x03\x04garbage", "lab"), "is not a valid Word document"),
    (Upload("report.doc", b"plain text", "lab"), "is not a valid Word document"),
    (Upload("scan.dcm", samples.png_bytes(), "radiology"), "is not a valid DICOM image"),
    (Upload("notes.txt", b"\x00\x01\x02\x03binary", "lab"), "is not a valid text file"),
    (Upload("empty.pdf", b"", "lab"), "is empty"),
    (Upload("virus.exe", b"MZ\x90\x00", "lab"), "is not an accepted file type"),
    (Upload("archive.tar.gz", b"\x1f\x8b", "lab"), "is not an accepted file type"),
    (Upload("noextension", samples.pdf_bytes(), "lab"), "is not an accepted file type"),
    (Upload("../../etc/passwd", b"root:x:0:0", "lab"), "is not an accepted file type"),
    (Upload("labs.pdf", samples.pdf_bytes(), "radiology"), "cannot be a radiology file"),
    (Upload("ct.dcm", samples.dicom_bytes(), "lab"), "cannot be a lab file"),
    # A lab report as a picture: the same checks as a radiology image.
    (Upload("report.png", b"this is not a png", "lab"), "is not a valid PNG image"),
    (Upload("report.jpg", samples.png_bytes(), "lab"), "is not a valid JPEG image"),
    (Upload("labs.pdf", samples.pdf_bytes(), "pathology"), "Unknown file category"),
    (Upload("", samples.pdf_bytes(), "lab"), "File name is required"),
    # Round fourteen: a PDF whose signature is right but whose structure no reader opens
    # (cut off in transfer) or that needs a password passed the upload check, and the
    # case's analysis found it unreadable after the fact.
    (
        Upload("cut.pdf", samples.pdf_bytes()[:900], "lab"),
        "'cut.pdf' is not a valid PDF: its structure does not open (damaged or cut off)",
    ),
    (
        Upload("locked.pdf", samples.encrypted_pdf_bytes(user_password="s3cret"), "lab"),
        "'locked.pdf' is not a valid PDF: it is password-protected; upload an unprotected copy",
    ),
    (Upload("\x00\x01", samples.pdf_bytes(), "lab"), "File name is required"),
]


def _snapshot(harness) -> tuple:
    return harness.row_counts(), harness.stored_keys()


@pytest.mark.parametrize(("overrides", "detail"), BAD_FORMS, ids=[d for _, d in BAD_FORMS])
def test_bad_form_is_rejected_and_writes_nothing(
    harness, doctor_a: SignedIn, overrides, detail
) -> None:
    before = _snapshot(harness)
    form = NewCase(**{**GOOD, **overrides})
    with pytest.raises(InvalidInput) as error:
        doctor_a.services.create_case(form, [Upload("ok.pdf", samples.pdf_bytes(), "lab")])
    assert error.value.status == 400
    assert detail in error.value.detail
    assert _snapshot(harness) == before


@pytest.mark.parametrize(("upload", "detail"), BAD_FILES, ids=[d for _, d in BAD_FILES])
def test_bad_file_is_rejected_on_create_and_on_upload(
    harness, doctor_a: SignedIn, upload, detail
) -> None:
    before = _snapshot(harness)
    good = Upload("fine.pdf", samples.pdf_bytes(), "lab")
    with pytest.raises(InvalidInput) as error:
        doctor_a.services.create_case(NewCase(**GOOD), [good, upload])
    assert error.value.status == 400
    assert detail in error.value.detail
    assert _snapshot(harness) == before

    case = doctor_a.services.create_case(NewCase(**GOOD), []).case
    before = _snapshot(harness)
    with pytest.raises(InvalidInput) as error:
        doctor_a.services.upload_file(case.case_id, upload)
    assert detail in error.value.detail
    assert _snapshot(harness) == before


def test_size_limit(harness, doctor_a: SignedIn) -> None:
    before = _snapshot(harness)
    big = Upload("big.txt", b"a" * (1024 * 1024 + 1), "lab")
    with pytest.raises(FileTooLarge) as error:
        case_service(doctor_a.doctor, doctor_a.backend, max_file_bytes=1024 * 1024).create_case(
            NewCase(**GOOD), [big]
        )
    assert (error.value.status, error.value.detail) == (
        400,
        "'big.txt' is larger than the 1 MB limit",
    )
    assert _snapshot(harness) == before
    exact = Upload("exact.txt", b"a" * (1024 * 1024), "lab")
    created = case_service(
        doctor_a.doctor, doctor_a.backend, max_file_bytes=1024 * 1024
    ).create_case(NewCase(**GOOD), [exact])
    assert created.files[0].file_size == 1024 * 1024


HOSTILE_NAMES = [
    "../../etc/passwd.pdf",
    "..\\..\\windows\\system32\\report.pdf",
    "/absolute/path/report.pdf",
    "re\x00port.pdf",
    "line\nbreak\r\tand\x1bescape.pdf",
    ("x" * 296) + ".pdf",
    "Résultats d'analyse – 血液検査.pdf",
    "..pdf",
    ".hidden.pdf",
    "report.PDF",
]
SAFE_KEY_PART = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_hostile_file_names_never_become_paths(harness, doctor_a: SignedIn, name: str) -> None:
    content = samples.pdf_bytes()
    created = doctor_a.services.create_case(NewCase(**GOOD), [Upload(name, content, "lab")])
    record = created.files[0]
    user, case, file_id, leaf = record.file_url.split("/")
    assert (user, case) == (doctor_a.doctor.user_id, created.case.case_id)
    assert file_id == record.file_id
    assert SAFE_KEY_PART.match(leaf), leaf
    assert not any(ord(ch) < 32 for ch in record.file_name)
    assert len(record.file_name) <= 255
    assert record.file_name.lower().endswith(".pdf")
    assert doctor_a.backend.blobs.get(record.file_url) == content
    assert harness.stored_keys() == {record.file_url}


def test_two_files_with_the_same_name_never_collide(doctor_a: SignedIn) -> None:
    first, second = samples.pdf_bytes(["first"]), samples.pdf_bytes(["second"])
    created = doctor_a.services.create_case(
        NewCase(**GOOD), [Upload("report.pdf", first, "lab"), Upload("report.pdf", second, "lab")]
    )
    keys = [f.file_url for f in created.files]
    assert len(set(keys)) == 2
    assert [doctor_a.backend.blobs.get(k) for k in keys] == [first, second]
    assert [f.file_name for f in created.files] == ["report.pdf", "report.pdf"]


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Ada\u200b Lovelace", "Ada Lovelace"),  # zero-width space
        ("\ufeffAda Love\u2060lace", "Ada Lovelace"),  # byte-order mark, word joiner
        ("Ａｄａ Ｌｏｖｅｌａｃｅ", "Ada Lovelace"),  # full-width letters (NFKC)
    ],
)
def test_patient_names_are_stored_in_one_normal_form(
    doctor_a: SignedIn, typed: str, stored: str
) -> None:
    created = doctor_a.services.create_case(NewCase(**{**GOOD, "patient_name": typed}), [])
    assert created.case.patient_name == stored
    assert doctor_a.services.get_case(created.case.case_id).case.patient_name == stored
    updated = doctor_a.services.update_case(created.case.case_id, {"patient_name": typed})
    assert updated.patient_name == stored


@pytest.mark.parametrize(
    ("changes", "detail"),
    [
        ({"case_summary": "HR 72\x00"}, "must not contain NUL characters"),
        ({"patient_name": "Ada\u202eLovelace"}, "text-direction control characters"),
        ({"case_summary": "HR \u206672\u2069"}, "text-direction control characters"),
    ],
)
def test_an_update_with_hidden_characters_is_refused_alike(
    doctor_a: SignedIn, changes: dict, detail: str
) -> None:
    created = doctor_a.services.create_case(NewCase(**GOOD, case_summary="HR 72"), [])
    with pytest.raises(InvalidInput) as error:
        doctor_a.services.update_case(created.case.case_id, changes)
    assert (error.value.status, detail in error.value.detail) == (400, True)
    case = doctor_a.services.get_case(created.case.case_id).case
    assert (case.patient_name, case.case_summary) == ("Ada Example", "HR 72")


def test_direction_controls_cannot_disguise_a_file_name(doctor_a: SignedIn) -> None:
    """ "scan\u202egnp.pdf" would display as "scanfdp.png"; it is stored as what it is."""
    created = doctor_a.services.create_case(
        NewCase(**GOOD),
        [
            Upload("scan\u202egnp.pdf", samples.pdf_bytes(), "lab"),
            Upload("re\u200bport\u2066.pdf", samples.pdf_bytes(), "lab"),
        ],
    )
    assert [f.file_name for f in created.files] == ["scangnp.pdf", "report.pdf"]
    with pytest.raises(InvalidInput) as error:
        doctor_a.services.upload_file(
            created.case.case_id, Upload("invoice\u202efdp.exe", b"MZ\x90\x00", "lab")
        )
    assert error.value.detail.startswith("'invoicefdp.exe' is not an accepted file type")
