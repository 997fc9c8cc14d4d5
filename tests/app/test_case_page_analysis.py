"""The case page through the analysis: progress by stage, insights, failure and re-run."""

from __future__ import annotations

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.jobs.runner import AnalysisRunner
from core.models import AuthSession, CreatedCase, Upload, utc_now
from tests.app.case_states import (
    abandon,
    complete,
    fail,
    record_stage,
    sample_insights,
    store_raw_insights,
)
from tests.app.conftest import (
    SEED_CLAIM,
    new_app,
    open_add_files,
    open_case,
    seed_case,
    shown,
    sign_in,
    sign_up,
    texts,
)
from tests.app.files_table import file_names
from tests.doubles import case_service
from tests.samples import dicom_bytes, pdf_bytes, png_bytes

ADVISORY = "AI-generated, advisory: requires physician review"


@pytest.fixture
def doctor(app: AppTest, clinic: Clinic) -> AuthSession:
    auth = sign_up(clinic, "analysis.page@example.com")
    sign_in(app, "analysis.page@example.com")
    return auth


@pytest.fixture
def case(clinic: Clinic, doctor: AuthSession) -> CreatedCase:
    return seed_case(
        clinic, doctor, patient_name="Mary Seacole", uploads=[Upload("cbc.pdf", pdf_bytes(), "lab")]
    )


def status_of(clinic: Clinic, doctor: AuthSession, case_id: str) -> tuple[str, str | None]:
    saved = case_service(doctor.doctor, clinic.provider.for_session(doctor)).get_case(case_id).case
    return saved.status, saved.analysis_stage


def lab_table_of(app: AppTest) -> pd.DataFrame:
    return next(df.value for df in app.dataframe if "Analyte" in df.value.columns)


def rerun_button(app: AppTest):  # AppTest's Button type is internal
    return app.button(key="case_rerun_analysis")


