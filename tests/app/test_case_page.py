"""The case page: header, live progress, files, edit, add files, delete, not found."""

from __future__ import annotations

import uuid
from datetime import UTC
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.errors import CaseNotFound
from core.models import AuthSession, CaseDetail, CreatedCase, Upload
from tests.app.conftest import (
    in_page_order,
    open_add_files,
    open_case,
    open_edit,
    seed_case,
    shown,
    sign_in,
    sign_up,
    texts,
)
from tests.app.files_table import file_names, files_table
from tests.doubles import case_service, finish_analysis
from tests.samples import pdf_bytes, png_bytes
from ui import formatting


@pytest.fixture
def doctor(app: AppTest, clinic: Clinic) -> AuthSession:
    auth = sign_up(clinic, "case.page@example.com")
    sign_in(app, "case.page@example.com")
    return auth


@pytest.fixture
def case(clinic: Clinic, doctor: AuthSession) -> CreatedCase:
    return seed_case(
        clinic,
        doctor,
        patient_name="Mary Seacole",
        age=58,
        uploads=[
            Upload("cbc.pdf", pdf_bytes(), "lab"),
            Upload("knee.png", png_bytes(), "radiology"),
        ],
    )


def current(clinic: Clinic, doctor: AuthSession, case_id: str) -> CaseDetail:
    return case_service(doctor.doctor, clinic.provider.for_session(doctor)).get_case(case_id)


def test_case_page_shows_header_live_progress_and_files(app: AppTest, case: CreatedCase) -> None:
    open_case(app, case.case.case_id)

    assert not app.exception
    assert texts(app, "title") == ["Mary Seacole"]
    assert "58 years · Female" in shown(app)
    assert "Created " in shown(app) and "Updated " in shown(app)
    assert ":blue-badge[Analyzing]" in texts(app, "markdown")
    [status] = app.get("status")
    assert (status.label, status.state) == ("Analyzing: Reading the lab documents", "running")
    [bar] = app.get("progress")
    assert (bar.value, bar.text) == (12, "1 of 8 steps done: Analysis started")
    assert not app.get("metric")  # no insights yet
    files = files_table(app)
    assert [row["Name"] for row in files] == ["cbc.pdf", "knee.png"]
    assert [row["Type"] for row in files] == ["PDF", "PNG image"]
    assert [row["Category"] for row in files] == ["Lab", "Radiology"]
    downloads = app.get("download_button")
    assert {button.key for button in downloads} == {
        f"case_download_{record.file_id}" for record in case.files
    }
    assert [b.label for b in app.button if b.key == "case_delete"] == ["Delete case"]
    assert [e.label for e in app.expander] == ["Add files", "Edit case"]
    assert open_add_files(app).button(key="case_add_files_submit").label == "Add files"


def test_the_files_table_is_a_plain_table_of_every_file_as_named(
    app: AppTest, clinic: Clinic, doctor: AuthSession
) -> None:
    """The files are a Markdown table (issue #25: no data grid, DataFrame or Arrow copy on
    each open): one row per file with its five columns, the doctor's file name shown as
    typed (a ``|`` or ``*`` in it neither splits a column nor turns into emphasis)."""
    report = pdf_bytes()
    created = seed_case(
        clinic,
        doctor,
        uploads=[
            Upload("cbc | *march*_2.pdf", report, "lab"),
            Upload("knee.png", png_bytes(), "radiology"),
        ],
    )
    open_case(app, created.case.case_id)

    assert not app.exception
    assert not app.dataframe  # no insights yet: no lab table, and the files are no grid
    rows = files_table(app)
    assert [(row["Name"], row["Category"], row["Type"]) for row in rows] == [
        ("cbc | *march*_2.pdf", "Lab", "PDF"),
        ("knee.png", "Radiology", "PNG image"),
    ]
    assert rows[0]["Size"] == formatting.file_size(len(report))
    for row, record in zip(rows, created.files, strict=True):
        uploaded = record.uploaded_at.astimezone(UTC)  # AppTest's browser gives no zone
        assert row["Uploaded"] == uploaded.strftime("%d %b %Y, %H:%M")


