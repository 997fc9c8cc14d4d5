"""The Supabase migration that takes the dates of care and the other case's id out of the
drafts enrolled before it (round fifteen, red15), on real PostgreSQL 15: migrations applied
up to it, enrolled drafts stored, then it and the rest."""

from __future__ import annotations

import json
import uuid

import pytest

from tests.supabase_stack.postgres import BOOTSTRAP, MIGRATIONS, PostgresCluster
from tests.unit.test_enrolled_draft_dates_migration import CHECK, SECTIONS

pytestmark = pytest.mark.postgres

OURS = "20261127180200_enrolled_draft_without_dates.sql"


def test_drafts_enrolled_before_lose_their_dates_of_care_and_nothing_else(
    postgres_cluster: PostgresCluster,
) -> None:
    name = f"medcase_dates_{uuid.uuid4().hex[:8]}"
    with postgres_cluster.connect(autocommit=True) as admin:
        admin.execute(f'create database "{name}"')
    migrations = sorted(MIGRATIONS.glob("*.sql"))
    ours = next(i for i, path in enumerate(migrations) if path.name == OURS)
    drafts = {
        "with checks": {**SECTIONS, "generated_at": "2026-11-26T18:00:00+00:00",
                        "delta_checks": [CHECK]},
        "older draft": SECTIONS,
    }  # fmt: skip
    try:
        with postgres_cluster.connect(name) as connection:
            connection.execute(BOOTSTRAP.read_text())
            for migration in migrations[:ours]:
                connection.execute(migration.read_text())
            # The rows only need to exist: stored as an earlier version left them.
            connection.execute("set session_replication_role = replica")
            doctor, pilot = str(uuid.uuid4()), str(uuid.uuid4())
            connection.execute("insert into auth.users (id) values (%s)", (doctor,))
            for label, draft in drafts.items():
                connection.execute(
                    "insert into public.pilot_case_insights (enrolment_id, pilot_id, owner_id,"
                    " draft_id, ai_insights, signed_sections) values"
                    " (md5(%s)::uuid, %s, %s, %s, %s, '{\"soap_note\": null}')",
                    (label, pilot, doctor, str(uuid.uuid4()), json.dumps(draft)),
                )
            connection.execute("set session_replication_role = origin")
            connection.commit()  # as an earlier version left them, before this migration
            for migration in migrations[ours:]:
                connection.execute(migration.read_text())
            rows = connection.execute(
                "select enrolment_id, ai_insights, signed_sections from public.pilot_case_insights"
            ).fetchall()
            keys = dict(
                connection.execute(
                    "select label, md5(label)::uuid from unnest(%s::text[]) label", (list(drafts),)
                )
            )
            with pytest.raises(Exception, match="never changed"):
                connection.execute("update public.pilot_case_insights set ai_insights = '{}'")
    finally:
        with postgres_cluster.connect(autocommit=True) as admin:
            admin.execute(f'drop database if exists "{name}" with (force)')
    kept = {row[0]: (row[1], row[2]) for row in rows}
    plain = {k: v for k, v in CHECK.items() if k not in ("earlier_case_id", "earlier_at")}
    assert kept[keys["with checks"]] == (
        {**SECTIONS, "delta_checks": [plain]},
        {"soap_note": None},
    )
    assert kept[keys["older draft"]] == (SECTIONS, {"soap_note": None})
