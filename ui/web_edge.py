"""What the dashboard's server checks before Streamlit sees a request (issue #23).

- **The WebSocket's Origin, exactly.** Streamlit accepts ``/_stcore/stream`` from a page
  of any port on an allowed host name, so a page served on another port of the clinic's
  machine could drive a signed-in doctor's dashboard (the browser sends our cookie with
  it: same site). The handshake is refused unless its ``Origin`` is this server's own
  origin: scheme, host and port (a reverse proxy that ends TLS must send
  ``X-Forwarded-Proto: https``).
- **No framing.** Every answer says ``X-Frame-Options: DENY`` and
  ``Content-Security-Policy: frame-ancestors 'none'``, and ``nosniff``.
- **Downloads and pictures only with the doctor's session.** ``/media/...`` (the exports,
  the audit CSV, the case's thumbnails) is answered only to a browser whose cookie leads
  to a signed-in session kept on the server, with ``Cache-Control: no-store``; after
  sign-out, or from any other browser, the address is dead.
"""

from __future__ import annotations

from collections.abc import Callable

from core.browser_sessions import BrowserSessions
from ui.browser_cookie import (
    ASGIApp,
    Message,
    Receive,
    Scope,
    Send,
    cookie_id,
    is_https,
)

STREAM_PATH = "/_stcore/stream"
MEDIA_PREFIX = "/media/"
_DEFAULT_PORTS = {"http": "80", "https": "443"}
_PAGE_HEADERS = [
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
]


def _headers(scope: Scope) -> dict[str, str]:
    return {
        name.decode("latin-1").lower(): value.decode("latin-1")
        for name, value in scope.get("headers") or []
    }


def _origin(scheme: str, host_and_port: str) -> str:
    """``scheme://host:port`` with the port always written, the host lower-case."""
    host, _, port = host_and_port.lower().rpartition(":")
    if not host or "]" in port:  # no port (or an IPv6 address without one)
        host, port = host_and_port.lower(), _DEFAULT_PORTS.get(scheme, "")
    return f"{scheme}://{host}:{port}"


def same_origin(origin: str | None, scheme: str, host: str | None) -> bool:
    """Whether a handshake's Origin is exactly this server's origin."""
    if not origin or not host or "://" not in origin:
        return False
    origin_scheme, _, rest = origin.partition("://")
    if "/" in rest or origin_scheme.lower() != scheme:
        return False
    return _origin(scheme, rest) == _origin(scheme, host)


async def _refuse(send: Send, status: int) -> None:
    headers = [(b"content-length", b"0"), (b"cache-control", b"no-store"), *_PAGE_HEADERS]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": b""})


class WebEdge:
    """ASGI middleware: the WebSocket's Origin, anti-framing headers, guarded media."""

    def __init__(self, app: ASGIApp, store: Callable[[], BrowserSessions]) -> None:
        self.app = app
        self.store = store

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = _headers(scope)
        if scope["type"] == "websocket":
            scheme = "https" if is_https(scope, headers) else "http"
            if not same_origin(headers.get("origin"), scheme, headers.get("host")):
                # Closing before accepting: the server answers the handshake with 403.
                await send({"type": "websocket.close", "code": 1008})
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        media = str(scope.get("path", "")).startswith(MEDIA_PREFIX)
        if media and not self._signed_in(headers, is_https(scope, headers)):
            await _refuse(send, 403)
            return

        async def send_guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if not (media and name.lower() in (b"cache-control", b"expires"))
                ]
                kept += _PAGE_HEADERS
                if media:
                    kept += [(b"cache-control", b"no-store, private")]
                message["headers"] = kept
            await send(message)

        await self.app(scope, receive, send_guarded)

    def _signed_in(self, headers: dict[str, str], secure: bool) -> bool:
        return self.store().find(cookie_id(headers, secure)) is not None
