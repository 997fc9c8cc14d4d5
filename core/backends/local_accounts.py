"""LocalAccounts: email and password accounts in the embedded database.

Passwords are hashed with argon2id; access tokens are short-lived signed JWTs (the same
shape as Supabase Auth's) naming their sign-in session; refresh tokens are random, used
once, and stored only as a hash (core.backends.sqlite_sessions).

Each argon2 hash takes about 64 MiB and a CPU core for a moment: a semaphore bounds how
many run at once, so a burst of sign-ins queues instead of exhausting memory.
"""

from __future__ import annotations

import secrets
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import jwt
from argon2 import Parameters, PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError

from core import validation
from core.backends.sqlite_db import SqliteDatabase
from core.backends.sqlite_sessions import SessionTokens, SqliteSignInSessions
from core.errors import (
    InvalidCredentials,
    InvalidInput,
    NotAuthenticated,
    SignUpRefused,
    TooManyAttempts,
)
from core.models import AuthSession, Doctor, utc_now
from core.passwords import MIN_LENGTH

MIN_PASSWORD_LENGTH = MIN_LENGTH  # one rule for new passwords: core.passwords
MAX_PASSWORD_LENGTH = 1024
ACCESS_TOKEN_SECONDS = 15 * 60
REFRESH_TOKEN_SECONDS = 30 * 24 * 3600
HASHES_AT_ONCE = 2
# How long a sign-in waits for a free hashing slot before it is told to come back.
HASH_WAIT_SECONDS = 20
BUSY = "The clinic is busy signing others in; try again in a few seconds."
# argon2id at the library's recommended cost (RFC 9106, low-memory profile: 64 MiB, 3 passes).
# Read when accounts are built, so the test suite can swap in a cheap profile for itself
# (tests/conftest.py); a test checks that a fresh process still hashes at this cost.
PASSWORD_HASHING: Parameters = profiles.RFC_9106_LOW_MEMORY


class LocalAccounts:
    def __init__(
        self,
        database: SqliteDatabase,
        signing_secret: str,
        access_token_seconds: int = ACCESS_TOKEN_SECONDS,
        hashes_at_once: int = HASHES_AT_ONCE,
    ) -> None:
        self._db = database
        self._secret = signing_secret
        self._access_seconds = access_token_seconds
        self._sessions = SqliteSignInSessions(database, REFRESH_TOKEN_SECONDS)
        self._hasher = PasswordHasher.from_parameters(PASSWORD_HASHING)
        self._hashing = threading.BoundedSemaphore(hashes_at_once)
        # Verifying against a real hash for unknown emails keeps both failures equally slow.
        self._decoy_hash = self._hasher.hash(secrets.token_urlsafe(16))

    def sign_up(self, email: str, password: str) -> AuthSession:
        """A new account, signed in. An email that has one: its own password signs in, any
        other is refused in words that do not say the email is taken; one hash either way."""
        address = validation.email_address(email)
        if not isinstance(password, str) or len(password) < MIN_PASSWORD_LENGTH:
            raise InvalidInput(f"Password must be at least {MIN_PASSWORD_LENGTH} characters")
        if len(password) > MAX_PASSWORD_LENGTH:
            raise InvalidInput(f"Password must be at most {MAX_PASSWORD_LENGTH} characters")
        row = self._doctor_row(address)
        if row is None:
            user_id = str(uuid.uuid4())
            password_hash = self._hash(password)
            try:
                with self._db.write() as db:
                    db.execute(
                        "INSERT INTO doctors (user_id, email, password_hash, created_at)"
                        " VALUES (?, ?, ?, ?)",
                        (user_id, address, password_hash, utc_now().isoformat()),
                    )
            except sqlite3.IntegrityError:
                row = self._doctor_row(address)  # a parallel sign-up took the email
            else:
                return self._issue(self._sessions.start(user_id, address))
        if row is None or not self._matches(row["password_hash"], password):
            raise SignUpRefused()
        return self._issue(self._sessions.start(row["user_id"], row["email"]))

    def sign_in(self, email: str, password: str) -> AuthSession:
        try:
            address = validation.email_address(email)
        except InvalidInput:
            raise InvalidCredentials() from None
        row = self._doctor_row(address)
        stored = row["password_hash"] if row else self._decoy_hash
        if not self._matches(stored, password or "") or row is None:
            raise InvalidCredentials()
        return self._issue(self._sessions.start(row["user_id"], row["email"]))

    def refresh(self, refresh_token: str) -> AuthSession:
        return self._issue(self._sessions.rotate(refresh_token))

    def sign_out(self, session: AuthSession) -> None:
        """Revoke the session: its refresh token and its access token stop working now."""
        claims = self._claims(session.access_token, verify_exp=False)
        self._sessions.revoke(
            session_id=claims.get("session_id") if claims else None,
            refresh_token=session.refresh_token,
        )

    def verify(self, access_token: str) -> Doctor:
        claims = self._claims(access_token)
        if claims is None:
            raise NotAuthenticated()
        email = self._sessions.current_email(claims["session_id"], claims["sub"], claims["jti"])
        if email is None:
            raise NotAuthenticated()  # refreshed since, signed out, or revoked
        return Doctor(user_id=claims["sub"], email=email)

    def _claims(self, access_token: str, verify_exp: bool = True) -> dict[str, Any] | None:
        try:
            claims: dict[str, Any] = jwt.decode(
                access_token,
                self._secret,
                algorithms=["HS256"],
                audience="authenticated",
                options={
                    "require": ["exp", "sub", "session_id", "jti"],
                    "verify_exp": verify_exp,
                },
            )
        except jwt.PyJWTError:
            return None
        return claims

    def _doctor_row(self, address: str) -> sqlite3.Row | None:
        row: sqlite3.Row | None = (
            self._db.connection()
            .execute(
                "SELECT user_id, email, password_hash FROM doctors WHERE email = ?", (address,)
            )
            .fetchone()
        )
        return row

    @contextmanager
    def _hashing_slot(self) -> Iterator[None]:
        if not self._hashing.acquire(timeout=HASH_WAIT_SECONDS):
            raise TooManyAttempts(5, BUSY)
        try:
            yield
        finally:
            self._hashing.release()

    def _hash(self, password: str) -> str:
        with self._hashing_slot():
            return self._hasher.hash(password)

    def _matches(self, stored: str, password: str) -> bool:
        with self._hashing_slot():
            try:
                return self._hasher.verify(stored, password)
            except (VerificationError, InvalidHashError):
                return False

    def _issue(self, tokens: SessionTokens) -> AuthSession:
        now = int(time.time())
        expires_at = now + self._access_seconds
        access = jwt.encode(
            {
                "sub": tokens.user_id,
                "email": tokens.email,
                "aud": "authenticated",
                "role": "authenticated",
                "session_id": tokens.session_id,  # Supabase Auth's name for the same claim
                "jti": tokens.access_token_id,
                "iat": now,
                "exp": expires_at,
            },
            self._secret,
            algorithm="HS256",
        )
        doctor = Doctor(user_id=tokens.user_id, email=tokens.email)
        return AuthSession(doctor, access, tokens.refresh_token, expires_at)
