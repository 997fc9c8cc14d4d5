"""Embedded mode's identity provider, with Supabase Auth's contract (paths and answers).

A script written against Supabase Auth (``/auth/v1/signup``, ``/auth/v1/token``) works
unchanged against the embedded backend; errors use the API's ``{"detail": ...}`` shape.
Served only when the API is not backed by Supabase (then Supabase itself is the provider).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response

from api import schemas
from api.dependencies import CurrentCaller, CurrentClinic, token_claims
from core.bootstrap import Clinic
from core.client_address import client_address, trusted_networks
from core.errors import InvalidInput
from core.models import AuthSession

router = APIRouter(prefix="/auth/v1", tags=["auth"])

_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": schemas.ErrorOut, "description": "Invalid input or wrong email/password"},
    401: {"model": schemas.ErrorOut, "description": "Invalid authentication credentials"},
    429: {
        "model": schemas.ErrorOut,
        "description": "Too many sign-in attempts for this account or from this address;"
        " the Retry-After header says when to try again",
    },
}


def _client_address(request: Request, clinic: Clinic) -> str | None:
    """The client's address: the connecting peer, or what a configured reverse proxy
    (MEDCASE_TRUSTED_PROXIES) says in X-Forwarded-For; from anyone else it is not read."""
    return client_address(
        request.client.host if request.client else None,
        request.headers.get("x-forwarded-for"),
        trusted_networks(clinic.settings.trusted_proxies),
    )


def _session_answer(session: AuthSession) -> dict[str, Any]:
    claims = token_claims(session.access_token)
    lifetime = int(claims["exp"]) - int(claims.get("iat", claims["exp"]))
    return {
        "access_token": session.access_token,
        "token_type": "bearer",
        "expires_in": lifetime,
        "expires_at": int(session.expires_at),
        "refresh_token": session.refresh_token,
        "user": {"id": session.doctor.user_id, "email": session.doctor.email},
    }


@router.post("/signup", response_model=schemas.SessionOut, responses=_ERRORS)
def sign_up(
    credentials: schemas.Credentials, clinic: CurrentClinic, request: Request
) -> dict[str, Any]:
    """Create a doctor's account and sign in (200, as Supabase Auth answers). An email that
    has an account signs in with its own password; with another, a 400 that does not say
    the email is taken."""
    session = clinic.accounts.sign_up(
        credentials.email, credentials.password, _client_address(request, clinic)
    )
    return _session_answer(session)


@router.post("/token", response_model=schemas.SessionOut, responses=_ERRORS)
def token(
    grant_type: Annotated[Literal["password", "refresh_token"], Query()],
    clinic: CurrentClinic,
    body: schemas.TokenRequest,
    request: Request,
) -> dict[str, Any]:
    """Sign in with email and password, or trade a refresh token (used once) for a new pair."""
    accounts = clinic.accounts
    if grant_type == "password":
        if not body.email or not body.password:
            raise InvalidInput("Email and password are required")
        return _session_answer(
            accounts.sign_in(body.email, body.password, _client_address(request, clinic))
        )
    if not body.refresh_token:
        raise InvalidInput("refresh_token is required")
    return _session_answer(accounts.refresh(body.refresh_token))


@router.post("/logout", status_code=204, responses=_ERRORS)
def logout(caller: CurrentCaller, clinic: CurrentClinic) -> Response:
    """Sign out: the bearer token's session ends, its access and refresh tokens with it."""
    clinic.accounts.sign_out(caller.session)
    return Response(status_code=204)


@router.get("/user", response_model=schemas.UserOut, responses=_ERRORS)
def user(caller: CurrentCaller) -> dict[str, Any]:
    """The doctor the bearer token belongs to."""
    return {"id": caller.doctor.user_id, "email": caller.doctor.email}
