"""The browser's opaque id: an HttpOnly cookie the server sets on the page's first load,
read by the script through ``st.context.cookies`` (the WebSocket handshake carries it).

Streamlit's scripts cannot set cookies, and a cookie set by a JavaScript component is
readable by any script on the page; a middleware on the page request can set one that no
script can read (HttpOnly), only this site sends (SameSite=Strict) and, over HTTPS, only
an encrypted connection carries (Secure, with the ``__Host-`` prefix no subdomain can set;
over HTTPS no other name is read). The cookie names a browser, not a doctor: the session
it leads to lives on the server (``core.browser_sessions``) and sign-out removes it there.

Only ids the server issued are accepted; any other value is replaced on the next page
load. At each sign-in and sign-out the script keeps the session under a new id and the
page posts a one-time hand-over token to ``HAND_OVER_PATH``; the answer sets the new id.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any

import streamlit as st
from starlette.concurrency import run_in_threadpool

from core.browser_sessions import IDLE_DAYS, BrowserSessions, is_browser_id

COOKIE = "medcase_browser"
SECURE_COOKIE = "__Host-medcase_browser"  # the name over HTTPS
HAND_OVER_PATH = "/_medcase/browser-id"
HAND_OVER_HEADER = "x-medcase-hand-over"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def _page_is_https() -> bool:
    url = getattr(st.context, "url", None) or ""
    forwarded = st.context.headers.get("X-Forwarded-Proto", "")
    return url.startswith("https:") or forwarded == "https"


def browser_id() -> str | None:
    """This browser's id as its cookie gave it (``streamlit run serve.py``); whether the
    server issued it is the store's check."""
    cookies = st.context.cookies
    names = (SECURE_COOKIE,) if _page_is_https() else (SECURE_COOKIE, COOKIE)
    for name in names:
        value = cookies.get(name)
        if is_browser_id(value):
            return str(value)
    return None


def hand_over_script(token: str) -> str:
    """The page's part of a hand-over: post the token; the answer sets the new cookie."""
    return (
        "<script>fetch(" + repr(HAND_OVER_PATH) + ", {method: 'POST', credentials:"
        " 'same-origin', headers: {" + repr(HAND_OVER_HEADER) + ": " + repr(token) + "}})"
        "</script>"
    )


def _headers(scope: Scope) -> dict[str, str]:
    return {
        name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope["headers"]
    }


def is_https(scope: Scope, headers: dict[str, str]) -> bool:
    return scope.get("scheme") in ("https", "wss") or headers.get("x-forwarded-proto") == "https"


def cookie_id(headers: dict[str, str], secure: bool) -> str | None:
    """The id the request's cookie carries (over HTTPS, only the ``__Host-`` one)."""
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(headers.get("cookie", ""))
    except Exception:  # noqa: BLE001 - a malformed Cookie header counts as none
        return None
    for name in (SECURE_COOKIE,) if secure else (SECURE_COOKIE, COOKIE):
        if name in jar:
            return jar[name].value
    return None


def _is_page_load(scope: Scope, headers: dict[str, str]) -> bool:
    """A page load from this site (or typed, or bookmarked)."""
    if scope.get("method") != "GET" or "text/html" not in headers.get("accept", ""):
        return False
    # A link followed from another site arrives without our SameSite=Strict cookie even
    # when the browser has one: issuing a new id would sign that browser out.
    return headers.get("sec-fetch-site") != "cross-site"


def cookie_header(value: str, secure: bool) -> str:
    name = SECURE_COOKIE if secure else COOKIE
    attributes = f"Path=/; Max-Age={IDLE_DAYS * 86400}; HttpOnly; SameSite=Strict"
    return f"{name}={value}; {attributes}" + ("; Secure" if secure else "")


async def _answer(send: Send, status: int, extra: list[tuple[bytes, bytes]]) -> None:
    headers = [(b"cache-control", b"no-store"), (b"content-length", b"0"), *extra]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": b""})


class BrowserIdCookie:
    """ASGI middleware: give a browser without an id this server issued one, on its page
    load; and take the page's hand-over of a new id at sign-in and sign-out."""

    def __init__(self, app: ASGIApp, store: Callable[[], BrowserSessions]) -> None:
        self.app = app
        self.store = store

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        secure = is_https(scope, headers)
        if scope.get("path") == HAND_OVER_PATH:
            await self._hand_over(scope, headers, secure, send)
            return
        if not _is_page_load(scope, headers) or self.store().issued(cookie_id(headers, secure)):
            await self.app(scope, receive, send)
            return
        header = cookie_header(self.store().issue(), secure).encode("latin-1")

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), (b"set-cookie", header)]
            await send(message)

        await self.app(scope, receive, send_with_cookie)

    async def _hand_over(
        self, scope: Scope, headers: dict[str, str], secure: bool, send: Send
    ) -> None:
        token = headers.get(HAND_OVER_HEADER, "")
        new_id = None
        # A custom header: a form or a link from another site cannot send one.
        if scope.get("method") == "POST" and token:
            # A write to the store's file, off the event loop: every doctor's page and
            # WebSocket is served by that one thread (issue #25, eight sign-ins at once).
            new_id = await run_in_threadpool(
                self.store().take_hand_over, token, cookie_id(headers, secure)
            )
        if new_id is None:
            await _answer(send, 403, [])
            return
        header = cookie_header(new_id, secure).encode("latin-1")
        await _answer(send, 204, [(b"set-cookie", header)])
