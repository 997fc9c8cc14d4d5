"""The patient over time in Chromium (#27): a patient seen months ago and again today; the
second analysis, run by the app's own analyzer, checks today's haemoglobin against the
earlier one, and the patient page draws the trend."""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from core.backends.local import LocalBackendProvider
from core.insights import Insights
from core.models import Case, NewCase, Patient, Upload, utc_now
from tests.doubles import case_service, sample_insights
from tests.e2e.clinic_browser import PASSWORD, DoctorAtBrowser
from tests.e2e.conftest import RunningApp
from tests.samples import pdf_bytes
from ui.browser_cookie import COOKIE

pytestmark = pytest.mark.e2e

DOCTOR = "dr.trends@clinic.test"
PATIENT = "Hana Trendova"
ANALYSIS_SECONDS = 120
EARLIER_HB = {"analyte": "Hemoglobin", "value": 13.4, "unit": "g/dL", "reference_low": 12,
              "reference_high": 16, "source_line": "Hemoglobin 13.4 g/dL (12.0-16.0)"}  # fmt: skip


@dataclass(frozen=True)
class TwoVisits:
    patient_id: str
    earlier_case: str
    todays_case: str


@pytest.fixture
def visits(medcase_app: RunningApp) -> Iterator[TwoVisits]:
    """In the running app's own data folder: the patient's case of four months ago,
    analysed, and today's case with a lab report, waiting for the app's analyzer."""
    provider = LocalBackendProvider(medcase_app.data_dir)
    session = provider.accounts.sign_up(DOCTOR, PASSWORD)
    doctor, backend = session.doctor, provider.for_session(session)
    owner, months_ago = doctor.user_id, utc_now() - timedelta(days=120)
    patient = Patient(str(uuid.uuid4()), owner, PATIENT, "female", months_ago)
    backend.patients.add_patient(patient)
    earlier = Case(str(uuid.uuid4()), owner, PATIENT, 67, "female", "Routine check.",
                   "analyzing", months_ago, months_ago, patient_id=patient.patient_id)  # fmt: skip
    backend.cases.add_case(earlier, [])
    claim = str(uuid.uuid4())
    assert backend.cases.claim_analysis(owner, earlier.case_id, claim, utc_now())
    record = sample_insights()
    record["lab_values"] = [EARLIER_HB]
    assert backend.cases.complete_analysis(
        owner, earlier.case_id, claim, Insights.model_validate(record)
    )
    lab = pdf_bytes(["Complete Blood Count", "Hemoglobin 6.4 g/dL (12.0-16.0) L"])
    form = NewCase(PATIENT, 67, "female", "Tired, black stools.", patient_id=patient.patient_id)
    today = case_service(doctor, backend).create_case(form, [Upload("cbc.pdf", lab, "lab")])
    try:
        yield TwoVisits(patient.patient_id, earlier.case_id, today.case.case_id)
    finally:
        provider.close()


def test_the_second_analysis_compares_and_the_patient_page_draws_the_trend(
    medcase_app: RunningApp, browser: Browser, artifacts: Path, visits: TwoVisits
) -> None:
    doctor = DoctorAtBrowser(
        browser.new_context(viewport={"width": 1400, "height": 1000}).new_page(),
        medcase_app.url,
        artifacts,
    )
    doctor.visit()
    context = doctor.page.context
    before = _browser_id(context)
    doctor.sign_in(DOCTOR)  # signing in offers the waiting case to the app's analyzer
    # The page hands the signed-in session to the browser a moment after the list is drawn
    # (a new browser id in the cookie); only then does a reload find the doctor signed in.
    for _ in range(150):
        if _browser_id(context) not in (None, before):
            break
        doctor.page.wait_for_timeout(100)
    else:
        raise AssertionError("the browser was not handed its kept session after signing in")
    # The case by its link (a reload: the browser's kept session signs it in again).
    case_address = f"{medcase_app.url}/case?case_id={visits.todays_case}"
    doctor.page.goto(case_address)
    doctor.drawn()
    compared = doctor.heading("Compared with earlier results")
    deadline = time.monotonic() + ANALYSIS_SECONDS
    while not compared.count() and time.monotonic() < deadline:
        doctor.page.wait_for_timeout(200)
    expect(compared).to_be_visible()
    check = doctor.main.get_by_test_id("stAlertContentWarning").filter(
        has_text="down 7 g/dL from the previous result"
    )
    expect(check).to_have_count(1)
    expect(check).to_contain_text("13.4 g/dL")
    doctor.snap("delta-check-on-the-second-case")

    doctor.main.get_by_role("link", name="Patient over time").click()
    expect(doctor.heading(PATIENT)).to_be_visible()
    expect(doctor.heading("Lab trends")).to_be_visible()
    chart = doctor.main.locator(".vega-embed")
    expect(chart.first).to_be_visible()
    # Both visits' haemoglobin are drawn: the points are marks of the chart's SVG/canvas,
    # so the drawing is checked by its size and the timeline by its rows.
    box = chart.first.bounding_box()
    assert box is not None and box["height"] > 100 and box["width"] > 300
    timeline = doctor.main.get_by_test_id("stDataFrame").first
    doctor.snap("patient-page-trend")

    # Today's haemoglobin is critically low: it waits first on the patient page, and its
    # link opens the case, where the doctor acknowledges it.
    waiting = doctor.main.locator(".st-key-patient_waiting_critical")
    expect(waiting.get_by_text(re.compile(r"^Hemoglobin 6\.4 g/dL.*waiting"))).to_be_visible()
    waiting.get_by_role("link", name="Acknowledge on its case").click()
    box = doctor.main.locator(".st-key-critical_ack_panel")
    ack_form = box.get_by_test_id("stForm")
    doctor.choose("How was it communicated?", "Read back by telephone", within=ack_form)
    doctor.submit(ack_form, "Acknowledge")
    expect(box.get_by_text(re.compile(r"acknowledged by dr\.trends@clinic\.test"))).to_be_visible()
    doctor.main.get_by_role("tab", name="Audit trail").click()
    for action in ("Critical value acknowledged", "Case opened"):
        audit = doctor.main.get_by_test_id("stDataFrame").filter(has_text=action)
        expect(audit).to_have_count(1)
    doctor.snap("critical-acknowledged-audit")

    doctor.main.get_by_role("link", name="Patient over time").click()
    expect(doctor.heading(PATIENT)).to_be_visible()
    expect(doctor.main.locator(".st-key-patient_waiting_critical")).to_have_count(0)
    timeline = doctor.main.get_by_test_id("stDataFrame").first
    # header + two cases + the critical value + its acknowledgment
    expect(timeline.locator("tr[role=row]")).to_have_count(5)


def _browser_id(context: BrowserContext) -> str | None:
    return next((c["value"] for c in context.cookies() if c["name"] == COOKIE), None)