def test_progress_names_the_stage_and_follows_it(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    case_id = case.case.case_id
    record_stage(clinic, doctor, case_id, "case_summary_generated")
    open_case(app, case_id)

    assert not app.exception
    [status] = app.get("status")
    assert status.label == "Analyzing: Writing the SOAP note and the diagnosis"
    assert status.state == "running"
    [bar] = app.get("progress")
    assert (bar.value, bar.text) == (50, "4 of 8 steps done: Case summary written")
    assert "Writing the SOAP note and the diagnosis" in shown(app)

    record_stage(clinic, doctor, case_id, "diagnosis_generated")
    app.run()  # what the fragment's timer does: read the case again and redraw
    [bar] = app.get("progress")
    assert (bar.value, bar.text) == (75, "6 of 8 steps done: Diagnosis checked")
    assert app.get("status")[0].label == "Analyzing: Compiling the insights"
    assert not [b for b in app.button if b.key == "case_rerun_analysis"]


def test_completed_case_shows_every_section_and_stops_polling(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    case_id = case.case.case_id
    open_case(app, case_id)
    assert app.get("status")  # analysing: the live progress is there

    complete(clinic, doctor, case_id, sample_insights())
    app.run()

    assert not app.exception
    assert not app.get("status") and not app.get("progress")  # no fragment, no polling
    assert ":green-badge[Completed]" in texts(app, "markdown")
    assert ADVISORY in texts(app, "warning")
    assert [t for t in texts(app, "subheader") if t in ("Case summary", "SOAP note")] == [
        "Case summary",
        "SOAP note",
    ]
    assert "Primary diagnosis" in texts(app, "subheader")
    page = shown(app)
    for text in (
        "Anaemia with raised inflammatory markers.",
        "- Hemoglobin 9.8 g/dL (low)",
        "**Lab results.** Microcytic anaemia.",
        "**Radiology.** Knee radiograph without fracture.",
        "**Subjective.** Fatigue for two months.",
        "**Objective.** Pale conjunctivae.",
        "**Assessment.** Iron deficiency anaemia.",
        "**Plan.** Ferritin, iron studies.",
        "**Iron deficiency anaemia**",
        "ICD-10-CM: Iron deficiency anemia, unspecified",
        "Anaemia from low iron.",
        "- Hemoglobin 9.8 g/dL (low; reference 12–16)",
        "Written by Language model gpt-test-mini: advisory, for the doctor to review",
        "model gpt-test-mini · prompt version v3 · generated ",
        "Radiology image 2: the image is corrupt or truncated",
    ):
        assert text in page, text
    assert any(
        ":green-badge[:material/check: ICD-10 D50.9: valid]" in t for t in texts(app, "markdown")
    )
    [overall] = app.get("metric")
    assert (overall.label, overall.value) == ("Overall confidence", "70%")
    assert "| Case summary | " in page
    assert rerun_button(app).label == "Re-run analysis"
    assert rerun_button(app).proto.type == "secondary"


def test_an_invalid_icd_code_is_marked_invalid(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    insights = sample_insights(icd_code="Q99.X9", icd_code_valid=False)
    complete(clinic, doctor, case.case.case_id, insights)
    open_case(app, case.case.case_id)

    assert not app.exception
    markdown = "\n".join(texts(app, "markdown"))
    assert ":red-badge[:material/close: ICD-10 Q99.X9: invalid]" in markdown
    assert "Not an ICD-10-CM code: check and correct it before use." in shown(app)
    assert "ICD-10-CM:" not in shown(app)


def test_failed_case_shows_the_reason_and_rerun_queues_it_again(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    case_id = case.case.case_id
    fail(clinic, doctor, case_id, "The language model did not answer after 3 attempts")
    open_case(app, case_id)

    assert not app.exception
    assert ":red-badge[Failed]" in texts(app, "markdown")
    assert texts(app, "error") == [
        "The analysis failed: The language model did not answer after 3 attempts"
    ]
    assert rerun_button(app).proto.type == "primary"

    # Keep the job from running at once, so the state right after the click can be seen.
    analyzer = clinic.analyzer
    assert isinstance(analyzer, AnalysisRunner)
    analyzer.shutdown(wait=True)
    rerun_button(app).click().run()

    assert not app.exception
    assert status_of(clinic, doctor, case_id) == ("analyzing", "initialized")
    assert "Analysis queued: the insights appear here when it finishes." in texts(app, "toast")
    assert not app.error
    [bar] = app.get("progress")
    assert bar.text == "1 of 8 steps done: Analysis started"


def test_rerun_with_the_rules_engine_replaces_a_failure_with_insights(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    case_id = case.case.case_id
    fail(clinic, doctor, case_id, "Analysis failed: TimeoutError")
    open_case(app, case_id)
    rerun_button(app).click().run()
    analyzer = clinic.analyzer
    assert isinstance(analyzer, AnalysisRunner)
    assert analyzer.wait_idle(timeout=60)

    app.run()

    assert not app.exception
    assert status_of(clinic, doctor, case_id) == ("completed", "completed")
    assert "analysis failed" not in shown(app).lower()
    assert "Offline rules engine" in shown(app)
    lab_table = lab_table_of(app)
    rows = lab_table.set_index("Analyte")
    assert rows.loc["Hemoglobin", "Flag"] == "Low"
    assert rows.loc["Glucose", "Flag"] == "High"
    assert rows.loc["Platelets", "Flag"] == ""
    assert rows.loc["Hemoglobin", "File"] == "cbc.pdf, page 1"  # where it was read


def test_files_added_after_the_analysis_are_analysed_without_a_rerun(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    complete(clinic, doctor, case.case.case_id, sample_insights())
    open_case(app, case.case.case_id)
    assert not [t for t in texts(app, "info") if "added after this analysis" in t]

    open_add_files(app)
    app.file_uploader(key="case_add_radiology_files").set_value(
        [("follow-up.png", png_bytes(), "image/png")]
    )
    app.button(key="case_add_files_submit").click().run()

    assert not app.exception
    # The doctor presses nothing: the case is analysed again with the new file.
    assert "Added 1 file(s); the case is being analyzed again." in texts(app, "toast")
    backend = clinic.provider.for_session(doctor)
    assert backend.cases.get_case(doctor.doctor.user_id, case.case.case_id).status in (
        "analyzing",
        "completed",
    )
    events = case_service(doctor.doctor, backend).audit_events(case.case.case_id)
    assert "analysis_requested" in [e.action for e in events]


def test_previous_insights_stay_visible_during_a_rerun(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    case_id = case.case.case_id
    complete(clinic, doctor, case_id, sample_insights())
    backend = clinic.provider.for_session(doctor)
    owner = doctor.doctor.user_id
    backend.cases.request_analysis(owner, case_id)  # no analyzer yet
    assert backend.cases.claim_analysis(owner, case_id, SEED_CLAIM, utc_now())  # a live job
    open_case(app, case_id)

    assert not app.exception
    assert app.get("status")
    assert "These insights are from the previous analysis; the new one replaces them." in shown(app)
    assert "Iron deficiency anaemia" in shown(app)


def test_a_failed_rerun_keeps_the_earlier_insights_marked_as_such(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    case_id = case.case.case_id
    complete(clinic, doctor, case_id, sample_insights())
    repository = clinic.provider.for_session(doctor).cases
    owner = doctor.doctor.user_id
    repository.request_analysis(owner, case_id)
    assert repository.claim_analysis(owner, case_id, "second-run", utc_now())
    assert repository.fail_analysis(owner, case_id, "second-run", "Analysis failed: TimeoutError")
    open_case(app, case_id)

    assert not app.exception
    assert texts(app, "error") == ["The analysis failed: Analysis failed: TimeoutError"]
    assert "These insights are from an earlier analysis; the latest one failed." in shown(app)
    assert "Iron deficiency anaemia" in shown(app)
    assert rerun_button(app).proto.type == "primary"


def test_archived_case_offers_no_rerun(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    complete(clinic, doctor, case.case.case_id, sample_insights())
    backend = clinic.provider.for_session(doctor)
    case_service(doctor.doctor, backend).update_case(case.case.case_id, {"status": "archived"})
    open_case(app, case.case.case_id)

    assert not app.exception
    assert not [b for b in app.button if b.key == "case_rerun_analysis"]
    assert "Archived. Restore the case (Edit case) to analyze it again." in shown(app)
    assert ADVISORY in texts(app, "warning")


def test_a_malformed_insights_record_does_not_take_the_page_down(
    app: AppTest, clinic: Clinic, doctor: AuthSession
) -> None:
    created = seed_case(clinic, doctor, uploads=[Upload("head.dcm", dicom_bytes(), "radiology")])
    case_id = created.case.case_id
    store_raw_insights(clinic, doctor, case_id, {"unexpected": 1})
    open_case(app, case_id)

    assert not app.exception
    assert texts(app, "error") == [
        "Something went wrong on our side. It has been logged; please try again."
    ]
    assert file_names(app) == ["head.dcm"]
    assert app.button(key="case_delete").label == "Delete case"


def test_signing_in_resumes_an_analysis_that_a_dead_process_left(data_dir, clinic: Clinic) -> None:
    auth = sign_up(clinic, "resume.at.sign.in@example.com")
    stalled = seed_case(clinic, auth, uploads=[Upload("cbc.pdf", pdf_bytes(), "lab")])
    running = seed_case(clinic, auth, patient_name="Still Running")
    abandon(clinic, stalled.case.case_id)

    app = sign_in(new_app().run(), "resume.at.sign.in@example.com")
    analyzer = clinic.analyzer
    assert isinstance(analyzer, AnalysisRunner)
    assert analyzer.wait_idle(timeout=60)

    assert not app.exception
    assert status_of(clinic, auth, stalled.case.case_id) == ("completed", "completed")
    assert status_of(clinic, auth, running.case.case_id)[0] == "analyzing"  # its claim is live


def test_an_open_case_whose_analysis_stalled_is_taken_over_and_completes(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    case_id = case.case.case_id
    record_stage(clinic, doctor, case_id, "lab_documents_processed")
    abandon(clinic, case_id)  # signed in already: only the open page can notice it
    open_case(app, case_id)
    analyzer = clinic.analyzer
    assert isinstance(analyzer, AnalysisRunner)
    assert analyzer.wait_idle(timeout=60)

    app.run()

    assert not app.exception
    assert status_of(clinic, doctor, case_id) == ("completed", "completed")
    assert "Offline rules engine" in shown(app)
    assert not app.get("status")


def test_a_file_naming_another_patient_is_shown_apart_as_an_error(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    wrong = (
        "Radiology image 1: WRONG PATIENT? The patient the file names does not match this case's "
        "patient (name, sex, age differ); check that these results belong to this patient "
        "before using them; the image was kept out of the analysis"
    )
    case_id = case.case.case_id
    complete(clinic, doctor, case_id, sample_insights(warnings=(wrong,)))
    open_case(app, case_id)

    assert not app.exception
    [error] = [t for t in texts(app, "error") if "Wrong patient?" in t]
    assert "(name, sex, age differ)" in error and "kept out of the analysis" in error
    assert not any("WRONG PATIENT" in t for t in texts(app, "warning"))


def test_the_section_scores_are_a_table_of_their_percentages_and_no_chart(
    app: AppTest, clinic: Clinic, doctor: AuthSession, case: CreatedCase
) -> None:
    insights = sample_insights()
    insights.case_summary.confidence_score = 0.82
    insights.soap_note.confidence_score = 0.64
    insights.primary_diagnosis.confidence_score = 0.5
    complete(clinic, doctor, case.case.case_id, insights)
    open_case(app, case.case.case_id)

    assert not app.exception
    # Issue #25: a Vega-Lite chart of three scores made every open load and draw the chart
    # library in the browser; the same figures are a table of three rows.
    assert not app.get("vega_lite_chart")
    [table] = [text for text in texts(app, "markdown") if text.startswith("| Section |")]
    assert table.splitlines() == [
        "| Section | Confidence |",
        "|---|--:|",
        "| Case summary | 82% |",
        "| SOAP note | 64% |",
        "| Primary diagnosis | 50% |",
    ]
