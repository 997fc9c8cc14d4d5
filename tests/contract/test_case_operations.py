"""The seven case operations and their rules, against every backend."""

from __future__ import annotations

import re
import threading
import uuid

import pytest

from core.errors import CaseNotFound, InvalidInput, NothingToUpdate, SignedNoteKept
from core.models import NewCase, Upload
from tests import samples
from tests.contract.harness import SignedIn
from tests.doubles import finish_analysis

UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"


def _form(**overrides) -> NewCase:
    values = {
        "patient_name": "Ada Example",
        "patient_age": 54,
        "patient_gender": "female",
        "case_summary": "Fatigue for three weeks.",
    }
    values.update(overrides)
    return NewCase(**values)


def _create(who: SignedIn, uploads: list[Upload] | None = None, **overrides):
    return who.services.create_case(_form(**overrides), uploads or [])


def test_create_case_returns_the_case_and_its_stored_files(doctor_a: SignedIn) -> None:
    pdf, png = samples.pdf_bytes(), samples.png_bytes()
    created = _create(
        doctor_a,
        [Upload("labs.pdf", pdf, "lab"), Upload("chest.png", png, "radiology")],
        patient_name="  Ada Example ",
        patient_gender="FEMALE",
    )
    case = created.case
    assert re.fullmatch(UUID, case.case_id)
    assert case.user_id == doctor_a.doctor.user_id
    assert (case.patient_name, case.patient_age, case.patient_gender) == (
        "Ada Example",
        54,
        "female",
    )
    assert case.case_summary == "Fatigue for three weeks."
    assert case.status == "analyzing"
    assert case.created_at.tzinfo is not None
    assert [f.file_category for f in created.files] == ["lab", "radiology"]
    assert [f.file_type for f in created.files] == ["application/pdf", "image/png"]
    assert [f.file_size for f in created.files] == [len(pdf), len(png)]
    for record, content in zip(created.files, (pdf, png), strict=True):
        assert record.file_url == (
            f"{doctor_a.doctor.user_id}/{case.case_id}/{record.file_id}/{record.file_name}"
        )
        assert doctor_a.backend.blobs.get(record.file_url) == content


def test_list_cases_in_creation_order_with_updated_at(doctor_a: SignedIn) -> None:
    ids = [_create(doctor_a, patient_name=f"Patient {n}").case.case_id for n in range(5)]
    listed = doctor_a.services.list_cases()
    assert [c.case_id for c in listed] == ids
    assert all(c.updated_at >= c.created_at for c in listed)


def test_get_case_has_files_and_no_insights_until_analysed(doctor_a: SignedIn) -> None:
    created = _create(doctor_a, [Upload("a.txt", b"Hemoglobin 9.8 g/dL", "lab")])
    detail = doctor_a.services.get_case(created.case.case_id)
    assert detail.case.case_id == created.case.case_id
    assert detail.case.updated_at is not None
    assert [(f.file_name, f.file_category) for f in detail.files] == [("a.txt", "lab")]
    assert detail.files[0].uploaded_at is not None
    assert detail.ai_insights is None


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"patient_name": " Ada B. "}, {"patient_name": "Ada B."}),
        ({"patient_age": 55}, {"patient_age": 55}),
        ({"case_summary": "Improving."}, {"case_summary": "Improving."}),
        ({"status": "ARCHIVED"}, {"status": "archived"}),
        (
            {"patient_name": "X", "patient_age": 0, "status": "archived", "case_summary": None},
            {
                "patient_name": "X",
                "patient_age": 0,
                "status": "archived",
                "case_summary": "Fatigue for three weeks.",
            },
        ),
    ],
)
def test_update_changes_only_given_fields(
    doctor_a: SignedIn, changes: dict, expected: dict
) -> None:
    case = _create(doctor_a).case
    updated = doctor_a.services.update_case(case.case_id, changes)
    for field, value in expected.items():
        assert getattr(updated, field) == value
    untouched = {"patient_name", "patient_age", "case_summary", "status"} - set(expected)
    for field in untouched:
        assert getattr(updated, field) == getattr(case, field)
    assert updated.patient_gender == case.patient_gender
    assert updated.updated_at > case.updated_at
    assert updated.created_at == case.created_at
    again = doctor_a.services.get_case(case.case_id).case
    assert again.updated_at == updated.updated_at


