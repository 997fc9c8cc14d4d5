"""A doctor uploads an HL7 v2 ORU^R01 message in Chromium and sees its value in the lab
table with the laboratory's flag beside MedCase's (issue #28)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.clinic_browser import DoctorAtBrowser
from tests.e2e.conftest import RunningApp

pytestmark = pytest.mark.e2e

STRUCTURED = Path(__file__).resolve().parents[1] / "structured"
ANALYSIS_SECONDS = 90


def test_an_uploaded_hl7_message_shows_in_the_lab_table(
    medcase_app: RunningApp, browser: Browser, artifacts: Path, tmp_path: Path
) -> None:
    message = tmp_path / "everywoman.hl7"
    message.write_bytes((STRUCTURED / "ghh_lab_glucose_v24.hl7").read_bytes())
    doctor = DoctorAtBrowser(
        browser.new_context(viewport={"width": 1400, "height": 1000}).new_page(),
        medcase_app.url,
        artifacts,
    )
    doctor.visit()
    doctor.create_account("dr.hl7@clinic.test")
    doctor.go_to("New case")
    form = doctor.fill_new_case(
        "Eve Everywoman", 40, "Female", "Fasting glucose follow-up.", [message], []
    )
    doctor.submit(form, "Create case")

    insights = doctor.heading("Primary diagnosis")
    deadline = time.monotonic() + ANALYSIS_SECONDS
    while not insights.count() and time.monotonic() < deadline:
        doctor.page.wait_for_timeout(100)
    expect(doctor.heading("Lab values")).to_be_visible()
    table = doctor.main.get_by_test_id("stDataFrame").filter(has_text=re.compile("Glucose"))
    expect(table).to_have_count(1)
    for cell in ("Glucose", "182", "mg/dl", "High", "H", "Lab's flag"):
        expect(table.get_by_text(cell, exact=True).first).to_be_attached()
    doctor.snap("hl7-lab-table")
