"""The analyzer end to end: embedded backend + runner + engines (+ a local model server)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from core.analysis.engines import build_engine
from core.analysis.engines.language_model import OpenAIEngine
from core.analysis.engines.protocol import InsightEngine
from core.backends.sqlite_cases import SqliteCaseRepository
from core.config import Settings
from core.jobs.recovery import Recovery, RecoveryPolicy
from core.jobs.runner import AnalysisRunner
from core.models import CaseDetail, NewCase, Upload, utc_now
from core.services import CaseService
from tests.contract.harness import LocalHarness, SignedIn
from tests.doubles import case_service
from tests.fake_openai import FakeOpenAI
from tests.samples import (
    LAB_REPORT_LINES,
    dicom_bytes_with,
    pdf_bytes,
    png_bytes,
    scanned_pdf_bytes,
)

PATIENT = "Zoltan Kowalczyk"
NOTES = "Zoltan Kowalczyk, 61, reports thirst and fatigue. Mr KOWALCZYK smokes."
STAGES = [
    "lab_documents_processed",
    "radiology_documents_processed",
    "case_summary_generated",
    "soap_note_generated",
    "diagnosis_generated",
    "insights_compiled",
]


class StageLog(SqliteCaseRepository):
    """The real repository, remembering every stage it was asked to record."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.stages: list[str] = []
        # The sections kept by then, at each stage: what the case page could show.
        self.sections_at: dict[str, list[str]] = {}

    def record_stage(self, owner: str, case_id: str, claim: str, stage: str) -> bool:
        self.stages.append(stage)
        self.sections_at[stage] = sorted(self.draft_sections(owner, case_id))
        return super().record_stage(owner, case_id, claim, stage)


@pytest.fixture
def clinic(tmp_path) -> LocalHarness:
    return LocalHarness(tmp_path / "data")


@pytest.fixture
def doctor(clinic: LocalHarness) -> SignedIn:
    signed_in = clinic.sign_up()
    stage_log = StageLog(clinic.provider.database)
    backend = replace(signed_in.backend, cases=stage_log)
    return SignedIn(signed_in.doctor, backend)


# Each runner's recovery, under the same policy the runner was made with.
_RECOVERY: dict[AnalysisRunner, Recovery] = {}


@pytest.fixture
def make_runner(fake_openai: FakeOpenAI) -> Iterator[Callable[..., AnalysisRunner]]:
    made: list[AnalysisRunner] = []

    def make(
        engine: InsightEngine | None = None,
        stale_after: timedelta = timedelta(minutes=10),
        resume_every_seconds: float = 60.0,
        **options: Any,
    ) -> AnalysisRunner:
        policy = RecoveryPolicy(
            stale_after=stale_after, resume_every_seconds=resume_every_seconds, **options
        )
        runner = AnalysisRunner(engine or model_engine(fake_openai), workers=2, policy=policy)
        _RECOVERY[runner] = Recovery(runner, policy)
        made.append(runner)
        return runner

    yield make
    fake_openai.release()  # nothing may still be waiting on the server at shutdown
    for runner in made:
        runner.shutdown(wait=True)
        _RECOVERY.pop(runner, None)


def services_with(doctor: SignedIn, runner: AnalysisRunner | None) -> CaseService:
    """The doctor's case operations, analysed (and recovered) by ``runner``."""
    if runner is None:
        return doctor.services
    return case_service(doctor.doctor, doctor.backend, runner, recovery=_RECOVERY[runner])


def model_engine(server: FakeOpenAI, timeout: float = 1.0) -> OpenAIEngine:
    return OpenAIEngine(
        api_key="test-key",
        base_url=server.base_url,
        text_model="text-model",
        vision_model="vision-model",
        timeout_seconds=timeout,
        max_retries=1,
    )


# A lab report's header: every value on it identifies the patient.
IDENTIFIERS = ("00482913", "03/14/1965", "(555) 201-3344", "zk1961@mail.example", "12 Elm Row")
REPORT_HEADER = [
    f"Patient: {PATIENT}   MRN: 00482913   DOB: 03/14/1965",
    "Phone: (555) 201-3344   Email: zk1961@mail.example",
    "Address: 12 Elm Row, Springfield",
]


