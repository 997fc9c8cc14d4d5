"""Embedded accounts' sessions: short-lived access tokens, refresh-token families with
reuse detection, and sign-out that takes effect at once. (Supabase Auth keeps its own
sessions; these rules are the embedded backend's.)"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest

from core.backends.local import LocalBackendProvider
from core.errors import NotAuthenticated

PASSWORD = "correct horse battery"


@pytest.fixture
def provider(tmp_path: Path) -> LocalBackendProvider:
    return LocalBackendProvider(tmp_path / "data")


def test_access_tokens_live_fifteen_minutes_by_default(provider: LocalBackendProvider) -> None:
    session = provider.accounts.sign_up("a@clinic.test", PASSWORD)
    assert 14 * 60 <= session.expires_at - time.time() <= 15 * 60


def test_after_a_refresh_the_old_access_token_is_refused(provider: LocalBackendProvider) -> None:
    accounts = provider.accounts
    first = accounts.sign_up("a@clinic.test", PASSWORD)
    second = accounts.refresh(first.refresh_token)
    with pytest.raises(NotAuthenticated):
        accounts.verify(first.access_token)
    assert accounts.verify(second.access_token) == first.doctor


def test_a_reused_refresh_token_revokes_its_whole_chain(provider: LocalBackendProvider) -> None:
    accounts = provider.accounts
    first = accounts.sign_up("a@clinic.test", PASSWORD)
    second = accounts.refresh(first.refresh_token)
    third = accounts.refresh(second.refresh_token)
    with pytest.raises(NotAuthenticated):
        accounts.refresh(first.refresh_token)  # a copy of a used token came back
    # Everything issued from that chain stops working, the newest tokens included.
    with pytest.raises(NotAuthenticated):
        accounts.verify(third.access_token)
    with pytest.raises(NotAuthenticated):
        accounts.refresh(third.refresh_token)


def test_reuse_ends_only_that_session(provider: LocalBackendProvider) -> None:
    accounts = provider.accounts
    laptop = accounts.sign_up("a@clinic.test", PASSWORD)
    phone = accounts.sign_in("a@clinic.test", PASSWORD)
    accounts.refresh(laptop.refresh_token)
    with pytest.raises(NotAuthenticated):
        accounts.refresh(laptop.refresh_token)
    assert accounts.verify(phone.access_token) == phone.doctor


def test_sign_out_revokes_the_access_token_at_once(provider: LocalBackendProvider) -> None:
    accounts = provider.accounts
    session = accounts.sign_up("a@clinic.test", PASSWORD)
    other = accounts.sign_in("a@clinic.test", PASSWORD)
    accounts.sign_out(session)
    with pytest.raises(NotAuthenticated):
        accounts.verify(session.access_token)
    with pytest.raises(NotAuthenticated):
        accounts.refresh(session.refresh_token)
    assert accounts.verify(other.access_token) == other.doctor  # another session lives on


def test_sign_out_with_only_the_access_token(provider: LocalBackendProvider) -> None:
    """The HTTP API's logout holds the bearer token, not the refresh token."""
    accounts = provider.accounts
    session = accounts.sign_up("a@clinic.test", PASSWORD)
    accounts.sign_out(replace(session, refresh_token=""))
    with pytest.raises(NotAuthenticated):
        accounts.verify(session.access_token)
    with pytest.raises(NotAuthenticated):
        accounts.refresh(session.refresh_token)
