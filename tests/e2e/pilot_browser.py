"""A pilot's people at the browser: the coordinator's forms, ticking cases in the list, and
a reviewer's blind diagnosis and scoring form, in the app's own labels."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from core.pilot.records import RUBRIC, RUBRIC_LABELS
from core.review import Section
from tests.e2e.clinic_browser import DoctorAtBrowser

CHECKBOX_X = 18  # pixels from the table's left edge: the row's tick box


class PilotMemberAtBrowser(DoctorAtBrowser):
    # --- the coordinator -------------------------------------------------------------------

    def create_pilot(self, name: str, description: str) -> None:
        form = self.expander("Create a pilot").get_by_test_id("stForm")
        form.get_by_label("Name").fill(name)
        form.get_by_label("Description").fill(description)
        self.submit(form, "Create pilot")
        expect(self.main.get_by_text(f"Pilot created. You coordinate '{name}'.")).to_be_visible()
        self.settled()  # a tab clicked during the rerun would be reset to the first one

    def open_tab(self, name: str) -> None:
        """Open one of the pilot's tabs once the page has settled, and see that it opened."""
        self.settled()
        tab = self.main.get_by_role("tab", name=name)
        tab.click()
        expect(tab).to_have_attribute("aria-selected", "true")
        self.settled()

    def add_member(self, email: str, role: str) -> None:
        form = self.main.get_by_test_id("stForm").filter(has_text="Add member")
        form.get_by_label("Email of their MedCase account").fill(email)
        form.get_by_text(role, exact=True).click()
        self.submit(form, "Add member")
        expect(self.main.get_by_text(f"{email} — {role}")).to_be_visible()
        self.settled()

    # --- the enrolling doctor --------------------------------------------------------------

    def tick_in_list(self, patient: str) -> None:
        """Tick a patient's row in the case list."""
        self.click_in_list(patient, CHECKBOX_X)
        self.settled()

    # --- the reviewer ----------------------------------------------------------------------

    def all_cases(self) -> None:
        """Unfold the list of the reviewer's cases (left as it is when unfolded)."""
        self.settled()
        folded = self.main.locator("details").filter(
            has=self.page.get_by_text(re.compile(r"^All your cases \(\d+\)"))
        )
        if folded.get_attribute("open") is None:
            folded.locator("summary").click()
        self.settled()

    def open_case(self, pseudonym: str) -> None:
        """Jump to a case with the folded list of the reviewer's cases."""
        self.all_cases()
        self.choose("Open a case", pseudonym)
        expect(self.main.get_by_role("heading", name=pseudonym)).to_be_visible()
        self.settled()

    def record_diagnosis(self, diagnosis: str, icd_code: str) -> None:
        """Find the code with the picker (its best match is chosen), say it in words, record."""
        self.main.get_by_label(re.compile("^Find the ICD-10-CM code")).fill(icd_code)
        self.page.keyboard.press("Enter")
        self.settled()
        expect(
            self.main.get_by_role("radio", name=re.compile(f"^{re.escape(icd_code)} — "))
        ).to_be_checked()
        self.main.get_by_label(re.compile("^Diagnosis in your words")).fill(diagnosis)
        self.page.keyboard.press("Enter")
        self.settled()
        self.main.get_by_role("button", name="Record my diagnosis").click()
        expect(self.main.get_by_text(f"Your diagnosis: {diagnosis} ({icd_code})")).to_be_visible()
        self.settled()

    def score_every_section(self, verdict: str, rating: int) -> None:
        """The same verdict and rubric rating for each section, then submit (final)."""
        form = self.main.get_by_test_id("stForm").filter(has_text="Submit review (final)")
        for section in Section:
            form.locator(f".st-key-pilots_verdict_{section.value}").get_by_text(
                verdict, exact=True
            ).click()
            for item in RUBRIC:
                group = form.locator(f".st-key-pilots_rating_{section.value}_{item}")
                expect(group).to_contain_text(RUBRIC_LABELS[item])
                group.get_by_text(str(rating), exact=True).click()
        self.submit(form, "Submit review")
        # The last case says the review is final; otherwise "Submit and next" opens the next
        # case, its blind diagnosis first.
        final = self.main.get_by_text("A review is final.")
        following = self.main.get_by_role("button", name="Record my diagnosis")
        expect(final.or_(following)).to_be_visible()
        self.settled()
