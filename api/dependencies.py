"""Per-request wiring: the clinic, the doctor behind the bearer token, and their services."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated, Any

import jwt
from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from core.bootstrap import Clinic
from core.errors import NotAuthenticated, PermissionDenied
from core.models import AuthSession, Doctor
from core.services import CaseService

# auto_error=False: a missing header is our 401 with our detail, not FastAPI's own answer.
bearer = HTTPBearer(auto_error=False, description="An access token from /auth/v1/token")


@dataclass(frozen=True)
class Caller:
    """The signed-in doctor of this request and the case operations it runs."""

    doctor: Doctor
    services: CaseService
    session: AuthSession  # the bearer token's (no refresh token: the client holds that)


def get_clinic(request: Request) -> Clinic:
    clinic: Clinic = request.app.state.clinic
    return clinic


def token_claims(access_token: str) -> dict[str, Any]:
    """The claims of a token that has already been verified (for its exp and iat)."""
    claims: dict[str, Any] = jwt.decode(access_token, options={"verify_signature": False})
    return claims


def get_caller(
    clinic: Annotated[Clinic, Depends(get_clinic)],
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> Iterator[Caller]:
    """Verify the bearer token; every case route runs as the doctor it names. The request's
    backend (a connection pool in Supabase mode) is closed once the answer is sent."""
    if credentials is None or not credentials.credentials:
        raise NotAuthenticated()
    token = credentials.credentials
    doctor = clinic.accounts.verify(token)
    # The Supabase backend needs the token to run queries under RLS as this doctor; the
    # embedded one ignores the session. The API never refreshes: the client owns that.
    session = AuthSession(
        doctor=doctor,
        access_token=token,
        refresh_token="",
        expires_at=float(token_claims(token).get("exp", 0)),
    )
    services = clinic.services_for(session)
    try:
        yield Caller(doctor=doctor, services=services, session=session)
    finally:
        services.close()


def check_user_id(claimed: str | None, doctor: Doctor) -> None:
    """A user_id in a form or query must be the token's own (it may be left out)."""
    if claimed and claimed != doctor.user_id:
        raise PermissionDenied()


CurrentCaller = Annotated[Caller, Depends(get_caller)]
CurrentClinic = Annotated[Clinic, Depends(get_clinic)]
