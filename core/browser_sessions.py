"""Signed-in sessions kept on the server for a browser, so a reload or a new tab stays
signed in: found by the browser's opaque id (an HttpOnly cookie), revoked by forgetting it.

The store never holds the id itself: rows are found by one hash of it and sealed with a key
derived from it, so a copy of the store file (a backup) reveals no usable token without the
browser's cookie. Refreshing is serialised per process: two tabs of one browser share one
refresh token, and a backend with reuse detection revokes a session whose used token is
presented twice, so the second tab adopts what the first one stored instead of refreshing.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

from core.models import AuthSession, Doctor
from core.private_files import private_file, private_folder

# A browser id: 32 random bytes, URL-safe base64 without padding (43 characters).
_BROWSER_ID = re.compile(r"^[A-Za-z0-9_-]{43}$")
# A stored session unused this long is dropped even if its tokens would still refresh.
IDLE_DAYS = 30
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS browser_sessions ("
    " lookup TEXT PRIMARY KEY, sealed BLOB NOT NULL, used_at REAL NOT NULL)"
)


def new_browser_id() -> str:
    """A fresh opaque browser id (256 random bits)."""
    return secrets.token_urlsafe(32)


def is_browser_id(value: object) -> bool:
    return isinstance(value, str) and bool(_BROWSER_ID.match(value))


def _lookup(browser_id: str) -> str:
    return hashlib.sha256(b"medcase-browser-lookup\0" + browser_id.encode()).hexdigest()


def _seal(browser_id: str) -> Fernet:
    key = hashlib.sha256(b"medcase-browser-seal\0" + browser_id.encode()).digest()
    return Fernet(base64.urlsafe_b64encode(key))


class BrowserSessions:
    """Browser id -> the doctor's AuthSession, in a small SQLite file of its own."""

    def __init__(self, path: Path) -> None:
        # Owner-only, like the rest of the data folder: the rows are sealed, but which
        # browsers hold sessions, and when they were used, is nobody else's business.
        private_file(private_folder(path.parent) / path.name)
        self._path = path
        self._lock = threading.Lock()
        with self._connection() as db:
            db.execute(_SCHEMA)

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self._path, timeout=10)
        try:
            with db:
                yield db
        finally:
            db.close()

    def keep(self, browser_id: str, session: AuthSession) -> None:
        """Remember ``session`` for this browser (replacing what it had)."""
        if not is_browser_id(browser_id):
            return
        record = {
            "user_id": session.doctor.user_id,
            "email": session.doctor.email,
            "access_token": session.access_token,
            "refresh_token": session.refresh_token,
            "expires_at": session.expires_at,
        }
        sealed = _seal(browser_id).encrypt(json.dumps(record).encode())
        now = time.time()
        with self._connection() as db:
            db.execute("DELETE FROM browser_sessions WHERE used_at < ?", (now - IDLE_DAYS * 86400,))
            db.execute(
                "INSERT OR REPLACE INTO browser_sessions (lookup, sealed, used_at)"
                " VALUES (?, ?, ?)",
                (_lookup(browser_id), sealed, now),
            )

    def find(self, browser_id: str | None) -> AuthSession | None:
        """The session kept for this browser, if any (and not idle too long)."""
        if not is_browser_id(browser_id):
            return None
        assert browser_id is not None
        with self._connection() as db:
            row = db.execute(
                "SELECT sealed FROM browser_sessions WHERE lookup = ? AND used_at >= ?",
                (_lookup(browser_id), time.time() - IDLE_DAYS * 86400),
            ).fetchone()
        if row is None:
            return None
        try:
            record = json.loads(_seal(browser_id).decrypt(row[0]))
        except (InvalidToken, ValueError):
            return None
        return AuthSession(
            doctor=Doctor(user_id=record["user_id"], email=record["email"]),
            access_token=record["access_token"],
            refresh_token=record["refresh_token"],
            expires_at=float(record["expires_at"]),
        )

    def forget(self, browser_id: str | None) -> None:
        """This browser is no longer signed in."""
        if is_browser_id(browser_id):
            assert browser_id is not None
            with self._connection() as db:
                db.execute("DELETE FROM browser_sessions WHERE lookup = ?", (_lookup(browser_id),))

    def refreshed(
        self,
        browser_id: str,
        current: AuthSession,
        margin_seconds: float,
        refresh: Callable[[str], AuthSession],
    ) -> AuthSession:
        """A fresh session for this browser: another tab's newer one when it has stored
        one, else ``current`` traded by ``refresh`` (NotAuthenticated passes through)."""
        with self._lock:
            stored = self.find(browser_id)
            if (
                stored is not None
                # Refresh tokens rotate on every trade (access tokens made in the same
                # second may be equal), so a different one means another tab traded.
                and stored.refresh_token != current.refresh_token
                and not stored.expires_within(margin_seconds, time.time())
            ):
                return stored
            source = stored if stored is not None else current
            fresh = refresh(source.refresh_token)
            self.keep(browser_id, fresh)
            return fresh
