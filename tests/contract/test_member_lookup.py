"""The member lookup in the app, on both backends (issue #23): a coordinator's lookups
that find no account are counted, and past the clinic's tiers the lookup is refused
before it is made; a hit is not counted, and each coordinator has their own count. (In
Supabase mode the database counts too: tests/contract/test_pilot_guards.py.)"""

from __future__ import annotations

import pytest

from core.errors import InvalidInput, TooManyAttempts
from core.services.member_lookup_guard import MemberLookupGuard
from core.services.pilots import PilotService
from tests.contract.harness import BackendHarness


def test_a_coordinators_misses_are_throttled_and_their_hits_are_not(
    harness: BackendHarness,
) -> None:
    guard = MemberLookupGuard("3/hour")
    lead, member, other = harness.sign_up(), harness.sign_up(), harness.sign_up()
    service = PilotService(lead.doctor, lead.backend, lookup_guard=guard)
    pilot = service.create_pilot("P", "", "2026-11-01", "2027-01-31")
    service.add_member(pilot.pilot_id, member.doctor.email, "reviewer")  # a hit
    for n in range(3):
        with pytest.raises(InvalidInput, match="No account"):
            service.add_member(pilot.pilot_id, f"nobody{n}@clinic.test", "reviewer")
    with pytest.raises(TooManyAttempts) as refused:
        service.add_member(pilot.pilot_id, other.doctor.email, "reviewer")
    assert "Too many e-mails without an account" in str(refused.value)
    # Another coordinator's count is their own.
    theirs = PilotService(other.doctor, other.backend, lookup_guard=guard)
    own = theirs.create_pilot("Q", "", "2026-11-01", "2027-01-31")
    theirs.add_member(own.pilot_id, member.doctor.email, "doctor")
