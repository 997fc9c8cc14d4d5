"""The Supabase migration that adds case_insights.critical_count counts the critical values
of insights saved before it (real PostgreSQL 15, migrations applied up to it, then it)."""

from __future__ import annotations

import json
import uuid

import pytest

from tests.supabase_stack.postgres import BOOTSTRAP, MIGRATIONS, PostgresCluster

pytestmark = pytest.mark.postgres

OURS = "20261124020000_critical_values.sql"


def test_existing_insights_get_their_critical_values_counted(
    postgres_cluster: PostgresCluster,
) -> None:
    name = f"medcase_critical_{uuid.uuid4().hex[:8]}"
    with postgres_cluster.connect(autocommit=True) as admin:
        admin.execute(f'create database "{name}"')
    migrations = sorted(MIGRATIONS.glob("*.sql"))
    ours = next(i for i, path in enumerate(migrations) if path.name == OURS)
    records = {
        "two": {"lab_values": [{"critical": True}, {"critical": False}, {"critical": True}]},
        "none": {"lab_values": [{"critical": False}]},
        "old": {"lab_values": [{"analyte": "K"}]},  # written before the critical mark
        "odd": {"lab_values": "not a list"},
    }
    cases = {label: str(uuid.uuid4()) for label in records}
    try:
        with postgres_cluster.connect(name) as connection:
            connection.execute(BOOTSTRAP.read_text())
            for migration in migrations[:ours]:
                connection.execute(migration.read_text())
            doctor = str(uuid.uuid4())
            connection.execute("insert into auth.users (id) values (%s)", (doctor,))
            for label, record in records.items():
                connection.execute(
                    "insert into public.cases (case_id, user_id, patient_name, patient_age,"
                    " patient_gender) values (%s, %s, 'Patient', 40, 'female')",
                    (cases[label], doctor),
                )
                connection.execute(
                    "insert into public.case_insights (case_id, user_id, ai_insights)"
                    " values (%s, %s, %s)",
                    (cases[label], doctor, json.dumps(record)),
                )
            for migration in migrations[ours:]:
                connection.execute(migration.read_text())
            rows = connection.execute(
                "select case_id::text, critical_count from public.case_insights"
            ).fetchall()
    finally:
        with postgres_cluster.connect(autocommit=True) as admin:
            admin.execute(f'drop database if exists "{name}" with (force)')
    counts = {label: dict(rows)[case_id] for label, case_id in cases.items()}
    assert counts == {"two": 2, "none": 0, "old": 0, "odd": 0}


def test_the_case_list_function_is_defined_once_with_its_filters_and_critical_count(
    postgres_cluster: PostgresCluster,
) -> None:
    # Two migrations redefine list_case_page; a second overload beside the first would make
    # every call ambiguous, and a later one without the filters would drop them.
    name = f"medcase_list_fn_{uuid.uuid4().hex[:8]}"
    with postgres_cluster.connect(autocommit=True) as admin:
        admin.execute(f'create database "{name}"')
    try:
        with postgres_cluster.connect(name) as connection:
            connection.execute(BOOTSTRAP.read_text())
            for migration in sorted(MIGRATIONS.glob("*.sql")):
                connection.execute(migration.read_text())
            (definitions,) = connection.execute(
                "select array_agg(pg_get_function_identity_arguments(oid)) from pg_proc"
                " where proname = 'list_case_page'"
            ).fetchone()
            source = connection.execute(
                "select prosrc from pg_proc where proname = 'list_case_page'"
            ).fetchone()[0]
    finally:
        with postgres_cluster.connect(autocommit=True) as admin:
            admin.execute(f'drop database if exists "{name}" with (force)')
    assert len(definitions) == 1
    assert "created_from" in definitions[0] and "icd_prefix" in definitions[0]
    assert "critical_count" in source
