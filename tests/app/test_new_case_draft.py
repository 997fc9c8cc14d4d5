"""Nothing lost silently on the New case page and in Add files (issue #26): a file the
browser refused stops Create and Add files, naming it; a half-typed case survives a look at
another page, and Create and Cancel clear it."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.models import Upload
from tests.app.conftest import open_add_files, open_case, seed_case, shown, sign_in, sign_up, texts
from tests.app.test_new_case_page import fill_form, open_new_case
from tests.doubles import case_service
from tests.samples import pdf_bytes

# What the page's chip watcher reports for a 60 MB PDF the browser would not send.
TOO_LARGE = {
    "files": [
        {
            "picker": "new_case_lab_files",
            "name": "full panel 60MB.pdf",
            "problem": "File must be 50.0MB or smaller.",
        }
    ]
}


def test_create_refuses_while_a_picked_file_is_in_error_and_names_it(
    app: AppTest, clinic: Clinic
) -> None:
    auth = open_new_case(app, clinic, "refused@example.com")
    fill_form(app)
    app.file_uploader(key="new_case_lab_files").set_value(
        [("blood count.pdf", pdf_bytes(), "application/pdf")]
    )
    app.session_state["new_case_refused_files"] = TOO_LARGE
    app.button(key="new_case_create").click().run()

    assert not app.exception
    [refusal] = texts(app, "error")
    assert refusal.startswith("Create case did not go ahead: full panel 60MB.pdf")
    assert "File must be 50.0MB or smaller" in refusal
    assert "Nothing was saved" in refusal
    assert texts(app, "title") == ["New case"]
    cases = case_service(auth.doctor, clinic.provider.for_session(auth))
    assert cases.list_cases() == []

    # The doctor removes the refused file: the same form now creates the case.
    app.session_state["new_case_refused_files"] = {"files": []}
    app.button(key="new_case_create").click().run()
    assert not app.exception
    assert texts(app, "title") == ["Jane Roe"]
    [case] = cases.list_cases()
    assert [f.file_name for f in cases.get_case(case.case_id).files] == ["blood count.pdf"]


def test_add_files_refuses_while_a_picked_file_is_in_error(app: AppTest, clinic: Clinic) -> None:
    auth = sign_up(clinic, "adding@example.com")
    sign_in(app, "adding@example.com")
    case = seed_case(clinic, auth, uploads=[Upload("cbc.pdf", pdf_bytes(), "lab")])
    open_add_files(open_case(app, case.case.case_id))
    app.file_uploader(key="case_add_lab_files").set_value(
        [("repeat.pdf", pdf_bytes(), "application/pdf")]
    )
    app.session_state["case_add_refused_files"] = {
        "files": [{"name": "ct head.dcm", "problem": "File must be 50.0MB or smaller."}]
    }
    app.button(key="case_add_files_submit").click().run()

    assert not app.exception
    [refusal] = texts(app, "error")
    assert refusal.startswith("Add files did not go ahead: ct head.dcm (File must be 50.0MB")
    files = case_service(auth.doctor, clinic.provider.for_session(auth)).get_case(case.case.case_id)
    assert [f.file_name for f in files.files] == ["cbc.pdf"]


def test_a_half_typed_case_survives_a_look_at_another_page(app: AppTest, clinic: Clinic) -> None:
    open_new_case(app, clinic, "interrupted@example.com")
    fill_form(app, name="Half Typed", age=61)
    app.file_uploader(key="new_case_lab_files").set_value(
        [("ferritin.pdf", pdf_bytes(), "application/pdf")]
    )
    app.run()

    app.switch_page("app_pages/cases.py").run()
    assert texts(app, "title") == ["Cases"]
    app.switch_page("app_pages/new_case.py").run()

    assert not app.exception
    assert app.text_input(key="new_case_name").value == "Half Typed"
    assert app.number_input(key="new_case_age").value == 61
    assert app.selectbox(key="new_case_gender").value == "female"
    assert app.text_area(key="new_case_summary").value == "Fatigue for three weeks; pale."
    # A file picker cannot be filled again: the page names what to pick again.
    assert "Files are not kept while you look elsewhere: pick again ferritin.pdf." in shown(app)


def test_cancel_clears_the_draft(app: AppTest, clinic: Clinic) -> None:
    open_new_case(app, clinic, "changed.mind@example.com")
    assert app.button(key="new_case_cancel").disabled  # nothing typed, nothing to clear
    fill_form(app, name="Not This One")
    app.run()
    app.button(key="new_case_cancel").click().run()

    assert not app.exception
    assert app.text_input(key="new_case_name").value == ""
    assert app.text_area(key="new_case_summary").value == ""
    app.switch_page("app_pages/cases.py").run()
    app.switch_page("app_pages/new_case.py").run()
    assert app.text_input(key="new_case_name").value == ""
    assert app.number_input(key="new_case_age").value is None


def test_create_clears_the_draft(app: AppTest, clinic: Clinic) -> None:
    open_new_case(app, clinic, "done@example.com")
    fill_form(app, name="Made Once")
    app.button(key="new_case_create").click().run()
    assert texts(app, "title") == ["Made Once"]

    app.switch_page("app_pages/new_case.py").run()
    assert not app.exception
    assert app.text_input(key="new_case_name").value == ""
    assert app.selectbox(key="new_case_gender").value is None
