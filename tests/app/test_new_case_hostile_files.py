"""Hostile files picked on the New case page (round fourteen): each refused with its
reason under the real clinic's reading (a child per parse), nothing created or stored, and
the same form then creates the case from good files."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from benchmarks import hostile_files
from core.bootstrap import Clinic
from tests.app.conftest import texts
from tests.app.test_new_case_page import fill_form, open_new_case, stored_files
from tests.doubles import case_service
from tests.samples import encrypted_pdf_bytes, pdf_bytes

_ENTITY = (
    b'<?xml version="1.0"?>\n<!DOCTYPE Observation [<!ENTITY who SYSTEM "file:///etc/passwd">]>'
    b'\n<Observation xmlns="http://hl7.org/fhir"><status value="final"/>'
    b'<code><text value="&who;"/></code></Observation>\n'
)
_MSH = b"MSH|^~\\&|LAB|CLINIC|||202611250800||ORU^R01|1|P|2.5\r"
_OBX = b"OBX|1|NM|2823-3^Potassium^LN||6.9|mmol/L|||||F\r"


def test_hostile_lab_files_are_refused_on_the_page_with_their_reason(
    app: AppTest, clinic: Clinic, data_dir: Path, tmp_path: Path
) -> None:
    auth = open_new_case(app, clinic, "hostile.files@example.com")
    fill_form(app)
    tree = hostile_files.pdf_page_tree_bomb(tmp_path / "tree.pdf", fan=100, levels=3)
    hostile = [
        ("potassium.xml", _ENTITY, "the XML declares a DOCTYPE or entities"),
        ("results.hl7", _MSH + _OBX * 60_000, "the file has more than 50,000 segments"),
        ("locked.pdf", encrypted_pdf_bytes("s3cret"), "it is password-protected"),
        ("tree.pdf", tree.read_bytes(), "its structure does not open (damaged or cut off)"),
    ]
    for name, content, reason in hostile:
        app.file_uploader(key="new_case_lab_files").set_value(
            [("cbc.pdf", pdf_bytes(), "application/pdf"), (name, content, "text/plain")]
        )
        app.button(key="new_case_create").click().run()
        assert not app.exception, name
        errors = texts(app, "error")
        assert any(e.startswith(f"'{name}' is not a valid ") and reason in e for e in errors), (
            name,
            errors,
        )
        assert "root:" not in "".join(errors)
        assert texts(app, "title") == ["New case"]
        assert case_service(auth.doctor, clinic.provider.for_session(auth)).list_cases() == []
        assert stored_files(data_dir) == []

    app.file_uploader(key="new_case_lab_files").set_value(
        [("cbc.pdf", pdf_bytes(), "application/pdf"), ("k.hl7", _MSH + _OBX, "text/plain")]
    )
    app.button(key="new_case_create").click().run()
    assert not app.exception
    assert texts(app, "title") == ["Jane Roe"]
    assert len(stored_files(data_dir)) == 2
