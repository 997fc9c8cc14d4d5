"""Issue #25 in a real browser: a sign-in stays in its page, and the case list's scripts
(and the case page's) are loaded by the sign-in page while the doctor types, not after the
click nor at the first case opened.

Before, a fresh browser fetched, compiled and ran 47 of Streamlit's chunks (1.9 MB: the
table, the counts, the filters) only once the list's elements arrived after the click.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from core.backends.local import LocalBackendProvider
from core.models import NewCase, Upload
from tests.doubles import case_service, finish_analysis
from tests.e2e.clinic_browser import PASSWORD, DoctorAtBrowser
from tests.e2e.conftest import RunningApp
from ui.list_scripts import chunk_names

pytestmark = pytest.mark.e2e

VIEWPORT = {"width": 1400, "height": 1000}
DOCTOR = "dr.quick.list@clinic.test"
PATIENT = "Ottoline Ferreira"


@pytest.fixture
def doctor_with_a_case(medcase_app: RunningApp) -> Iterator[str]:
    """A doctor with one analysed case, so the list draws its counts, filters and table."""
    provider = LocalBackendProvider(medcase_app.data_dir)
    try:
        session = provider.accounts.sign_up(DOCTOR, PASSWORD)
        doctor, backend = session.doctor, provider.for_session(session)
        form = NewCase(PATIENT, 64, "female", "Tired for a month.")
        created = case_service(doctor, backend).create_case(
            form, [Upload("bloods.txt", b"Hemoglobin 9.8 g/dL", "lab")]
        )
        finish_analysis(backend, doctor.user_id, created.case.case_id)
        yield DOCTOR
    finally:
        provider.close()


def _scripts(page: Page) -> list[str]:
    """The names of the scripts of Streamlit's static folder this page asks for, as asked."""
    asked: list[str] = []

    def seen(request: Request) -> None:
        if "/static/js/" in request.url:
            asked.append(request.url.rsplit("/", 1)[1])

    page.on("request", seen)
    return asked


def test_the_sign_in_page_loads_the_lists_scripts_before_the_click(
    medcase_app: RunningApp, browser: Browser, artifacts: Path, doctor_with_a_case: str
) -> None:
    page = browser.new_context(viewport=VIEWPORT).new_page()
    doctor = DoctorAtBrowser(page, medcase_app.url, artifacts)
    asked = _scripts(page)
    documents: list[str] = []  # page loads (a history change of the address is none)
    page.on("domcontentloaded", lambda loaded: documents.append(loaded.url))
    sockets: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url))

    doctor.visit()
    # While the doctor types: every list element's entry chunk is asked for and loaded.
    page.wait_for_function("() => window.__medcaseListScripts === 'loaded'", timeout=30_000)
    scripts, _ = chunk_names()
    assert {name.removeprefix("js/") for name in scripts} <= set(asked)
    before_click, documents_before, sockets_before = len(asked), len(documents), len(sockets)

    doctor.sign_in(doctor_with_a_case)
    expect(doctor.heading("Cases")).to_be_visible()
    expect(doctor.main.get_by_test_id("stDataFrame")).to_be_visible()
    expect(doctor.main.get_by_text(PATIENT)).to_have_count(1)  # the table's accessible copy
    doctor.settled()

    # The list found its code loaded: no script fetched after the click; and the sign-in
    # stayed in its page (no page load, the same WebSocket).
    assert asked[before_click:] == []
    assert (len(documents), len(sockets)) == (documents_before, sockets_before) == (1, 1)

    # The first case opened in this browser finds its decision controls' and download
    # buttons' code loaded too.
    doctor.open_from_list(PATIENT)
    decision = doctor.main.get_by_role("radiogroup", name="Your decision on the Case summary")
    expect(decision).to_be_visible()
    expect(doctor.main.get_by_test_id("stDownloadButton").first).to_be_visible()
    doctor.settled()
    assert asked[before_click:] == []
