"""analyze_case on its own: real engines, real files, the case held in memory."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from core.analysis.engines.language_model import OpenAIEngine
from core.analysis.failures import ModelUnavailable
from core.analysis.pipeline import analyze_case
from core.analysis.rules.engine import RulesEngine
from core.insights import Insights, LabelledImageAnalysis
from core.models import Case, CaseFile, utc_now
from tests.fake_openai import CANNED_ANSWERS, FakeOpenAI
from tests.samples import (
    LAB_REPORT_LINES,
    dicom_bytes_with,
    pdf_bytes,
    png_bytes,
    scanned_pdf_bytes,
)

STAGES = [
    "lab_documents_processed",
    "radiology_documents_processed",
    "case_summary_generated",
    "soap_note_generated",
    "diagnosis_generated",
    "insights_compiled",
]


class Run:
    """One case in memory: its files' bytes, the stages recorded and the results saved."""

    def __init__(self, uploads: list[tuple[str, str, bytes]], notes: str | None = None) -> None:
        now = utc_now()
        self.case = Case("case-1", "dr", "Jane Doe", 47, "female", notes, "analyzing", now, now)
        self.files = [
            CaseFile(f"f{i}", "case-1", "dr", name, "x", len(data), f"key/{i}", category, now)
            for i, (name, category, data) in enumerate(uploads)
        ]
        self.content = {
            f.file_url: data for f, (_, _, data) in zip(self.files, uploads, strict=True)
        }
        self.stages: list[str] = []
        self.saved: dict[str, tuple[str | None, dict | None]] = {}
        # Each section as it landed, with the stages recorded by then.
        self.sections: list[tuple[str, dict[str, Any], list[str]]] = []

    def read_file(self, record: CaseFile) -> bytes:
        return self.content[record.file_url]  # KeyError: as if the blob were missing

    def save(
        self, record: CaseFile, text: str | None, summary: LabelledImageAnalysis | None
    ) -> None:
        # Kept as a backend stores it: the reading as JSON.
        stored = summary.model_dump(mode="json") if summary is not None else None
        self.saved[record.file_name] = (text, stored)

    def analyze(self, engine: Any) -> Insights:
        with ThreadPoolExecutor(4) as pool:
            return analyze_case(
                self.case,
                self.files,
                self.read_file,
                engine,
                self.stages.append,
                self.save,
                pool,
                on_section=lambda name, content: self.sections.append(
                    (name, content, list(self.stages))
                ),
            )


@pytest.fixture
def model(fake_openai: FakeOpenAI) -> Iterator[OpenAIEngine]:
    engine = OpenAIEngine(
        api_key="k", base_url=fake_openai.base_url, text_model="t", vision_model="v", max_retries=0
    )
    yield engine
    engine.close()


def test_stages_are_recorded_in_order_and_every_file_is_saved() -> None:
    run = Run([("labs.pdf", "lab", pdf_bytes()), ("chest.png", "radiology", png_bytes())])
    insights = run.analyze(RulesEngine())

    assert run.stages == STAGES
    text, _ = run.saved["labs.pdf"]
    assert "Glucose 182" in text
    _, reading = run.saved["chest.png"]
    assert reading["label"] == "Radiology image 1"
    assert reading["image_properties"]["width"] == 64
    assert {v.analyte for v in insights.lab_values} >= {"Hemoglobin", "Glucose"}
    timings = insights.provenance.stage_timings
    assert set(STAGES[:5]) | {"total"} <= set(timings)
    assert timings["total"] >= timings["case_summary_generated"] >= 0
    assert insights.provenance.engine == "rules"


