"""The case list and the case page on a tablet and a phone, in Chromium (issue #26,
"Small screens").

Tablet portrait (768 x 1024, and 820 x 1180): the sidebar starts collapsed and the list's
Status, Review and diagnosis columns are on screen without scrolling sideways. Phone
(390 x 844): the cases are cards, the first on the first screen (the counters one compact
row, the filters behind a "Filters" toggle). The case page on both: nothing scrolls
sideways, the lab table and the sign bar fit, the document viewer shows a lab PDF and an
image. Screenshots of each are kept in the artifacts folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, ViewportSize, expect

from tests.e2e.clinic_browser import DoctorAtBrowser
from tests.e2e.conftest import RunningApp
from tests.samples import pdf_bytes, png_bytes

pytestmark = pytest.mark.e2e

TABLET: ViewportSize = {"width": 768, "height": 1024}
TABLET_820: ViewportSize = {"width": 820, "height": 1180}
PHONE: ViewportSize = {"width": 390, "height": 844}
ANALYSIS_MS = 300_000  # a busy machine: the analyzer shares its cores with the browser
PATIENT = "Maximiliana Konstantinopoulou-Vanderberg"  # a long name, as real ones can be


def in_the_middle(element: Locator) -> None:
    """Scroll ``element`` to the middle of the window (the sign bar sticks to its bottom)."""
    element.evaluate("e => e.scrollIntoView({block: 'center'})")


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


def card(doctor: DoctorAtBrowser, patient: str) -> Locator:
    """The phone's card of a patient's case."""
    return doctor.main.locator("[class*='st-key-case_card_']").filter(has_text=patient)


def sideways_overflow(doctor: DoctorAtBrowser) -> int:
    """How many pixels the page's content is wider than its window (0: no sideways scroll)."""
    return int(
        doctor.page.evaluate(
            "() => { const main = document.querySelector('[data-testid=\"stMain\"]');"
            " return Math.max(main.scrollWidth - main.clientWidth,"
            " document.documentElement.scrollWidth - window.innerWidth); }"
        )
    )


def sidebar_width(doctor: DoctorAtBrowser) -> float:
    """The open sidebar's width on screen (0 when collapsed)."""
    sidebar = doctor.page.get_by_test_id("stSidebar")
    if sidebar.get_attribute("data-collapsed") == "true":
        return 0.0
    box = sidebar.bounding_box()
    return box["width"] if box else 0.0


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

    # Tablet portrait at 820 px (iPad Air): the sidebar closed, the list's columns kept.
    doctor.page.set_viewport_size(TABLET_820)
    doctor.page.reload()
    expect(doctor.heading("Cases")).to_be_visible()
    doctor.settled()
    expect(doctor.list_row(PATIENT)).to_have_count(1)
    # The diagnosis column begins on screen (its whole width needs the sidebar closed).
    for name in ("Patient", "Status", "Review", "Primary diagnosis"):
        expect(header(grid, name)).to_have_count(1)
    expect(card(doctor, PATIENT)).to_be_hidden()
    narrow = sidebar_width(doctor)
    print(f"sidebar at 820 px: {narrow:.0f} px")
    assert narrow == 0, f"the sidebar takes {narrow:.0f} px of 820"
    assert sideways_overflow(doctor) <= 0
    doctor.snap_window("tablet-820-case-list")
    doctor.check_accessibility("tablet-820-case-list")

    # Phone: a card per case, the first on the first screen, the filters behind a button.
    doctor.page.set_viewport_size(PHONE)
    doctor.page.reload()
    expect(doctor.heading("Cases")).to_be_visible()
    doctor.settled()
    expect(doctor.page.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "true")
    expect(doctor.main.get_by_test_id("stDataFrame")).to_be_hidden()
    phone_card = card(doctor, PATIENT)
    expect(phone_card).to_be_visible()
    expect(phone_card).to_contain_text("58 · Female")
    box = phone_card.bounding_box()
    assert box is not None
    phone_top = box["y"]
    print(f"first row top: tablet {tablet_top:.0f} px, phone card {phone_top:.0f} px")
    doctor.snap_window("phone-case-list")
    doctor.snap("phone-case-list-whole")
    doctor.check_accessibility("phone-case-list")
    assert phone_top + box["height"] <= PHONE["height"], "the first card ends below the screen"
    assert sideways_overflow(doctor) <= 0
    expect(doctor.main.get_by_label("Diagnosis or ICD-10 code", exact=True)).to_be_hidden()
    filters = doctor.main.get_by_text("Filters", exact=True)
    filters.click()
    expect(doctor.main.get_by_label("Diagnosis or ICD-10 code", exact=True)).to_be_visible()
    doctor.snap_window("phone-filters-open")
    doctor.check_accessibility("phone-filters-open")
    # The card's name is a link to the case.
    phone_card.get_by_role("link", name=PATIENT).click()
    expect(doctor.heading(PATIENT)).to_be_visible()
    assert doctor.findings == []
    context.close()


