"""The Auth (GoTrue) subset: signup, token (password, refresh_token), user, logout.

Accounts live in ``auth.users`` of the same database, so ``references auth.users`` and
``on delete cascade`` in the migration are exercised for real. Refresh tokens are kept in
memory, each usable once, and tied to a session id that logout revokes. Errors use
GoTrue's API-version-2024-01-01 shape (``code`` + ``msg``).
"""

from __future__ import annotations

import secrets
import threading
import uuid
from dataclasses import dataclass
from typing import Any

import jwt
from argon2 import PasswordHasher
from argon2.exceptions import VerificationError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tests.supabase_stack.server import ACCESS_TOKEN_SECONDS, Project, StackError

API_VERSION = {"X-Supabase-Api-Version": "2024-01-01"}
MIN_PASSWORD_LENGTH = 6  # GoTrue's default; the app asks for more itself
_SIGN_UP_FIELDS = {"email", "password", "data", "gotrue_meta_security"}
_PASSWORD_FIELDS = {"email", "password", "data", "gotrue_meta_security"}
# Cheap hashing: these are throwaway test accounts, and sign-up happens in every test.
_hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)


def _error(status: int, code: str, message: str) -> StackError:
    return StackError(status, {"code": code, "msg": message, "error_code": code})


@dataclass
class RefreshToken:
    user_id: str
    session_id: str
    used: bool = False


class Sessions:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tokens: dict[str, RefreshToken] = {}

    def issue(self, user_id: str, session_id: str) -> str:
        token = secrets.token_urlsafe(24)
        with self._lock:
            self._tokens[token] = RefreshToken(user_id, session_id)
        return token

    def rotate(self, token: str) -> RefreshToken:
        with self._lock:
            held = self._tokens.get(token)
            if held is None:
                raise _error(400, "refresh_token_not_found", "Invalid Refresh Token")
            if held.used:
                raise _error(400, "refresh_token_already_used", "Invalid Refresh Token")
            held.used = True
            return held

    def revoke(self, claims: dict[str, Any], scope: str) -> None:
        """Local: this session's tokens; global: every session of the user."""
        with self._lock:
            for held in self._tokens.values():
                if held.session_id == claims["session_id"] or (
                    scope == "global" and held.user_id == claims["sub"]
                ):
                    held.used = True


def _user(row: tuple[Any, ...]) -> dict[str, Any]:
    user_id, email, created_at = row
    return {
        "id": str(user_id),
        "aud": "authenticated",
        "role": "authenticated",
        "email": email,
        "app_metadata": {"provider": "email", "providers": ["email"]},
        "user_metadata": {},
        "created_at": created_at.isoformat(),
        "email_confirmed_at": created_at.isoformat(),
    }


def _fields(body: Any, allowed: set[str]) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise _error(400, "validation_failed", "Body must be a JSON object")
    unknown = set(body) - allowed
    if unknown:
        raise _error(400, "validation_failed", f"Unknown fields: {sorted(unknown)}")
    return body