def case_files() -> list[Upload]:
    lab = pdf_bytes([*REPORT_HEADER, *LAB_REPORT_LINES])
    return [
        Upload("kowalczyk_bloods.pdf", lab, "lab"),
        Upload("chest.png", png_bytes(), "radiology"),
        # The sample's header names "CompressedSamples^CT1": a wrong patient (#27) here.
        Upload("ct_head.dcm", dicom_bytes_with(PatientName="Kowalczyk^Zoltan"), "radiology"),
    ]


def open_case(
    doctor: SignedIn,
    runner: AnalysisRunner | None,
    uploads: list[Upload] | None = None,
) -> str:
    created = services_with(doctor, runner).create_case(
        NewCase(PATIENT, 61, "male", NOTES), case_files() if uploads is None else uploads
    )
    return created.case.case_id


def finished(doctor: SignedIn, case_id: str, *runners: AnalysisRunner) -> CaseDetail:
    for runner in runners:
        assert runner.wait_idle(timeout=30), "the analysis did not finish"
    return doctor.services.get_case(case_id)


def test_a_case_with_a_lab_pdf_a_png_and_a_dicom_ends_completed_with_insights(
    doctor: SignedIn, make_runner, fake_openai: FakeOpenAI
) -> None:
    runner = make_runner()
    detail = finished(doctor, open_case(doctor, runner), runner)

    assert (detail.case.status, detail.case.analysis_stage) == ("completed", "completed")
    assert detail.case.analysis_error is None
    assert doctor.backend.cases.stages == STAGES
    insights = detail.ai_insights
    provenance = insights["provenance"]
    assert (provenance["engine"], provenance["prompt_version"]) == (
        "openai",
        OpenAIEngine.prompt_version,
    )
    assert provenance["model"] == "text-model (text), vision-model (images)"
    assert provenance["warnings"] == []
    assert set(STAGES[:5]) <= set(provenance["stage_timings"])
    diagnosis = insights["primary_diagnosis"]
    assert (diagnosis["icd_code"], diagnosis["icd_code_valid"]) == ("E11.65", True)
    assert diagnosis["icd_description"]
    assert insights["soap_note"]["confidence_score"] == pytest.approx(0.8)
    scores = [
        insights[k]["confidence_score"] for k in ("case_summary", "soap_note", "primary_diagnosis")
    ]
    assert insights["overall_confidence_score"] == pytest.approx(sum(scores) / 3, abs=1e-4)
    assert any(
        v["flag"] == "low" and "moglobin" in v["analyte"].lower() for v in insights["lab_values"]
    )

    lab, png, dicom = detail.files
    assert "Hemoglobin 9.8" in lab.text_data and lab.ai_summary is None
    assert png.ai_summary["label"] == "Radiology image 1" and png.ai_summary["findings"]
    assert dicom.ai_summary["label"] == "Radiology image 2" and dicom.ai_summary["modality"] == "CT"

    # Each section was kept while the case was analysing (the page shows it), and the
    # finished draft took their place.
    # The lab values with their critical marks came first, before the writing round.
    assert doctor.backend.cases.sections_at["lab_documents_processed"] == ["lab_values"]
    assert "case_summary" in doctor.backend.cases.sections_at["case_summary_generated"]
    assert doctor.backend.cases.sections_at["diagnosis_generated"] == [
        "case_summary",
        "lab_values",
        "primary_diagnosis",
        "soap_note",
    ]
    assert doctor.services.draft_sections(detail.case.case_id) == {}

    # Two rounds: both images at once, then the summary beside SOAP + diagnosis.
    asked = [(r.schema_name, r.model) for r in fake_openai.answered()]
    assert sorted(asked) == sorted(
        [
            ("radiology_image_reading", "vision-model"),
            ("radiology_image_reading", "vision-model"),
            ("case_summary", "text-model"),
            ("soap_note_and_diagnosis", "text-model"),
        ]
    )


