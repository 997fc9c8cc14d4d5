"""The case page builds only what the doctor asked for (issue #25): the audit trail when
its tab is opened, "Edit case" and "Add files" when opened; what it keeps for the session
(the files table) follows the case at once and is never another doctor's."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.models import AuthSession, CreatedCase, Upload
from core.services import CaseService
from tests.app.conftest import (
    new_app,
    open_add_files,
    open_audit_trail,
    open_case,
    open_edit,
    open_section,
    seed_case,
    shown,
    sign_in,
    sign_up,
    texts,
)
from tests.app.files_table import file_names, files_tables
from tests.doubles import case_service
from tests.samples import pdf_bytes


@pytest.fixture
def doctor(app: AppTest, clinic: Clinic) -> AuthSession:
    auth = sign_up(clinic, "on.demand@example.com")
    sign_in(app, "on.demand@example.com")
    return auth


@pytest.fixture
def case(clinic: Clinic, doctor: AuthSession) -> CreatedCase:
    return seed_case(
        clinic, doctor, patient_name="Mary Seacole", uploads=[Upload("cbc.pdf", pdf_bytes(), "lab")]
    )


def services_of(clinic: Clinic, auth: AuthSession) -> CaseService:
    return case_service(auth.doctor, clinic.provider.for_session(auth))


def audit_tables(app: AppTest) -> list[object]:
    return [df.value for df in app.dataframe if "Action" in df.value.columns]


def test_the_audit_trail_is_read_and_drawn_only_while_its_tab_is_open(
    app: AppTest, case: CreatedCase, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[str] = []
    read = CaseService.audit_events

    def counted(self: CaseService, case_id: str) -> object:
        reads.append(case_id)
        return read(self, case_id)

    monkeypatch.setattr(CaseService, "audit_events", counted)
    open_case(app, case.case.case_id)

    assert not app.exception
    assert [tab.label for tab in app.tabs] == ["Case", "Audit trail"]
    assert not audit_tables(app)
    assert "audit_csv" not in {button.key for button in app.get("download_button")}
    assert "audit_verify" not in {button.key for button in app.button}
    assert reads == []  # not even read

    open_audit_trail(app)
    [table] = audit_tables(app)
    assert list(table["Action"])[:1] == ["Case opened"]
    assert app.button(key="audit_verify").label == "Verify the chain"
    assert reads == [case.case.case_id]

    open_section(app, "case_tabs", "Case")  # back to the case: the trail is gone again
    assert not audit_tables(app)
    assert reads == [case.case.case_id]
    assert file_names(app) == ["cbc.pdf"]  # the case's tab is there


def test_edit_case_and_add_files_are_built_only_while_open(app: AppTest, case: CreatedCase) -> None:
    case_id = case.case.case_id
    open_case(app, case_id)

    assert [expander.label for expander in app.expander] == ["Add files", "Edit case"]
    assert not [w for w in app.text_input if w.key == f"case_name_{case_id}"]
    assert not app.get("file_uploader")
    assert not [b for b in app.button if b.key in ("case_edit_save", "case_add_files_submit")]

    open_edit(app, case_id)
    assert app.text_input(key=f"case_name_{case_id}").value == "Mary Seacole"
    assert not app.get("file_uploader")  # the other one stays closed

    open_section(app, f"case_edit_open_{case_id}", False)
    open_add_files(app)
    assert not [w for w in app.text_input if w.key == f"case_name_{case_id}"]
    assert [u.proto.label for u in app.get("file_uploader")] == ["Lab files", "Radiology files"]


def test_a_change_made_elsewhere_shows_on_the_next_run(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    open_case(app, case.case.case_id)
    assert file_names(app) == ["cbc.pdf"]

    # Another tab of the same doctor adds a file and renames the patient.
    services = services_of(clinic, doctor)
    services.add_files(case.case.case_id, [Upload("repeat.pdf", pdf_bytes(), "lab")])
    services.update_case(case.case.case_id, {"patient_name": "Mary J. Seacole"})
    app.run()

    assert not app.exception
    assert texts(app, "title") == ["Mary J. Seacole"]
    assert file_names(app) == ["cbc.pdf", "repeat.pdf"]
    open_edit(app, case.case.case_id)
    assert app.text_input(key=f"case_name_{case.case.case_id}").value == "Mary J. Seacole"


def test_what_one_doctors_session_keeps_is_never_shown_to_another(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    open_case(app, case.case.case_id)  # the first doctor's session shows its files table
    assert file_names(app) == ["cbc.pdf"]

    sign_up(clinic, "other.doctor@example.com")
    other = new_app().run()
    sign_in(other, "other.doctor@example.com")
    open_case(other, case.case.case_id)

    assert not other.exception
    assert texts(other, "error") == ["Case not found"]
    assert "Mary Seacole" not in shown(other)
    assert not other.dataframe and not files_tables(other)
    assert not [key for key in other.session_state if str(key).startswith("memo_")]