def routes(project: Project) -> list[Route]:
    sessions = Sessions()

    def session_answer(row: tuple[Any, ...], session_id: str | None = None) -> JSONResponse:
        user = _user(row)
        session_id = session_id or str(uuid.uuid4())
        access = project.sign(
            {
                "sub": user["id"],
                "email": user["email"],
                "aud": "authenticated",
                "role": "authenticated",
                "session_id": session_id,
            },
            ACCESS_TOKEN_SECONDS,
        )
        claims_exp = jwt.decode(access, options={"verify_signature": False})["exp"]
        body = {
            "access_token": access,
            "token_type": "bearer",
            "expires_in": ACCESS_TOKEN_SECONDS,
            "expires_at": claims_exp,
            "refresh_token": sessions.issue(user["id"], session_id),
            "user": user,
        }
        return JSONResponse(body, headers=API_VERSION)

    def anon_only(request: Request) -> None:
        if project.claims(request, expired_code="bad_jwt")["role"] != "anon":
            raise _error(400, "validation_failed", "Use the anon key for this call")

    async def signup(request: Request) -> Response:
        anon_only(request)
        if request.query_params:
            raise _error(400, "validation_failed", "signup takes no parameters")
        body = _fields(await request.json(), _SIGN_UP_FIELDS)
        email, password = str(body.get("email", "")).strip().lower(), body.get("password")
        if not email or "@" not in email:
            raise _error(400, "validation_failed", "Unable to validate email address")
        if not isinstance(password, str) or len(password) < MIN_PASSWORD_LENGTH:
            raise _error(422, "weak_password", "Password should be at least 6 characters")
        with project.connect() as connection:
            row = connection.execute(
                "insert into auth.users (email, encrypted_password) values (%s, %s)"
                " on conflict (email) do nothing returning id, email, created_at",
                [email, _hasher.hash(password)],
            ).fetchone()
        if row is None:
            raise _error(422, "user_already_exists", "User already registered")
        return session_answer(row)

    async def token(request: Request) -> Response:
        anon_only(request)
        grant = request.query_params.get("grant_type")
        if set(request.query_params) != {"grant_type"}:
            raise _error(400, "validation_failed", "token takes only grant_type")
        body = await request.json()
        if grant == "password":
            fields = _fields(body, _PASSWORD_FIELDS)
            with project.connect() as connection:
                found = connection.execute(
                    "select id, email, created_at, encrypted_password from auth.users"
                    " where email = %s",
                    [str(fields.get("email", "")).strip().lower()],
                ).fetchone()
            try:
                if found is None:
                    raise VerificationError()
                _hasher.verify(found[3], str(fields.get("password", "")))
            except VerificationError:
                raise _error(400, "invalid_credentials", "Invalid login credentials") from None
            return session_answer(found[:3])
        if grant == "refresh_token":
            fields = _fields(body, {"refresh_token"})
            held = sessions.rotate(str(fields.get("refresh_token", "")))
            with project.connect() as connection:
                row = connection.execute(
                    "select id, email, created_at from auth.users where id = %s", [held.user_id]
                ).fetchone()
            if row is None:
                raise _error(400, "refresh_token_not_found", "Invalid Refresh Token")
            return session_answer(row, held.session_id)
        raise _error(400, "unsupported_grant_type", f"Unsupported grant_type {grant!r}")

    def signed_in(request: Request) -> dict[str, Any]:
        try:
            claims = project.claims(request, expired_code="bad_jwt")
        except StackError:
            raise _error(
                403, "bad_jwt", "invalid JWT: unable to parse or verify signature"
            ) from None
        if claims["role"] != "authenticated":
            raise _error(403, "bad_jwt", "This endpoint requires a user token")
        return claims

    async def user(request: Request) -> Response:
        if request.query_params:
            raise _error(400, "validation_failed", "user takes no parameters")
        claims = signed_in(request)
        with project.connect() as connection:
            row = connection.execute(
                "select id, email, created_at from auth.users where id = %s", [claims["sub"]]
            ).fetchone()
        if row is None:
            raise _error(403, "user_not_found", "User from sub claim in JWT does not exist")
        return JSONResponse(_user(row), headers=API_VERSION)

    async def logout(request: Request) -> Response:
        if set(request.query_params) - {"scope"} or request.query_params.get("scope") not in (
            "local",
            "global",
        ):
            raise _error(400, "validation_failed", "logout takes scope=local|global")
        claims = signed_in(request)
        sessions.revoke(claims, request.query_params["scope"])
        return Response(status_code=204)

    return [
        Route("/signup", signup, methods=["POST"]),
        Route("/token", token, methods=["POST"]),
        Route("/user", user, methods=["GET"]),
        Route("/logout", logout, methods=["POST"]),
    ]
