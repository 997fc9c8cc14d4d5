"""The server-side store of browser sessions: found by the browser's id only, sealed at
rest, forgotten at sign-out, and one refresh for the tabs of one browser."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from core.browser_sessions import BrowserSessions
from core.errors import NotAuthenticated
from core.models import AuthSession, Doctor
from ui.browser_cookie import COOKIE, SECURE_COOKIE, cookie_header

DOCTOR = Doctor(user_id="u-1", email="dr.kept@example.com")


def session(access: str, refresh: str, lifetime: float = 900) -> AuthSession:
    return AuthSession(DOCTOR, access, refresh, time.time() + lifetime)


@pytest.fixture
def store(tmp_path: Path) -> BrowserSessions:
    return BrowserSessions(tmp_path / "browser_sessions.sqlite3")


def test_a_kept_session_is_found_by_its_browser_only(store: BrowserSessions) -> None:
    mine, other = store.issue(), store.issue()
    kept = session("access-1", "refresh-1")
    store.keep(mine, kept)
    assert store.find(mine) == kept
    assert store.find(other) is None
    assert store.find(None) is None
    assert store.find("not an id") is None


def test_the_store_file_holds_neither_the_id_nor_a_token(
    store: BrowserSessions, tmp_path: Path
) -> None:
    browser = store.issue()
    store.keep(browser, session("access-token-secret", "refresh-token-secret"))
    # The write-ahead log holds the last writes until a checkpoint: both files count.
    raw = b"".join(
        path.read_bytes() for path in tmp_path.glob("browser_sessions.sqlite3*") if path.is_file()
    )
    assert len(raw) > 4096
    for secret in (browser, "access-token-secret", "refresh-token-secret", DOCTOR.email):
        assert secret.encode() not in raw


def test_the_store_file_is_the_owners_only(tmp_path: Path) -> None:
    """Issue #23: it was created 0644 under the usual umask; an older one is tightened."""
    older = tmp_path / "old" / "browser_sessions.sqlite3"
    older.parent.mkdir()
    older.touch(mode=0o644)
    for path in (tmp_path / "new" / "browser_sessions.sqlite3", older):
        store = BrowserSessions(path)
        store.keep(store.issue(), session("a", "r"))
        assert path.stat().st_mode & 0o777 == 0o600
        assert path.parent.stat().st_mode & 0o777 == 0o700


def test_forgetting_signs_the_browser_out(store: BrowserSessions) -> None:
    browser = store.issue()
    store.keep(browser, session("a", "r"))
    store.forget(browser)
    assert store.find(browser) is None


def test_the_second_tab_adopts_the_first_tabs_refresh(store: BrowserSessions) -> None:
    browser = store.issue()
    first = session("access-1", "refresh-1", lifetime=60)  # about to expire
    store.keep(browser, first)
    traded: list[str] = []

    def refresh(token: str) -> AuthSession:
        traded.append(token)
        return session(f"access-{len(traded) + 1}", f"refresh-{len(traded) + 1}")

    tab_one = store.refreshed(browser, first, 600, refresh)
    tab_two = store.refreshed(browser, first, 600, refresh)  # still holds the old tokens
    # One refresh token used once: a backend with reuse detection would revoke the
    # session if the second tab traded the same token again.
    assert traded == ["refresh-1"]
    assert tab_one == tab_two == store.find(browser)


def test_a_failed_refresh_passes_through(store: BrowserSessions) -> None:
    browser = store.issue()
    old = session("a", "r", lifetime=0)
    store.keep(browser, old)

    def refused(token: str) -> AuthSession:
        raise NotAuthenticated()

    with pytest.raises(NotAuthenticated):
        store.refreshed(browser, old, 600, refused)


def test_the_cookie_is_http_only_same_site_strict_and_secure_over_https() -> None:
    plain = cookie_header("x" * 43, secure=False)
    assert plain.startswith(f"{COOKIE}=")
    assert "HttpOnly" in plain and "SameSite=Strict" in plain and "Secure" not in plain
    secure = cookie_header("x" * 43, secure=True)
    assert secure.startswith(f"{SECURE_COOKIE}=") and "; Secure" in secure
    assert "Path=/" in secure  # the __Host- prefix requires Path=/ and no Domain
    assert "Domain" not in secure


def _page_app(store: BrowserSessions) -> object:
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route

    from ui.browser_cookie import BrowserIdCookie

    async def page(request: object) -> PlainTextResponse:
        return PlainTextResponse("page")

    return Starlette(
        routes=[Route("/", page)], middleware=[Middleware(BrowserIdCookie, store=lambda: store)]
    )


