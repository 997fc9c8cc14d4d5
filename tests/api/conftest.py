"""Fixtures for the HTTP API: a real app on a temporary data folder, real accounts."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from api.main import create_app
from core.backends.local import LocalBackendProvider
from core.bootstrap import Clinic
from core.config import Settings
from core.jobs.recovery import Recovery, RecoveryPolicy
from core.services import AnalysisQueue
from tests.doubles import HeldAnalyses


def make_clinic(
    data_dir: Path,
    analyzer: AnalysisQueue | None = None,
    access_token_seconds: int = 3600,
    policy: RecoveryPolicy | None = None,
    **settings: Any,
) -> Clinic:
    """A clinic on the embedded backend in ``data_dir``; analyses are held (cases stay
    'analyzing') unless an analyzer is given."""
    # A module's doctors all sign up from the test client's one address; the sign-up
    # limit per address has its own test (test_sign_in_limits.py).
    settings.setdefault("sign_up_address_limits", "10000/hour")
    chosen = Settings(data_dir=data_dir, **settings)
    provider = LocalBackendProvider(data_dir, chosen.jwt_secret, access_token_seconds)
    label = "test" if analyzer else "none"
    queue = analyzer if analyzer is not None else HeldAnalyses()
    return Clinic(
        settings=chosen,
        provider=provider,
        analyzer=queue,
        recovery=Recovery(queue, policy),
        engine_label=label,
    )


@dataclass
class Doctor:
    """A signed-up doctor as the API's client sees them."""

    user_id: str
    email: str
    access_token: str
    refresh_token: str

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.access_token}"}


PASSWORD = "correct horse 1"


def sign_up(
    client: TestClient, email: str, password: str = PASSWORD, *, signer_profile: bool = True
) -> Doctor:
    answer = client.post("/auth/v1/signup", json={"email": email, "password": password})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    doctor = Doctor(
        body["user"]["id"], body["user"]["email"], body["access_token"], body["refresh_token"]
    )
    if not signer_profile:
        return doctor
    # A doctor who signs has set their name as signed (issue #26).
    profile = {"display_name": f"Dr {email.split('@')[0]}", "credentials": "MD"}
    saved = client.put("/api/v1/me/signer-profile", headers=doctor.headers, json=profile)
    assert saved.status_code == 200, saved.text
    return doctor


CASE_FORM = {"patient_name": "Jane Roe", "patient_age": "54", "patient_gender": "female"}


def create_case(
    client: TestClient, doctor: Doctor, files: list[tuple[str, Any]] | None = None, **form: Any
) -> dict[str, Any]:
    answer = client.post(
        "/cases/create_case", headers=doctor.headers, data={**CASE_FORM, **form}, files=files
    )
    assert answer.status_code == 201, answer.text
    return answer.json()


# One clinic per test module: an argon2 hash per sign-up is the slow part, so modules share
# their doctors. Tests that need a doctor with no cases yet sign up a fresh one.
@pytest.fixture(scope="module")
def clinic(tmp_path_factory: pytest.TempPathFactory) -> Clinic:
    return make_clinic(tmp_path_factory.mktemp("api") / "data")


@pytest.fixture(scope="module")
def app(clinic: Clinic) -> FastAPI:
    return create_app(clinic)


@pytest.fixture(scope="module")
def client(app: FastAPI) -> Iterator[TestClient]:
    # Server exceptions become 500 answers, as a real client would see them.
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def doctor(client: TestClient) -> Doctor:
    return sign_up(client, "house@example.org")


@pytest.fixture(scope="module")
def other_doctor(client: TestClient) -> Doctor:
    return sign_up(client, "cuddy@example.org")


@pytest.fixture
def fresh_doctor(client: TestClient) -> Doctor:
    return sign_up(client, f"doctor-{uuid.uuid4().hex[:12]}@example.org")


@pytest.fixture
def new_case(client: TestClient, doctor: Doctor) -> Callable[..., dict[str, Any]]:
    def make(files: list[tuple[str, Any]] | None = None, **form: Any) -> dict[str, Any]:
        return create_case(client, doctor, files, **form)

    return make
