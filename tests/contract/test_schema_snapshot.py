"""The checked-in schema snapshots are the schema the migrations build today."""

from __future__ import annotations

from core.validation import MAX_AGE, MIN_AGE
from tests.schema_snapshot import (
    SQLITE_SNAPSHOT,
    SUPABASE_SNAPSHOT,
    postgres_schema,
    sqlite_schema,
)
from tests.supabase_stack.postgres import PostgresCluster

STALE = "is stale: run `make schema` and commit it"


def test_the_sqlite_snapshot_is_current() -> None:
    text = sqlite_schema()
    # Not vacuous: the snapshot holds the tables and the triggers that guard them.
    assert "CREATE TABLE cases" in text or "create table cases" in text.lower()
    assert "-- trigger " in text
    assert SQLITE_SNAPSHOT.read_text() == text, f"{SQLITE_SNAPSHOT.name} {STALE}"


def test_the_supabase_snapshot_is_current(postgres_cluster: PostgresCluster) -> None:
    text = postgres_schema(postgres_cluster, "medcase_schema_check")
    assert "CREATE POLICY" in text and "CREATE FUNCTION public.list_case_page" in text
    assert SUPABASE_SNAPSHOT.read_text() == text, f"{SUPABASE_SNAPSHOT.name} {STALE}"


def test_both_databases_hold_the_age_limits_validation_states() -> None:
    # One rule for a patient's age (core.validation); the databases' checks, the last
    # guard, must say the same, or a valid form fails at the insert.
    between = f"between {MIN_AGE} and {MAX_AGE}"
    assert between in SQLITE_SNAPSHOT.read_text().lower()
    supabase = " ".join(SUPABASE_SNAPSHOT.read_text().lower().split())
    assert f"patient_age >= {MIN_AGE}" in supabase and f"patient_age <= {MAX_AGE}" in supabase
