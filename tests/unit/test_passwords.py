"""New passwords: long enough, not blank, and not easy to guess (zxcvbn), saying why."""

from __future__ import annotations

import pytest

from core.errors import InvalidInput
from core.passwords import check_strength
from core.services import AccountService
from tests.unit.test_sign_in_guard import PasswordBook


@pytest.mark.parametrize(
    ("password", "reason"),
    [
        ("12345678", "This is a top-10 common password."),
        ("password", "This is a top-10 common password."),
        ("        ", "Password must not be only spaces"),
        ("\t \u00a0     ", "Password must not be only spaces"),
        ("qwertyuiop", "too easy to guess"),
        ("short", "Password must be at least 8 characters"),
        ("", "Password must be at least 8 characters"),
        (None, "Password must be at least 8 characters"),
    ],
)
def test_weak_passwords_are_refused_with_the_reason(password, reason: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        check_strength(password, "house@clinic.test")
    assert refused.value.status == 400
    assert reason in refused.value.detail


def test_the_message_says_what_would_help() -> None:
    with pytest.raises(InvalidInput) as refused:
        check_strength("password", "house@clinic.test")
    assert refused.value.detail == (
        "Password is too easy to guess. This is a top-10 common password."
        " Add another word or two. Uncommon words are better."
    )


def test_a_password_made_of_the_email_is_weak() -> None:
    with pytest.raises(InvalidInput, match="too easy to guess"):
        check_strength("gregoryhouse", "gregoryhouse@clinic.test")


@pytest.mark.parametrize(
    "password", ["correct horse battery", "Tr0mbone-Kestrel-Ink", "Bückeburg Zq7!"]
)
def test_strong_passwords_pass(password: str) -> None:
    check_strength(password, "house@clinic.test")


def test_sign_up_checks_strength_before_any_account_exists() -> None:
    book = PasswordBook()
    accounts = AccountService(book)
    with pytest.raises(InvalidInput, match="top-10 common password"):
        accounts.sign_up("house@clinic.test", "12345678")
    assert book.passwords == {}
