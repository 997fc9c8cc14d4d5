"""The contract suite runs once per backend; each backend contributes a harness here."""

from __future__ import annotations

import pytest

from tests.contract.harness import BackendHarness, LocalHarness, SignedIn
from tests.supabase_stack.fixtures import (  # noqa: F401 (fixtures)
    postgres_cluster,
    rls_database,
    supabase_stack,
)
from tests.supabase_stack.harness import SupabaseHarness

BACKENDS = ["embedded", pytest.param("supabase", marks=pytest.mark.postgres)]


@pytest.fixture(params=BACKENDS)
def harness(request: pytest.FixtureRequest, tmp_path) -> BackendHarness:
    if request.param == "embedded":
        return LocalHarness(tmp_path / "data")
    if request.param == "supabase":
        # Skips (fails in CI) without PostgreSQL; the stack starts once per run.
        supabase = SupabaseHarness(request.getfixturevalue("supabase_stack"))
        request.addfinalizer(supabase.close)
        return supabase
    raise AssertionError(f"unknown backend {request.param}")


@pytest.fixture
def doctor_a(harness: BackendHarness) -> SignedIn:
    return harness.sign_up()


@pytest.fixture
def doctor_b(harness: BackendHarness) -> SignedIn:
    return harness.sign_up()