def test_creating_a_case_only_enqueues(doctor: SignedIn, make_runner, fake_openai) -> None:
    fake_openai.behave(mode="hang", hang_seconds=30)
    runner = make_runner(model_engine(fake_openai, timeout=30))
    started = time.perf_counter()
    case_id = open_case(doctor, runner)
    assert time.perf_counter() - started < 5
    case = doctor.services.get_case(case_id).case
    assert case.status == "analyzing"
    fake_openai.release()


def test_the_patients_name_and_dicom_identifiers_reach_no_model(
    doctor: SignedIn, make_runner, fake_openai: FakeOpenAI
) -> None:
    runner = make_runner()
    detail = finished(doctor, open_case(doctor, runner), runner)
    assert detail.case.status == "completed"

    texts = [text.lower() for text in fake_openai.texts()]
    assert len(texts) == 4
    forbidden_words = ("zoltan", "kowalczyk", "compressedsamples", "1ct1", "bloods.pdf", "ct_head")
    for forbidden in (*forbidden_words, *(i.lower() for i in IDENTIFIERS)):
        assert not any(forbidden in text for text in texts), forbidden
    assert any("mrn: [identifier]" in text for text in texts)  # the field's label stays
    assert any("[patient], 61, reports thirst" in text for text in texts)  # redacted, kept
    assert any("mr [patient] smokes" in text for text in texts)
    assert any("hemoglobin 9.8" in text for text in texts)  # the lab text did go
    for png in fake_openai.images():
        assert b"CompressedSamples" not in png and b"1CT1" not in png


@pytest.mark.parametrize(
    ("behaviour", "timeout", "reason"),
    [
        ({"mode": "error"}, 1.0, "The language model did not answer after 2 attempts (HTTP 500)"),
        # A short timeout: the server never answers, so each of the 2 attempts waits it out.
        (
            {"mode": "hang", "hang_seconds": 10},
            0.4,
            "The language model did not answer within 0.4 s",
        ),
        ({"mode": "invalid_json"}, 1.0, "did not fit the expected format"),
    ],
    ids=["server-error", "timeout", "invalid-json"],
)
def test_a_model_that_fails_ends_the_case_failed_with_a_clear_reason(
    doctor: SignedIn,
    make_runner,
    fake_openai: FakeOpenAI,
    behaviour: dict,
    timeout: float,
    reason: str,
) -> None:
    fake_openai.behave(**behaviour)
    runner = make_runner(model_engine(fake_openai, timeout=timeout))
    detail = finished(doctor, open_case(doctor, runner), runner)

    assert (detail.case.status, detail.case.analysis_stage) == ("failed", "error")
    assert reason in detail.case.analysis_error
    assert "kowalczyk" not in detail.case.analysis_error.lower()
    assert detail.ai_insights is None
    # The lab text was read; reading the images failed, so round 1 never ended.
    assert doctor.backend.cases.stages == ["lab_documents_processed"]


