"""Signing in and out, creating an account, and sessions that expire."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest
from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.errors import NotAuthenticated
from tests.app.conftest import (
    PASSWORD,
    new_app,
    seed_case,
    shown,
    sign_in,
    sign_up,
    texts,
)
from tests.doubles import CountingProvider


def test_signed_out_visitor_sees_only_the_sign_in_page(app: AppTest) -> None:
    assert not app.exception
    assert texts(app, "title") == ["MedCase"]
    assert [field.label for field in app.text_input] == ["Email", "Password"]
    assert [button.label for button in app.button] == ["Sign in", "Create account"]
    assert "Sign out" not in [button.label for button in app.button]
    with pytest.raises(ValueError, match="Could not find a navigation page"):
        app.switch_page("app_pages/cases.py")


def test_creating_an_account_signs_in(app: AppTest, clinic: Clinic) -> None:
    app.text_input(key="sign_in_email").input("new.doctor@example.com")
    app.text_input(key="sign_in_password").input(PASSWORD)
    app.button(key="sign_in_create").click().run()

    assert not app.exception
    assert texts(app, "title") == ["Cases"]
    sidebar = "\n".join(texts(app.sidebar, "text") + texts(app.sidebar, "caption"))
    assert "new.doctor@example.com" in texts(app.sidebar, "text")
    assert f"Backend: {clinic.backend_label}" in sidebar
    assert f"Analysis engine: {clinic.engine_label}" in sidebar
    # Both in one caption of two lines (one element less in every page's run, issue #25).
    assert f"Backend: {clinic.backend_label}  \nAnalysis engine: {clinic.engine_label}" in (
        texts(app.sidebar, "caption")
    )
    assert app.sidebar.button(key="sign_out").label == "Sign out"
    # The account is real: the same credentials work at the backend.
    assert clinic.provider.accounts.sign_in("new.doctor@example.com", PASSWORD)


def test_existing_account_signs_in(app: AppTest, clinic: Clinic) -> None:
    sign_up(clinic, "known@example.com")
    sign_in(app, "known@example.com")
    assert not app.exception
    assert texts(app, "title") == ["Cases"]


@pytest.mark.parametrize("email", ["known@example.com", "nobody@example.com"])
def test_wrong_password_or_unknown_email_get_one_message(
    app: AppTest, clinic: Clinic, email: str
) -> None:
    sign_up(clinic, "known@example.com")
    sign_in(app, email, "not the password")
    assert not app.exception
    assert texts(app, "error") == ["Invalid email or password"]
    assert texts(app, "title") == ["MedCase"]
    assert app.session_state["auth_session"] is None


def test_account_rules_are_explained(app: AppTest, clinic: Clinic) -> None:
    sign_up(clinic, "taken@example.com")
    app.text_input(key="sign_in_email").input("taken@example.com")
    app.text_input(key="sign_in_password").input("another long passphrase")
    app.button(key="sign_in_create").click().run()
    # Words that do not tell a visitor whether the email has an account.
    assert texts(app, "error") == [
        "Could not create an account with this email and password. "
        "If you already have an account, sign in instead."
    ]

    app.text_input(key="sign_in_email").input("fresh@example.com")
    app.text_input(key="sign_in_password").input("short")
    app.button(key="sign_in_create").click().run()
    assert not app.exception
    assert texts(app, "error") == ["Password must be at least 8 characters"]
    assert app.session_state["auth_session"] is None


@pytest.mark.parametrize(
    ("password", "reason"),
    [
        ("12345678", "This is a top-10 common password."),
        ("password", "This is a top-10 common password."),
        (" " * 8, "Password must not be only spaces"),
    ],
)
def test_weak_passwords_are_refused_with_the_reason(
    app: AppTest, password: str, reason: str
) -> None:
    app.text_input(key="sign_in_email").input("fresh@example.com")
    app.text_input(key="sign_in_password").input(password)
    app.button(key="sign_in_create").click().run()
    assert not app.exception
    assert len(texts(app, "error")) == 1 and reason in texts(app, "error")[0]
    assert app.session_state["auth_session"] is None


def test_guessing_locks_the_account_even_for_the_right_password(
    data_dir, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEDCASE_SIGN_IN_ACCOUNT_LIMITS", "3/minute")
    app = new_app().run()
    sign_up(app.session_state["clinic"], "guarded@example.com")
    for guess in ("password1", "letmein!", "qwerty123"):
        sign_in(app, "guarded@example.com", guess)
        assert texts(app, "error") == ["Invalid email or password"]
    sign_in(app, "guarded@example.com")
    assert not app.exception
    assert texts(app, "title") == ["MedCase"]
    [message] = texts(app, "error")
    assert message.startswith("Too many sign-in attempts; try again in ")
    assert app.session_state["auth_session"] is None


def test_sign_out_ends_the_session_here_and_at_the_backend(app: AppTest, clinic: Clinic) -> None:
    sign_up(clinic, "leaving@example.com")
    sign_in(app, "leaving@example.com")
    refresh_token = app.session_state["auth_session"].refresh_token

    app.sidebar.button(key="sign_out").click().run()

    assert not app.exception
    assert texts(app, "title") == ["MedCase"]
    assert app.session_state["auth_session"] is None
    with pytest.raises(NotAuthenticated):
        clinic.provider.accounts.refresh(refresh_token)


def test_token_near_expiry_is_refreshed_without_bothering_the_doctor(
    app: AppTest, clinic: Clinic
) -> None:
    sign_up(clinic, "busy@example.com")
    sign_in(app, "busy@example.com")
    old = app.session_state["auth_session"]
    app.session_state["auth_session"] = replace(old, expires_at=time.time() + 10)

    app.run()

    assert not app.exception
    assert texts(app, "title") == ["Cases"]
    fresh = app.session_state["auth_session"]
    assert fresh.refresh_token != old.refresh_token
    assert fresh.expires_at > time.time() + 600
    assert clinic.provider.accounts.verify(fresh.access_token).email == "busy@example.com"


def test_expired_session_asks_to_sign_in_again(app: AppTest, clinic: Clinic) -> None:
    sign_up(clinic, "away@example.com")
    sign_in(app, "away@example.com")
    old = app.session_state["auth_session"]
    clinic.provider.accounts.sign_out(old)  # the refresh token no longer works
    app.session_state["auth_session"] = replace(old, expires_at=time.time() - 5)

    app.run()

    assert not app.exception
    assert texts(app, "title") == ["MedCase"]
    assert "Your session has expired. Please sign in again." in texts(app, "warning")
    assert app.session_state["auth_session"] is None
    # Signing in again works and the message is gone.
    sign_in(app, "away@example.com")
    assert texts(app, "title") == ["Cases"]
    assert "Your session has expired" not in shown(app)


def test_case_link_opened_signed_out_opens_that_case_after_sign_in(
    app: AppTest, clinic: Clinic
) -> None:
    owner = sign_up(clinic, "linked@example.com")
    created = seed_case(clinic, owner, patient_name="Grace Hopper")

    app.query_params["case_id"] = created.case.case_id
    app.run()
    assert texts(app, "title") == ["MedCase"]
    assert "Grace Hopper" not in shown(app)

    sign_in(app, "linked@example.com")

    assert not app.exception
    assert texts(app, "title") == ["Grace Hopper"]
    assert app.query_params["case_id"] == created.case.case_id


def test_a_new_token_and_sign_out_close_the_backend_the_session_held(
    app: AppTest, clinic: Clinic
) -> None:
    counting = CountingProvider(clinic.provider)
    clinic.provider = counting
    sign_up(clinic, "tidy@example.com")
    sign_in(app, "tidy@example.com")
    assert counting.still_open == 1  # the cases page's own backend
    old = app.session_state["auth_session"]
    app.session_state["auth_session"] = replace(old, expires_at=time.time() + 10)
    app.run()  # refreshed: a backend for the new token, the old one closed
    assert not app.exception
    assert counting.opened >= 2
    assert counting.still_open == 1

    app.sidebar.button(key="sign_out").click().run()

    assert counting.still_open == 0


def test_sign_in_and_sign_out_go_on_the_doctors_audit_trail(app: AppTest, clinic: Clinic) -> None:
    auth = sign_up(clinic, "trail@example.com")
    sign_in(app, "trail@example.com")
    app.sidebar.button(key="sign_out").click().run()
    assert not app.exception
    events = clinic.services_for(auth).audit_events()
    assert [event.action for event in events][:2] == ["signed_out", "signed_in"]
    assert all(event.case_id is None and event.details == {} for event in events[:2])
