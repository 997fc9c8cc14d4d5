"""Signing in and out, through the services like every other operation.

Both front ends (the dashboard and the HTTP API) come through here, so the same rules hold
in both: a new password must be hard to guess (core.passwords), and every attempt at a
password passes the sign-in guard first (core.services.sign_in_guard).

A sign-in also offers the doctor's unfinished analyses to the analyzer again: under
Supabase only the doctor's own token can see their cases, so this is where a case left
``analyzing`` by a stopped process is picked up (``core.jobs.recovery``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from core import validation
from core.errors import InvalidCredentials, InvalidInput
from core.models import AuthSession, Doctor
from core.passwords import check_strength
from core.ports import Accounts
from core.safe_logging import failure_frames
from core.services.sign_in_guard import SignInGuard

log = logging.getLogger(__name__)


class AccountService:
    """Accounts of the clinic's backend; ``on_sign_in`` runs after each sign-in (and the
    sign-in of a new account), ``on_sign_out`` just before a sign-out."""

    def __init__(
        self,
        accounts: Accounts,
        on_sign_in: Callable[[AuthSession], None] | None = None,
        on_sign_out: Callable[[AuthSession], None] | None = None,
        guard: SignInGuard | None = None,
    ) -> None:
        self._accounts = accounts
        self._guard = guard
        self._on_sign_in = on_sign_in
        self._on_sign_out = on_sign_out

    def sign_up(self, email: str, password: str, client: str | None = None) -> AuthSession:
        """Create a doctor's account and sign them in. An email that has an account, with
        its own password, signs in; with another, a refusal that does not say it is taken."""
        address = validation.email_address(email)
        check_strength(password, address)
        if self._guard is not None:
            self._guard.admit_sign_up(client)
        session = self._attempt(address, client, lambda: self._accounts.sign_up(email, password))
        self._signed_in(session)
        return session

    def sign_in(self, email: str, password: str, client: str | None = None) -> AuthSession:
        """Sign in with email and password from ``client`` (its address, when known); then
        offer the doctor's unfinished analyses."""
        try:
            account = validation.email_address(email)
        except InvalidInput:
            account = None  # the backend answers "Invalid email or password"
        session = self._attempt(account, client, lambda: self._accounts.sign_in(email, password))
        self._signed_in(session)
        return session

    def _attempt(
        self, account: str | None, client: str | None, try_password: Callable[[], AuthSession]
    ) -> AuthSession:
        if self._guard is None:
            return try_password()
        self._guard.admit(account)
        try:
            session = try_password()
        except InvalidCredentials:
            self._guard.failed(client)  # TooManyAttempts when the address has failed enough
            raise
        self._guard.succeeded(account)
        return session

    def _signed_in(self, session: AuthSession) -> None:
        if self._on_sign_in is not None and session.access_token:
            try:
                self._on_sign_in(session)
            except Exception:  # noqa: BLE001 - signing in must not fail for this
                log.warning("after sign-in, could not finish:\n%s", failure_frames())

    def refresh(self, refresh_token: str) -> AuthSession:
        """Trade a refresh token (used once) for a new session."""
        return self._accounts.refresh(refresh_token)

    def sign_out(self, session: AuthSession) -> None:
        """End the session at the backend (revokes its tokens)."""
        if self._on_sign_out is not None:
            try:
                self._on_sign_out(session)
            except Exception:  # noqa: BLE001 - signing out must not fail for this
                log.warning("before sign-out, could not finish:\n%s", failure_frames())
        self._accounts.sign_out(session)

    def verify(self, access_token: str) -> Doctor:
        """The doctor an access token belongs to; NotAuthenticated when bad or expired."""
        return self._accounts.verify(access_token)
