"""The analyzer with each file read in a child process: a file stuck past its time limit,
or a bomb past its memory cap, becomes a warning and the case completes."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from core.analysis.engines import build_engine
from core.analysis.reading.imaging import UnreadableImage, thumbnail_png
from core.analysis.reading.isolation import IsolatedReading, ReadingLimits
from core.config import Settings
from core.errors import CaseNotFound
from core.jobs.recovery import Recovery, RecoveryPolicy
from core.jobs.runner import AnalysisRunner
from core.models import NewCase, Upload
from tests import hostile_readers
from tests.contract.harness import LocalHarness
from tests.doubles import case_service
from tests.samples import LAB_REPORT_LINES, pdf_bytes, png_bytes

MB = 1024 * 1024
# Long enough for a child to read a small PDF, or to run into its memory cap, on a loaded
# machine (a parallel `make test` beside other work): at 1.5 s the bomb and the good PDF
# were sometimes stopped by the clock instead.
LIMIT_SECONDS = 5


@pytest.fixture
def runner() -> Iterator[AnalysisRunner]:
    reading = IsolatedReading(
        ReadingLimits(seconds=LIMIT_SECONDS, memory_bytes=256 * MB),
        lab_reader=hostile_readers.stuck_on_named_files,
        image_reader=hostile_readers.bomb_on_named_images,
    )
    made = AnalysisRunner(build_engine(Settings()), workers=2, reading=reading)
    yield made
    made.shutdown(wait=True)


def test_a_stuck_file_and_a_bomb_become_warnings_and_the_case_completes(
    tmp_path, runner: AnalysisRunner
) -> None:
    signed_in = LocalHarness(tmp_path / "data").sign_up()
    services = case_service(
        signed_in.doctor, signed_in.backend, runner, recovery=Recovery(runner, RecoveryPolicy())
    )
    created = services.create_case(
        NewCase(patient_name="Ada Quist", patient_age=58, patient_gender="female"),
        [
            Upload("bloods.pdf", pdf_bytes(LAB_REPORT_LINES), "lab"),
            Upload("stuck.txt", b"Glucose 182 mg/dL", "lab"),
            Upload("chest.png", png_bytes(), "radiology"),
            Upload("bomb.png", png_bytes(), "radiology"),
        ],
    )
    started = time.monotonic()
    assert runner.wait_idle(timeout=30)
    detail = services.get_case(created.case.case_id)
    assert detail.case.status == "completed", detail.case.analysis_error
    assert time.monotonic() - started < 3 * LIMIT_SECONDS + 5
    warnings = detail.ai_insights["provenance"]["warnings"]
    stuck = f"Lab file 2: reading took longer than {LIMIT_SECONDS} seconds and was stopped"
    assert stuck in warnings
    assert any(
        w.startswith("Radiology image 2") and "needed more than 256 MB of memory" in w
        for w in warnings
    ), warnings
    texts = {
        f.file_name: f
        for f in signed_in.backend.cases.list_files(signed_in.doctor.user_id, created.case.case_id)
    }
    assert texts["stuck.txt"].text_data is None
    assert "Hemoglobin" in (texts["bloods.pdf"].text_data or "")  # the other files were read


def test_a_case_page_thumbnail_is_made_by_the_services_reading(tmp_path) -> None:
    # A reader that kills its process: only a child could survive it, and the service
    # says why there is no preview in the image's words.
    signed_in = LocalHarness(tmp_path / "data").sign_up()
    knee = png_bytes(900, 600)
    created = case_service(signed_in.doctor, signed_in.backend).create_case(
        NewCase(patient_name="Ada Quist", patient_age=58, patient_gender="female"),
        [Upload("knee.png", knee, "radiology")],
    )
    case_id, file_id = created.case.case_id, created.files[0].file_id
    isolated = IsolatedReading(ReadingLimits(seconds=LIMIT_SECONDS))
    services = case_service(signed_in.doctor, signed_in.backend, reading=isolated)
    assert services.thumbnail(case_id, file_id) == thumbnail_png("knee.png", knee)
    with pytest.raises(CaseNotFound):
        services.thumbnail(case_id, "not-a-file-of-this-case")
    crashing = IsolatedReading(thumbnail_reader=hostile_readers.exits_abruptly)
    services = case_service(signed_in.doctor, signed_in.backend, reading=crashing)
    with pytest.raises(UnreadableImage, match=r"^This image: .*its reader stopped unexpectedly"):
        services.thumbnail(case_id, file_id)