@pytest.mark.parametrize(
    "changes", [{}, {"patient_name": None}, {"patient_age": None, "status": None}]
)
def test_update_with_nothing_to_change(doctor_a: SignedIn, changes: dict) -> None:
    case = _create(doctor_a).case
    with pytest.raises(NothingToUpdate) as error:
        doctor_a.services.update_case(case.case_id, changes)
    assert (error.value.status, error.value.detail) == (400, "No data provided for update")


def test_update_cannot_change_gender_or_take_unknown_status(doctor_a: SignedIn) -> None:
    case = _create(doctor_a).case
    for changes in ({"patient_gender": "male"}, {"status": "done"}, {"status": 3}):
        with pytest.raises(InvalidInput) as error:
            doctor_a.services.update_case(case.case_id, changes)
        assert error.value.status == 400
    after = doctor_a.services.get_case(case.case_id).case
    assert (after.patient_gender, after.status, after.updated_at) == (
        "female",
        "analyzing",
        case.updated_at,
    )


def test_delete_leaves_nothing_behind(harness, doctor_a: SignedIn) -> None:
    keep = _create(doctor_a, [Upload("keep.pdf", samples.pdf_bytes(), "lab")])
    before_rows, before_keys = harness.row_counts(), harness.stored_keys()
    doomed = _create(
        doctor_a,
        [
            Upload("a.pdf", samples.pdf_bytes(), "lab"),
            Upload("b.dcm", samples.dicom_bytes(), "radiology"),
        ],
    )
    doctor_a.services.upload_file(
        doomed.case.case_id, Upload("c.png", samples.png_bytes(), "radiology")
    )
    doctor_a.services.delete_case(doomed.case.case_id)
    assert harness.row_counts() == before_rows
    assert harness.stored_keys() == before_keys
    assert not any(doomed.case.case_id in key for key in harness.stored_keys())
    with pytest.raises(CaseNotFound):
        doctor_a.services.get_case(doomed.case.case_id)
    assert [c.case_id for c in doctor_a.services.list_cases()] == [keep.case.case_id]


def test_upload_and_list_files_in_upload_order(doctor_a: SignedIn) -> None:
    case = _create(doctor_a).case
    assert doctor_a.services.list_files(case.case_id) == []
    names = ["one.pdf", "two.png", "three.csv", "four.dcm"]
    contents = {
        "one.pdf": (samples.pdf_bytes(), "lab"),
        "two.png": (samples.png_bytes(), "radiology"),
        "three.csv": (b"analyte,value\nGlucose,99\n", "lab"),
        "four.dcm": (samples.dicom_bytes("MR_small.dcm"), "radiology"),
    }
    for name in names:
        content, category = contents[name]
        record = doctor_a.services.upload_file(case.case_id, Upload(name, content, category))
        assert (record.case_id, record.file_category, record.file_size) == (
            case.case_id,
            category,
            len(content),
        )
    files = doctor_a.services.list_files(case.case_id)
    assert [f.file_name for f in files] == names
    for record in files:
        assert doctor_a.backend.blobs.get(record.file_url) == contents[record.file_name][0]
        assert (
            doctor_a.services.read_file(case.case_id, record.file_id)
            == contents[record.file_name][0]
        )


def test_upload_refreshes_updated_at(doctor_a: SignedIn) -> None:
    case = _create(doctor_a).case
    doctor_a.services.upload_file(case.case_id, Upload("x.txt", b"note", "lab"))
    assert doctor_a.services.get_case(case.case_id).case.updated_at > case.updated_at


@pytest.mark.parametrize(
    "case_id", ["", "not-a-uuid", "00000000-0000-0000-0000-000000000000", "../x", None]
)
def test_unknown_or_malformed_case_id_is_not_found(doctor_a: SignedIn, case_id) -> None:
    for operation in (
        lambda: doctor_a.services.get_case(case_id),
        lambda: doctor_a.services.update_case(case_id, {"patient_age": 3}),
        lambda: doctor_a.services.delete_case(case_id),
        lambda: doctor_a.services.list_files(case_id),
        lambda: doctor_a.services.upload_file(case_id, Upload("a.txt", b"x", "lab")),
    ):
        with pytest.raises(CaseNotFound) as error:
            operation()
        assert (error.value.status, error.value.detail) == (404, "Case not found")


