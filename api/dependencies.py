"""Per-request wiring: the clinic, the doctor behind the bearer token, and their backend."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

import jwt
from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from core.bootstrap import Clinic
from core.errors import NotAuthenticated, PermissionDenied
from core.models import AuthSession, Doctor
from core.ports import Backend

# auto_error=False: a missing header is our 401 with our detail, not FastAPI's own answer.
bearer = HTTPBearer(auto_error=False, description="An access token from /auth/v1/token")


@dataclass(frozen=True)
class Caller:
    """The signed-in doctor of this request and the backend their request runs on."""

    doctor: Doctor
    backend: Backend


def get_clinic(request: Request) -> Clinic:
    return request.app.state.clinic


def token_claims(access_token: str) -> dict:
    """The claims of a token that has already been verified (for its exp and iat)."""
    return jwt.decode(access_token, options={"verify_signature": False})


def get_caller(
    clinic: Annotated[Clinic, Depends(get_clinic)],
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> Caller:
    """Verify the bearer token; every case route runs as the doctor it names."""
    if credentials is None or not credentials.credentials:
        raise NotAuthenticated()
    token = credentials.credentials
    doctor = clinic.provider.accounts.verify(token)
    # The Supabase backend needs the token to run queries under RLS as this doctor; the
    # embedded one ignores the session. The API never refreshes: the client owns that.
    session = AuthSession(
        doctor=doctor,
        access_token=token,
        refresh_token="",
        expires_at=float(token_claims(token).get("exp", 0)),
    )
    return Caller(doctor=doctor, backend=clinic.provider.for_session(session))


def check_user_id(claimed: str | None, doctor: Doctor) -> None:
    """A user_id in a form or query must be the token's own (it may be left out)."""
    if claimed and claimed != doctor.user_id:
        raise PermissionDenied()


CurrentCaller = Annotated[Caller, Depends(get_caller)]
CurrentClinic = Annotated[Clinic, Depends(get_clinic)]