def test_the_case_page_reads_on_a_phone_and_a_tablet_with_its_documents(
    medcase_app: RunningApp, browser: Browser, artifacts: Path, tmp_path: Path
) -> None:
    lab = tmp_path / "cbc.pdf"
    lab.write_bytes(pdf_bytes())
    knee = tmp_path / "knee.png"
    knee.write_bytes(png_bytes(1200, 900))
    context = browser.new_context(viewport=PHONE)
    doctor = DoctorAtBrowser(context.new_page(), medcase_app.url, artifacts)
    doctor.visit()
    doctor.create_account("dr.phone@clinic.test")
    doctor.page.set_viewport_size({"width": 1280, "height": 900})  # the form, as at a desk
    doctor.go_to("New case")
    form = doctor.fill_new_case("Phone Patient", 47, "Female", "Tired.", [lab], [knee])
    doctor.submit(form, "Create case")
    expect(doctor.heading("Phone Patient")).to_be_visible()
    sign_bar = doctor.main.locator(".st-key-review_sign_bar")
    expect(sign_bar).to_be_attached(timeout=ANALYSIS_MS)

    for name, size in (("phone", PHONE), ("tablet-820", TABLET_820)):
        doctor.page.set_viewport_size(size)
        doctor.page.reload()
        expect(doctor.heading("Phone Patient")).to_be_visible()
        doctor.settled()
        lab_table = doctor.main.get_by_test_id("stDataFrame").first
        expect(lab_table).to_be_visible()
        table_box = lab_table.bounding_box()
        assert table_box is not None and table_box["x"] + table_box["width"] <= size["width"]
        sign_bar.scroll_into_view_if_needed()
        sign = sign_bar.get_by_role("button", name="Sign note")
        expect(sign).to_be_visible()
        button = sign.bounding_box()
        assert button is not None and button["x"] + button["width"] <= size["width"]
        overflow = sideways_overflow(doctor)
        print(f"{name}: sideways overflow {overflow} px")
        assert overflow <= 0, f"{name}: the case page scrolls {overflow} px sideways"
        doctor.snap(f"{name}-case-page")
        doctor.check_accessibility(f"{name}-case-page")

        # The documents beside the note: the lab PDF drawn in the page, then the image.
        # Scrolled to the middle, as a thumb does: the sticky sign bar covers the bottom.
        viewer = doctor.main.locator(".st-key-case_viewer_open")
        in_the_middle(viewer)
        viewer.get_by_text("View a document beside the note").click()
        document = doctor.main.locator(".st-key-case_viewer_document")
        expect(
            document.locator("iframe, canvas, [data-testid=stBidiComponent]").first
        ).to_be_visible(timeout=30_000)
        doctor.page.wait_for_timeout(2000)  # the PDF's first page drawn
        document.scroll_into_view_if_needed()
        doctor.snap_window(f"{name}-viewer-pdf")
        doctor.check_accessibility(f"{name}-viewer-pdf")
        assert sideways_overflow(doctor) <= 0
        document_picker = doctor.main.get_by_role("combobox", name="Document")
        in_the_middle(document_picker)
        document_picker.click()
        doctor.page.get_by_role("option", name="knee.png", exact=True).click()
        picture = document.get_by_role("img", name="knee.png, as uploaded")
        expect(picture).to_be_visible()
        shown = picture.bounding_box()
        assert shown is not None and shown["x"] + shown["width"] <= size["width"]
        doctor.snap_window(f"{name}-viewer-image")
        doctor.check_accessibility(f"{name}-viewer-image")
        in_the_middle(viewer)
        viewer.get_by_text("View a document beside the note").click()  # off again
        doctor.settled()
    assert doctor.findings == []
    context.close()
