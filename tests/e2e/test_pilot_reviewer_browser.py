"""The pilot reviewer's case by keys in a real headless Chromium (issue #26).

Three enrolled cases: the reviewer opens the Pilots page and reviews each from its opening
to the next: the focus is in the code search, the code typed and Enter, Record my diagnosis,
the focus on the rubric's first row, 15 keys (or a click then 14), Enter on Submit and next.
The actions are counted and timed; the scores stored are the keys typed; the diagnosis
step and the rubric grid are checked with axe-core and photographed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import RunningApp
from tests.e2e.reviewer_day import (
    PAGE_RUN_MS,
    REVIEWER,
    ReviewerByKeys,
    digits_for,
    scores_of,
    seed_pilot,
    stored_scores,
)

pytestmark = pytest.mark.e2e

CASES = 3
MAX_ACTIONS = 6  # the target
# A generous bound for a shared, loaded machine; benchmarks/reviewer_case.py measures the
# 10 s target on its own.
MAX_SECONDS = 60


def test_a_reviewer_scores_a_case_in_six_actions_or_fewer(
    medcase_app: RunningApp, browser: Browser, artifacts: Path
) -> None:
    pilot = seed_pilot(medcase_app.data_dir, CASES)
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    reviewer = ReviewerByKeys(page, medcase_app.url, artifacts)
    reviewer.visit_cold()
    reviewer.sign_in(REVIEWER)
    reviewer.go_to("Pilots")
    expect(reviewer.main.get_by_text(f"0 of {CASES} reviewed")).to_be_visible(timeout=PAGE_RUN_MS)
    reviewer.settled()

    typed = {}
    for number, pseudonym in enumerate(pilot.pseudonyms):
        following = pilot.pseudonyms[number + 1] if number + 1 < CASES else None
        typed[pseudonym] = digits_for(number)
        done = reviewer.review_by_keys(
            pseudonym,
            following,
            typed[pseudonym],
            first_by_click=number == 1,  # a click on a choice moves the focus on too
            shots="reviewer-case" if number == 0 else "",
        )
        print(
            f"{pseudonym}: {len(done.actions)} actions ({'; '.join(done.actions)}), "
            f"{done.keystrokes} keystrokes, {done.seconds:.1f} s"
        )
        assert len(done.actions) <= MAX_ACTIONS, done.actions
        assert done.seconds < MAX_SECONDS
        if following is not None:
            progress = reviewer.main.get_by_text(f"{number + 1} of {CASES} reviewed")
            expect(progress).to_be_visible(timeout=PAGE_RUN_MS)
    reviewer.snap("reviewer-last-submitted")

    # The keys typed are the scores stored, row by row.
    stored = stored_scores(medcase_app.data_dir, pilot.pilot_id)
    assert stored == {pseudonym: scores_of(keys) for pseudonym, keys in typed.items()}
    assert not reviewer.findings, "\n".join(reviewer.findings)
