"""The doctor's working day in Chromium (issue #26): a file the browser refuses stops
Create case, naming it, and a half-typed case survives a look at the case list."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.clinic_browser import DoctorAtBrowser
from tests.e2e.conftest import RunningApp
from tests.samples import pdf_bytes

pytestmark = pytest.mark.e2e

VIEWPORT = {"width": 1400, "height": 1000}
TOO_LARGE_MB = 60  # the clinic's limit is 50 MB
ANALYSIS_MS = 90_000


def test_create_case_refuses_a_file_the_browser_refused_and_names_it(
    medcase_app: RunningApp, browser: Browser, artifacts: Path, tmp_path: Path
) -> None:
    huge = tmp_path / "full panel.pdf"
    with huge.open("wb") as out:  # sparse: 60 MB on paper, nothing on disk
        out.truncate(TOO_LARGE_MB * 1024 * 1024)
    fine = tmp_path / "ferritin.pdf"
    fine.write_bytes(pdf_bytes())
    doctor = DoctorAtBrowser(
        browser.new_context(viewport=VIEWPORT).new_page(), medcase_app.url, artifacts
    )
    doctor.visit()
    doctor.create_account("dr.refused@clinic.test")
    doctor.go_to("New case")
    form = doctor.fill_new_case("Refused File", 52, "Male", "Tired.", [fine], [])
    picker = form.get_by_test_id("stFileUploader").filter(has_text="Lab files")
    picker.locator("input[type=file]").set_input_files([str(huge)])
    expect(picker.get_by_text("File must be 50.0MB or smaller.")).to_be_visible()
    doctor.settled()
    doctor.submit(form, "Create case")

    refusal = doctor.main.get_by_text("Create case did not go ahead: full panel.pdf")
    expect(refusal).to_be_visible()
    expect(doctor.heading("New case")).to_be_visible()
    doctor.snap("refused-file-named")
    doctor.check_accessibility("new case with a refused file")

    # The doctor takes the refused file off: Create case makes the case with the other.
    picker.get_by_role("button", name="Remove full panel.pdf").click()
    doctor.settled()
    doctor.submit(form, "Create case")
    expect(doctor.heading("Refused File")).to_be_visible()
    doctor.go_to("Cases")
    doctor.list_row("Refused File").first.wait_for(state="attached")
    assert not doctor.findings, "\n".join(doctor.findings)


def test_a_half_typed_case_survives_a_look_at_the_list(
    medcase_app: RunningApp, browser: Browser, artifacts: Path
) -> None:
    doctor = DoctorAtBrowser(
        browser.new_context(viewport=VIEWPORT).new_page(), medcase_app.url, artifacts
    )
    doctor.visit()
    doctor.create_account("dr.draft@clinic.test")
    doctor.go_to("New case")
    form = doctor.new_case_form
    form.get_by_label("Doctor's summary").fill("Cough for a week, then")
    form.get_by_label("Patient name").fill("Half Typed")
    # A pause in typing sends the name; then straight to another page, the cursor still
    # in the name field.
    doctor.page.wait_for_timeout(1500)
    doctor.settled()
    doctor.go_to("Cases")
    doctor.go_to("New case")
    doctor.settled()

    expect(form.get_by_label("Patient name")).to_have_value("Half Typed")
    expect(form.get_by_label("Doctor's summary")).to_have_value("Cough for a week, then")
    doctor.snap("draft-kept")
    form.get_by_role("button", name="Cancel").click()
    doctor.settled()
    expect(form.get_by_label("Patient name")).to_have_value("")


def test_the_sign_bar_stays_in_view_and_alt_s_signs_after_the_attestation(
    medcase_app: RunningApp, browser: Browser, artifacts: Path
) -> None:
    doctor = DoctorAtBrowser(
        browser.new_context(viewport=VIEWPORT).new_page(), medcase_app.url, artifacts
    )
    doctor.visit()
    doctor.create_account("dr.signbar@clinic.test")
    doctor.go_to("New case")
    form = doctor.fill_new_case("Sign Bar", 61, "Female", "Tired for a month.", [], [])
    doctor.submit(form, "Create case")
    expect(doctor.heading("Primary diagnosis")).to_be_visible(timeout=ANALYSIS_MS)
    doctor.settled()
    owed = doctor.main.get_by_text("Draft, awaiting your review (0 of 3 sections decided)")
    expect(owed).to_be_visible()

    bar = doctor.main.locator(".st-key-review_sign_bar")
    # Alt+A accepts the first section still without a decision (named on its button).
    expect(bar.get_by_role("button", name=re.compile(r"Accept Case summary"))).to_be_visible()
    doctor.page.keyboard.press("Alt+a")
    expect(bar.get_by_text("1 of 3 sections decided")).to_be_visible()
    expect(
        doctor.main.locator(".st-key-review_case_summary").get_by_role("button", name="Change")
    ).to_be_visible()
    doctor.settled()
    doctor.decide("soap_note", "Accept")
    doctor.decide("primary_diagnosis", "Reject", reason="Awaiting ferritin")
    bar = doctor.main.locator(".st-key-review_sign_bar")
    expect(bar.get_by_text("3 of 3 sections decided")).to_be_visible()
    # Read from the first section: the bar stays at the bottom of the window.
    doctor.main.locator(".st-key-review_case_summary").evaluate("e => e.scrollIntoView()")
    doctor.drawn()
    box = bar.bounding_box()
    assert box is not None
    bottom = box["y"] + box["height"]
    assert VIEWPORT["height"] - 4 <= bottom <= VIEWPORT["height"] + 1, box
    doctor.snap_window("sign-bar-in-view")
    # Streamlit's own toast ("decision saved") has no accessible name: checked once gone.
    expect(doctor.page.get_by_test_id("stToast")).to_have_count(0, timeout=15_000)
    doctor.check_accessibility("case page with the sign bar")

    # Alt+S does nothing before the attestation is ticked, then signs.
    doctor.page.keyboard.press("Alt+s")
    doctor.settled()
    expect(doctor.main.get_by_text(re.compile(r"^Signed by"))).to_have_count(0)
    doctor.set_signer_profile("Dr Sign Bar", "MD")
    bar.get_by_text("I have reviewed the AI draft and the source documents").click()
    doctor.settled()
    doctor.page.keyboard.press("Alt+s")
    expect(
        doctor.main.get_by_text(re.compile(r"^Signed by Dr Sign Bar, MD \(dr\.signbar@"))
    ).to_be_visible()
    expect(doctor.main.get_by_text(re.compile(r"Signed v1 by Dr Sign Bar, MD on"))).to_be_visible()
    assert not doctor.findings, "\n".join(doctor.findings)
