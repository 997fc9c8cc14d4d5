"""The embedded accounts compute a bounded number of password hashes at once."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from argon2 import PasswordHasher, extract_parameters, profiles

from core.backends import local_accounts
from core.backends.local import LocalBackendProvider
from core.errors import InvalidCredentials, TooManyAttempts

PASSWORD = "correct horse battery"


class CountingHasher:
    """A real argon2 hasher that records how many hashes run at the same moment."""

    def __init__(self, pause: float = 0.05) -> None:
        self._inner = PasswordHasher.from_parameters(local_accounts.PASSWORD_HASHING)
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


# Run outside the test process, where tests/conftest.py swaps in a cheap profile.
_PRODUCTION_HASH = """
import sys, tempfile
from pathlib import Path
from core.backends.local import LocalBackendProvider
provider = LocalBackendProvider(Path(tempfile.mkdtemp()) / "data")
provider.accounts.sign_up("house@clinic.test", "correct horse battery")
row = provider.database.connection().execute("SELECT password_hash FROM doctors").fetchone()
print(row[0])
"""


def test_production_hashes_passwords_at_the_full_argon2id_cost() -> None:
    run = subprocess.run(
        [sys.executable, "-c", _PRODUCTION_HASH],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    stored = run.stdout.strip()
    assert extract_parameters(stored) == profiles.RFC_9106_LOW_MEMORY
    assert (profiles.RFC_9106_LOW_MEMORY.memory_cost, profiles.RFC_9106_LOW_MEMORY.time_cost) == (
        65536,
        3,
    )


def test_the_test_suite_hashes_cheaply_but_still_with_argon2id(tmp_path: Path) -> None:
    provider = LocalBackendProvider(tmp_path / "data")
    provider.accounts.sign_up("house@clinic.test", PASSWORD)
    stored = provider.database.connection().execute("SELECT password_hash FROM doctors")
    parameters = extract_parameters(stored.fetchone()[0])
    assert parameters.type == profiles.RFC_9106_LOW_MEMORY.type
    assert parameters.memory_cost < profiles.RFC_9106_LOW_MEMORY.memory_cost
