"""Viewing a case's file on the case page (#26): the owner's only, an audit event each."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from core.errors import CaseNotFound
from core.models import NewCase, Upload
from core.services.cases import VIEW_SIDE
from tests import samples
from tests.contract.harness import SignedIn


def _case_with(who: SignedIn, uploads: list[Upload]) -> tuple[str, list[str]]:
    form = NewCase("Viewer Patient", 61, "female", "Tired for a month.")
    created = who.services.create_case(form, uploads)
    return created.case.case_id, [f.file_id for f in who.services.list_files(created.case.case_id)]


def _views(who: SignedIn, case_id: str) -> list[dict[str, object]]:
    return [e.details for e in who.services.audit_events(case_id) if e.action == "file_viewed"]


def test_a_viewed_lab_file_is_its_bytes_and_an_event_with_its_id_only(
    doctor_a: SignedIn,
) -> None:
    report = samples.pdf_bytes()
    case_id, (file_id,) = _case_with(doctor_a, [Upload("labs.pdf", report, "lab")])

    assert doctor_a.services.view_file(case_id, file_id) == report
    assert _views(doctor_a, case_id) == [{"file_id": file_id}]
    assert doctor_a.services.verify_audit().intact


def test_a_dicom_is_shown_as_the_readings_png_at_viewing_size(doctor_a: SignedIn) -> None:
    uploads = [
        Upload("chest.dcm", samples.dicom_bytes(), "radiology"),
        Upload("knee.png", samples.png_bytes(2400, 1200), "radiology"),
    ]
    case_id, (dicom_id, png_id) = _case_with(doctor_a, uploads)

    shown = {
        file_id: Image.open(io.BytesIO(doctor_a.services.view_picture(case_id, file_id)))
        for file_id in (dicom_id, png_id)
    }
    assert all(picture.format == "PNG" for picture in shown.values())
    assert max(shown[dicom_id].size) <= VIEW_SIDE
    assert shown[png_id].size == (VIEW_SIDE, VIEW_SIDE // 2)  # 2400 x 1200 brought down
    assert _views(doctor_a, case_id) == [{"file_id": png_id}, {"file_id": dicom_id}]


def test_another_doctor_can_view_none_of_them_and_leaves_no_event(
    doctor_a: SignedIn, doctor_b: SignedIn
) -> None:
    uploads = [
        Upload("labs.pdf", samples.pdf_bytes(), "lab"),
        Upload("chest.png", samples.png_bytes(), "radiology"),
    ]
    case_id, (lab_id, image_id) = _case_with(doctor_a, uploads)

    with pytest.raises(CaseNotFound):
        doctor_b.services.view_file(case_id, lab_id)
    with pytest.raises(CaseNotFound):
        doctor_b.services.view_picture(case_id, image_id)
    assert _views(doctor_a, case_id) == []