def test_neither_the_name_nor_the_file_names_reach_the_model(
    model: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    lab = pdf_bytes([*LAB_REPORT_LINES, "Report for DOE, JANE - file jane_doe_bloods.pdf"])
    run = Run(
        [("jane_doe_bloods.pdf", "lab", lab), ("doe_chest.png", "radiology", png_bytes())],
        notes="Jane reports thirst; see doe_chest.png.",
    )
    run.analyze(model)
    texts = " ".join(fake_openai.texts()).lower()
    assert "jane" not in texts and "doe" not in texts
    assert "report for [patient], [patient] - file lab file 1" in texts
    assert "[patient] reports thirst; see radiology image 1." in texts


def test_the_assessment_names_the_diagnosis_even_when_the_model_forgot(
    model: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    answer = CANNED_ANSWERS["soap_note_and_diagnosis"]
    soap = {**answer["soap_note"], "assessment": "Hyperglycaemia on two measurements."}
    diagnosis = {**answer["primary_diagnosis"], "icd_code": "E11.999"}
    fake_openai.behave(
        answers={"soap_note_and_diagnosis": {"soap_note": soap, "primary_diagnosis": diagnosis}}
    )
    insights = Run([("labs.pdf", "lab", pdf_bytes())]).analyze(model)

    assert insights.soap_note.assessment == (
        "Hyperglycaemia on two measurements.\n"
        "Primary diagnosis: Type 2 diabetes mellitus with hyperglycemia (E11.999)."
    )
    # An invalid code is flagged, never replaced.
    assert insights.primary_diagnosis.icd_code == "E11.999"
    assert insights.primary_diagnosis.icd_code_valid is False


def test_a_file_missing_from_storage_becomes_a_warning() -> None:
    run = Run([("labs.pdf", "lab", pdf_bytes()), ("chest.png", "radiology", png_bytes())])
    run.content.pop("key/1")
    insights = run.analyze(RulesEngine())

    assert insights.provenance.warnings == ["Radiology image 1 could not be read"]
    assert run.saved["chest.png"] == (None, None)
    assert run.stages == STAGES


def test_a_model_failure_in_the_first_round_ends_the_analysis(
    model: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave(mode="error")
    run = Run([("labs.pdf", "lab", pdf_bytes()), ("chest.png", "radiology", png_bytes())])
    with pytest.raises(ModelUnavailable, match=r"HTTP 500"):
        run.analyze(model)
    assert run.stages == ["lab_documents_processed"]  # the images failed


def test_an_image_with_burned_in_text_is_never_sent_to_the_model(
    model: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    run = Run(
        [
            ("labs.pdf", "lab", pdf_bytes()),
            # The case's own patient (Jane Doe, 47, female): only the burned-in text keeps it out.
            (
                "us.dcm",
                "radiology",
                dicom_bytes_with(
                    "CT_small.dcm",
                    BurnedInAnnotation="YES",
                    PatientName="Doe^Jane",
                    PatientSex="F",
                    PatientBirthDate="",
                    PatientAge="047Y",
                ),
            ),
            ("chest.png", "radiology", png_bytes()),
        ]
    )
    insights = run.analyze(model)

    assert len(fake_openai.images()) == 1  # the PNG only
    assert len(fake_openai.answered("radiology_image_reading")) == 1
    _, withheld = run.saved["us.dcm"]
    assert withheld["findings"].startswith("Not sent to the vision model")
    assert withheld["modality"] == "CT"
    assert withheld["confidence_score"] <= 0.2
    assert (
        "Radiology image 1 was not read: its DICOM header declares burned-in annotation, "
        "so it was not sent to the vision model"
    ) in insights.provenance.warnings
    _, read = run.saved["chest.png"]
    assert not read["findings"].startswith("Not sent")
    assert run.stages == STAGES


def test_a_scanned_page_without_text_is_counted_unread_offline() -> None:
    from tests.samples import scanned_pdf_bytes

    run = Run([("scan.pdf", "lab", scanned_pdf_bytes()), ("labs.pdf", "lab", pdf_bytes())])
    rendered: list[bytes] = []
    engine = RulesEngine()
    engine.read_scanned_page = lambda page, context: rendered.append(page)  # type: ignore[method-assign]
    insights = run.analyze(engine)

    assert rendered == []  # nothing was rendered for an engine that reads no images
    assert "1 page(s) could not be read" in insights.case_summary.comprehensive_summary
    assert "Lab file 1: page 1 has no text layer (a scanned page?)" in insights.provenance.warnings


def test_values_keep_their_file_page_and_line_and_unread_tests_reach_the_insights() -> None:
    lines = ["Sodium 140 mmol/L", "INR elevated, repeat pending"]
    run = Run([("labs.pdf", "lab", pdf_bytes(lines, pages=2))])
    insights = run.analyze(RulesEngine())

    # The second page repeats the first: the same result on the same line is kept once.
    sodium = [v for v in insights.lab_values if v.analyte == "Sodium"]
    assert [(v.source_file_id, v.source_page, v.source_line) for v in sodium] == [
        ("f0", 1, "Sodium 140 mmol/L")
    ]
    assert insights.unread_tests == ["INR"]


class SlowSummary(RulesEngine):
    """The rules engine, with a summary that takes ``seconds`` to write."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def summarize_case(self, *args: Any) -> Any:
        time.sleep(self.seconds)
        return super().summarize_case(*args)


def test_the_soap_note_is_written_beside_the_summary_and_lands_first_when_ready() -> None:
    run = Run([("labs.pdf", "lab", pdf_bytes())])
    insights = run.analyze(SlowSummary(0.4))
    lab_values, *run.sections = run.sections  # round 1's, before either of these
    assert lab_values[0] == "lab_values"

    # The SOAP note did not wait for the summary: it landed (and was handed over) first,
    # while its stage still follows the summary's.
    names = [name for name, _, _ in run.sections]
    assert names == ["soap_note", "primary_diagnosis", "case_summary"]
    _, soap, stages_then = run.sections[0]
    assert soap == insights.soap_note.model_dump(mode="json")
    assert "case_summary_generated" not in stages_then
    assert run.sections[1][1] == insights.primary_diagnosis.model_dump(mode="json")
    assert run.sections[2][1] == insights.case_summary.model_dump(mode="json")
    assert run.stages == STAGES
    timings = insights.provenance.stage_timings
    assert timings["soap_note_generated"] < 0.2 <= timings["case_summary_generated"]


def test_the_two_writing_requests_run_at_once(model: OpenAIEngine, fake_openai: FakeOpenAI) -> None:
    fake_openai.behave(delay=0.5)
    run = Run([("labs.pdf", "lab", pdf_bytes())])
    insights = run.analyze(model)

    # No image and no scanned page: one model round, both answers at once. Told by the
    # server's own record (each request waited 0.5 s there): the second arrived while the
    # first was still waiting, however loaded the machine (no wall-clock bound).
    writing = sorted(fake_openai.answered(), key=lambda r: r.arrived)
    assert len(writing) == 2
    first, second = writing
    assert first.seconds >= 0.5
    assert second.arrived < first.arrived + first.seconds
    assert [name for name, _, _ in run.sections][-1] in ("case_summary", "primary_diagnosis")
    assert {name for name, _, _ in run.sections} == {
        "lab_values",
        "case_summary",
        "soap_note",
        "primary_diagnosis",
    }
    assert insights.case_summary.model_dump(mode="json") in [c for _, c, _ in run.sections]


def test_a_scanned_page_is_sent_to_the_vision_model_and_its_text_parsed(
    model: OpenAIEngine, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave(answers={"scanned_lab_page": {"text": "Hemoglobin 8.1 g/dL 12.0-16.0 L"}})
    run = Run([("scan.pdf", "lab", scanned_pdf_bytes())])
    insights = run.analyze(model)

    assert len(fake_openai.answered("scanned_lab_page")) == 1
    assert [v.analyte for v in insights.lab_values] == ["Hemoglobin"]
    assert not any("no text layer" in w for w in insights.provenance.warnings)


def test_the_rules_engine_gets_no_page_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    from core.analysis.reading import extraction

    def no_picture(*_: Any) -> bytes:
        raise AssertionError("a page's PNG was made for an engine that reads no pictures")

    # The page is rendered for OCR, in memory; no PNG is made for a model.
    monkeypatch.setattr(extraction, "_png", no_picture)
    insights = Run([("scan.pdf", "lab", scanned_pdf_bytes())]).analyze(RulesEngine())
    assert any("page 1 has no text layer" in w for w in insights.provenance.warnings)


def test_the_lab_values_with_their_critical_marks_land_before_the_writing_round() -> None:
    lines = ("Basic metabolic panel", "Potassium 6.9 mmol/L (3.5-5.1) H", "Sodium 139 mmol/L")
    run = Run([("bmp.pdf", "lab", pdf_bytes(lines)), ("chest.png", "radiology", png_bytes())])
    run.analyze(RulesEngine())

    name, content, stages_by_then = run.sections[0]
    assert name == "lab_values"
    assert stages_by_then == []  # before even the lab stage: nothing of round 2 has started
    values = {row["analyte"]: row for row in content["lab_values"]}
    assert values["Potassium"]["critical"] is True
    assert values["Sodium"]["critical"] is False
    assert [n for n, _, _ in run.sections[1:]] and "lab_values" not in [
        n for n, _, _ in run.sections[1:]
    ]
