"""The HTTP API's sign-in rules: throttling by account and by address, short-lived
sessions that a refresh, a replayed refresh token or a logout ends at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from tests.api.conftest import PASSWORD, Doctor, make_clinic, sign_up

GUESSER = ("203.0.113.9", 40000)
ELSEWHERE = ("198.51.100.4", 40000)


def _password_grant(client: TestClient, email: str, password: str):
    return client.post(
        "/auth/v1/token",
        params={"grant_type": "password"},
        json={"email": email, "password": password},
    )


def _refresh(client: TestClient, refresh_token: str):
    return client.post(
        "/auth/v1/token",
        params={"grant_type": "refresh_token"},
        json={"refresh_token": refresh_token},
    )


def test_guessing_a_password_locks_the_account_even_for_the_right_one(tmp_path: Path) -> None:
    clinic = make_clinic(tmp_path / "data", sign_in_account_limits="3/minute;5/hour")
    with TestClient(create_app(clinic), client=GUESSER) as client:
        doctor = sign_up(client, "house@example.org")
        for guess in ("vicodin1", "lupus-not", "everybody lies"):
            assert _password_grant(client, doctor.email, guess).status_code == 400
        locked = _password_grant(client, doctor.email, PASSWORD)
    assert locked.status_code == 429
    assert locked.json()["detail"].startswith("Too many sign-in attempts; try again in ")
    assert 1 <= int(locked.headers["retry-after"]) <= 60
    # From another address too: the lock is the account's.
    with TestClient(create_app(clinic), client=ELSEWHERE) as other:
        assert _password_grant(other, doctor.email, PASSWORD).status_code == 429


def test_one_address_guessing_many_accounts_is_throttled(tmp_path: Path) -> None:
    clinic = make_clinic(tmp_path / "data", sign_in_address_limits="3/minute")
    app = create_app(clinic)
    with TestClient(app, client=ELSEWHERE) as elsewhere:
        doctor = sign_up(elsewhere, "cuddy@example.org")
    with TestClient(app, client=GUESSER) as guesser:
        for number in range(3):
            wrong = _password_grant(guesser, f"doctor{number}@example.org", "password123")
            assert wrong.status_code == 400
        throttled = _password_grant(guesser, "doctor9@example.org", "password123")
        assert throttled.status_code == 429
        assert "retry-after" in throttled.headers
        assert _password_grant(guesser, doctor.email, "not my password").status_code == 429
        # A full address slows its failures; the right password still signs in.
        assert _password_grant(guesser, doctor.email, PASSWORD).status_code == 200
    with TestClient(app, client=ELSEWHERE) as elsewhere:
        assert _password_grant(elsewhere, doctor.email, PASSWORD).status_code == 200


PROXY = ("10.0.0.2", 40000)


def test_made_up_emails_behind_the_proxy_do_not_lock_the_clinic_out(tmp_path: Path) -> None:
    """Issue #23: every client behind the reverse proxy shares its address; 150 wrong
    sign-ins with made-up e-mails must not refuse the doctors' right passwords."""
    clinic = make_clinic(tmp_path / "data", sign_in_address_limits="20/minute;100/hour;500/day")
    with TestClient(create_app(clinic), client=PROXY) as client:
        doctors = [sign_up(client, f"doctor{number}@example.org") for number in range(3)]
        answers = {
            _password_grant(client, f"made.up{number}@example.org", "password123").status_code
            for number in range(150)
        }
        assert answers == {400, 429}
        for doctor in doctors:
            assert _password_grant(client, doctor.email, PASSWORD).status_code == 200


