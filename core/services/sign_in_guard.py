"""How often anyone may try a password: per account and per client address.

Limits come in tiers, each a moving window (``5/minute;10/15 minutes;20/hour;50/day``):
when a tier is full, the next attempt waits until its oldest attempt leaves the window,
so the wait grows with every tier a guesser fills (a minute, a quarter of an hour, an
hour, a day). The counters live in this process's memory (the ``limits`` library).

- An account's tiers count every attempt before its password is checked, so a burst of
  parallel guesses cannot slip in between check and count, and a locked account refuses
  even the right password. A successful sign-in clears its account's count.
- An address's tiers count failures only, and never refuse a right password: behind a
  reverse proxy, or in a clinic behind one router, every doctor shares one address, and
  a guesser who fills its tiers with made-up e-mails must not lock them all out. From an
  address whose tiers are full, a failed attempt (a wrong password, an unknown account)
  is answered "too many attempts, wait" instead of "wrong password"; a right password
  signs in. Each account stays protected by its own tiers.
- An address's sign-up tiers count every sign-up from it, made or not: one client cannot
  make accounts without end (each limit kept per account, such as the member lookup's,
  would multiply with them). Signing in is never counted there.
"""

from __future__ import annotations

import logging
import time

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from core.errors import TooManyAttempts

log = logging.getLogger(__name__)


class SignInGuard:
    """Process-wide throttle shared by the dashboard and the HTTP API."""

    def __init__(
        self, account_limits: str, address_limits: str, sign_up_limits: str | None = None
    ) -> None:
        self._account_tiers: list[RateLimitItem] = parse_many(account_limits)
        self._address_tiers: list[RateLimitItem] = parse_many(address_limits)
        self._sign_up_tiers: list[RateLimitItem] = (
            parse_many(sign_up_limits) if sign_up_limits else []
        )
        self._limiter = MovingWindowRateLimiter(MemoryStorage())

    def admit(self, account: str | None) -> None:
        """Let one attempt at ``account`` through or raise TooManyAttempts; counts it."""
        if account:
            self._take(self._account_tiers, "account", account)

    def admit_sign_up(self, address: str | None) -> None:
        """Let one sign-up from ``address`` through or raise TooManyAttempts; counts it
        before the account is made, so parallel sign-ups cannot slip past the count."""
        if address:
            self._take(self._sign_up_tiers, "sign-up", address)

    def failed(self, address: str | None) -> None:
        """Count a refused password (or sign-up) against the client's address; raise
        TooManyAttempts, in place of the refusal, when the address's tiers are full."""
        if not address:
            return
        full = [t for t in self._address_tiers if not self._limiter.hit(t, "address", address)]
        if full:
            # The event, never the email or address: those identify a doctor.
            log.warning("sign-in failures throttled by address limit")
            raise TooManyAttempts(self._wait(full, "address", address))

    def succeeded(self, account: str | None) -> None:
        """The right password: the account starts afresh."""
        if account:
            for tier in self._account_tiers:
                self._limiter.clear(tier, "account", account)

    def _take(self, tiers: list[RateLimitItem], kind: str, key: str) -> None:
        """Refuse when ``key``'s tiers are full, else count one in each of them."""
        self._refuse_if_full(tiers, kind, key)
        full = [t for t in tiers if not self._limiter.hit(t, kind, key)]
        if full:  # a parallel attempt took the last place between test and hit
            raise TooManyAttempts(self._wait(full, kind, key))

    def _refuse_if_full(self, tiers: list[RateLimitItem], kind: str, key: str) -> None:
        full = [tier for tier in tiers if not self._limiter.test(tier, kind, key)]
        if full:
            log.warning("sign-in throttled by %s limit", kind)
            raise TooManyAttempts(self._wait(full, kind, key))

    def _wait(self, tiers: list[RateLimitItem], kind: str, key: str) -> float:
        now = time.time()
        return max(self._limiter.get_window_stats(t, kind, key).reset_time - now for t in tiers)
