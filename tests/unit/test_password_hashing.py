"""The embedded accounts compute a bounded number of password hashes at once."""

from __future__ import annotations

import contextlib
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from argon2 import PasswordHasher

from core.backends import local_accounts
from core.backends.local import LocalBackendProvider
from core.errors import InvalidCredentials, TooManyAttempts

PASSWORD = "correct horse battery"


class CountingHasher:
    """A real argon2 hasher that records how many hashes run at the same moment."""

    def __init__(self, pause: float = 0.05) -> None:
        self._inner = PasswordHasher()
        self._pause = pause
        self._lock = threading.Lock()
        self.running = 0
        self.most = 0
        self.calls = 0

    def _enter(self) -> None:
        with self._lock:
            self.running += 1
            self.calls += 1
            self.most = max(self.most, self.running)

    def _leave(self) -> None:
        with self._lock:
            self.running -= 1

    def hash(self, password: str) -> str:
        self._enter()
        try:
            time.sleep(self._pause)
            return self._inner.hash(password)
        finally:
            self._leave()

    def verify(self, stored: str, password: str) -> bool:
        self._enter()
        try:
            time.sleep(self._pause)
            return self._inner.verify(stored, password)
        finally:
            self._leave()


def test_concurrent_sign_ins_hash_at_most_the_configured_number_at_once(tmp_path: Path) -> None:
    provider = LocalBackendProvider(tmp_path / "data", hashes_at_once=2)
    accounts = provider.accounts
    accounts.sign_up("house@clinic.test", PASSWORD)
    hasher = CountingHasher()
    accounts._hasher = hasher

    def attempt(number: int) -> None:
        with contextlib.suppress(InvalidCredentials):
            accounts.sign_in("house@clinic.test" if number % 2 else "x@clinic.test", "wrong")

    with ThreadPoolExecutor(max_workers=12) as pool:
        list(pool.map(attempt, range(12)))
    assert hasher.calls == 12  # an unknown email is hashed too (same time as a wrong one)
    assert hasher.most == 2


def test_a_sign_in_that_waits_too_long_for_hashing_is_asked_to_come_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(local_accounts, "HASH_WAIT_SECONDS", 0.1)
    provider = LocalBackendProvider(tmp_path / "data", hashes_at_once=1)
    accounts = provider.accounts
    accounts.sign_up("house@clinic.test", PASSWORD)
    accounts._hasher = CountingHasher(pause=0.5)

    with ThreadPoolExecutor(max_workers=2) as pool:
        first = pool.submit(accounts.sign_in, "house@clinic.test", PASSWORD)
        time.sleep(0.05)
        second = pool.submit(accounts.sign_in, "house@clinic.test", PASSWORD)
        with pytest.raises(TooManyAttempts) as busy:
            second.result()
        assert first.result().doctor.email == "house@clinic.test"
    assert busy.value.status == 429
    assert "busy" in busy.value.detail