def test_forwarded_for_is_believed_from_the_configured_proxies_only(tmp_path: Path) -> None:
    clinic = make_clinic(
        tmp_path / "data", sign_in_address_limits="3/minute", trusted_proxies=("10.0.0.0/8",)
    )
    app = create_app(clinic)

    def failures(client: TestClient, forwarded_for: str) -> list[int]:
        return [
            client.post(
                "/auth/v1/token",
                params={"grant_type": "password"},
                json={"email": f"nobody{n}@example.org", "password": "password123"},
                headers={"X-Forwarded-For": forwarded_for},
            ).status_code
            for n in range(4)
        ]

    with TestClient(app, client=PROXY) as proxy:
        # Through the proxy, each client counts on its own (a forged left entry is not).
        assert failures(proxy, "203.0.113.9") == [400, 400, 400, 429]
        assert failures(proxy, "6.6.6.6, 198.51.100.4") == [400, 400, 400, 429]
        assert failures(proxy, "192.0.2.7, 10.0.0.3") == [400, 400, 400, 429]
    with TestClient(app, client=("198.18.0.1", 40000)) as guesser:
        # A client that is no proxy cannot spread its guesses over made-up addresses.
        assert failures(guesser, "192.0.2.50") == [400, 400, 400, 429]
        assert failures(guesser, "192.0.2.51") == [429, 429, 429, 429]


def test_after_a_refresh_the_old_access_token_is_401(
    client: TestClient, fresh_doctor: Doctor
) -> None:
    refreshed = _refresh(client, fresh_doctor.refresh_token)
    assert refreshed.status_code == 200
    assert client.get("/auth/v1/user", headers=fresh_doctor.headers).status_code == 401
    new_headers = {"Authorization": f"Bearer {refreshed.json()['access_token']}"}
    assert client.get("/auth/v1/user", headers=new_headers).status_code == 200


def test_a_replayed_refresh_token_ends_the_whole_session(
    client: TestClient, fresh_doctor: Doctor
) -> None:
    stolen = fresh_doctor.refresh_token
    rightful = _refresh(client, stolen).json()
    assert _refresh(client, stolen).status_code == 401  # the copy comes back
    headers = {"Authorization": f"Bearer {rightful['access_token']}"}
    assert client.get("/cases/all_cases", headers=headers).status_code == 401
    assert _refresh(client, rightful["refresh_token"]).status_code == 401


def test_logout_ends_the_session_at_once(client: TestClient, fresh_doctor: Doctor) -> None:
    answer = client.post("/auth/v1/logout", headers=fresh_doctor.headers)
    assert answer.status_code == 204
    assert client.get("/cases/all_cases", headers=fresh_doctor.headers).status_code == 401
    assert _refresh(client, fresh_doctor.refresh_token).status_code == 401
    assert client.post("/auth/v1/logout", headers=fresh_doctor.headers).status_code == 401


@pytest.mark.parametrize("password", ["12345678", "password", " " * 8])
def test_weak_passwords_are_refused_at_sign_up(client: TestClient, password: str) -> None:
    answer = client.post("/auth/v1/signup", json={"email": "new@example.org", "password": password})
    assert answer.status_code == 400
    assert answer.json()["detail"].startswith("Password")


def test_one_address_makes_a_bounded_number_of_accounts(tmp_path: Path) -> None:
    """Round fifteen (red15): a successful sign-up counted against nothing, so one client
    made accounts without end, and every limit kept per account (the member lookup's 10
    misses an hour) multiplied with them. Sign-ups are now counted per address; signing in
    is not, and another address signs up as before."""
    clinic = make_clinic(tmp_path / "data", sign_up_address_limits="3/hour")
    app = create_app(clinic)
    with TestClient(app, client=GUESSER) as maker:
        made = [sign_up(maker, f"sock{n}@example.org", signer_profile=False) for n in range(3)]
        refused = maker.post(
            "/auth/v1/signup", json={"email": "sock9@example.org", "password": PASSWORD}
        )
        assert refused.status_code == 429, refused.text
        assert "retry-after" in refused.headers
        # Nothing was made; the accounts made before still sign in from here.
        assert _password_grant(maker, "sock9@example.org", PASSWORD).status_code == 400
        assert _password_grant(maker, made[0].email, PASSWORD).status_code == 200
    with TestClient(app, client=ELSEWHERE) as colleague:
        assert sign_up(colleague, "wilson@example.org", signer_profile=False).email
