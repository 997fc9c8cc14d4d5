"""Issue #23 in a real browser: the browser-id cookie cannot be planted (session fixation),
the dashboard's WebSocket refuses a page from another port, nobody can frame the
dashboard, and its /media/ addresses (downloads, pictures) die with the doctor's session.
"""

from __future__ import annotations

import http.server
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests import samples
from tests.e2e.clinic_browser import DoctorAtBrowser
from tests.e2e.conftest import RunningApp
from ui.browser_cookie import COOKIE

VIEWPORT = {"width": 1280, "height": 900}
pytestmark = pytest.mark.e2e

ANALYSIS_MS = 300_000  # a busy machine: the analyzer shares its cores with the browser


def _cookie(context: BrowserContext) -> str | None:
    return next((c["value"] for c in context.cookies() if c["name"] == COOKIE), None)


def _cookie_changes_from(context: BrowserContext, page: Page, before: str | None) -> str:
    for _ in range(100):
        now = _cookie(context)
        if now and now != before:
            return now
        page.wait_for_timeout(100)
    raise AssertionError("the browser was not given a new id")


def _doctor(browser: Browser, app: RunningApp, artifacts: Path) -> DoctorAtBrowser:
    return DoctorAtBrowser(browser.new_context(viewport=VIEWPORT).new_page(), app.url, artifacts)


def test_a_planted_browser_id_never_signs_anyone_in(
    medcase_app: RunningApp, browser: Browser, artifacts: Path
) -> None:
    # The attacker gets an id the server issued, and plants it in the doctor's browser.
    attacker = _doctor(browser, medcase_app, artifacts)
    attacker.visit()
    planted = _cookie(attacker.page.context)
    assert planted
    doctor = _doctor(browser, medcase_app, artifacts)
    host = medcase_app.url.split("//")[1].split(":")[0]
    doctor.page.context.add_cookies(
        [{"name": COOKIE, "value": planted, "domain": host, "path": "/"}]
    )
    doctor.visit()
    assert _cookie(doctor.page.context) == planted  # an issued id is kept until sign-in
    doctor.create_account("dr.fixed@clinic.test")
    signed_in = _cookie_changes_from(doctor.page.context, doctor.page, planted)
    # The doctor's reload stays signed in; the attacker's planted id leads nowhere.
    doctor.page.reload()
    expect(doctor.main.get_by_label("Email")).to_have_count(0)
    expect(
        doctor.page.get_by_test_id("stSidebar").get_by_text("dr.fixed@clinic.test")
    ).to_be_visible()
    attacker.page.reload()
    expect(attacker.main.get_by_label("Email")).to_be_visible()
    # Sign-out gives the browser yet another id.
    doctor.sign_out()
    after = _cookie_changes_from(doctor.page.context, doctor.page, signed_in)
    assert after not in (planted, signed_in)

    # An id the server never issued is replaced at the first page load.
    made_up = "A" * 43 + "." + "B" * 22
    stranger = browser.new_context(viewport=VIEWPORT)
    stranger.add_cookies([{"name": COOKIE, "value": made_up, "domain": host, "path": "/"}])
    page = stranger.new_page()
    page.goto(medcase_app.url)
    assert _cookie(stranger) not in (None, made_up)


class _OtherPort:
    """A page served from another port of the same host: it opens the dashboard's
    WebSocket, and frames the dashboard."""

    def __init__(self, app_url: str) -> None:
        stream = app_url.replace("http://", "ws://") + "/_stcore/stream"
        page = f"""<!doctype html><title>other</title>
<iframe id="framed" src="{app_url}/"></iframe>
<script>
  window.outcome = "pending";
  const socket = new WebSocket("{stream}", ["streamlit"]);
  socket.onopen = () => {{ window.outcome = "open"; socket.close(); }};
  socket.onerror = () => {{ if (window.outcome === "pending") window.outcome = "refused"; }};
  socket.onclose = () => {{ if (window.outcome === "pending") window.outcome = "refused"; }};
</script>""".encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.end_headers()
                self.wfile.write(page)

            def log_message(self, *args: object) -> None:
                pass

        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.url = f"http://127.0.0.1:{port}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def other_port(medcase_app: RunningApp) -> Iterator[_OtherPort]:
    server = _OtherPort(medcase_app.url)
    yield server
    server.close()


