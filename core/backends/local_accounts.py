"""LocalAccounts: email and password accounts in the embedded database.

Passwords are hashed with argon2id; access tokens are short-lived signed JWTs (the same
shape as Supabase Auth's), refresh tokens are random and stored only as a hash.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import sqlite3
import time
import uuid

import jwt
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from core.backends.sqlite_db import SqliteDatabase
from core.errors import InvalidCredentials, InvalidInput, NotAuthenticated
from core.models import AuthSession, Doctor, utc_now

MIN_PASSWORD_LENGTH = 8
MAX_PASSWORD_LENGTH = 1024
ACCESS_TOKEN_SECONDS = 3600
REFRESH_TOKEN_SECONDS = 30 * 24 * 3600
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class LocalAccounts:
    def __init__(
        self,
        database: SqliteDatabase,
        signing_secret: str,
        access_token_seconds: int = ACCESS_TOKEN_SECONDS,
    ) -> None:
        self._db = database
        self._secret = signing_secret
        self._access_seconds = access_token_seconds
        self._hasher = PasswordHasher()  # argon2id with the library's recommended cost
        # Verifying against a real hash for unknown emails keeps both failures equally slow.
        self._decoy_hash = self._hasher.hash(secrets.token_urlsafe(16))

    @staticmethod
    def _normalise_email(email: str) -> str:
        value = (email or "").strip().lower()
        if not _EMAIL.match(value) or len(value) > 320:
            raise InvalidInput("Enter a valid email address")
        return value

    def sign_up(self, email: str, password: str) -> AuthSession:
        address = self._normalise_email(email)
        if not isinstance(password, str) or len(password) < MIN_PASSWORD_LENGTH:
            raise InvalidInput(f"Password must be at least {MIN_PASSWORD_LENGTH} characters")
        if len(password) > MAX_PASSWORD_LENGTH:
            raise InvalidInput(f"Password must be at most {MAX_PASSWORD_LENGTH} characters")
        user_id = str(uuid.uuid4())
        try:
            with self._db.write() as db:
                db.execute(
                    "INSERT INTO doctors (user_id, email, password_hash, created_at)"
                    " VALUES (?, ?, ?, ?)",
                    (user_id, address, self._hasher.hash(password), utc_now().isoformat()),
                )
        except sqlite3.IntegrityError:
            raise InvalidInput("An account with this email already exists") from None
        return self._issue(Doctor(user_id=user_id, email=address))

    def sign_in(self, email: str, password: str) -> AuthSession:
        try:
            address = self._normalise_email(email)
        except InvalidInput:
            raise InvalidCredentials() from None
        row = (
            self._db.connection()
            .execute(
                "SELECT user_id, email, password_hash FROM doctors WHERE email = ?", (address,)
            )
            .fetchone()
        )
        stored = row["password_hash"] if row else self._decoy_hash
        try:
            self._hasher.verify(stored, password or "")
        except (VerificationError, InvalidHashError):
            raise InvalidCredentials() from None
        if row is None:
            raise InvalidCredentials()
        return self._issue(Doctor(user_id=row["user_id"], email=row["email"]))

    def refresh(self, refresh_token: str) -> AuthSession:
        digest = _token_hash(refresh_token or "")
        with self._db.write() as db:
            row = db.execute(
                "SELECT t.user_id, t.expires_at, d.email FROM refresh_tokens t"
                " JOIN doctors d ON d.user_id = t.user_id WHERE t.token_hash = ?",
                (digest,),
            ).fetchone()
            # A refresh token is used once: it is consumed whether or not it is still valid.
            db.execute("DELETE FROM refresh_tokens WHERE token_hash = ?", (digest,))
        if row is None or row["expires_at"] < time.time():
            raise NotAuthenticated()
        return self._issue(Doctor(user_id=row["user_id"], email=row["email"]))

    def sign_out(self, session: AuthSession) -> None:
        with self._db.write() as db:
            db.execute(
                "DELETE FROM refresh_tokens WHERE token_hash = ?",
                (_token_hash(session.refresh_token),),
            )

    def verify(self, access_token: str) -> Doctor:
        try:
            claims = jwt.decode(
                access_token,
                self._secret,
                algorithms=["HS256"],
                audience="authenticated",
                options={"require": ["exp", "sub"]},
            )
        except jwt.PyJWTError:
            raise NotAuthenticated() from None
        row = (
            self._db.connection()
            .execute("SELECT email FROM doctors WHERE user_id = ?", (claims["sub"],))
            .fetchone()
        )
        if row is None:
            raise NotAuthenticated()
        return Doctor(user_id=claims["sub"], email=row["email"])

    def _issue(self, doctor: Doctor) -> AuthSession:
        now = time.time()
        expires_at = now + self._access_seconds
        access = jwt.encode(
            {
                "sub": doctor.user_id,
                "email": doctor.email,
                "aud": "authenticated",
                "role": "authenticated",
                "iat": int(now),
                "exp": int(expires_at),
            },
            self._secret,
            algorithm="HS256",
        )
        refresh = secrets.token_urlsafe(32)
        with self._db.write() as db:
            db.execute("DELETE FROM refresh_tokens WHERE expires_at < ?", (now,))
            db.execute(
                "INSERT INTO refresh_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)",
                (_token_hash(refresh), doctor.user_id, now + REFRESH_TOKEN_SECONDS),
            )
        return AuthSession(doctor, access, refresh, int(expires_at))
