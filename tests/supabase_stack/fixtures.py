"""Pytest fixtures for the Supabase tests; a conftest imports them where they are needed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.environment import require
from tests.supabase_stack.postgres import PostgresCluster, unavailable_reason
from tests.supabase_stack.server import SupabaseStack


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """One PostgreSQL 15 cluster for the whole run, stopped and removed at the end."""
    reason = unavailable_reason()
    require(reason is None, reason or "")
    cluster = PostgresCluster()
    try:
        yield cluster.start()
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def rls_database(postgres_cluster: PostgresCluster) -> str:
    """A database with the Supabase stand-in and the migrations, for the SQL-level tests."""
    return postgres_cluster.supabase_database("medcase_rls")


@pytest.fixture(scope="session")
def supabase_stack(
    postgres_cluster: PostgresCluster, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SupabaseStack]:
    """The local PostgREST/Auth/Storage stand-in over its own migrated database."""
    database = postgres_cluster.supabase_database("medcase_stack")
    stack = SupabaseStack(
        postgres_cluster.conninfo(database),
        tmp_path_factory.mktemp("supabase-storage"),
        jwt_secret="supabase-stack-test-secret-of-at-least-32-bytes",
    )
    with stack:
        yield stack
