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
    """Accounts of the clinic's backend; ``on_sign_in`` runs after each password sign-in."""

    def __init__(
        self, accounts: Accounts, on_sign_in: Callable[[AuthSession], None] | None = None
    ) -> None:
        self._accounts = accounts
        self._on_sign_in = on_sign_in

    def sign_up(self, email: str, password: str) -> AuthSession:
        """Create a doctor's account and sign them in."""
        return self._accounts.sign_up(email, password)

    def sign_in(self, email: str, password: str) -> AuthSession:
        """Sign in with email and password; then offer the doctor's unfinished analyses."""
        session = self._accounts.sign_in(email, password)
        if self._on_sign_in is not None:
            try:
                self._on_sign_in(session)
            except Exception:  # noqa: BLE001 - signing in must not fail for this
                log.warning("could not resume unfinished analyses:\n%s", failure_frames())
        return session

    def refresh(self, refresh_token: str) -> AuthSession:
        """Trade a refresh token (used once) for a new session."""
        return self._accounts.refresh(refresh_token)

    def sign_out(self, session: AuthSession) -> None:
        """End the session at the backend (revokes its refresh token)."""
        self._accounts.sign_out(session)

    def verify(self, access_token: str) -> Doctor:
        """The doctor an access token belongs to; NotAuthenticated when bad or expired."""
        return self._accounts.verify(access_token)
