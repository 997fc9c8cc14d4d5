"""The embedded identity provider (Supabase Auth's contract) and bearer-token checks."""

from __future__ import annotations

import time
from pathlib import Path

import jwt
import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from core.bootstrap import Clinic
from tests.api.conftest import PASSWORD, Doctor, make_clinic, sign_up

UNAUTHENTICATED = {"detail": "Invalid authentication credentials"}


def test_signup_answers_a_supabase_shaped_session(client: TestClient) -> None:
    answer = client.post(
        "/auth/v1/signup", json={"email": "  Grey@Example.org ", "password": PASSWORD}
    )
    assert answer.status_code == 200
    body = answer.json()
    assert set(body) >= {"access_token", "token_type", "expires_in", "refresh_token", "user"}
    assert body["token_type"] == "bearer"
    assert body["expires_in"] == 3600
    assert abs(body["expires_at"] - (time.time() + 3600)) < 60
    assert body["user"]["email"] == "grey@example.org"
    claims = jwt.decode(body["access_token"], options={"verify_signature": False})
    assert claims["sub"] == body["user"]["id"]
    assert claims["exp"] - claims["iat"] == 3600


def test_the_token_from_signup_opens_the_case_routes(
    client: TestClient, fresh_doctor: Doctor
) -> None:
    answer = client.get("/cases/all_cases", headers=fresh_doctor.headers)
    assert answer.status_code == 200
    assert answer.json() == {"cases": []}
    me = client.get("/auth/v1/user", headers=fresh_doctor.headers)
    assert me.json() == {"id": fresh_doctor.user_id, "email": fresh_doctor.email}


@pytest.mark.parametrize(
    ("payload", "detail"),
    [
        ({"email": "not-an-email", "password": PASSWORD}, "Enter a valid email address"),
        ({"email": "a@example.org", "password": "short"}, "Password must be at least 8"),
        ({"email": "a@example.org"}, "password is required"),
    ],
)
def test_signup_rejects_bad_input_with_400(
    client: TestClient, payload: dict[str, str], detail: str
) -> None:
    answer = client.post("/auth/v1/signup", json=payload)
    assert answer.status_code == 400
    assert detail in answer.json()["detail"]


def test_signup_of_a_taken_email_does_not_say_so(client: TestClient, doctor: Doctor) -> None:
    answer = client.post(
        "/auth/v1/signup", json={"email": doctor.email, "password": "another good passphrase"}
    )
    assert answer.status_code == 400
    assert answer.json() == {
        "detail": "Could not create an account with this email and password. "
        "If you already have an account, sign in instead."
    }
    # With the account's own password, sign-up signs in: the doctor had forgotten.
    again = client.post("/auth/v1/signup", json={"email": doctor.email, "password": PASSWORD})
    assert again.status_code == 200
    assert again.json()["user"]["id"] == doctor.user_id


@pytest.mark.parametrize(
    ("password", "reason"),
    [
        ("12345678", "This is a top-10 common password."),
        ("password", "This is a top-10 common password."),
        ("        ", "Password must not be only spaces"),
    ],
)
def test_signup_refuses_weak_passwords_saying_why(
    client: TestClient, password: str, reason: str
) -> None:
    answer = client.post(
        "/auth/v1/signup", json={"email": "weak@example.org", "password": password}
    )
    assert answer.status_code == 400
    assert reason in answer.json()["detail"]


def test_password_grant_signs_in(client: TestClient, doctor: Doctor) -> None:
    answer = client.post(
        "/auth/v1/token",
        params={"grant_type": "password"},
        json={"email": doctor.email, "password": PASSWORD},
    )
    assert answer.status_code == 200
    body = answer.json()
    assert body["user"] == {"id": doctor.user_id, "email": doctor.email}
    assert body["expires_in"] == 3600
    assert client.get("/cases/all_cases", headers=_bearer(body["access_token"])).status_code == 200


@pytest.mark.parametrize(
    "payload",
    [
        {"email": "house@example.org", "password": "wrong password"},
        {"email": "nobody@example.org", "password": PASSWORD},
    ],
)
def test_wrong_password_and_unknown_email_get_the_same_400(
    client: TestClient, doctor: Doctor, payload: dict[str, str]
) -> None:
    answer = client.post("/auth/v1/token", params={"grant_type": "password"}, json=payload)
    assert answer.status_code == 400
    assert answer.json() == {"detail": "Invalid email or password"}


def test_password_grant_needs_email_and_password(client: TestClient) -> None:
    answer = client.post("/auth/v1/token", params={"grant_type": "password"}, json={})
    assert answer.status_code == 400
    assert answer.json() == {"detail": "Email and password are required"}
    no_body = client.post("/auth/v1/token", params={"grant_type": "password"})
    assert no_body.status_code == 400
    assert no_body.json() == {"detail": "Request body is required"}


def test_refresh_grant_trades_a_refresh_token_once(
    client: TestClient, fresh_doctor: Doctor
) -> None:
    doctor = fresh_doctor
    refreshed = client.post(
        "/auth/v1/token",
        params={"grant_type": "refresh_token"},
        json={"refresh_token": doctor.refresh_token},
    )
    assert refreshed.status_code == 200
    body = refreshed.json()
    assert body["user"]["id"] == doctor.user_id
    assert body["refresh_token"] != doctor.refresh_token
    assert client.get("/cases/all_cases", headers=_bearer(body["access_token"])).status_code == 200
    # A refresh token is single-use: replaying it is a bad credential.
    replay = client.post(
        "/auth/v1/token",
        params={"grant_type": "refresh_token"},
        json={"refresh_token": doctor.refresh_token},
    )
    assert replay.status_code == 401
    assert replay.json() == UNAUTHENTICATED