_OPEN_SOCKET = """url => new Promise(done => {
  const socket = new WebSocket(url, ["streamlit"]);
  socket.onopen = () => { socket.close(); done("open"); };
  socket.onerror = () => done("refused");
})"""


def test_the_websocket_and_frames_refuse_a_page_from_another_port(
    medcase_app: RunningApp, browser: Browser, artifacts: Path, other_port: _OtherPort
) -> None:
    doctor = _doctor(browser, medcase_app, artifacts)
    doctor.visit()
    doctor.create_account("dr.socket@clinic.test")
    stream = medcase_app.url.replace("http://", "ws://") + "/_stcore/stream"
    # The dashboard's own page may open it (the control)...
    assert doctor.page.evaluate(_OPEN_SOCKET, stream) == "open"
    # ...a page on another port of the same host, in the same signed-in browser, may not.
    elsewhere = doctor.page.context.new_page()
    elsewhere.goto(other_port.url)
    elsewhere.wait_for_function("window.outcome !== 'pending'")
    assert elsewhere.evaluate("window.outcome") == "refused"
    # Nor can it frame the dashboard.
    framed = elsewhere.frame_locator("#framed")
    expect(framed.get_by_label("Email")).to_have_count(0)
    answer = doctor.page.request.get(medcase_app.url + "/")
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["content-security-policy"] == "frame-ancestors 'none'"


def test_downloads_die_with_the_session(
    medcase_app: RunningApp, browser: Browser, artifacts: Path
) -> None:
    doctor = _doctor(browser, medcase_app, artifacts)
    doctor.visit()
    doctor.create_account("dr.media@clinic.test")
    doctor.go_to("New case")
    form = doctor.fill_new_case("Media Patient", 50, "Female", "Cough.", [], [])
    doctor.submit(form, "Create case")
    expect(doctor.heading("Media Patient")).to_be_visible()
    doctor.main.get_by_role("tab", name="Audit trail").click()
    with doctor.page.expect_download() as started:
        doctor.main.get_by_role("button", name="Download CSV").click()
    address = started.value.url
    assert "/media/" in address, address
    mine = doctor.page.request.get(address)
    assert mine.status == 200 and "case_created" in mine.text()
    assert "no-store" in mine.headers["cache-control"]
    # Another browser, without the doctor's session, gets nothing.
    outsider = browser.new_context().request.get(address)
    assert outsider.status == 403
    # Nor the doctor's own browser once signed out (closing it keeps the session: a
    # reload of the dashboard signs back in, and so would the download).
    before = _cookie(doctor.page.context)
    doctor.sign_out()
    _cookie_changes_from(doctor.page.context, doctor.page, before)
    assert doctor.page.request.get(address).status == 403


def test_a_docx_is_checked_then_saved_with_a_second_click(
    medcase_app: RunningApp, browser: Browser, artifacts: Path, tmp_path: Path
) -> None:
    letter = tmp_path / "letter.docx"
    letter.write_bytes(samples.docx_bytes())
    doctor = _doctor(browser, medcase_app, artifacts)
    doctor.visit()
    doctor.create_account("dr.docx@clinic.test")
    doctor.go_to("New case")
    form = doctor.fill_new_case("Docx Patient", 61, "Male", "Letter attached.", [letter], [])
    doctor.submit(form, "Create case")
    expect(doctor.heading("Docx Patient")).to_be_visible()
    # The save waits for the analysis: while the case page polls its progress (fragments
    # every 0.2-0.5 s), each poll ends with Streamlit's orphan sweep, which deletes a deferred
    # download's generated file on its second pass, so a slow browser's fetch finds nothing
    # and saves a file named after the media id (a known defect, left for its own fix).
    expect(doctor.heading("Primary diagnosis")).to_be_visible(timeout=ANALYSIS_MS)
    doctor.settled()
    # Nothing is offered to save before the check: the first click checks the file.
    save = doctor.main.get_by_role("button", name="Save letter.docx")
    expect(save).to_have_count(0)
    doctor.main.get_by_role("button", name="letter.docx", exact=True).click()
    expect(save).to_be_visible()
    with doctor.page.expect_download() as started:
        save.click()
    download = started.value
    assert download.suggested_filename == "letter.docx"
    assert Path(download.path()).read_bytes() == letter.read_bytes()
