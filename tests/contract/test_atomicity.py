"""Creating a case is all or nothing, even when storage or the database fails midway."""

from __future__ import annotations

import pytest

from core.errors import CaseNotFound, InternalError
from core.models import NewCase, Upload
from tests import samples
from tests.contract.harness import SignedIn, with_failing_database, with_failing_storage
from tests.doubles import case_service

FORM = NewCase("Ada Example", 54, "female", "notes")


def _uploads() -> list[Upload]:
    return [
        Upload("a.pdf", samples.pdf_bytes(), "lab"),
        Upload("b.png", samples.png_bytes(), "radiology"),
        Upload("c.dcm", samples.dicom_bytes(), "radiology"),
    ]


@pytest.mark.parametrize("fail_on_put", [1, 2, 3])
def test_storage_failure_leaves_no_case_no_row_no_bytes(
    harness, doctor_a: SignedIn, fail_on_put: int
) -> None:
    before = harness.row_counts(), harness.stored_keys()
    broken = with_failing_storage(doctor_a.backend, fail_on_put)
    with pytest.raises(InternalError) as error:
        case_service(doctor_a.doctor, broken).create_case(FORM, _uploads())
    assert error.value.status == 500
    assert error.value.detail.startswith("Internal server error: ")
    assert "Ada" not in error.value.detail
    assert (harness.row_counts(), harness.stored_keys()) == before
    assert doctor_a.services.list_cases() == []


def test_database_failure_after_upload_removes_the_stored_bytes(
    harness, doctor_a: SignedIn
) -> None:
    before = harness.row_counts(), harness.stored_keys()
    with pytest.raises(InternalError):
        case_service(doctor_a.doctor, with_failing_database(doctor_a.backend)).create_case(
            FORM, _uploads()
        )
    assert (harness.row_counts(), harness.stored_keys()) == before


def test_failed_upload_to_an_existing_case_leaves_no_orphan(harness, doctor_a: SignedIn) -> None:
    case = doctor_a.services.create_case(FORM, []).case
    before = harness.row_counts(), harness.stored_keys()
    with pytest.raises(InternalError):
        case_service(doctor_a.doctor, with_failing_storage(doctor_a.backend, 1)).upload_file(
            case.case_id, Upload("a.pdf", samples.pdf_bytes(), "lab")
        )
    assert (harness.row_counts(), harness.stored_keys()) == before


def test_upload_racing_a_delete_leaves_no_orphan(harness, doctor_a: SignedIn) -> None:
    """The case disappears between the ownership check and the insert: bytes are removed."""
    case = doctor_a.services.create_case(FORM, []).case
    real_put = doctor_a.backend.blobs.put

    class DeleteDuringPut:
        def __getattr__(self, name: str):
            return getattr(doctor_a.backend.blobs, name)

        def put(self, key: str, content: bytes, content_type: str) -> None:
            doctor_a.services.delete_case(case.case_id)
            real_put(key, content, content_type)

    from dataclasses import replace

    racing = replace(doctor_a.backend, blobs=DeleteDuringPut())
    with pytest.raises(CaseNotFound):
        case_service(doctor_a.doctor, racing).upload_file(
            case.case_id, Upload("a.pdf", samples.pdf_bytes(), "lab")
        )
    assert harness.stored_keys() == set()
    assert harness.row_counts() == {"cases": 0, "case_files": 0, "case_insights": 0}
