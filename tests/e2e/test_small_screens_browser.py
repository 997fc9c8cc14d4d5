"""The case list on a tablet and a phone, in Chromium (issue #26, "Small screens").

Tablet portrait (768 x 1024): the sidebar starts collapsed and the list's Status, Review
and diagnosis columns are on screen without scrolling sideways. Phone (390 x 844): the
first case row is on the first screen (the counters one compact row, the filters behind a
"Filters" toggle). Screenshots of both are kept in the artifacts folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, ViewportSize, expect

from tests.e2e.clinic_browser import DoctorAtBrowser
from tests.e2e.conftest import RunningApp

pytestmark = pytest.mark.e2e

TABLET: ViewportSize = {"width": 768, "height": 1024}
PHONE: ViewportSize = {"width": 390, "height": 844}
PATIENT = "Maximiliana Konstantinopoulou-Vanderberg"  # a long name, as real ones can be


def header(grid: Locator, name: str) -> Locator:
    """A column header in the grid's accessible copy, which holds only the columns drawn
    in the visible part of the grid (those scrolled off sideways are left out)."""
    return grid.locator("th").filter(has_text=name)


def first_row_top(doctor: DoctorAtBrowser) -> float:
    """How far down the window the first case row starts (header row + border above it)."""
    grid = doctor.main.get_by_test_id("stDataFrame")
    box = grid.bounding_box()
    assert box is not None, "the case list is not on screen"
    return box["y"] + 36


def test_the_case_list_fits_a_tablet_and_a_phone(
    medcase_app: RunningApp, browser: Browser, artifacts: Path
) -> None:
    context = browser.new_context(viewport=TABLET)
    doctor = DoctorAtBrowser(context.new_page(), medcase_app.url, artifacts)
    doctor.visit()
    doctor.create_account("dr.small@clinic.test")
    doctor.main.get_by_role("link", name="New case").click()
    form = doctor.new_case_form
    form.get_by_label("Patient name").fill(PATIENT)
    form.get_by_label("Age").fill("58")
    doctor.choose("Gender", "Female", within=form)
    form.get_by_label("Doctor's summary").fill("Tired for a month.")
    doctor.submit(form, "Create case")
    expect(doctor.heading(PATIENT)).to_be_visible()

    # Tablet portrait: a fresh load of the list, as the doctor opens it.
    doctor.page.goto(medcase_app.url)
    expect(doctor.heading("Cases")).to_be_visible()
    doctor.settled()
    expect(doctor.page.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "true")
    grid = doctor.main.get_by_test_id("stDataFrame")
    expect(doctor.list_row(PATIENT)).to_have_count(1)
    # A header in the copy may be cut at the grid's right edge: the column after the
    # diagnosis being in it too says the diagnosis column is on screen whole.
    for name in ("Patient", "Status", "Review", "Primary diagnosis", "ICD-10"):
        expect(header(grid, name)).to_have_count(1)
    tablet_top = first_row_top(doctor)
    doctor.snap_window("tablet-case-list")
    doctor.check_accessibility("tablet-case-list")

    # Phone: the first row on the first screen, the filters behind a button.
    doctor.page.set_viewport_size(PHONE)
    doctor.page.reload()
    expect(doctor.heading("Cases")).to_be_visible()
    doctor.settled()
    expect(doctor.list_row(PATIENT)).to_have_count(1)
    expect(doctor.page.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "true")
    phone_top = first_row_top(doctor)
    print(f"first row top: tablet {tablet_top:.0f} px, phone {phone_top:.0f} px")
    doctor.snap_window("phone-case-list")
    doctor.snap("phone-case-list-whole")
    doctor.check_accessibility("phone-case-list")
    assert phone_top + 35 <= PHONE["height"], f"the first row starts at {phone_top:.0f} px"
    expect(doctor.main.get_by_label("Diagnosis or ICD-10 code", exact=True)).to_be_hidden()
    filters = doctor.main.get_by_text("Filters", exact=True)
    filters.click()
    expect(doctor.main.get_by_label("Diagnosis or ICD-10 code", exact=True)).to_be_visible()
    doctor.snap_window("phone-filters-open")
    doctor.check_accessibility("phone-filters-open")
    assert doctor.findings == []
    context.close()