def test_edit_changes_the_case_and_refreshes_updated_at(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    case_id = case.case.case_id
    open_edit(open_case(app, case_id), case_id)

    app.text_input(key=f"case_name_{case_id}").input("Mary J. Seacole")
    app.number_input(key=f"case_age_{case_id}").set_value(59)
    app.text_area(key=f"case_summary_{case_id}").input("Knee pain after a fall.")
    app.selectbox(key=f"case_status_{case_id}").set_value("archived")
    app.button(key="case_edit_save").click().run()

    assert not app.exception
    assert not app.error
    assert "Case updated." in texts(app, "toast")
    assert texts(app, "title") == ["Mary J. Seacole"]
    saved = current(clinic, doctor, case_id).case
    assert (saved.patient_name, saved.patient_age, saved.status) == (
        "Mary J. Seacole",
        59,
        "archived",
    )
    assert saved.case_summary == "Knee pain after a fall."
    assert saved.patient_gender == "female"
    assert saved.updated_at > case.case.updated_at


def test_edit_problems_are_said_under_each_field_and_by_save(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    case_id = case.case.case_id
    open_edit(open_case(app, case_id), case_id)
    app.text_input(key=f"case_name_{case_id}").input("")
    app.number_input(key=f"case_age_{case_id}").set_value(151)
    app.button(key="case_edit_save").click().run()

    assert not app.exception
    drawn = in_page_order(app.main)
    where = {item: index for index, item in enumerate(drawn)}
    assert drawn[where[("text_input", "Patient name")] + 1] == (
        "error",
        "Patient name is required",
    )
    assert drawn[where[("number_input", "Age")] + 1] == (
        "error",
        "Patient age must be between 0 and 150",
    )
    assert drawn[where[("button", "Save changes")] + 1] == (
        "warning",
        "Please correct 2 fields: Patient name, Age.",
    )
    assert current(clinic, doctor, case_id).case.updated_at == case.case.updated_at


def test_the_case_address_without_a_case_shows_the_list(app: AppTest, doctor: AuthSession) -> None:
    app.switch_page("app_pages/case.py").run()
    assert not app.exception
    assert texts(app, "title") == ["Cases"]


def test_saving_without_changes_says_so(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    open_edit(open_case(app, case.case.case_id), case.case.case_id)
    app.button(key="case_edit_save").click().run()
    assert not app.exception
    assert texts(app, "error") == ["No data provided for update"]
    assert current(clinic, doctor, case.case.case_id).case.updated_at == case.case.updated_at


def test_add_a_radiology_file(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    open_add_files(open_case(app, case.case.case_id))
    image = png_bytes(32, 32)
    app.file_uploader(key="case_add_radiology_files").set_value(
        [("follow-up.png", image, "image/png")]
    )
    app.button(key="case_add_files_submit").click().run()

    assert not app.exception
    assert not app.error
    assert "Added 1 file(s); the case is being analyzed again." in texts(app, "toast")
    assert file_names(app) == ["cbc.pdf", "knee.png", "follow-up.png"]
    files = current(clinic, doctor, case.case.case_id).files
    added = files[-1]
    assert (added.file_name, added.file_category, added.file_size) == (
        "follow-up.png",
        "radiology",
        len(image),
    )
    backend = clinic.provider.for_session(doctor)
    assert case_service(doctor.doctor, backend).read_file(case.case.case_id, added.file_id) == image


def test_a_bad_added_file_is_refused_with_its_reason(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    open_add_files(open_case(app, case.case.case_id))
    app.file_uploader(key="case_add_lab_files").set_value(
        [("results.pdf", b"not a pdf at all", "application/pdf")]
    )
    app.button(key="case_add_files_submit").click().run()

    assert not app.exception
    assert texts(app, "error") == ["'results.pdf' is not a valid PDF: its content does not match"]
    assert len(current(clinic, doctor, case.case.case_id).files) == 2


def test_delete_asks_first_then_removes_everything(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase, data_dir: Path
) -> None:
    case_id = case.case.case_id
    open_edit(open_case(app, case_id), case_id)

    app.button(key="case_delete").click().run()
    # The dialog names the patient, and its one destructive button is primary and red.
    assert any(
        "Deletion is permanent: the case of **Mary Seacole** (58 years)" in text
        for text in app.markdown.values
    )
    confirm = app.button(key="case_delete_confirm")
    assert confirm.proto.type == "primary"
    styles = "".join(element.proto.body for element in app.get("html"))
    assert ".st-key-case_delete_confirm button" in styles and "#b42318" in styles
    app.button(key="case_delete_cancel").click().run()
    assert not app.exception
    assert "Deletion is permanent" not in shown(app)
    assert current(clinic, doctor, case_id).case.case_id == case_id

    app.button(key="case_delete").click().run()
    app.button(key="case_delete_confirm").click().run()

    assert not app.exception
    assert texts(app, "title") == ["Cases"]
    assert "Case deleted." in texts(app, "toast")
    with pytest.raises(CaseNotFound):
        current(clinic, doctor, case_id)
    assert not [path for path in (data_dir / "files").rglob("*") if path.is_file()]


def test_another_doctors_case_is_not_found(
    app: AppTest, clinic: Clinic, doctor: AuthSession
) -> None:
    someone_else = sign_up(clinic, "someone.else@example.com")
    theirs = seed_case(clinic, someone_else, patient_name="Private Patient")

    open_case(app, theirs.case.case_id)

    assert not app.exception
    assert texts(app, "error") == ["Case not found"]
    assert "Private Patient" not in shown(app)
    assert [link.label for link in app.get("page_link")] == ["Back to cases"]


@pytest.mark.parametrize("case_id", [str(uuid.uuid4()), "not-a-uuid"], ids=["unknown", "malformed"])
def test_missing_or_malformed_case_id_is_not_found(
    app: AppTest, doctor: AuthSession, case_id: str
) -> None:
    open_case(app, case_id)
    assert not app.exception
    assert texts(app, "error") == ["Case not found"]


def test_a_signed_case_offers_archiving_instead_of_deletion(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    case_id = case.case.case_id
    services = case_service(doctor.doctor, clinic.provider.for_session(doctor))
    finish_analysis(services.backend, doctor.doctor.user_id, case_id)
    for section in ("case_summary", "soap_note", "primary_diagnosis"):
        services.review.review_section(case_id, section, "accept")
    services.review.sign(case_id)
    open_case(app, case_id)
    assert not app.exception
    assert [b for b in app.button if b.key == "case_delete"] == []
    assert "signed notes are never deleted" in shown(app)
