"""Streamlit's own JavaScript and stylesheets, served gzip-compressed from memory.

Streamlit serves its hashed bundles (``/static/js/*.js``, ``/static/css/*.css``) straight
from disk, uncompressed, in 64 KB pieces: a browser meeting the case page for the first
time fetched 18 chunks (Vega's, 1.6 MB) for 0.07 s of the server's CPU, the case list's
47 chunks more (issue #25). Each bundle is compressed once per process (``warm``, as the
server starts) and sent in one piece, about a third of the bytes; the browser shows the
same files. Only the names Streamlit's static folder holds are served here; anything else
(a conditional or partial request, another path, a client without gzip) goes to
Streamlit as before, and its cache rule is kept: a hashed bundle is immutable.
"""

from __future__ import annotations

import gzip
import threading
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from streamlit import file_util
from streamlit.web.server.starlette.starlette_server_config import (
    STATIC_ASSET_CACHE_MAX_AGE_SECONDS,
)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

STATIC_DIR = Path(file_util.get_static_dir()) / "static"
CONTENT_TYPES = {".js": b"text/javascript; charset=utf-8", ".css": b"text/css; charset=utf-8"}
CACHE_CONTROL = f"public, immutable, max-age={STATIC_ASSET_CACHE_MAX_AGE_SECONDS}".encode()
# Passed to Streamlit untouched: it answers these (304, 206) itself.
_CONDITIONAL = (b"if-none-match", b"if-modified-since", b"range", b"if-range")


def bundle_names(folder: Path = STATIC_DIR) -> frozenset[str]:
    """The bundles served here, as URL paths under ``static/`` (``js/x.js``)."""
    return frozenset(
        f"{kind}/{path.name}"
        for kind in ("js", "css")
        for path in (folder / kind).glob("*")
        if path.suffix in CONTENT_TYPES and path.is_file()
    )


class CompressedBundles:
    """The gzip of each bundle, made on first need and kept for the process."""

    def __init__(self, folder: Path = STATIC_DIR) -> None:
        self.folder = folder
        self.names = bundle_names(folder)
        self._compressed: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def get(self, name: str) -> bytes | None:
        if name not in self.names:
            return None
        found = self._compressed.get(name)
        if found is None:
            found = gzip.compress((self.folder / name).read_bytes(), 6, mtime=0)
            with self._lock:
                self._compressed[name] = found
        return found

    def warm(self) -> None:
        """Compress every bundle (0.8 s of CPU for Streamlit 1.67's 320, 7 MB kept)."""
        for name in sorted(self.names):
            self.get(name)


BUNDLES = CompressedBundles()


def _accepts_gzip(headers: list[tuple[bytes, bytes]]) -> bool:
    for name, value in headers:
        if name.lower() == b"accept-encoding":
            return any(part.split(b";")[0].strip() == b"gzip" for part in value.split(b","))
    return False


class CompressedStatic:
    """ASGI middleware: answer a GET of one of Streamlit's bundles from ``BUNDLES``."""

    def __init__(
        self, app: ASGIApp, bundles: CompressedBundles = BUNDLES, base_url: str = ""
    ) -> None:
        self.app = app
        self.bundles = bundles
        base = base_url.strip("/")
        self.prefix = f"/{base}/static/" if base else "/static/"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        body = self._bundle(scope)
        if body is None:
            await self.app(scope, receive, send)
            return
        name = scope["path"][len(self.prefix) :]
        headers = [
            (b"content-type", CONTENT_TYPES[Path(name).suffix]),
            (b"content-encoding", b"gzip"),
            (b"vary", b"Accept-Encoding"),
            (b"cache-control", CACHE_CONTROL),
            (b"content-length", str(len(body)).encode()),
        ]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send(
            {"type": "http.response.body", "body": body if scope["method"] == "GET" else b""}
        )

    def _bundle(self, scope: Scope) -> bytes | None:
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            return None
        path: str = scope.get("path", "")
        if not path.startswith(self.prefix):
            return None
        headers = scope.get("headers", [])
        if any(name.lower() in _CONDITIONAL for name, _ in headers) or not _accepts_gzip(headers):
            return None
        return self.bundles.get(path[len(self.prefix) :])