def test_refresh_grant_needs_a_token(client: TestClient) -> None:
    answer = client.post("/auth/v1/token", params={"grant_type": "refresh_token"}, json={})
    assert answer.status_code == 400
    assert answer.json() == {"detail": "refresh_token is required"}


@pytest.mark.parametrize("params", [{"grant_type": "magic_link"}, {}])
def test_unknown_or_missing_grant_type_is_400(client: TestClient, params: dict[str, str]) -> None:
    answer = client.post("/auth/v1/token", params=params, json={"email": "a@b.org"})
    assert answer.status_code == 400
    assert answer.json()["detail"].startswith("grant_type")


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _signed(data_dir: Path, claims: dict[str, object], secret: str | None = None) -> str:
    key = secret or (data_dir / "jwt_secret").read_text().strip()
    return jwt.encode(claims, key, algorithm="HS256")


def _claims(doctor: Doctor, expires_in: float) -> dict[str, object]:
    """The claims of the doctor's real token (its session), with another expiry."""
    now = int(time.time())
    claims = jwt.decode(doctor.access_token, options={"verify_signature": False})
    return {**claims, "sub": doctor.user_id, "iat": now, "exp": now + expires_in}


def test_a_token_signed_with_the_data_folder_secret_is_accepted(
    client: TestClient, doctor: Doctor, clinic: Clinic
) -> None:
    # The control for the expiry and forgery tests below: only the changed claim matters.
    token = _signed(clinic.settings.data_dir, _claims(doctor, 600))
    assert client.get("/cases/all_cases", headers=_bearer(token)).status_code == 200


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": ""},
        {"Authorization": "Bearer"},
        {"Authorization": "Bearer not-a-jwt"},
        {"Authorization": "Basic aG91c2U6cGFzc3dvcmQ="},
    ],
)
def test_missing_or_malformed_credentials_are_401(
    client: TestClient, headers: dict[str, str]
) -> None:
    answer = client.get("/cases/all_cases", headers=headers)
    assert answer.status_code == 401
    assert answer.json() == UNAUTHENTICATED
    assert answer.headers["www-authenticate"] == "Bearer"


def test_expired_token_is_401(client: TestClient, doctor: Doctor, clinic: Clinic) -> None:
    token = _signed(clinic.settings.data_dir, _claims(doctor, -30))
    answer = client.get("/cases/all_cases", headers=_bearer(token))
    assert answer.status_code == 401
    assert answer.json() == UNAUTHENTICATED


def test_token_the_provider_issued_already_expired_is_401(tmp_path: Path) -> None:
    # A provider whose tokens expire before they are used: its own real tokens, no sleeping.
    clinic = make_clinic(tmp_path / "data", access_token_seconds=-5)
    with TestClient(create_app(clinic)) as expired_tokens:
        # No profile: saving one would already need the (expired) token.
        doctor = sign_up(expired_tokens, "brief@example.org", signer_profile=False)
        answer = expired_tokens.get("/cases/all_cases", headers=doctor.headers)
    assert answer.status_code == 401
    assert answer.json() == UNAUTHENTICATED


def test_token_signed_with_another_secret_is_401(
    client: TestClient, doctor: Doctor, clinic: Clinic
) -> None:
    forged = "another clinic's secret, 32+ bytes"
    token = _signed(clinic.settings.data_dir, _claims(doctor, 600), secret=forged)
    assert client.get("/cases/all_cases", headers=_bearer(token)).status_code == 401


def test_token_naming_no_session_is_401(client: TestClient, doctor: Doctor, clinic: Clinic) -> None:
    claims = {k: v for k, v in _claims(doctor, 600).items() if k not in ("session_id", "jti")}
    token = _signed(clinic.settings.data_dir, claims)
    assert client.get("/cases/all_cases", headers=_bearer(token)).status_code == 401


def test_token_for_an_unknown_user_is_401(
    client: TestClient, doctor: Doctor, clinic: Clinic
) -> None:
    # A real session's claims, another doctor's id: the session is not theirs.
    claims = {**_claims(doctor, 600), "sub": "7d1c3a7e-0000-4000-8000-000000000000"}
    token = _signed(clinic.settings.data_dir, claims)
    assert client.get("/cases/all_cases", headers=_bearer(token)).status_code == 401


def test_every_case_route_requires_a_token(client: TestClient) -> None:
    some_case = "0b7c6c0e-8f8e-4f39-9d55-3f3c5d0f2f11"
    calls = [
        ("POST", "/cases/create_case"),
        ("POST", "/api/v1/cases"),
        ("GET", "/cases/all_cases"),
        ("GET", f"/cases/cases/{some_case}"),
        ("PUT", f"/cases/cases/{some_case}"),
        ("DELETE", f"/cases/cases/{some_case}"),
        ("POST", "/cases/upload"),
        ("GET", f"/cases/files/{some_case}"),
        ("GET", f"/api/v1/cases/{some_case}/insights"),
        ("GET", "/auth/v1/user"),
    ]
    for method, path in calls:
        answer = client.request(method, path)
        assert answer.status_code == 401, (method, path, answer.text)
        assert answer.json() == UNAUTHENTICATED
