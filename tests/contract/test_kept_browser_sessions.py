"""The session a browser keeps on the server (core.browser_sessions) with each backend's
real accounts: a reload finds tokens the backend accepts, two tabs due a refresh trade the
refresh token once, and after sign-out nothing kept refreshes."""

from __future__ import annotations

import time
import uuid
from dataclasses import replace
from pathlib import Path

import pytest

from core.browser_sessions import BrowserSessions
from core.errors import NotAuthenticated
from tests.contract.harness import BackendHarness

MARGIN = 60.0  # seconds before expiry at which a tab refreshes


def test_a_kept_session_serves_every_tab_and_ends_at_sign_out(
    harness: BackendHarness, tmp_path: Path
) -> None:
    accounts = harness.provider.accounts
    signed = accounts.sign_up(f"dr-{uuid.uuid4().hex[:10]}@clinic.test", "s3cret-pass")
    store = BrowserSessions(tmp_path / "browser_sessions.sqlite3")
    browser = store.issue()
    store.keep(browser, signed)

    reloaded = store.find(browser)  # a reload, or a new tab
    assert reloaded is not None
    assert accounts.verify(reloaded.access_token) == signed.doctor

    # Two tabs hold the same tokens, both about to expire: one trade, both get its result.
    held = replace(reloaded, expires_at=time.time())
    traded: list[str] = []

    def refresh(token: str):
        traded.append(token)
        return accounts.refresh(token)

    tab_one = store.refreshed(browser, held, MARGIN, refresh)
    tab_two = store.refreshed(browser, held, MARGIN, refresh)
    assert traded == [signed.refresh_token]
    assert tab_one == tab_two == store.find(browser)
    assert accounts.verify(tab_two.access_token) == signed.doctor

    accounts.sign_out(tab_one)
    store.forget(browser)
    assert store.find(browser) is None
    with pytest.raises(NotAuthenticated):
        accounts.refresh(tab_one.refresh_token)
