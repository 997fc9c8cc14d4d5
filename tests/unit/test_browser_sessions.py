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
    raw = (tmp_path / "browser_sessions.sqlite3").read_bytes()
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