def test_a_rate_limit_once_is_retried_and_the_case_completes(
    doctor: SignedIn, make_runner, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave(fail_first=1, fail_status=429)
    runner = make_runner()
    detail = finished(doctor, open_case(doctor, runner), runner)
    assert detail.case.status == "completed"
    assert [r.status for r in fake_openai.requests].count(429) == 1


def test_without_a_key_the_rules_engine_completes_the_case(
    doctor: SignedIn, make_runner, fake_openai: FakeOpenAI, tmp_path
) -> None:
    runner = make_runner(build_engine(Settings(data_dir=tmp_path)))
    detail = finished(doctor, open_case(doctor, runner), runner)

    assert detail.case.status == "completed", detail.case.analysis_error
    assert detail.ai_insights["provenance"]["engine"] == "rules"
    assert detail.ai_insights["primary_diagnosis"]["icd_code_valid"] is True
    assert fake_openai.requests == []
    assert doctor.backend.cases.stages == STAGES


# A lab report published as a picture (dev case img-drlogy-cbc-flag-words-between-columns-png:
# Sakshi-Khutwad/MediBot blood_report.png); its truth: haemoglobin 12.5 g/dL (Low).
PHOTO_REPORT = (
    Path(__file__).parents[1]
    / "clinical/dev/img-drlogy-cbc-flag-words-between-columns-png/blood_report.png"
)


def test_a_lab_report_uploaded_as_a_picture_is_read_by_ocr(
    doctor: SignedIn, make_runner, fake_openai: FakeOpenAI, tmp_path
) -> None:
    runner = make_runner(build_engine(Settings(data_dir=tmp_path)))
    uploads = [Upload("cbc photo.png", PHOTO_REPORT.read_bytes(), "lab")]
    detail = finished(doctor, open_case(doctor, runner, uploads), runner)

    assert detail.case.status == "completed", detail.case.analysis_error
    [lab] = detail.files
    assert lab.file_category == "lab"
    values = {(v["analyte"], v["value"]): v for v in detail.ai_insights["lab_values"]}
    assert values[("Hemoglobin", 12.5)]["flag"] == "low"
    assert values[("Hemoglobin", 12.5)]["read_by"] == "ocr"
    assert "Lab file 1: the image was read by OCR" in detail.ai_insights["provenance"]["warnings"]
    assert fake_openai.requests == []


def test_an_unreadable_image_is_a_warning_named_by_its_label(
    doctor: SignedIn, make_runner, fake_openai: FakeOpenAI
) -> None:
    truncated = png_bytes(256, 256)[:80]
    uploads = [*case_files(), Upload("kowalczyk_xray.png", truncated, "radiology")]
    runner = make_runner()
    detail = finished(doctor, open_case(doctor, runner, uploads), runner)

    assert detail.case.status == "completed"
    (warning,) = detail.ai_insights["provenance"]["warnings"]
    assert warning.startswith("Radiology image 3")
    assert "kowalczyk" not in warning.lower()
    assert detail.files[-1].ai_summary is None


def test_a_scanned_lab_page_is_read_by_the_vision_model(
    doctor: SignedIn, make_runner, fake_openai: FakeOpenAI
) -> None:
    runner = make_runner()
    uploads = [Upload("scan.pdf", scanned_pdf_bytes(), "lab")]
    detail = finished(doctor, open_case(doctor, runner, uploads), runner)

    assert detail.case.status == "completed"
    assert "Ferritin 8 ng/mL" in detail.files[0].text_data
    assert [r.model for r in fake_openai.answered("scanned_lab_page")] == ["vision-model"]
    # The vision model read the page: no "no text layer" warning for it.
    assert not any("text layer" in w for w in detail.ai_insights["provenance"]["warnings"])
    soap_request = fake_openai.answered("soap_note_and_diagnosis")[0]
    assert "Ferritin 8 ng/mL" in str(soap_request.body)  # the page's text joined the case


def test_what_a_vision_model_reads_off_a_page_or_an_image_is_scrubbed_before_the_next_prompt(
    doctor: SignedIn, make_runner, fake_openai: FakeOpenAI
) -> None:
    # A name and record number printed on a scan, transcribed or described by the model.
    fake_openai.behave(
        answers={
            "scanned_lab_page": {"text": f"{PATIENT} MRN 00482913\nFerritin 8 ng/mL (15-150) L"},
            "radiology_image_reading": {
                "findings": f"Label reads {PATIENT.upper()}, DOB 03/14/1965. Clear lungs.",
                "impression": "No acute findings.",
                "key_abnormalities": [],
                "confidence_score": 0.6,
            },
        }
    )
    runner = make_runner()
    uploads = [
        Upload("scan.pdf", scanned_pdf_bytes(), "lab"),
        Upload("chest.png", png_bytes(), "radiology"),
    ]
    detail = finished(doctor, open_case(doctor, runner, uploads), runner)

    assert detail.case.status == "completed"
    later = fake_openai.answered("case_summary") + fake_openai.answered("soap_note_and_diagnosis")
    asked = " ".join(str(request.body) for request in later).lower()
    assert "ferritin 8 ng/ml" in asked and "clear lungs" in asked  # the readings went on
    for forbidden in ("zoltan", "kowalczyk", "00482913", "03/14/1965"):
        assert forbidden not in asked, forbidden
    assert "00482913" not in detail.files[0].text_data
    assert "kowalczyk" not in str(detail.files[1].ai_summary).lower()


def test_a_crash_inside_a_job_fails_the_case_without_patient_data(
    doctor: SignedIn, make_runner, tmp_path
) -> None:
    class BrokenEngine(type(build_engine(Settings(data_dir=tmp_path)))):
        def summarize_case(self, *args: Any) -> Any:
            raise KeyError(PATIENT)

    runner = make_runner(BrokenEngine())
    detail = finished(doctor, open_case(doctor, runner), runner)
    assert detail.case.status == "failed"
    assert detail.case.analysis_error == "Analysis failed: KeyError"


def test_a_rerun_after_a_failure_replaces_the_insights(
    doctor: SignedIn, make_runner, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave(mode="error")
    runner = make_runner()
    case_id = open_case(doctor, runner)
    assert finished(doctor, case_id, runner).case.status == "failed"

    fake_openai.behave()
    services_with(doctor, runner).request_analysis(case_id)
    first = finished(doctor, case_id, runner)
    assert (first.case.status, first.case.analysis_error) == ("completed", None)

    summary = {**fake_openai.answers["case_summary"], "comprehensive_summary": "Second look."}
    fake_openai.behave(answers={"case_summary": summary})
    services_with(doctor, runner).request_analysis(case_id)
    second = finished(doctor, case_id, runner)
    assert second.case.status == "completed"
    assert second.ai_insights["case_summary"]["comprehensive_summary"] == "Second look."
    assert second.ai_insights["generated_at"] > first.ai_insights["generated_at"]


def _claim_of(clinic: LocalHarness, case_id: str) -> tuple[str | None, str | None]:
    row = (
        clinic.provider.database.connection()
        .execute(
            "SELECT analysis_claim, analysis_claimed_at FROM cases WHERE case_id = ?", (case_id,)
        )
        .fetchone()
    )
    return row[0], row[1]


def test_recovery_takes_over_dead_claims_and_leaves_live_ones(
    clinic: LocalHarness, doctor: SignedIn, make_runner
) -> None:
    owner = doctor.doctor.user_id
    repository = clinic.provider.repository
    # Three cases left 'analyzing' by a process that stopped: one never claimed, one
    # claimed by a job that died an hour ago, one claimed by a job that is still alive.
    never_claimed, crashed, alive = (open_case(doctor, None) for _ in range(3))
    assert repository.claim_analysis(owner, crashed, "dead-job", utc_now())
    assert repository.claim_analysis(owner, alive, "live-job", utc_now())
    an_hour_ago = (utc_now() - timedelta(hours=1)).isoformat()
    with clinic.provider.database.write() as db:
        db.execute(
            "UPDATE cases SET analysis_claimed_at = ? WHERE case_id = ?", (an_hour_ago, crashed)
        )

    runner = make_runner(stale_after=timedelta(minutes=10))
    assert _RECOVERY[runner].sweep(clinic.provider) == 3
    assert runner.wait_idle(timeout=30)

    for case_id in (never_claimed, crashed):
        assert doctor.services.get_case(case_id).case.status == "completed"
    assert doctor.services.get_case(alive).case.status == "analyzing"
    assert _claim_of(clinic, alive)[0] == "live-job"


def test_a_doctors_resume_takes_over_dead_claims_of_their_own_cases_only(
    clinic: LocalHarness, doctor: SignedIn, make_runner
) -> None:
    owner = doctor.doctor.user_id
    repository = clinic.provider.repository
    crashed, alive, done = (open_case(doctor, None) for _ in range(3))
    assert repository.claim_analysis(owner, crashed, "dead-job", utc_now())
    assert repository.claim_analysis(owner, alive, "live-job", utc_now())
    assert repository.claim_analysis(owner, done, "old-job", utc_now())
    assert repository.fail_analysis(owner, done, "old-job", "Analysis failed: TimeoutError")
    an_hour_ago = (utc_now() - timedelta(hours=1)).isoformat()
    with clinic.provider.database.write() as db:
        db.execute(
            "UPDATE cases SET analysis_claimed_at = ? WHERE case_id = ?", (an_hour_ago, crashed)
        )
    colleague = clinic.sign_up()
    theirs = open_case(colleague, None)

    runner = make_runner(stale_after=timedelta(minutes=10))
    assert services_with(doctor, runner).resume_unfinished() == 2
    assert runner.wait_idle(timeout=30)

    status = {
        case_id: doctor.services.get_case(case_id).case.status for case_id in (crashed, alive, done)
    }
    assert status == {crashed: "completed", alive: "analyzing", done: "failed"}
    assert _claim_of(clinic, alive)[0] == "live-job"
    # Another doctor's unfinished case is not this doctor's to resume.
    assert colleague.services.get_case(theirs).case.status == ("analyzing")
    assert _claim_of(clinic, theirs) == (None, None)


def test_resuming_one_case_queues_it_only_while_it_is_analysing(
    doctor: SignedIn, make_runner
) -> None:
    runner = make_runner()
    case_id = open_case(doctor, None)
    case = doctor.services.get_case(case_id).case
    assert services_with(doctor, runner).resume_if_abandoned(case)
    completed = finished(doctor, case_id, runner).case
    assert completed.status == "completed"
    assert not services_with(doctor, runner).resume_if_abandoned(completed)


def test_a_polled_case_is_resumed_at_most_once_per_window(
    doctor: SignedIn, make_runner, fake_openai: FakeOpenAI
) -> None:
    runner = make_runner(resume_every_seconds=3600)
    case_id = open_case(doctor, None)
    case = doctor.services.get_case(case_id).case
    asked = [services_with(doctor, runner).resume_if_abandoned(case) for _ in range(5)]
    assert asked == [True, False, False, False, False]
    assert finished(doctor, case_id, runner).case.status == "completed"
    assert len(fake_openai.answered("case_summary")) == 1

    eager = make_runner(resume_every_seconds=0)
    again = open_case(doctor, None)
    case = doctor.services.get_case(again).case
    assert services_with(doctor, eager).resume_if_abandoned(case)
    assert services_with(doctor, eager).resume_if_abandoned(case)


def test_two_runners_never_analyse_the_same_case_at_once(
    doctor: SignedIn, make_runner, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave(delay=0.2)
    first, second = make_runner(), make_runner()  # as if two app processes shared the data
    case_id = open_case(doctor, None)
    first.enqueue(doctor.doctor, case_id, doctor.backend.borrowed)
    second.enqueue(doctor.doctor, case_id, doctor.backend.borrowed)
    detail = finished(doctor, case_id, first, second)

    assert detail.case.status == "completed"
    assert len(fake_openai.answered("soap_note_and_diagnosis")) == 1
    assert len(fake_openai.answered("radiology_image_reading")) == 2


def test_a_rerun_while_running_stops_the_old_job(
    clinic: LocalHarness, doctor: SignedIn, make_runner, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave(delay=0.25)  # the first job is still in round 1 when the re-run comes
    runner = make_runner()
    case_id = open_case(doctor, runner)
    deadline = time.monotonic() + 10
    while _claim_of(clinic, case_id)[0] is None:  # the first job has claimed the case
        assert time.monotonic() < deadline
        time.sleep(0.01)
    services_with(doctor, runner).request_analysis(case_id)
    detail = finished(doctor, case_id, runner)

    assert detail.case.status == "completed"
    # The first job lost its claim during round 1 and went no further.
    assert len(fake_openai.answered("case_summary")) == 1
    assert doctor.backend.cases.stages.count("case_summary_generated") == 1


def test_shutting_down_lets_running_jobs_finish_and_leaves_the_rest_to_recovery(
    clinic: LocalHarness, doctor: SignedIn, make_runner, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave(delay=0.3)
    runner = make_runner()
    running = open_case(doctor, runner)
    deadline = time.monotonic() + 10
    while _claim_of(clinic, running)[0] is None:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    runner.shutdown(wait=False)
    late = open_case(doctor, runner)  # creating a case still works; it waits for recovery

    assert runner.wait_idle(timeout=30)
    assert doctor.services.get_case(running).case.status == "completed"
    assert doctor.services.get_case(late).case.status == "analyzing"
    assert _claim_of(clinic, late) == (None, None)

    fake_openai.behave()  # the model's delay only had to keep the first job running
    next_start = make_runner()
    _RECOVERY[next_start].sweep(clinic.provider)
    detail = finished(doctor, late, next_start)
    assert detail.case.status == "completed"


# --- heartbeat, deadline and the cap on take-overs ------------------------------------------


def test_a_slow_live_job_keeps_its_claim_and_is_never_taken_over(
    clinic: LocalHarness, doctor: SignedIn, make_runner, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave(delay=0.9)  # each model round outlasts the stale window
    fast_heart = {"stale_after": timedelta(seconds=0.6), "heartbeat_seconds": 0.12}
    patient = model_engine(fake_openai, timeout=30)
    first, second = make_runner(patient, **fast_heart), make_runner(patient, **fast_heart)
    case_id = open_case(doctor, first)
    deadline = time.monotonic() + 10
    while _claim_of(clinic, case_id)[0] is None:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    held = _claim_of(clinic, case_id)[0]
    time.sleep(0.75)  # past the stale window, but the heartbeat kept the claim fresh
    second.enqueue(doctor.doctor, case_id, doctor.backend.borrowed)
    assert second.wait_idle(timeout=10)
    assert _claim_of(clinic, case_id)[0] == held  # the second runner took nothing
    detail = finished(doctor, case_id, first)
    assert (detail.case.status, detail.case.analysis_attempts) == ("completed", 1)


def test_a_case_taken_over_too_often_ends_failed_instead_of_looping(
    clinic: LocalHarness, doctor: SignedIn, make_runner
) -> None:
    case_id = open_case(doctor, None)
    owner, cases = doctor.doctor.user_id, doctor.backend.cases
    for dead in range(3):  # three processes claimed it and died
        assert cases.claim_analysis(owner, case_id, f"dead-{dead}", utc_now() + timedelta(1))
    an_hour_ago = (utc_now() - timedelta(hours=1)).isoformat()
    with clinic.provider.database.write() as db:  # the last of them died an hour ago
        db.execute(
            "UPDATE cases SET analysis_claimed_at = ? WHERE case_id = ?", (an_hour_ago, case_id)
        )
    runner = make_runner(max_attempts=3)
    _RECOVERY[runner].sweep(clinic.provider)
    detail = finished(doctor, case_id, runner)
    assert detail.case.status == "failed"
    assert detail.case.analysis_error == (
        "The analysis was interrupted 3 times and has stopped; re-run the analysis to try again"
    )
    services_with(doctor, runner).request_analysis(case_id)  # a re-run starts the count again
    assert finished(doctor, case_id, runner).case.status == "completed"


def test_a_case_past_its_deadline_ends_failed_with_the_reason(
    doctor: SignedIn, make_runner, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave(delay=3)
    runner = make_runner(
        model_engine(fake_openai, timeout=30), deadline=timedelta(seconds=1), heartbeat_seconds=0.2
    )
    case_id = open_case(doctor, runner)
    started = time.monotonic()
    while doctor.services.get_case(case_id).case.status == "analyzing":
        assert time.monotonic() - started < 2.5, "the deadline did not end the case"
        time.sleep(0.05)
    case = doctor.services.get_case(case_id).case
    assert (case.status, case.analysis_error) == (
        "failed",
        "The analysis took longer than 1 second and was stopped",
    )
    fake_openai.release()
    assert finished(doctor, case_id, runner).case.status == "failed"  # the late job wrote nothing


def test_a_restart_resumes_a_dead_processes_cases_within_the_stale_window(
    clinic: LocalHarness, doctor: SignedIn, make_runner
) -> None:
    case_id = open_case(doctor, None)
    owner = doctor.doctor.user_id
    assert doctor.backend.cases.claim_analysis(owner, case_id, "killed-process", utc_now())
    # The resumed job beats well inside the stale window, so a slow machine does not take
    # the running job for a dead one and claim it again.
    runner = make_runner(
        stale_after=timedelta(seconds=2), sweep_every_seconds=0.1, heartbeat_seconds=0.2
    )
    recovery = _RECOVERY[runner]
    started = time.monotonic()
    recovery.start(clinic.provider)  # the restarted process: too early for this claim
    try:
        while doctor.services.get_case(case_id).case.status != "completed":
            assert time.monotonic() - started < 30, "the dead process's case was not resumed"
            time.sleep(0.05)
    finally:
        recovery.stop()
    assert time.monotonic() - started >= 2  # not before the claim went stale
