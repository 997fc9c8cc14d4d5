"""Signed-in sessions kept on the server for a browser, so a reload or a new tab stays
signed in: found by the browser's opaque id (an HttpOnly cookie), revoked by forgetting it.

Only ids this server issued count (each carries a keyed MAC, the key kept in the data
folder), and a browser gets a new one at every sign-in and sign-out: the session is kept
under the new id, and the cookie changes through a one-time hand-over (``hand_over`` /
``take_hand_over``) bound to the browser's current id. An id planted in a browser before
a doctor signs in (session fixation) is therefore never the one their session is under.

The store never holds the id itself: rows are found by one hash of it and sealed with a key
derived from it, so a copy of the store file (a backup) reveals no usable token without the
browser's cookie. Refreshing is serialised per process: two tabs of one browser share one
refresh token, and a backend with reuse detection revokes a session whose used token is
presented twice, so the second tab adopts what the first one stored instead of refreshing.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
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

from core.keys import kept_secret
from core.models import AuthSession, Doctor
from core.private_files import private_file, private_folder

# A browser id: 32 random bytes, then a MAC of them under the server's key (16 bytes), each
# URL-safe base64 without padding: 43 + "." + 22 characters.
_BROWSER_ID = re.compile(r"^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{22})$")
# A hand-over not taken within this long is void (the page takes it at once).
HAND_OVER_SECONDS = 120
# A stored session unused this long is dropped even if its tokens would still refresh.
IDLE_DAYS = 30
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS browser_sessions ("
    " lookup TEXT PRIMARY KEY, sealed BLOB NOT NULL, used_at REAL NOT NULL)"
)


_HAND_OVER_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS browser_hand_overs ("
    " lookup TEXT PRIMARY KEY, old_lookup TEXT NOT NULL, sealed BLOB NOT NULL,"
    " expires_at REAL NOT NULL)"
)


def is_browser_id(value: object) -> bool:
    """Shaped like an id this server issues (whether it did: ``BrowserSessions.issued``)."""
    return isinstance(value, str) and bool(_BROWSER_ID.match(value))


def _mac(key: bytes, random_part: str) -> str:
    digest = hmac.new(key, b"medcase-browser-id\0" + random_part.encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:16]).rstrip(b"=").decode()


def _lookup(browser_id: str) -> str:
    return hashlib.sha256(b"medcase-browser-lookup\0" + browser_id.encode()).hexdigest()


def _seal(browser_id: str) -> Fernet:
    key = hashlib.sha256(b"medcase-browser-seal\0" + browser_id.encode()).digest()
    return Fernet(base64.urlsafe_b64encode(key))


class BrowserSessions:
    """Browser id -> the doctor's AuthSession, in a small SQLite file of its own."""

    def __init__(self, path: Path, key: str | None = None) -> None:
        # Owner-only, like the rest of the data folder: the rows are sealed, but which
        # browsers hold sessions, and when they were used, is nobody else's business.
        private_file(private_folder(path.parent) / path.name)
        self._path = path
        self._key = kept_secret(path.parent / "browser_id_key", key).encode()
        self._lock = threading.Lock()
        # One connection for the process, a statement at a time: a connection per call
        # was closed after each, and the last one closed checkpoints the log and syncs
        # the file (tens of milliseconds a write; a sign-in makes three, issue #25).
        self._db = sqlite3.connect(path, timeout=10, check_same_thread=False)
        self._db_lock = threading.Lock()
        # Write-ahead log, synced at checkpoints, as the clinic's database
        # (core.backends.sqlite_db): a write is an append, not a rollback journal created,
        # synced and deleted; a power cut may lose the last writes, never corrupt the file.
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        with self._connection() as db:
            db.execute(_SCHEMA)
            db.execute(_HAND_OVER_SCHEMA)

    @classmethod
    def in_data_dir(cls, data_dir: Path) -> BrowserSessions:
        """The store of the data folder (its file, and its key beside it)."""
        return cls(data_dir / "browser_sessions.sqlite3")

    def issue(self) -> str:
        """A fresh browser id (256 random bits) that this server will recognise."""
        random_part = secrets.token_urlsafe(32)
        return f"{random_part}.{_mac(self._key, random_part)}"

    def issued(self, value: object) -> bool:
        """Whether ``value`` is an id this server issued (not one a client made up)."""
        if not isinstance(value, str):
            return False
        shaped = _BROWSER_ID.match(value)
        if shaped is None:
            return False
        return hmac.compare_digest(shaped.group(2), _mac(self._key, shaped.group(1)))

    def hand_over(self, old_id: str | None, new_id: str) -> str:
        """A one-time token that gives the browser now holding ``old_id`` the id ``new_id``
        (its page posts it to the server, which sets the cookie)."""
        token = secrets.token_urlsafe(32)
        sealed = _seal(token).encrypt(new_id.encode())
        now = time.time()
        with self._connection() as db:
            db.execute("DELETE FROM browser_hand_overs WHERE expires_at < ?", (now,))
            db.execute(
                "INSERT INTO browser_hand_overs (lookup, old_lookup, sealed, expires_at)"
                " VALUES (?, ?, ?, ?)",
                (_lookup(token), _lookup(old_id or ""), sealed, now + HAND_OVER_SECONDS),
            )
        return token

    def take_hand_over(self, token: str, current_id: str | None) -> str | None:
        """The new id the token hands to the browser holding ``current_id``, once; None
        for an unknown, used or expired token, or another browser."""
        with self._connection() as db:
            row = db.execute(
                "DELETE FROM browser_hand_overs WHERE lookup = ?"
                " RETURNING old_lookup, sealed, expires_at",
                (_lookup(token),),
            ).fetchone()
        if row is None or row[2] < time.time():
            return None
        if not hmac.compare_digest(row[0], _lookup(current_id or "")):
            return None
        try:
            return _seal(token).decrypt(row[1]).decode()
        except InvalidToken:
            return None

    def handed_over(self, token: str) -> bool:
        """Whether the token was taken (or has expired): the page need not post it again."""
        with self._connection() as db:
            row = db.execute(
                "SELECT 1 FROM browser_hand_overs WHERE lookup = ? AND expires_at >= ?",
                (_lookup(token), time.time()),
            ).fetchone()
        return row is None

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        with self._db_lock, self._db:  # one transaction, committed or rolled back
            yield self._db

    def keep(self, browser_id: str, session: AuthSession) -> None:
        """Remember ``session`` for this browser (replacing what it had)."""
        if not self.issued(browser_id):
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
        if not self.issued(browser_id):
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
        if self.issued(browser_id):
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
