"""The contract suite runs once per backend; each backend contributes a harness here."""

from __future__ import annotations

import pytest

from tests.contract.harness import BackendHarness, LocalHarness, SignedIn

BACKENDS = ["embedded"]


@pytest.fixture(params=BACKENDS)
def harness(request: pytest.FixtureRequest, tmp_path) -> BackendHarness:
    if request.param == "embedded":
        return LocalHarness(tmp_path / "data")
    raise AssertionError(f"unknown backend {request.param}")


@pytest.fixture
def doctor_a(harness: BackendHarness) -> SignedIn:
    return harness.sign_up()


@pytest.fixture
def doctor_b(harness: BackendHarness) -> SignedIn:
    return harness.sign_up()
