"""Signing in and out, through the services like every other operation.

A sign-in also offers the doctor's unfinished analyses to the analyzer again: under
Supabase only the doctor's own token can see their cases, so this is where a case left
``analyzing`` by a stopped process is picked up (``core.analysis.recovery``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from core.models import AuthSession, Doctor
from core.ports import Accounts
from core.safe_logging import failure_frames

log = logging.getLogger(__name__)


class AccountService:
    """Accounts of the clinic's backend; ``on_sign_in`` runs after each sign-in (and the
    sign-in of a new account), ``on_sign_out`` just before a sign-out."""

    def __init__(
        self,
        accounts: Accounts,
        on_sign_in: Callable[[AuthSession], None] | None = None,
        on_sign_out: Callable[[AuthSession], None] | None = None,
    ) -> None:
        self._accounts = accounts
        self._on_sign_in = on_sign_in
        self._on_sign_out = on_sign_out

    def sign_up(self, email: str, password: str) -> AuthSession:
        """Create a doctor's account and sign them in."""
        session = self._accounts.sign_up(email, password)
        self._signed_in(session)
        return session

    def sign_in(self, email: str, password: str) -> AuthSession:
        """Sign in with email and password; then offer the doctor's unfinished analyses."""
        session = self._accounts.sign_in(email, password)
        self._signed_in(session)
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
        """End the session at the backend (revokes its refresh token)."""
        if self._on_sign_out is not None:
            try:
                self._on_sign_out(session)
            except Exception:  # noqa: BLE001 - signing out must not fail for this
                log.warning("before sign-out, could not finish:\n%s", failure_frames())
        self._accounts.sign_out(session)

    def verify(self, access_token: str) -> Doctor:
        """The doctor an access token belongs to; NotAuthenticated when bad or expired."""
        return self._accounts.verify(access_token)
