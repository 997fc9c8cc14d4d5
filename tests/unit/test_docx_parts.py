"""left16: a DOCX that holds macros or makes Word fetch a part from elsewhere (a remote
template, a frame, an OLE object, a linked picture) is refused at upload, saying why; an
external hyperlink is not such a fetch and is kept."""

from __future__ import annotations

import io
import zipfile

import pytest

from core.docx_parts import EXTERNAL, MACROS
from core.errors import InvalidInput
from core.files import check_upload
from core.unpacked import read_headers
from tests import samples

MB = 1024 * 1024


def _refusal(content: bytes) -> str:
    with pytest.raises(InvalidInput) as refused:
        check_upload("report.docx", content, "lab", 10 * MB, 64 * MB)
    return refused.value.detail


def test_a_plain_docx_is_accepted() -> None:
    assert check_upload("report.docx", samples.docx_bytes(), "lab", 10 * MB).extension == "docx"


@pytest.mark.parametrize(
    ("relationship_type", "target"),
    [
        ("attachedTemplate", "https://attacker.example/t.dotm"),
        ("oleObject", "file://///attacker.example/share/x.bin"),
        ("frame", "https://attacker.example/frame.html"),
        ("image", "https://attacker.example/pixel.png"),
    ],
)
def test_a_docx_that_fetches_a_part_from_elsewhere_is_refused(
    relationship_type: str, target: str
) -> None:
    content = samples.docx_with_parts(
        added=samples.docx_settings_linking(relationship_type, target)
    )
    detail = _refusal(content)
    assert detail == f"'report.docx' is not a valid Word document: {EXTERNAL}"
    assert "attacker" not in detail  # the address is never shown


def test_an_external_hyperlink_is_no_fetch_and_is_kept() -> None:
    content = samples.docx_with_parts(
        added=samples.docx_settings_linking("hyperlink", "https://lab.example/results")
    )
    assert read_headers("docx", content).matches


def test_a_macro_enabled_document_renamed_docx_is_refused() -> None:
    source = zipfile.ZipFile(io.BytesIO(samples.docx_bytes()))
    types = source.read("[Content_Types].xml").replace(
        b"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
        b"application/vnd.ms-word.document.macroEnabled.main+xml",
    )
    assert b"macroEnabled" in types
    renamed = samples.docx_with_parts(changes={"[Content_Types].xml": types})
    assert _refusal(renamed) == f"'report.docx' is not a valid Word document: {MACROS}"
    with_project = samples.docx_with_parts(
        added={"word/vbaProject.bin": b"\xd0\xcf\x11\xe0 macros"}
    )
    assert _refusal(with_project) == f"'report.docx' is not a valid Word document: {MACROS}"


def test_a_docm_file_is_not_an_accepted_type() -> None:
    with pytest.raises(InvalidInput, match="is not an accepted file type"):
        check_upload("report.docm", samples.docx_bytes(), "lab", 10 * MB)
