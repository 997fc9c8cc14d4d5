"""The browser's opaque id: an HttpOnly cookie the server sets on the page's first load,
read by the script through ``st.context.cookies`` (the WebSocket handshake carries it).

Streamlit's scripts cannot set cookies, and a cookie set by a JavaScript component is
readable by any script on the page; a middleware on the page request can set one that no
script can read (HttpOnly), only this site sends (SameSite=Strict) and, over HTTPS, only
an encrypted connection carries (Secure, with the ``__Host-`` prefix no subdomain can set).
The cookie names a browser, not a doctor: the session it leads to lives on the server
(``core.browser_sessions``) and sign-out removes it there.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any

import streamlit as st

from core.browser_sessions import IDLE_DAYS, is_browser_id, new_browser_id

COOKIE = "medcase_browser"
SECURE_COOKIE = "__Host-medcase_browser"  # the name over HTTPS

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def browser_id() -> str | None:
    """This browser's id, if the page was served with one (``streamlit run serve.py``)."""
    cookies = st.context.cookies
    for name in (SECURE_COOKIE, COOKIE):
        value = cookies.get(name)
        if is_browser_id(value):
            return value
    return None


def _headers(scope: Scope) -> dict[str, str]:
    return {
        name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope["headers"]
    }


def _is_https(scope: Scope, headers: dict[str, str]) -> bool:
    return scope.get("scheme") == "https" or headers.get("x-forwarded-proto") == "https"


def _needs_cookie(scope: Scope, headers: dict[str, str]) -> bool:
    """A page load from this site (or typed, or bookmarked) by a browser without an id."""
    if scope.get("method") != "GET" or "text/html" not in headers.get("accept", ""):
        return False
    # A link followed from another site arrives without our SameSite=Strict cookie even
    # when the browser has one: issuing a new id would sign that browser out.
    if headers.get("sec-fetch-site") == "cross-site":
        return False
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(headers.get("cookie", ""))
    except Exception:  # noqa: BLE001 - a malformed Cookie header counts as none
        return True
    return not any(
        name in jar and is_browser_id(jar[name].value) for name in (SECURE_COOKIE, COOKIE)
    )


def cookie_header(value: str, secure: bool) -> str:
    name = SECURE_COOKIE if secure else COOKIE
    attributes = f"Path=/; Max-Age={IDLE_DAYS * 86400}; HttpOnly; SameSite=Strict"
    return f"{name}={value}; {attributes}" + ("; Secure" if secure else "")


class BrowserIdCookie:
    """ASGI middleware: give a browser that has no id one, on its page load."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        if not _needs_cookie(scope, headers):
            await self.app(scope, receive, send)
            return
        header = cookie_header(new_browser_id(), _is_https(scope, headers)).encode("latin-1")

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), (b"set-cookie", header)]
            await send(message)

        await self.app(scope, receive, send_with_cookie)
