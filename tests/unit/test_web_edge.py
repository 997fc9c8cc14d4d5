"""The dashboard server's checks as functions and an ASGI component (issue #23): the
WebSocket's exact Origin, the anti-framing headers, /media/ only with a kept session,
and the client address behind trusted proxies only."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from core.browser_sessions import BrowserSessions
from core.client_address import client_address, trusted_networks
from core.models import AuthSession, Doctor
from ui.browser_cookie import COOKIE
from ui.web_edge import WebEdge, same_origin


@pytest.mark.parametrize(
    ("origin", "scheme", "host", "allowed"),
    [
        ("http://127.0.0.1:8501", "http", "127.0.0.1:8501", True),
        ("http://127.0.0.1:9999", "http", "127.0.0.1:8501", False),  # another port
        ("http://localhost:8501", "http", "127.0.0.1:8501", False),  # another host name
        ("https://clinic.example", "https", "clinic.example", True),
        ("https://clinic.example:443", "https", "clinic.example", True),
        ("http://clinic.example", "https", "clinic.example", False),  # another scheme
        ("https://clinic.example.evil.test", "https", "clinic.example", False),
        ("https://CLINIC.example", "https", "clinic.example:443", True),
        ("null", "http", "127.0.0.1:8501", False),
        (None, "http", "127.0.0.1:8501", False),
        ("http://[::1]:8501", "http", "[::1]:8501", True),
        ("http://[::1]:8502", "http", "[::1]:8501", False),
    ],
)
def test_the_websocket_origin_must_be_exactly_ours(
    origin: str | None, scheme: str, host: str, allowed: bool
) -> None:
    assert same_origin(origin, scheme, host) is allowed


class _Recorder:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.reached = False

    async def app(self, scope: Any, receive: Any, send: Any) -> None:
        self.reached = True
        if scope["type"] == "http":
            headers = [(b"cache-control", b"max-age=3600")]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await send({"type": "http.response.body", "body": b"file"})

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    async def receive(self) -> dict[str, Any]:
        return {"type": "http.request", "body": b""}


def _run(store: BrowserSessions, scope: dict[str, Any]) -> _Recorder:
    recorder = _Recorder()
    edge = WebEdge(recorder.app, store=lambda: store)
    asyncio.run(edge(scope, recorder.receive, recorder.send))
    return recorder


def _http(path: str, cookie: str | None = None) -> dict[str, Any]:
    headers = [(b"host", b"127.0.0.1:8501")]
    if cookie:
        headers.append((b"cookie", f"{COOKIE}={cookie}".encode()))
    return {"type": "http", "method": "GET", "path": path, "scheme": "http", "headers": headers}


@pytest.fixture
def store(tmp_path: Path) -> BrowserSessions:
    return BrowserSessions(tmp_path / "browser_sessions.sqlite3")


def test_media_needs_a_kept_session_and_is_never_cached(store: BrowserSessions) -> None:
    signed_in, signed_out = store.issue(), store.issue()
    store.keep(signed_in, AuthSession(Doctor("u", "d@x.org"), "a", "r", time.time() + 900))
    for cookie in (None, signed_out, "made-up"):
        refused = _run(store, _http("/media/abc.csv", cookie))
        assert not refused.reached and refused.sent[0]["status"] == 403
    served = _run(store, _http("/media/abc.csv", signed_in))
    headers = dict(served.sent[0]["headers"])
    assert served.reached and headers[b"cache-control"] == b"no-store, private"
    assert headers[b"x-frame-options"] == b"DENY"


def test_every_page_says_it_may_not_be_framed(store: BrowserSessions) -> None:
    headers = dict(_run(store, _http("/")).sent[0]["headers"])
    assert headers[b"x-frame-options"] == b"DENY"
    assert headers[b"content-security-policy"] == b"frame-ancestors 'none'"
    assert headers[b"cache-control"] == b"max-age=3600"  # only media's caching is changed


def test_a_websocket_from_another_origin_is_closed_before_it_is_accepted(
    store: BrowserSessions,
) -> None:
    def handshake(origin: bytes) -> _Recorder:
        headers = [(b"host", b"127.0.0.1:8501"), (b"origin", origin)]
        scope = {"type": "websocket", "path": "/_stcore/stream", "scheme": "ws",
                 "headers": headers}  # fmt: skip
        return _run(store, scope)

    refused = handshake(b"http://127.0.0.1:9999")
    assert not refused.reached and refused.sent == [{"type": "websocket.close", "code": 1008}]
    assert handshake(b"http://127.0.0.1:8501").reached


PROXIES = trusted_networks(["127.0.0.1", "10.0.0.0/8"])


@pytest.mark.parametrize(
    ("peer", "forwarded", "proxies", "client"),
    [
        ("203.0.113.9", "1.2.3.4", PROXIES, "203.0.113.9"),  # not a proxy: header ignored
        ("127.0.0.1", "1.2.3.4", (), "127.0.0.1"),  # no proxies configured
        ("127.0.0.1", "1.2.3.4", PROXIES, "1.2.3.4"),
        ("127.0.0.1", "6.6.6.6, 1.2.3.4", PROXIES, "1.2.3.4"),  # a forged entry on the left
        ("127.0.0.1", "1.2.3.4, 10.1.2.3", PROXIES, "1.2.3.4"),  # through two proxies
        ("127.0.0.1", None, PROXIES, "127.0.0.1"),
        ("127.0.0.1", "nonsense", PROXIES, "127.0.0.1"),
        (None, None, PROXIES, None),
    ],
)
def test_the_client_address_believes_the_configured_proxies_only(
    peer: str | None, forwarded: str | None, proxies: Any, client: str | None
) -> None:
    assert client_address(peer, forwarded, proxies) == client
