"""A doctor acknowledges a critical value in Chromium (issue #27): the analysis of a lab
file with a critical potassium shows it waiting, the doctor says how it reached them,
and the case page, the audit trail and the case list say who acknowledged it."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.clinic_browser import DoctorAtBrowser
from tests.e2e.conftest import RunningApp

pytestmark = pytest.mark.e2e

ANALYSIS_SECONDS = 90
LAB_LINES = (
    "Basic Metabolic Panel",
    "Potassium 6.9 mmol/L (3.5-5.1) H",
    "Sodium 139 mmol/L (135-145)",
)


def test_a_critical_potassium_is_acknowledged_in_the_browser(
    medcase_app: RunningApp, browser: Browser, artifacts: Path, tmp_path: Path
) -> None:
    bloods = tmp_path / "bmp.txt"
    bloods.write_text("\n".join(LAB_LINES) + "\n")
    doctor = DoctorAtBrowser(
        browser.new_context(viewport={"width": 1400, "height": 1000}).new_page(),
        medcase_app.url,
        artifacts,
    )
    doctor.visit()
    doctor.create_account("dr.ack@clinic.test")
    doctor.go_to("New case")
    form = doctor.fill_new_case(
        "Kal Emia", 71, "Male", "Weakness; on spironolactone.", [bloods], []
    )
    doctor.submit(form, "Create case")

    insights = doctor.heading("Primary diagnosis")
    deadline = time.monotonic() + ANALYSIS_SECONDS
    while not insights.count() and time.monotonic() < deadline:
        doctor.page.wait_for_timeout(100)
    box = doctor.main.locator(".st-key-critical_ack_panel")
    expect(box.get_by_text("Critical values to acknowledge")).to_be_visible()
    expect(
        box.get_by_text(re.compile(r"^Potassium 6\.9 mmol/L \(high\): found .*, waiting"))
    ).to_be_visible()
    doctor.snap("critical-waiting")
    doctor.check_accessibility("critical-waiting")

    ack_form = box.get_by_test_id("stForm")
    doctor.choose("How was it communicated?", "Read back by telephone", within=ack_form)
    ack_form.get_by_label("Comment (optional)").fill("Lab called; read back to the lab.")
    doctor.submit(ack_form, "Acknowledge")
    expect(
        box.get_by_text(
            re.compile(r"^Potassium 6\.9 mmol/L \(high\): acknowledged by dr\.ack@clinic\.test")
        )
    ).to_be_visible()
    expect(box.get_by_text(re.compile(r"read back by telephone"))).to_be_visible()
    expect(box.get_by_test_id("stForm")).to_have_count(0)
    doctor.snap("critical-acknowledged")

    doctor.main.get_by_role("tab", name="Audit trail").click()
    audit = doctor.main.get_by_test_id("stDataFrame").filter(has_text="Critical value acknowledged")
    expect(audit).to_have_count(1)

    doctor.go_to("Cases")
    expect(doctor.list_row("Kal Emia").filter(has_text="acknowledged")).to_have_count(1)
    expect(
        doctor.main.get_by_text(
            re.compile(r"^Time from finding a critical value to its acknowledgment")
        )
    ).to_be_visible()
    doctor.snap("critical-list")
    assert not doctor.findings, "\n".join(doctor.findings)