@pytest.mark.parametrize(
    ("headers", "issued"),
    [
        ({"accept": "text/html"}, True),  # a first page load
        ({"accept": "text/html", "cookie": f"{COOKIE}=ISSUED"}, False),  # has one
        ({"accept": "text/html", "sec-fetch-site": "cross-site"}, False),  # Strict: withheld
        ({"accept": "*/*"}, False),  # a script or an image, not a page
        # Issue #23: an id the server did not issue (a planted one) is replaced.
        ({"accept": "text/html", "cookie": f"{COOKIE}={'y' * 43}"}, True),
        ({"accept": "text/html", "cookie": f"{COOKIE}={'y' * 43}.{'z' * 22}"}, True),
    ],
)
def test_the_server_gives_an_id_to_a_page_load_without_one_it_issued(
    store: BrowserSessions, headers: dict[str, str], issued: bool
) -> None:
    from starlette.testclient import TestClient

    headers = {k: v.replace("ISSUED", store.issue()) for k, v in headers.items()}
    answer = TestClient(_page_app(store)).get("/", headers=headers)  # type: ignore[arg-type]
    assert answer.text == "page"
    given = answer.headers.get("set-cookie", "")
    assert (COOKIE in given) is issued
    if issued:
        assert store.issued(given.split(";")[0].split("=", 1)[1])


def test_only_issued_ids_keep_or_find_a_session(store: BrowserSessions) -> None:
    made_up = "y" * 43 + "." + "z" * 22
    store.keep(made_up, session("a", "r"))
    assert store.find(made_up) is None
    other_server = BrowserSessions(store._path.parent / "elsewhere" / "s.sqlite3")
    assert not store.issued(other_server.issue())


def test_a_hand_over_gives_the_new_id_once_to_the_browser_it_was_made_for(
    store: BrowserSessions,
) -> None:
    old, new, thief = store.issue(), store.issue(), store.issue()
    token = store.hand_over(old, new)
    assert not store.handed_over(token)
    assert store.take_hand_over(token, thief) is None  # another browser: void, and used up
    token = store.hand_over(old, new)
    assert store.take_hand_over(token, old) == new
    assert store.handed_over(token)
    assert store.take_hand_over(token, old) is None  # once


def test_over_https_only_the_host_prefixed_cookie_counts(store: BrowserSessions) -> None:
    from starlette.testclient import TestClient

    page = TestClient(_page_app(store), base_url="https://clinic.example")  # type: ignore[arg-type]
    planted = {"accept": "text/html", "cookie": f"{COOKIE}={store.issue()}"}
    given = page.get("/", headers=planted).headers.get("set-cookie", "")
    assert given.startswith(f"{SECURE_COOKIE}=") and "; Secure" in given


def test_a_sign_ins_writes_append_to_one_kept_connection(
    store: BrowserSessions, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue #25: every call opened and closed a connection in rollback-journal mode, so
    each write created, synced and deleted a journal (20 to 40 ms a sign-in's write, eight
    sign-ins queued behind each other's file lock)."""
    import sqlite3

    from core import browser_sessions

    opened: list[object] = []
    connect = sqlite3.connect
    monkeypatch.setattr(
        browser_sessions.sqlite3, "connect", lambda *a, **k: opened.append(a) or connect(*a, **k)
    )
    old, new = store.issue(), store.issue()
    store.keep(new, session("a", "r"))  # what a sign-in writes: keep, hand over, take
    assert store.take_hand_over(store.hand_over(old, new), old) == new
    assert store.find(new) is not None

    assert opened == []
    with sqlite3.connect(tmp_path / "browser_sessions.sqlite3") as other:
        assert other.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_the_hand_over_is_taken_off_the_event_loop(store: BrowserSessions) -> None:
    """The hand-over writes to the store's file: on the server's one event loop it held up
    every doctor's page and WebSocket while it waited for the disk (issue #25)."""
    import asyncio

    from starlette.testclient import TestClient

    from ui.browser_cookie import HAND_OVER_HEADER, HAND_OVER_PATH

    on_loop: list[bool] = []
    take = store.take_hand_over

    def watched(token: str, current_id: str | None) -> str | None:
        try:
            asyncio.get_running_loop()
            on_loop.append(True)
        except RuntimeError:
            on_loop.append(False)
        return take(token, current_id)

    store.take_hand_over = watched  # type: ignore[method-assign]
    old, new = store.issue(), store.issue()
    token = store.hand_over(old, new)
    answer = TestClient(_page_app(store)).post(  # type: ignore[arg-type]
        HAND_OVER_PATH, headers={HAND_OVER_HEADER: token, "cookie": f"{COOKIE}={old}"}
    )
    assert answer.status_code == 204
    assert answer.headers["set-cookie"].startswith(f"{COOKIE}={new};")
    assert on_loop == [False]