def test_a_case_with_a_signed_note_is_never_deleted(harness, doctor_a: SignedIn) -> None:
    case_id = _create(doctor_a, [Upload("labs.pdf", samples.pdf_bytes(), "lab")]).case.case_id
    finish_analysis(doctor_a.backend, doctor_a.doctor.user_id, case_id)
    review = doctor_a.services.review
    for section in ("case_summary", "soap_note", "primary_diagnosis"):
        review.review_section(case_id, section, "accept")
    review.sign(case_id)
    before_rows, before_keys = harness.row_counts(), harness.stored_keys()
    with pytest.raises(SignedNoteKept, match="archive the case instead"):
        doctor_a.services.delete_case(case_id)
    # The database refuses too: a client that skips the service (PostgREST with the
    # doctor's own token, or the embedded file) cannot delete the signed record either.
    with pytest.raises(Exception, match=r"never deleted|\(code P0001\)"):
        doctor_a.backend.cases.delete_case(doctor_a.doctor.user_id, case_id)
    assert harness.row_counts() == before_rows and harness.stored_keys() == before_keys
    assert [note.version for note in review.versions(case_id)] == [1]
    assert "case_deleted" not in [e.action for e in doctor_a.services.audit_events(case_id)]


def test_one_request_key_makes_one_case_however_often_it_is_sent(
    harness, doctor_a: SignedIn, doctor_b: SignedIn
) -> None:
    key = "form-7f1c2a9e4b"
    first = doctor_a.services.create_case(
        _form(), [Upload("a.pdf", samples.pdf_bytes(), "lab")], request_key=key
    )
    rows, stored = harness.row_counts(), harness.stored_keys()
    again = doctor_a.services.create_case(
        _form(), [Upload("b.pdf", samples.pdf_bytes(), "lab")], request_key=key
    )
    assert again.case.case_id == first.case.case_id
    assert [f.file_name for f in again.files] == ["a.pdf"]
    assert harness.row_counts() == rows and harness.stored_keys() == stored
    created = [e.action for e in doctor_a.services.audit_events(first.case.case_id)]
    assert created.count("case_created") == 1
    # Keys are per doctor: another doctor's key of the same text is another submission.
    theirs = doctor_b.services.create_case(_form(), [], request_key=key)
    assert theirs.case.case_id != first.case.case_id


def test_the_same_submission_sent_twice_at_once_makes_one_case(harness, doctor_a: SignedIn) -> None:
    key = uuid.uuid4().hex
    before = len(doctor_a.services.list_cases())
    barrier = threading.Barrier(2)
    made: list[str] = []

    def submit() -> None:
        barrier.wait()
        uploads = [Upload("labs.pdf", samples.pdf_bytes(), "lab")]
        made.append(doctor_a.services.create_case(_form(), uploads, key).case.case_id)

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(made) == 2 and made[0] == made[1]
    assert len(doctor_a.services.list_cases()) == before + 1
    # The losing request's bytes were discarded: only the case's own file is stored.
    case_keys = [k for k in harness.stored_keys() if made[0] in k]
    assert len(case_keys) == 1 and len(harness.stored_keys()) == len(set(harness.stored_keys()))


@pytest.mark.parametrize("key", ["short", "has spaces in it", "x" * 129, "ключ-запроса-1"])
def test_a_malformed_request_key_is_refused_before_anything_is_stored(
    harness, doctor_a: SignedIn, key: str
) -> None:
    rows, stored = harness.row_counts(), harness.stored_keys()
    with pytest.raises(InvalidInput, match="Idempotency key"):
        doctor_a.services.create_case(_form(), [], request_key=key)
    assert harness.row_counts() == rows and harness.stored_keys() == stored


def test_files_added_to_an_analysed_case_are_analysed_without_a_rerun(
    doctor_a: SignedIn,
) -> None:
    services = doctor_a.services
    case_id = _create(doctor_a).case.case_id
    finish_analysis(doctor_a.backend, doctor_a.doctor.user_id, case_id)
    assert services.get_case(case_id).case.status == "completed"
    added = services.add_files(
        case_id,
        [
            Upload("k.csv", b"analyte,value\nPotassium,6.9\n", "lab"),
            Upload("c.png", samples.png_bytes(), "radiology"),
        ],
    )
    assert [f.file_name for f in added] == ["k.csv", "c.png"]
    assert services.get_case(case_id).case.status == "analyzing"
    actions = [e.action for e in services.audit_events(case_id)]
    assert actions[:3] == ["analysis_requested", "file_added", "file_added"]
    # An archived case stays archived: its files are kept, nothing is re-run.
    services.update_case(case_id, {"status": "archived"})
    services.upload_file(case_id, Upload("late.txt", b"Sodium 129", "lab"))
    assert services.get_case(case_id).case.status == "archived"
