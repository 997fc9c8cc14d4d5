"""Sign-in sessions of the embedded accounts: refresh-token families with reuse detection.

A session starts at sign-in and holds one live refresh token and the id of its one live
access token. Refreshing uses the refresh token up (its row stays, marked used) and names
a new access token, so the old one stops working at once. A used refresh token that comes
back means someone kept a copy: the whole session is revoked, and with it the access
token issued from its successor. Signing out revokes the session the same way.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import sqlite3
import time
import uuid
from dataclasses import dataclass

from core.backends.sqlite_db import SqliteDatabase
from core.errors import NotAuthenticated

log = logging.getLogger(__name__)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class SessionTokens:
    """What a session hands out: its id, the current access token's id, a refresh token."""

    session_id: str
    user_id: str
    email: str
    access_token_id: str
    refresh_token: str


class SqliteSignInSessions:
    def __init__(self, database: SqliteDatabase, lifetime_seconds: float) -> None:
        self._db = database
        self._lifetime = lifetime_seconds

    def start(self, user_id: str, email: str) -> SessionTokens:
        """A new session for a doctor who has just proved their password."""
        now = time.time()
        tokens = SessionTokens(
            uuid.uuid4().hex, user_id, email, uuid.uuid4().hex, secrets.token_urlsafe(32)
        )
        with self._db.write() as db:
            # Expired sessions go with their tokens; used tokens of a live session stay
            # until their own expiry, to recognise them if they come back.
            db.execute("DELETE FROM sign_in_sessions WHERE expires_at < ?", (now,))
            db.execute("DELETE FROM refresh_tokens WHERE expires_at < ?", (now,))
            db.execute(
                "INSERT INTO sign_in_sessions"
                " (session_id, user_id, access_token_id, expires_at) VALUES (?, ?, ?, ?)",
                (tokens.session_id, user_id, tokens.access_token_id, now + self._lifetime),
            )
            self._add_refresh_token(db, tokens, now)
        return tokens

    def rotate(self, refresh_token: str) -> SessionTokens:
        """Trade a refresh token for new tokens; NotAuthenticated when it is unknown,
        expired, revoked, or used before (then its whole session is revoked)."""
        now = time.time()
        digest = _token_hash(refresh_token or "")
        with self._db.write() as db:
            row = db.execute(
                "SELECT t.session_id, t.used_at, t.expires_at, s.user_id, s.revoked_at, d.email"
                " FROM refresh_tokens t"
                " JOIN sign_in_sessions s ON s.session_id = t.session_id"
                " JOIN doctors d ON d.user_id = s.user_id WHERE t.token_hash = ?",
                (digest,),
            ).fetchone()
            if row is None or row["revoked_at"] is not None or row["expires_at"] < now:
                tokens = None
            elif row["used_at"] is not None:
                self._revoke(db, row["session_id"], now)
                log.warning("a used refresh token came back; its session is revoked")
                tokens = None
            else:
                tokens = SessionTokens(
                    row["session_id"],
                    row["user_id"],
                    row["email"],
                    uuid.uuid4().hex,
                    secrets.token_urlsafe(32),
                )
                db.execute(
                    "UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ?", (now, digest)
                )
                db.execute(
                    "UPDATE sign_in_sessions SET access_token_id = ?, expires_at = ?"
                    " WHERE session_id = ?",
                    (tokens.access_token_id, now + self._lifetime, tokens.session_id),
                )
                self._add_refresh_token(db, tokens, now)
        if tokens is None:
            raise NotAuthenticated()
        return tokens

    def revoke(self, session_id: str | None = None, refresh_token: str | None = None) -> None:
        """End a session, named by its id or by one of its refresh tokens."""
        now = time.time()
        with self._db.write() as db:
            if not session_id and refresh_token:
                row = db.execute(
                    "SELECT session_id FROM refresh_tokens WHERE token_hash = ?",
                    (_token_hash(refresh_token),),
                ).fetchone()
                session_id = row["session_id"] if row else None
            if session_id:
                self._revoke(db, session_id, now)

    def current_email(self, session_id: str, user_id: str, access_token_id: str) -> str | None:
        """The doctor's email while this access token is its live session's current one."""
        row = (
            self._db.connection()
            .execute(
                "SELECT d.email FROM sign_in_sessions s JOIN doctors d ON d.user_id = s.user_id"
                " WHERE s.session_id = ? AND s.user_id = ? AND s.access_token_id = ?"
                " AND s.revoked_at IS NULL AND s.expires_at >= ?",
                (session_id, user_id, access_token_id, time.time()),
            )
            .fetchone()
        )
        return row["email"] if row else None

    def _add_refresh_token(self, db: sqlite3.Connection, tokens: SessionTokens, now: float) -> None:
        db.execute(
            "INSERT INTO refresh_tokens (token_hash, user_id, expires_at, session_id)"
            " VALUES (?, ?, ?, ?)",
            (
                _token_hash(tokens.refresh_token),
                tokens.user_id,
                now + self._lifetime,
                tokens.session_id,
            ),
        )

    @staticmethod
    def _revoke(db: sqlite3.Connection, session_id: str, now: float) -> None:
        db.execute(
            "UPDATE sign_in_sessions SET revoked_at = ?"
            " WHERE session_id = ? AND revoked_at IS NULL",
            (now, session_id),
        )
