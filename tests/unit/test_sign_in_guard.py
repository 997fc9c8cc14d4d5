"""Sign-in throttling: per account and per client address, with waits that grow."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import limits.storage.memory
import limits.strategies
import pytest

from core.errors import InvalidCredentials, SignUpRefused, TooManyAttempts
from core.models import AuthSession, Doctor
from core.services import AccountService, sign_in_guard
from core.services.sign_in_guard import SignInGuard

RIGHT = "correct horse battery"
LOOSE = "1000/minute"


class PasswordBook:
    """Accounts that only compare passwords, counting how many attempts reach them."""

    def __init__(self, slow: float = 0.0) -> None:
        self.passwords: dict[str, str] = {}
        self.checked = 0
        self._slow = slow
        self._lock = threading.Lock()

    def sign_up(self, email: str, password: str) -> AuthSession:
        email = email.strip().lower()
        if email in self.passwords and self.passwords[email] != password:
            raise SignUpRefused()
        self.passwords[email] = password
        return self.sign_in(email, password)

    def sign_in(self, email: str, password: str) -> AuthSession:
        with self._lock:
            self.checked += 1
        time.sleep(self._slow)
        email = email.strip().lower()
        if self.passwords.get(email) != password:
            raise InvalidCredentials()
        return AuthSession(Doctor(user_id=email, email=email), "", "", 0)


def service(accounts: PasswordBook, account: str = LOOSE, address: str = LOOSE) -> AccountService:
    return AccountService(accounts, guard=SignInGuard(account, address))


class WallClock:
    """The ``time`` module as the throttle and its counters read it, except that the test
    moves the wall clock forward instead of waiting for a window to pass."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def time(self) -> float:
        return time.time() + self.ahead

    def pass_seconds(self, seconds: float) -> None:
        self.ahead += seconds

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> WallClock:
    clock = WallClock()
    for module in (limits.storage.memory, limits.strategies, sign_in_guard):
        monkeypatch.setattr(module, "time", clock)
    return clock


def test_brute_force_locks_the_account_and_the_right_password_waits() -> None:
    book = PasswordBook()
    book.passwords["house@clinic.test"] = RIGHT
    accounts = service(book, account="3/minute")
    for guess in ("123456", "password", "letmein"):
        with pytest.raises(InvalidCredentials):
            accounts.sign_in("house@clinic.test", guess)
    with pytest.raises(TooManyAttempts) as locked:
        accounts.sign_in("House@Clinic.test", RIGHT)  # same account, however it is typed
    assert locked.value.status == 429
    assert 1 <= locked.value.retry_after <= 60
    assert locked.value.detail.startswith("Too many sign-in attempts; try again in ")
    assert book.checked == 3  # a locked account costs no password check


def test_the_lock_lifts_when_the_window_has_passed(clock: WallClock) -> None:
    book = PasswordBook()
    book.passwords["house@clinic.test"] = RIGHT
    accounts = service(book, account="2/second")
    for _ in range(2):
        with pytest.raises(InvalidCredentials):
            accounts.sign_in("house@clinic.test", "wrong password")
    with pytest.raises(TooManyAttempts):
        accounts.sign_in("house@clinic.test", RIGHT)
    clock.pass_seconds(1.1)
    assert accounts.sign_in("house@clinic.test", RIGHT).doctor.email == "house@clinic.test"


def test_each_full_tier_makes_the_wait_longer(clock: WallClock) -> None:
    book = PasswordBook()
    accounts = service(book, account="2/second;3/hour")
    for _ in range(2):
        with pytest.raises(InvalidCredentials):
            accounts.sign_in("house@clinic.test", "wrong password")
    with pytest.raises(TooManyAttempts) as first:
        accounts.sign_in("house@clinic.test", "wrong password")
    clock.pass_seconds(1.1)
    with pytest.raises(InvalidCredentials):
        accounts.sign_in("house@clinic.test", "wrong password")
    with pytest.raises(TooManyAttempts) as second:
        accounts.sign_in("house@clinic.test", "wrong password")
    assert first.value.retry_after <= 1
    assert second.value.retry_after > 3000
    assert "minutes" in second.value.detail


def test_the_right_password_starts_the_account_afresh() -> None:
    book = PasswordBook()
    book.passwords["house@clinic.test"] = RIGHT
    accounts = service(book, account="3/minute")
    for _ in range(2):
        for _ in range(2):
            with pytest.raises(InvalidCredentials):
                accounts.sign_in("house@clinic.test", "typo")
        accounts.sign_in("house@clinic.test", RIGHT)


def test_one_address_guessing_many_accounts_is_throttled() -> None:
    book = PasswordBook()
    book.passwords["cuddy@clinic.test"] = RIGHT
    accounts = service(book, address="3/minute")
    for number in range(3):
        with pytest.raises(InvalidCredentials):
            accounts.sign_in(f"doctor{number}@clinic.test", "password1", client="203.0.113.9")
    # The address has failed enough: its next failures are told to wait.
    with pytest.raises(TooManyAttempts):
        accounts.sign_in("doctor9@clinic.test", "password1", client="203.0.113.9")
    with pytest.raises(TooManyAttempts):
        accounts.sign_in("cuddy@clinic.test", "not the one", client="203.0.113.9")
    # Another address is not held back, and neither is an address's successful sign-in.
    assert accounts.sign_in("cuddy@clinic.test", RIGHT, client="198.51.100.4")
    for _ in range(5):
        accounts.sign_in("cuddy@clinic.test", RIGHT, client="198.51.100.4")


def test_a_full_address_never_refuses_a_right_password() -> None:
    """Behind one proxy every doctor shares an address: a guesser who fills its tiers
    with made-up e-mails slows the failures, not the doctors who know their password."""
    book = PasswordBook()
    doctors = [f"doctor{number}@clinic.test" for number in range(10)]
    for email in doctors:
        book.passwords[email] = RIGHT
    accounts = service(book, account="5/minute", address="20/minute;100/hour")
    clinic = "192.0.2.1"
    for number in range(150):
        with pytest.raises((InvalidCredentials, TooManyAttempts)):  # refused, then "wait"
            accounts.sign_in(f"nobody{number}@clinic.test", "password1", client=clinic)
    for email in doctors:
        assert accounts.sign_in(email, RIGHT, client=clinic).doctor.email == email


def test_parallel_guesses_cannot_slip_past_the_count() -> None:
    book = PasswordBook(slow=0.05)
    accounts = service(book, account="3/minute")

    def guess(number: int) -> str:
        try:
            accounts.sign_in("house@clinic.test", f"guess {number}")
        except InvalidCredentials:
            return "wrong"
        except TooManyAttempts:
            return "throttled"
        return "in"

    with ThreadPoolExecutor(max_workers=20) as pool:
        outcomes = list(pool.map(guess, range(20)))
    assert outcomes.count("wrong") == 3
    assert outcomes.count("throttled") == 17
    assert book.checked == 3


def test_sign_up_of_a_taken_email_counts_as_a_guess() -> None:
    """Sign-up with an account's own password signs in, so it is a way to guess too."""
    book = PasswordBook()
    book.passwords["house@clinic.test"] = RIGHT
    accounts = service(book, account="2/minute")
    for guess in ("vicodin and jazz", "lupus never is"):
        with pytest.raises(SignUpRefused):
            accounts.sign_up("house@clinic.test", guess)
    with pytest.raises(TooManyAttempts):
        accounts.sign_up("house@clinic.test", RIGHT)
