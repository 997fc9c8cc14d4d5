"""The pilot reviewer's case at the browser by keys (issue #26), shared by the Chromium
journey and benchmarks/reviewer_case.py: a pilot of analysed cases seeded through the core,
and one case reviewed from its opening to the next case, counting the reviewer's actions.

An action is one pointer click, one run of typing (the code and the Enter that searches it;
the score keys, the focus moving on by itself), or one key that submits. The keystrokes are
counted too.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import expect

from core.backends.local import LocalBackendProvider
from core.models import NewCase
from core.pilot.records import RUBRIC, VERDICT_LABELS
from core.review import Section
from core.services.pilots import PilotService
from tests.doubles import case_service, finish_analysis
from tests.e2e.clinic_browser import PASSWORD
from tests.e2e.pilot_browser import PilotMemberAtBrowser

CODE = "D50.9"
REVIEWER = "reviewer.day@clinic.test"
COORDINATOR = "coordinator.day@clinic.test"
COLD_START_MS = 180_000
# A step that reruns the whole page (Record, Submit and next) on a machine shared by many:
# seen taking 18 s at a load average of 30 on 2 cores.
PAGE_RUN_MS = 90_000
ROWS_PER_SECTION = 1 + len(RUBRIC)  # the verdict, then each rubric item


@dataclass(frozen=True)
class ReviewerPilot:
    pilot_id: str
    pseudonyms: list[str]


def seed_pilot(data_dir: Path, cases: int) -> ReviewerPilot:
    """A coordinator's ``cases`` analysed cases enrolled in a pilot the reviewer reviews."""
    provider = LocalBackendProvider(data_dir)
    try:
        provider.accounts.sign_up(REVIEWER, PASSWORD)
        session = provider.accounts.sign_up(COORDINATOR, PASSWORD)
        backend = provider.for_session(session)
        ids = []
        for number in range(cases):
            form = NewCase(
                patient_name=f"Patient Number{number}",
                patient_age=30 + number,
                patient_gender="female" if number % 2 else "male",
                case_summary="Fatigue for two months. Hemoglobin 9.8 g/dL.",
            )
            case_id = case_service(session.doctor, backend).create_case(form, []).case.case_id
            finish_analysis(backend, session.doctor.user_id, case_id, summary="Iron deficiency")
            ids.append(case_id)
        pilots = PilotService(session.doctor, backend)
        pilot = pilots.create_pilot("Reviewer's day", "", "2026-11-01", "2026-12-31")
        pilots.add_member(pilot.pilot_id, REVIEWER, "reviewer")
        enrolled = pilots.enrol(pilot.pilot_id, ids)
        return ReviewerPilot(pilot.pilot_id, [e.pseudonym for e in enrolled])
    finally:
        provider.close()


def stored_scores(data_dir: Path, pilot_id: str) -> dict[str, dict[str, object]]:
    """The reviewer's submitted scores by pseudonym, as the core reads them."""
    provider = LocalBackendProvider(data_dir)
    try:
        session = provider.accounts.sign_in(REVIEWER, PASSWORD)
        pilots = PilotService(session.doctor, provider.for_session(session))
        return {
            item.enrolment.pseudonym: {
                section: score.as_json() for section, score in item.submitted.scores.items()
            }
            for item in pilots.queue(pilot_id)
            if item.submitted is not None and item.submitted.scores
        }
    finally:
        provider.close()


def digits_for(number: int) -> str:
    """The 15 keys of one case: per section its verdict (1-4), then four ratings (1-5)."""
    return "".join(
        f"{(number + s) % 4 + 1}" + "".join(f"{(number + s + i) % 5 + 1}" for i in range(4))
        for s in range(len(Section))
    )


def scores_of(digits: str) -> dict[str, dict[str, object]]:
    """What ``digits`` score, as the core stores it."""
    verdicts = list(VERDICT_LABELS)
    scores: dict[str, dict[str, object]] = {}
    for s, section in enumerate(Section):
        row = digits[s * ROWS_PER_SECTION : (s + 1) * ROWS_PER_SECTION]
        scores[section.value] = {
            "verdict": verdicts[int(row[0]) - 1],
            "ratings": {item: int(key) for item, key in zip(RUBRIC, row[1:], strict=True)},
            "comment": None,
        }
    return scores


