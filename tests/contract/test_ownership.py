"""Doctor B can do nothing to doctor A's case, and cannot even tell that it exists."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest

from core.errors import CaseNotFound
from core.models import Upload
from tests import samples
from tests.contract.harness import SignedIn
from tests.contract.test_case_operations import _create

OPERATIONS: dict[str, Callable[[SignedIn, str], object]] = {
    "get": lambda who, case_id: who.services.get_case(case_id),
    "update": lambda who, case_id: who.services.update_case(
        case_id, {"patient_name": "Taken over", "status": "archived"}
    ),
    "delete": lambda who, case_id: who.services.delete_case(case_id),
    "upload": lambda who, case_id: who.services.upload_file(
        case_id, Upload("intruder.pdf", samples.pdf_bytes(), "lab")
    ),
    "list files": lambda who, case_id: who.services.list_files(case_id),
    "read file": lambda who, case_id: who.services.read_file(case_id, str(uuid.uuid4())),
    "thumbnail": lambda who, case_id: who.services.thumbnail(case_id, str(uuid.uuid4())),
}


@pytest.mark.parametrize("operation", sorted(OPERATIONS))
def test_other_doctors_case_is_indistinguishable_from_a_missing_one(
    harness,
    doctor_a: SignedIn,
    doctor_b: SignedIn,
    operation: str,
) -> None:
    theirs = _create(doctor_a, [Upload("labs.pdf", samples.pdf_bytes(), "lab")]).case
    rows, keys = harness.row_counts(), harness.stored_keys()

    with pytest.raises(CaseNotFound) as foreign:
        OPERATIONS[operation](doctor_b, theirs.case_id)
    with pytest.raises(CaseNotFound) as missing:
        OPERATIONS[operation](doctor_b, str(uuid.uuid4()))
    assert (foreign.value.status, foreign.value.detail) == (
        missing.value.status,
        missing.value.detail,
    )
    assert (foreign.value.status, foreign.value.detail) == (404, "Case not found")

    # Nothing of A's changed, and B left nothing behind.
    assert harness.row_counts() == rows
    assert harness.stored_keys() == keys
    after = doctor_a.services.get_case(theirs.case_id)
    assert (after.case.patient_name, after.case.status) == (theirs.patient_name, theirs.status)
    assert after.case.updated_at == theirs.updated_at
    assert len(after.files) == 1


def test_lists_never_show_another_doctors_cases(doctor_a: SignedIn, doctor_b: SignedIn) -> None:
    mine = {_create(doctor_a).case.case_id for _ in range(3)}
    theirs = {_create(doctor_b).case.case_id for _ in range(2)}
    assert {c.case_id for c in doctor_a.services.list_cases()} == mine
    assert {c.case_id for c in doctor_b.services.list_cases()} == theirs
