"""How often a coordinator may look up an e-mail that has no account.

Adding a member finds the account by its e-mail, so the answer says whether an address has
an account here. Any doctor can coordinate a pilot of their own, so the role alone does
not stop a doctor from testing a list of addresses: the misses are counted per account
(a hit adds the member, on the trail and in that person's pilot list), and once a tier
is full the lookup is refused before it is made.
"""

from __future__ import annotations

import logging
import time

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from core.errors import TooManyAttempts, wait_text

log = logging.getLogger(__name__)

MISSES_ALLOWED = "10/hour;30/day"


class MemberLookupGuard:
    """Process-wide count of each account's lookups that found no account."""

    def __init__(self, misses_allowed: str = MISSES_ALLOWED) -> None:
        self._tiers: list[RateLimitItem] = parse_many(misses_allowed)
        self._limiter = MovingWindowRateLimiter(MemoryStorage())

    def admit(self, account: str) -> None:
        """Raise TooManyAttempts when ``account`` has missed too often lately."""
        full = [tier for tier in self._tiers if not self._limiter.test(tier, "lookup", account)]
        if full:
            log.warning("member lookup throttled")
            now = time.time()
            wait = max(self._limiter.get_window_stats(t, "lookup", account).reset_time - now
                       for t in full)  # fmt: skip
            seconds = max(1, round(wait))
            raise TooManyAttempts(
                wait,
                f"Too many e-mails without an account; try again in {wait_text(seconds)}.",
            )

    def missed(self, account: str) -> None:
        for tier in self._tiers:
            self._limiter.hit(tier, "lookup", account)