@dataclass
class CaseReviewed:
    pseudonym: str
    seconds: float = 0.0
    actions: list[str] = field(default_factory=list)
    keystrokes: int = 0
    # Seconds from the case open to the end of each step, as the reviewer sees it drawn.
    steps: dict[str, float] = field(default_factory=dict)


class ReviewerByKeys(PilotMemberAtBrowser):
    def visit_cold(self) -> None:
        """The app's first page of a fresh server: its first run imports everything, which
        takes long on a loaded machine."""
        self.page.goto(self.app_url)
        expect(self.main.get_by_label("Email")).to_be_visible(timeout=COLD_START_MS)

    def review_by_keys(
        self,
        pseudonym: str,
        following: str | None,
        digits: str,
        first_by_click: bool = False,
        shots: str = "",
    ) -> CaseReviewed:
        """From the case open to the ``following`` one (None: the last case): the code
        typed, recorded, the scores typed (or the first clicked, the rest typed), Enter on
        Submit and next."""
        done = CaseReviewed(pseudonym)
        keys = self.page.keyboard
        expect(self.main.get_by_role("heading", name=pseudonym)).to_be_visible()
        search = self.main.get_by_label(re.compile("^Find the ICD-10-CM code"))
        expect(search).to_be_focused(timeout=PAGE_RUN_MS)  # the step's first field
        # The case's run has ended (on a loaded machine keys typed while it still draws can
        # land in a field it then redraws), and the new case's search is empty.
        self.settled()
        expect(search).to_have_value("")
        started = time.monotonic()
        if shots:
            self.snap(f"{shots}-diagnosis")
            self.check_accessibility(f"{shots}: the blind diagnosis, code picker")
            started = time.monotonic()
        keys.type(CODE)
        expect(search).to_have_value(CODE)
        keys.press("Enter")
        done.actions.append("type the code, Enter")
        done.keystrokes += len(CODE) + 1
        code = self.main.get_by_role("radio", name=re.compile(f"^{CODE} — "))
        expect(code).to_be_checked(timeout=PAGE_RUN_MS)
        done.steps["code found"] = time.monotonic() - started
        record = self.main.get_by_role("button", name="Record my diagnosis")
        expect(record).to_be_enabled()
        record.click()
        done.actions.append("click Record my diagnosis")
        rubric = self.main.locator(".st-key-pilots_rubric")
        first_row = rubric.get_by_role("radiogroup").first
        expect(first_row.get_by_role("radio").first).to_be_focused(timeout=PAGE_RUN_MS)
        done.steps["rubric shown"] = time.monotonic() - started
        if shots:
            paused = time.monotonic()
            self.snap(f"{shots}-scoring")
            self.check_accessibility(f"{shots}: the rubric grid beside the AI text")
            started += time.monotonic() - paused
        typed = digits
        if first_by_click:
            verdict = VERDICT_LABELS[list(VERDICT_LABELS)[int(digits[0]) - 1]]
            first_row.get_by_text(verdict, exact=True).click()
            done.actions.append("click the first row's choice")
            second_row = rubric.get_by_role("radiogroup").nth(1)
            expect(second_row.get_by_role("radio").first).to_be_focused()
            typed = digits[1:]
        keys.type(typed)
        done.keystrokes += len(typed)
        submit = self.main.get_by_role("button", name=re.compile(r"^Submit review \(final\)"))
        expect(submit).to_be_focused()  # after the last row
        done.steps["scores typed"] = time.monotonic() - started
        done.actions.append(f"type {len(typed)} scores")
        keys.press("Enter")
        done.actions.append("Enter on Submit and next")
        done.keystrokes += 1
        if following is None:
            final = self.main.get_by_text(re.compile("A review is final"))
            expect(final).to_be_visible(timeout=PAGE_RUN_MS)
        else:
            heading = self.main.get_by_role("heading", name=following)
            expect(heading).to_be_visible(timeout=PAGE_RUN_MS)
            expect(self.main.get_by_label(re.compile("^Find the ICD-10-CM code"))).to_be_visible()
        done.seconds = time.monotonic() - started
        return done
