"""The Supabase side of a pilot's copy without dates (eighteenth round), on real PostgreSQL
15: the drafts enrolled before lose each lab value's collection time and nothing else; the
enrolled draft the database accepts is the stored one without it; [DATE] stands for a date
in a text as [PATIENT] stands for a name."""

from __future__ import annotations

import json
import uuid

import pytest

from tests.supabase_stack.postgres import BOOTSTRAP, MIGRATIONS, PostgresCluster
from tests.unit.test_pilot_copy_without_dates import VALUE

pytestmark = pytest.mark.postgres

OURS = "20261128040000_pilot_copy_without_dates.sql"


def test_drafts_enrolled_before_lose_collection_times_and_the_checks_take_dates(
    postgres_cluster: PostgresCluster,
) -> None:
    name = f"medcase_pilot_dates_{uuid.uuid4().hex[:8]}"
    with postgres_cluster.connect(autocommit=True) as admin:
        admin.execute(f'create database "{name}"')
    migrations = sorted(MIGRATIONS.glob("*.sql"))
    ours = next(i for i, path in enumerate(migrations) if path.name == OURS)
    plain = {k: v for k, v in VALUE.items() if k != "collected"}
    drafts = {
        "with times": {"lab_values": [VALUE, plain], "delta_checks": []},
        "no values": {"case_summary": {"comprehensive_summary": "x"}},
    }
    try:
        with postgres_cluster.connect(name) as connection:
            connection.execute(BOOTSTRAP.read_text())
            for migration in migrations[:ours]:
                connection.execute(migration.read_text())
            connection.execute("set session_replication_role = replica")
            doctor, pilot = str(uuid.uuid4()), str(uuid.uuid4())
            connection.execute("insert into auth.users (id) values (%s)", (doctor,))
            for label, draft in drafts.items():
                connection.execute(
                    "insert into public.pilot_case_insights (enrolment_id, pilot_id, owner_id,"
                    " draft_id, ai_insights, signed_sections) values"
                    " (md5(%s)::uuid, %s, %s, %s, %s, null)",
                    (label, pilot, doctor, str(uuid.uuid4()), json.dumps(draft)),
                )
            connection.execute("set session_replication_role = origin")
            connection.commit()
            for migration in migrations[ours:]:
                connection.execute(migration.read_text())
            connection.commit()
            kept = dict(
                connection.execute(
                    "select enrolment_id::text, ai_insights from public.pilot_case_insights"
                ).fetchall()
            )
            labels = dict(
                connection.execute(
                    "select label, md5(label)::uuid::text from unnest(%s::text[]) label",
                    (list(drafts),),
                )
            )
            with pytest.raises(Exception, match="never changed"):
                connection.execute("update public.pilot_case_insights set ai_insights = '{}'")
            connection.rollback()
            stored = {"generated_at": "2026-11-26T18:00:00+00:00", "lab_values": [VALUE]}
            (without,) = connection.execute(
                "select public.draft_without_dates_of_care(%s::jsonb)", (json.dumps(stored),)
            ).fetchone()
            checks = connection.execute(
                "select public.redaction_of('K 6.8 on [DATE] 07:30', 'K 6.8 on 25/11/2026 07:30'),"
                " public.redaction_of('K 6.8 on [DATE]', 'K 9.9 on 25/11/2026'),"
                " public.redacted_copy(%s::jsonb, public.draft_without_dates_of_care(%s::jsonb)),"
                " public.redacted_copy(%s::jsonb, public.draft_without_dates_of_care(%s::jsonb))",
                (
                    json.dumps({"lab_values": [plain]}),
                    json.dumps({"lab_values": [VALUE]}),
                    json.dumps({"lab_values": [VALUE]}),
                    json.dumps({"lab_values": [VALUE]}),
                ),
            ).fetchone()
    finally:
        with postgres_cluster.connect(autocommit=True) as admin:
            admin.execute(f'drop database if exists "{name}" with (force)')
    assert kept[labels["with times"]] == {"lab_values": [plain, plain], "delta_checks": []}
    assert kept[labels["no values"]] == drafts["no values"]
    assert without == {"lab_values": [plain]}
    # [DATE] replaces a date, not a value; a draft keeping the collection time is refused.
    assert checks == (True, False, True, False)
