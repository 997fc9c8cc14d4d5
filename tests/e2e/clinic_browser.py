"""A doctor at the browser: the few moves the journey makes, in the app's own labels.

Streamlit renders widgets with ARIA labels, so inputs are found by the label the doctor
reads. Where Streamlit repeats a label (its file picker's own button, a form's submit
button beside an expander of the same name), the element is picked by its test id.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlparse

from playwright.sync_api import Locator, Page, Request, expect

from core.review import SECTION_LABELS as _LABELS
from tests.e2e.accessibility import violations
from tests.e2e.script_runs import ScriptRuns
from ui.case_list import ROW_HEIGHT as LIST_ROW_PX

PASSWORD = "correct horse battery"
STEP_TIMEOUT_MS = 20_000
MAX_SHOT_HEIGHT = 5000  # pixels
# Where the patient's name is drawn in a list row.
NAME_CELL_X = 110  # pixels from the table's left edge: past the checkbox and the "#" column


class DoctorAtBrowser:
    def __init__(
        self,
        page: Page,
        app_url: str,
        artifacts: Path,
        shots: list[Path] | None = None,
        findings: list[str] | None = None,
    ) -> None:
        self.page = page
        self.app_url = app_url
        self.artifacts = artifacts
        # Shared between the doctors of one journey, so the screenshots number in order.
        self.shots: list[Path] = shots if shots is not None else []
        # Requests to any host but the app's, and accessibility violations, for the end.
        self.findings: list[str] = findings if findings is not None else []
        self.runs = ScriptRuns(page)
        page.set_default_timeout(STEP_TIMEOUT_MS)
        expect.set_options(timeout=STEP_TIMEOUT_MS)
        page.context.on("request", self._outside_request)

    def _outside_request(self, request: Request) -> None:
        address = urlparse(request.url)
        if address.scheme in ("data", "blob", "about"):
            return
        if address.netloc != urlparse(self.app_url).netloc:
            self.findings.append(f"a request to another host: {request.url}")

    def check_accessibility(self, where: str) -> None:
        """axe-core on the page as it is now; what it finds is reported at the journey's end."""
        self.settled()
        self.findings.extend(violations(self.page, where))

    # --- seeing -----------------------------------------------------------------------

    @property
    def main(self) -> Locator:
        return self.page.get_by_test_id("stMain")

    def heading(self, text: str) -> Locator:
        return self.main.get_by_role("heading", name=text, exact=True)

    def settled(self) -> None:
        """Wait until Streamlit has finished the runs asked for and drawn all of them."""
        self.runs.wait_until_idle(self.page, STEP_TIMEOUT_MS / 1000)
        expect(self.page.get_by_test_id("stStatusWidget")).to_have_count(0)
        # Placeholders and elements left over from the previous run are still being drawn.
        expect(self.page.get_by_test_id("stSkeleton")).to_have_count(0)
        expect(self.page.locator("[data-stale='true']")).to_have_count(0)

    def drawn(self) -> None:
        """Fonts loaded and two frames painted: icons and the table's canvas are on screen."""
        self.page.evaluate(
            "() => document.fonts.ready.then(() => new Promise(done =>"
            " requestAnimationFrame(() => requestAnimationFrame(done))))"
        )

    def snap_while_running(self, name: str, wait_ms: int = 1000) -> Path:
        """A screenshot of a page that keeps changing (live progress): give it a moment
        to draw, but never wait for it to stop."""
        with contextlib.suppress(AssertionError):  # still drawing: shoot it as it is
            expect(self.page.get_by_test_id("stSkeleton")).to_have_count(0, timeout=wait_ms)
        return self.snap(name, settle=False)

    def snap(self, name: str, settle: bool = True) -> Path:
        """A screenshot of this step, as tall as the page's content."""
        if settle:
            self.settled()
        self.drawn()
        path = self.artifacts / f"{len(self.shots) + 1:02d}-{name}.png"
        # Streamlit scrolls inside its own container, so a "full page" shot would stop at
        # the window: grow the window to the content for the shot instead.
        size = self.page.viewport_size or {"width": 1400, "height": 1000}
        content = self.page.evaluate(
            "() => { const main = document.querySelector('[data-testid=\"stMain\"]');"
            " return main ? main.scrollHeight : document.body.scrollHeight; }"
        )
        tall = min(max(size["height"], int(content)), MAX_SHOT_HEIGHT)
        self.page.set_viewport_size({"width": size["width"], "height": tall})
        try:
            self.page.screenshot(path=path)
        finally:
            self.page.set_viewport_size(size)
        self.shots.append(path)
        return path

    def snap_window(self, name: str) -> Path:
        """A screenshot of the window as the doctor sees it now (not grown to the content)."""
        self.settled()
        self.drawn()
        path = self.artifacts / f"{len(self.shots) + 1:02d}-{name}.png"
        self.page.screenshot(path=path)
        self.shots.append(path)
        return path

    # --- signing in and out -------------------------------------------------------------

    def visit(self, path: str = "/") -> None:
        self.page.goto(f"{self.app_url}{path}")
        expect(self.main.get_by_label("Email")).to_be_visible()

    def _credentials(self, email: str) -> None:
        self.main.get_by_label("Email").fill(email)
        self.main.get_by_label("Password", exact=True).fill(PASSWORD)

    def create_account(self, email: str) -> None:
        self._credentials(email)
        self.main.get_by_role("button", name="Create account").click()
        expect(self.main.get_by_label("Email")).to_have_count(0)

    def sign_in(self, email: str) -> None:
        self._credentials(email)
        self.main.get_by_role("button", name="Sign in").click()
        expect(self.main.get_by_label("Email")).to_have_count(0)

    def sign_out(self) -> None:
        self.page.get_by_test_id("stSidebar").get_by_role("button", name="Sign out").click()
        expect(self.main.get_by_label("Email")).to_be_visible()

    # --- cases --------------------------------------------------------------------------

    def go_to(self, page_title: str) -> None:
        nav = self.page.get_by_test_id("stSidebarNav")
        nav.get_by_role("link", name=page_title, exact=True).click()
        expect(self.heading(page_title)).to_be_visible()

    def choose(self, label: str, option: str, within: Locator | None = None) -> None:
        """Pick an option in a select box."""
        box = (within or self.main).get_by_label(label)
        choice = self.page.get_by_role("option", name=option, exact=True)
        # A run started by the field left just before (the New case page reruns as each
        # field is left) can redraw the box and close its list while it opens: let the
        # run finish, and open the list again if a redraw closed it.
        for _ in range(3):
            self.settled()
            box.click()
            with contextlib.suppress(AssertionError):
                expect(choice).to_be_visible(timeout=3_000)
                break
        choice.click()

    def attach(self, uploader_label: str, files: Sequence[Path], within: Locator) -> None:
        """Put files in a file picker and wait until Streamlit has received each one."""
        # The New case page's fields rerun the page as they are left (no st.form): files
        # set while such a run redraws the picker can be dropped, so let it finish first.
        self.settled()
        picker = within.get_by_test_id("stFileUploader").filter(has_text=uploader_label)
        picker.locator("input[type=file]").set_input_files([str(path) for path in files])
        for path in files:
            expect(picker.get_by_text(path.name, exact=True)).to_be_visible()
        # A spinner stands beside each file until its upload is done.
        expect(picker.get_by_test_id("stFileChipIconSpinner")).to_have_count(0)

    @property
    def new_case_form(self) -> Locator:
        """The New case page's fields and buttons (a bordered container, not an st.form:
        its draft is kept while the doctor looks elsewhere)."""
        return self.main.locator(".st-key-new_case_form")

    def fill_new_case(
        self,
        name: str,
        age: int,
        gender: str,
        summary: str,
        lab_files: Sequence[Path],
        radiology_files: Sequence[Path],
    ) -> Locator:
        form = self.new_case_form
        form.get_by_label("Patient name").fill(name)
        age_box = form.get_by_label("Age")
        age_box.fill(str(age))
        # A number is kept when the box is left; leaving it reruns the page, and a click
        # that lands during that run's redraw can lose the number: commit it and let the
        # run finish before the next field.
        age_box.press("Enter")
        self.settled()
        expect(age_box).to_have_value(str(age))
        self.choose("Gender", gender, within=form)
        form.get_by_label("Doctor's summary").fill(summary)
        self.attach("Lab files", lab_files, form)
        self.attach("Radiology files", radiology_files, form)
        return form

    def submit(self, form: Locator, label: str) -> None:
        """A form's own submit button (the file picker's button may share words with it)."""
        # A field still focused has not handed its text over yet (Streamlit takes it on blur);
        # under load the click could come first. Submitting while a run is still going can lose
        # the submission too: let it finish.
        self.page.evaluate("() => document.activeElement && document.activeElement.blur()")
        self.settled()
        buttons = form.locator("[data-testid=stFormSubmitButton], [data-testid=stButton]")
        button = buttons.get_by_role("button", name=re.compile(label))
        expect(button).to_be_enabled()
        button.click()

    # --- the case list and the case page ------------------------------------------------

    def list_row(self, patient: str) -> Locator:
        """The case list's row for a patient (the table's accessible copy of its cells)."""
        grid = self.main.get_by_test_id("stDataFrame")
        # Not get_by_role: the copy is drawn off screen, and role queries skip hidden nodes.
        return grid.locator("tr[role=row]").filter(has_text=patient)

    def click_in_list(self, patient: str, x: int) -> None:
        """Click the patient's row ``x`` pixels from the table's left edge (it is a canvas)."""
        row = self.list_row(patient)
        index = int(row.get_attribute("aria-rowindex") or "2")  # 1 is the header row
        canvas = self.main.get_by_test_id("stDataFrame").get_by_test_id("data-grid-canvas")
        box = canvas.bounding_box()
        assert box is not None, "the case list is not on screen"
        # The grid's scroller lies over its canvas, so click where a doctor's pointer would.
        self.page.mouse.click(box["x"] + x, box["y"] + (index - 1) * LIST_ROW_PX + LIST_ROW_PX // 2)

    def open_from_list(self, patient: str) -> None:
        """Click the patient's name in the list, as a doctor does."""
        self.click_in_list(patient, NAME_CELL_X)
        expect(self.heading(patient)).to_be_visible()

    def expander(self, label: str) -> Locator:
        """Open an expander (once) and return it."""
        box = self.main.get_by_test_id("stExpander").filter(
            has=self.page.locator("summary", has_text=label)
        )
        is_open = "e => (e.tagName === 'DETAILS' ? e : e.querySelector('details')).open"
        if not box.evaluate(is_open):
            box.locator("summary").click()
        self.page.wait_for_function(
            f"e => ({is_open})(e)", arg=box.element_handle(), timeout=STEP_TIMEOUT_MS
        )
        return box

    # --- physician review -----------------------------------------------------------------

    def decide(
        self,
        section: str,
        decision: str,
        fields: dict[str, str] | None = None,
        reason: str | None = None,
    ) -> None:
        """Record a decision on one section of the AI draft where it is shown, as the
        doctor does: Accept in one click; Edit, then the editor in place of the text and
        Save; Reject, then the reason inline (issue #26)."""
        box = self.main.locator(f".st-key-review_{section}")
        # The section's decision is one control: a group of options named for the section.
        choices = box.get_by_role("radiogroup", name=f"Your decision on the {_LABELS[section]}")
        choices.get_by_role("radio", name=decision, exact=True).click()
        if fields:
            for label, value in fields.items():
                box.get_by_label(label, exact=True).fill(value)
            self.settled()
            box.get_by_role("button", name=re.compile(r"Save my version$")).click()
        if reason is not None:
            box.get_by_label("Why is this section rejected?").fill(reason)
            self.settled()
            box.get_by_role("button", name="Reject with this reason").click()
        expect(box.get_by_role("button", name="Change")).to_be_visible()
        self.settled()

    def set_signer_profile(self, name: str, credentials: str) -> None:
        """How the doctor signs, set on the sign bar where it asks for it: its "Set how you
        sign" opens the form (drawn in a popover over the page)."""
        bar = self.main.locator(".st-key-review_sign_bar")
        bar.get_by_role("button", name=re.compile(r"Set how you sign$")).click()
        form = self.page.get_by_test_id("stPopoverBody")
        form.get_by_role("textbox", name="Name as signed").fill(name)
        form.get_by_role("textbox", name="Credentials").fill(credentials)
        form.get_by_role("button", name="Save how I sign").click()
        expect(bar.get_by_text(f"— {name}, {credentials}")).to_be_visible()
        self.settled()
