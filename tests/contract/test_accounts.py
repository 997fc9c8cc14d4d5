"""Accounts: sign up, sign in, tokens, and the rules around them."""

from __future__ import annotations

import time

import jwt
import pytest

from core.backends.local import LocalBackendProvider
from core.errors import InvalidCredentials, InvalidInput, NotAuthenticated, SignUpRefused


def test_sign_up_then_sign_in_and_verify(harness) -> None:
    accounts = harness.provider.accounts
    created = accounts.sign_up("Dr.House@Clinic.Test", "correct horse")
    assert created.doctor.email == "dr.house@clinic.test"
    session = accounts.sign_in("DR.HOUSE@clinic.test ", "correct horse")
    assert session.doctor == created.doctor
    assert accounts.verify(session.access_token) == created.doctor
    assert session.expires_at > time.time() + 600


def test_emails_are_unique_regardless_of_case(harness) -> None:
    first = harness.provider.accounts.sign_up("a@clinic.test", "password-1")
    with pytest.raises(SignUpRefused):
        harness.provider.accounts.sign_up("A@CLINIC.TEST", "password-2")
    again = harness.provider.accounts.sign_up("A@clinic.test", "password-1")
    assert again.doctor == first.doctor


def test_sign_up_does_not_say_which_emails_have_accounts(harness) -> None:
    """An email with an account and another password: refused in words that would fit any
    refusal; with its own password, signed in (the doctor forgot they had signed up)."""
    harness.provider.accounts.sign_up("taken@clinic.test", "password-1")
    with pytest.raises(InvalidInput) as refused:
        harness.provider.accounts.sign_up("taken@clinic.test", "another-password")
    assert refused.value.status == 400
    assert "exist" not in refused.value.detail and "taken" not in refused.value.detail
    assert refused.value.detail == (
        "Could not create an account with this email and password. "
        "If you already have an account, sign in instead."
    )


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("dr.\u200bgrey@clinic.test", "dr.grey@clinic.test"),  # zero-width space
        ("\ufeffDr.Grey@Clinic.Test", "dr.grey@clinic.test"),  # byte-order mark
        ("ｄｒ.ｇｒｅｙ@clinic.test", "dr.grey@clinic.test"),  # full-width letters (NFKC)
    ],
)
def test_invisible_and_full_width_characters_leave_emails(harness, typed, stored) -> None:
    created = harness.provider.accounts.sign_up(typed, "password-1")
    assert created.doctor.email == stored
    assert harness.provider.accounts.sign_in(stored, "password-1").doctor == created.doctor


@pytest.mark.parametrize(
    "email",
    ["dr.h\u043ense@clinic.test", "dr.house@cl\u0456nic.test", "dr.\u202ehouse@clinic.test"],
    ids=["cyrillic-o", "ukrainian-i", "right-to-left-override"],
)
def test_look_alike_emails_are_refused(harness, email: str) -> None:
    with pytest.raises(InvalidInput, match="look-alike"):
        harness.provider.accounts.sign_up(email, "password-1")


@pytest.mark.parametrize(
    ("email", "password", "detail"),
    [
        ("not-an-email", "password-1", "valid email"),
        ("", "password-1", "valid email"),
        ("a@clinic.test", "short", "at least 8 characters"),
        ("a@clinic.test", "", "at least 8 characters"),
    ],
)
def test_sign_up_rules(harness, email: str, password: str, detail: str) -> None:
    with pytest.raises(InvalidInput, match=detail):
        harness.provider.accounts.sign_up(email, password)


def test_wrong_password_and_unknown_email_get_the_same_message(harness) -> None:
    harness.provider.accounts.sign_up("a@clinic.test", "password-1")
    with pytest.raises(InvalidCredentials) as wrong:
        harness.provider.accounts.sign_in("a@clinic.test", "password-2")
    with pytest.raises(InvalidCredentials) as unknown:
        harness.provider.accounts.sign_in("nobody@clinic.test", "password-1")
    assert wrong.value.detail == unknown.value.detail == "Invalid email or password"


def test_passwords_are_stored_as_argon2id_hashes(tmp_path) -> None:
    provider = LocalBackendProvider(tmp_path)
    provider.accounts.sign_up("a@clinic.test", "password-1")
    stored = (
        provider.database.connection().execute("SELECT password_hash FROM doctors").fetchone()[0]
    )
    assert stored.startswith("$argon2id$")
    assert "password-1" not in stored


def test_refresh_rotates_and_sign_out_revokes(harness) -> None:
    accounts = harness.provider.accounts
    first = accounts.sign_up("a@clinic.test", "password-1")
    second = accounts.refresh(first.refresh_token)
    assert second.doctor == first.doctor and second.refresh_token != first.refresh_token
    with pytest.raises(NotAuthenticated):
        accounts.refresh(first.refresh_token)  # used once
    accounts.sign_out(second)
    with pytest.raises(NotAuthenticated):
        accounts.refresh(second.refresh_token)


def test_expired_tampered_or_foreign_tokens_are_refused(tmp_path) -> None:
    provider = LocalBackendProvider(tmp_path, access_token_seconds=-10)
    session = provider.accounts.sign_up("a@clinic.test", "password-1")
    for token in (
        session.access_token,  # expired
        "",
        "not.a.token",
        jwt.encode(
            {"sub": session.doctor.user_id, "aud": "authenticated", "exp": time.time() + 60},
            "x" * 40,
        ),
    ):
        with pytest.raises(NotAuthenticated) as error:
            provider.accounts.verify(token)
        assert (error.value.status, error.value.detail) == (
            401,
            "Invalid authentication credentials",
        )


def test_signing_secret_is_generated_once_and_kept_private(tmp_path) -> None:
    first = LocalBackendProvider(tmp_path)
    session = first.accounts.sign_up("a@clinic.test", "password-1")
    secret_file = tmp_path / "jwt_secret"
    assert secret_file.stat().st_mode & 0o077 == 0
    second = LocalBackendProvider(tmp_path)  # a restart keeps sessions valid
    assert second.accounts.verify(session.access_token) == session.doctor
