"""Where things sit on the doctor's screen, in Chromium (issue #26): the document viewer
beside the note on a wide window and above it on a narrower one; the sidebar closed on a
tablet in portrait (820 and 834 px), open at a desk (1,400 px). Screenshots of each are
kept in the artifacts folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, ViewportSize, expect

from tests.e2e.clinic_browser import DoctorAtBrowser
from tests.e2e.conftest import RunningApp
from tests.samples import pdf_bytes

pytestmark = pytest.mark.e2e

DESK: ViewportSize = {"width": 1400, "height": 1000}
NARROWER: ViewportSize = {"width": 1100, "height": 1000}
TABLETS: tuple[ViewportSize, ...] = (
    {"width": 820, "height": 1180},
    {"width": 834, "height": 1194},
)
ANALYSIS_MS = 300_000  # a busy machine: the analyzer shares its cores with the browser


def box_of(element: Locator) -> dict[str, float]:
    box = element.bounding_box()
    assert box is not None, "not on screen"
    return box


def sidebar_open(doctor: DoctorAtBrowser) -> bool:
    return doctor.page.get_by_test_id("stSidebar").get_attribute("data-collapsed") != "true"


def test_the_document_sits_beside_the_note_on_a_wide_window_and_above_it_when_narrower(
    medcase_app: RunningApp, browser: Browser, artifacts: Path, tmp_path: Path
) -> None:
    lab = tmp_path / "cbc.pdf"
    lab.write_bytes(pdf_bytes())
    context = browser.new_context(viewport=DESK)
    doctor = DoctorAtBrowser(context.new_page(), medcase_app.url, artifacts)
    doctor.visit()
    doctor.create_account("dr.beside@clinic.test")
    doctor.go_to("New case")
    form = doctor.fill_new_case("Beside Note", 52, "Female", "Tired.", [lab], [])
    doctor.submit(form, "Create case")
    expect(doctor.main.locator(".st-key-review_sign_bar")).to_be_attached(timeout=ANALYSIS_MS)
    doctor.settled()

    doctor.main.locator(".st-key-case_viewer_open").get_by_text(
        "View a document beside the note"
    ).click()
    pane = doctor.main.locator(".st-key-case_viewer_pane")
    document = doctor.main.locator(".st-key-case_viewer_document")
    expect(document.locator("iframe, canvas, [data-testid=stBidiComponent]").first).to_be_visible(
        timeout=30_000
    )
    doctor.settled()
    doctor.page.wait_for_timeout(2000)  # the PDF's first page drawn
    lab_table = doctor.main.get_by_test_id("stDataFrame").first
    viewer, table = box_of(pane), box_of(lab_table)
    # Side by side: the document on the left, the note's lab table on the right, level.
    assert viewer["x"] + viewer["width"] <= table["x"], (viewer, table)
    assert abs(viewer["y"] - table["y"]) < 200, (viewer, table)
    assert viewer["width"] >= 350 and table["width"] >= 500, (viewer, table)
    doctor.snap_window("viewer-beside-the-note")
    # axe with no exception for st.pdf: its scrolling pages are a named region that Tab
    # reaches after the zoom buttons, so the keys scroll them.
    doctor.check_accessibility("viewer beside the note")
    pages = pane.get_by_role("region", name="cbc.pdf: its pages")
    expect(pages).to_have_attribute("tabindex", "0")
    pane.get_by_role("button", name="Zoom Out").focus()
    doctor.page.keyboard.press("Tab")
    expect(pages).to_be_focused()

    # Reading down the note, the document stays in view beside it.
    diagnosis = doctor.heading("Primary diagnosis")
    diagnosis.evaluate("e => e.scrollIntoView({block: 'center'})")
    doctor.drawn()
    still = box_of(pane)
    assert 0 <= still["y"] < DESK["height"] / 2, still
    assert box_of(diagnosis)["x"] >= still["x"] + still["width"]
    doctor.snap_window("viewer-beside-the-note-scrolled")

    # A narrower window: the document above the note, each the width of the page.
    doctor.page.set_viewport_size(NARROWER)
    pane.evaluate("e => e.scrollIntoView()")
    doctor.drawn()
    viewer, table = box_of(pane), box_of(lab_table)
    assert viewer["y"] + viewer["height"] <= table["y"], (viewer, table)
    assert abs(viewer["x"] - table["x"]) < 4 and abs(viewer["width"] - table["width"]) < 40
    doctor.snap_window("viewer-above-the-note")
    doctor.check_accessibility("viewer above the note")
    assert doctor.findings == []
    context.close()


def test_the_sidebar_starts_closed_on_a_tablet_in_portrait_and_open_at_a_desk(
    medcase_app: RunningApp, browser: Browser, artifacts: Path
) -> None:
    email = "dr.tablet@clinic.test"
    desk = browser.new_context(viewport=DESK)
    doctor = DoctorAtBrowser(desk.new_page(), medcase_app.url, artifacts)
    doctor.visit()
    doctor.create_account(email)
    doctor.go_to("New case")
    form = doctor.fill_new_case("Tablet Portrait", 47, "Female", "Tired.", [], [])
    doctor.submit(form, "Create case")
    expect(doctor.heading("Tablet Portrait")).to_be_visible()
    doctor.page.goto(medcase_app.url)
    expect(doctor.heading("Cases")).to_be_visible()
    doctor.settled()
    doctor.page.wait_for_timeout(1500)  # time for a (wrong) collapse to show
    assert sidebar_open(doctor), "the sidebar is closed at a desk"
    doctor.snap_window("desk-1400-case-list")
    desk.close()

    for size in TABLETS:
        # A new browser on the tablet: nothing remembered of the doctor's own choice.
        tablet = browser.new_context(viewport=size)
        doctor = DoctorAtBrowser(tablet.new_page(), medcase_app.url, artifacts)
        doctor.visit()
        doctor.sign_in(email)
        expect(doctor.heading("Cases")).to_be_visible()
        doctor.settled()
        sidebar = doctor.page.get_by_test_id("stSidebar")
        expect(sidebar).to_have_attribute("data-collapsed", "true", timeout=10_000)
        grid = doctor.main.get_by_test_id("stDataFrame")
        expect(doctor.list_row("Tablet Portrait")).to_have_count(1)
        for name in ("Patient", "Status", "Review", "Primary diagnosis", "ICD-10"):
            expect(grid.locator("th").filter(has_text=name)).to_have_count(1)
        doctor.snap_window(f"tablet-{size['width']}-case-list")
        doctor.check_accessibility(f"tablet-{size['width']}-case-list")
        # Still the doctor's to open.
        doctor.page.get_by_test_id("stExpandSidebarButton").click()
        expect(sidebar).to_have_attribute("data-collapsed", "false")
        assert doctor.findings == []
        tablet.close()
