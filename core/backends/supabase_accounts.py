"""SupabaseAccounts: sign up, sign in, refresh and sign out through Supabase Auth.

The Auth client keeps a signed-in session in memory, so each call gets a fresh one (they
share one HTTP connection pool): no doctor's tokens ever outlive the call in this object.
"""

from __future__ import annotations

import httpx
from supabase_auth import SyncGoTrueClient
from supabase_auth.errors import AuthApiError, AuthError
from supabase_auth.types import AuthResponse

from core import validation
from core.backends.connection_pools import connection_pool
from core.backends.supabase_errors import from_auth
from core.errors import (
    InternalError,
    InvalidCredentials,
    InvalidInput,
    NotAuthenticated,
    SignUpRefused,
)
from core.models import AuthSession, Doctor
from core.passwords import MIN_LENGTH

MIN_PASSWORD_LENGTH = MIN_LENGTH  # one rule for new passwords: core.passwords
MAX_PASSWORD_LENGTH = 72  # Supabase Auth hashes with bcrypt, which reads 72 bytes at most
_TAKEN = {"user_already_exists", "email_exists"}
_UNCONFIRMED = "email_not_confirmed"


def _session(response: AuthResponse) -> AuthSession:
    session = response.session
    if session is None or session.user is None:
        # The project asks new doctors to confirm their email before the first sign-in.
        raise InvalidInput("Check your email to confirm the account, then sign in")
    user = session.user
    expires_at = session.expires_at or 0
    return AuthSession(
        doctor=Doctor(user_id=user.id, email=(user.email or "").lower()),
        access_token=session.access_token,
        refresh_token=session.refresh_token,
        expires_at=float(expires_at),
    )


class SupabaseAccounts:
    def __init__(self, url: str, anon_key: str, http: httpx.Client | None = None) -> None:
        self._url = url.rstrip("/") + "/auth/v1"
        self._headers = {"apiKey": anon_key, "Authorization": f"Bearer {anon_key}"}
        self._http = http or connection_pool(20)

    def _auth(self) -> SyncGoTrueClient:
        return SyncGoTrueClient(
            url=self._url,
            headers=self._headers,
            auto_refresh_token=False,
            persist_session=False,
            http_client=self._http,
            flow_type="implicit",
        )

    def sign_up(self, email: str, password: str) -> AuthSession:
        address = validation.email_address(email)
        if not isinstance(password, str) or len(password) < MIN_PASSWORD_LENGTH:
            raise InvalidInput(f"Password must be at least {MIN_PASSWORD_LENGTH} characters")
        if len(password.encode()) > MAX_PASSWORD_LENGTH:
            raise InvalidInput(f"Password must be at most {MAX_PASSWORD_LENGTH} bytes")
        try:
            response = self._auth().sign_up({"email": address, "password": password})
        except AuthApiError as error:
            if error.code in _TAKEN:
                # Not "already exists": that would tell anyone which emails have accounts.
                return self._sign_in_instead(address, password)
            if error.code == "weak_password" or error.status in (400, 422):
                raise InvalidInput(f"Sign-up refused: {error.message}") from None
            raise from_auth(error) from None
        except AuthError as error:
            raise from_auth(error) from None
        return _session(response)

    def _sign_in_instead(self, address: str, password: str) -> AuthSession:
        """Sign-up of an email that has an account: its own password signs in."""
        try:
            return self.sign_in(address, password)
        except InvalidCredentials:
            raise SignUpRefused() from None

    def sign_in(self, email: str, password: str) -> AuthSession:
        try:
            address = validation.email_address(email)
        except InvalidInput:
            raise InvalidCredentials() from None
        try:
            response = self._auth().sign_in_with_password(
                {"email": address, "password": password or ""}
            )
        except AuthApiError as error:
            if error.code == _UNCONFIRMED:
                raise InvalidInput("Confirm your email address, then sign in") from None
            if error.status in (400, 401, 422):
                raise InvalidCredentials() from None
            raise from_auth(error) from None
        except AuthError as error:
            raise from_auth(error) from None
        return _session(response)

    def refresh(self, refresh_token: str) -> AuthSession:
        if not refresh_token:
            raise NotAuthenticated()
        try:
            response = self._auth().refresh_session(refresh_token)
        except AuthApiError as error:
            if error.status < 500:
                raise NotAuthenticated() from None  # used, revoked or unknown
            raise from_auth(error) from None
        except AuthError as error:
            raise from_auth(error) from None
        return _session(response)

    def sign_out(self, session: AuthSession) -> None:
        """Revoke this session's refresh token (its access token lapses on its own)."""
        try:
            self._auth().admin.sign_out(session.access_token, "local")
        except AuthApiError as error:
            if error.status in (401, 403, 404):
                return  # already signed out, or the token has expired
            raise from_auth(error) from None
        except AuthError as error:
            raise from_auth(error) from None

    def verify(self, access_token: str) -> Doctor:
        if not access_token:
            raise NotAuthenticated()
        try:
            response = self._auth().get_user(access_token)
        except AuthApiError as error:
            if error.status < 500:
                raise NotAuthenticated() from None
            raise from_auth(error) from None
        except AuthError as error:
            raise from_auth(error) from None
        if response is None or response.user is None:
            raise NotAuthenticated()
        if response.user.email is None:
            raise InternalError("the signed-in account has no email")
        return Doctor(user_id=response.user.id, email=response.user.email.lower())
