"""Patients under RLS (#27), through the PostgREST stand-in with each role's own token:
the owner doctor, another doctor, a pilot's reviewer and its coordinator (the owner
enrolled a case of the patient). And the migration: every existing case gets a record
of its own, on both databases."""

from __future__ import annotations

import sqlite3
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from core.backends.sqlite_db import MIGRATIONS as SQLITE_MIGRATIONS
from core.backends.sqlite_db import SqliteDatabase, _statements
from core.services.pilots import PilotService
from tests.contract.harness import SignedIn
from tests.contract.test_review import _analysed
from tests.supabase_stack.harness import SupabaseHarness
from tests.supabase_stack.postgres import BOOTSTRAP, MIGRATIONS, PostgresCluster
from tests.supabase_stack.server import SupabaseStack

PATIENTS_MIGRATION = "20261126010000_patients.sql"
BORN, RECORD = "1958-02-11", "MRN-778812"


@dataclass
class Role:
    signed_in: SignedIn
    token: str


def _role(harness: SupabaseHarness) -> Role:
    session = harness.provider.accounts.sign_up(
        f"dr-{uuid.uuid4().hex[:10]}@clinic.test", "s3cret-pass"
    )
    return Role(
        SignedIn(session.doctor, harness.provider.for_analysis(session)), session.access_token
    )


@pytest.fixture
def clinic(supabase_stack: SupabaseStack) -> Any:
    """The owner's analysed case, enrolled in a pilot; its patient given a date of birth
    and a record number by the owner; another doctor, the pilot's coordinator and reviewer."""
    harness = SupabaseHarness(supabase_stack)
    roles = {name: _role(harness) for name in ("owner", "other", "coordinator", "reviewer")}
    lead = PilotService(
        roles["coordinator"].signed_in.doctor, roles["coordinator"].signed_in.backend
    )
    pilot = lead.create_pilot("P", "", "2026-11-01", "2027-01-31")
    lead.add_member(pilot.pilot_id, roles["owner"].signed_in.doctor.email, "doctor")
    lead.add_member(pilot.pilot_id, roles["reviewer"].signed_in.doctor.email, "reviewer")
    owner = roles["owner"].signed_in
    case_id = _analysed(owner, name="Zanele Mokoena")
    patient_id = owner.backend.cases.get_case(owner.doctor.user_id, case_id).patient_id  # type: ignore[union-attr]
    with supabase_stack.rest_as(roles["owner"].token) as rest:
        answer = rest.patch(
            "/rest/v1/patients",
            params={"patient_id": f"eq.{patient_id}"},
            json={"date_of_birth": BORN, "record_number": RECORD},
        )
        assert answer.status_code == 204, answer.text
    PilotService(owner.doctor, owner.backend).enrol(pilot.pilot_id, [case_id])
    yield roles, case_id, patient_id
    harness.close()


def _patient_row(owner: str, **values: Any) -> dict[str, Any]:
    return {"patient_id": str(uuid.uuid4()), "user_id": owner, "name": "X", "sex": "male", **values}


@pytest.mark.postgres
def test_only_the_owner_reads_a_patient(supabase_stack: SupabaseStack, clinic: Any) -> None:
    roles, _, patient_id = clinic
    with supabase_stack.rest_as(roles["owner"].token) as rest:
        rows = rest.get("/rest/v1/patients", params={"select": "*"}).json()
    assert [(r["patient_id"], r["date_of_birth"], r["record_number"]) for r in rows] == [
        (patient_id, BORN, RECORD)
    ]
    for name in ("other", "reviewer", "coordinator"):
        with supabase_stack.rest_as(roles[name].token) as rest:
            answer = rest.get("/rest/v1/patients", params={"patient_id": f"eq.{patient_id}"})
            assert (answer.status_code, answer.json()) == (200, []), name
    with supabase_stack.rest_as(None) as rest:
        assert rest.get("/rest/v1/patients").status_code == 401


@pytest.mark.postgres
def test_the_reviewer_sees_no_identity_record_number_or_birth_date(
    supabase_stack: SupabaseStack, clinic: Any
) -> None:
    roles, case_id, patient_id = clinic
    with supabase_stack.rest_as(roles["reviewer"].token) as rest:
        answer = rest.get("/rest/v1/pilot_cases_for_review", params={"select": "*"})
        assert answer.status_code == 200 and len(answer.json()) == 1
        cases = rest.get("/rest/v1/cases", params={"select": "*"}).json()
    seen = answer.text
    for secret in ("Zanele", "Mokoena", RECORD, BORN, patient_id, case_id):
        assert secret not in seen
    assert cases == []


@pytest.mark.postgres
def test_no_doctor_writes_another_doctors_patient(
    supabase_stack: SupabaseStack, clinic: Any
) -> None:
    roles, _, patient_id = clinic
    owner_id = roles["owner"].signed_in.doctor.user_id
    for name in ("other", "reviewer", "coordinator"):
        with supabase_stack.rest_as(roles[name].token) as rest:
            # Inserting a record in the owner's name.
            forged = rest.post("/rest/v1/patients", json=_patient_row(owner_id))
            assert forged.status_code == 403, (name, forged.text)
            # Changing the owner's record: RLS hides it, nothing changes.
            changed = rest.patch(
                "/rest/v1/patients",
                params={"patient_id": f"eq.{patient_id}", "select": "patient_id"},
                json={"name": "Taken over"},
                headers={"Prefer": "return=representation"},
            )
            assert (changed.status_code, changed.json()) == (200, []), name
            # Merging into or out of it.
            mine = _patient_row(roles[name].signed_in.doctor.user_id)
            assert rest.post("/rest/v1/patients", json=mine).status_code == 201
            for arguments in (
                {"p_patient": mine["patient_id"], "p_into": patient_id},
                {"p_patient": patient_id, "p_into": mine["patient_id"]},
            ):
                merged = rest.post("/rest/v1/rpc/merge_patients", json=arguments)
                assert (merged.status_code, merged.json()) == (200, False), name
            assert (
                rest.post("/rest/v1/rpc/unmerge_patient", json={"p_patient": patient_id}).json()
                is False
            )
    with supabase_stack.rest_as(roles["owner"].token) as rest:
        rows = rest.get("/rest/v1/patients", params={"select": "name,merged_into"}).json()
    assert rows == [{"name": "Zanele Mokoena", "merged_into": None}]


@pytest.mark.postgres
def test_no_case_points_at_another_doctors_patient(
    supabase_stack: SupabaseStack, clinic: Any
) -> None:
    roles, case_id, patient_id = clinic
    other = roles["other"]
    new_case = {
        "case_id": str(uuid.uuid4()),
        "user_id": other.signed_in.doctor.user_id,
        "patient_name": "Anyone",
        "patient_age": 40,
        "patient_gender": "male",
        "status": "pending",
        "patient_id": patient_id,
    }
    with supabase_stack.rest_as(other.token) as rest:
        inserted = rest.post("/rest/v1/cases", json=new_case)
        assert inserted.status_code in (403, 409), inserted.text
        # Their own case, then pointed at the owner's patient.
        own = rest.post("/rest/v1/cases", json={**new_case, "patient_id": None})
        assert own.status_code == 201, own.text
        moved = rest.patch(
            "/rest/v1/cases",
            params={"case_id": f"eq.{new_case['case_id']}"},
            json={"patient_id": patient_id},
        )
        # Refused (a case never changes its patient record at all: 400 since
        # 20261127150000_records_stay_put.sql, before the foreign key is asked).
        assert moved.status_code in (400, 403, 409), moved.text
        kept = rest.get(
            "/rest/v1/cases",
            params={"select": "patient_id", "case_id": f"eq.{new_case['case_id']}"},
        ).json()
    assert kept == [{"patient_id": new_case["case_id"]}]  # the record of its own
    owner = roles["owner"].signed_in
    cases = owner.backend.patients.patient_cases(owner.doctor.user_id, patient_id)
    assert [c.case_id for c in cases] == [case_id]


@pytest.mark.postgres
def test_the_owner_cannot_set_the_merge_pointer_or_write_merge_events_by_hand(
    supabase_stack: SupabaseStack, clinic: Any
) -> None:
    roles, _, patient_id = clinic
    owner = roles["owner"]
    second = _patient_row(owner.signed_in.doctor.user_id)
    with supabase_stack.rest_as(owner.token) as rest:
        assert rest.post("/rest/v1/patients", json=second).status_code == 201
        pointer = rest.patch(
            "/rest/v1/patients",
            params={"patient_id": f"eq.{second['patient_id']}"},
            json={"merged_into": patient_id},
        )
        assert pointer.status_code == 403, pointer.text
        born_merged = rest.post(
            "/rest/v1/patients",
            json=_patient_row(owner.signed_in.doctor.user_id, merged_into=patient_id),
        )
        assert born_merged.status_code == 403, born_merged.text
        for action in ("patient_merged", "patient_unmerged"):
            event = rest.post(
                "/rest/v1/audit_events",
                json={"action": action, "details": '{"patient":"x"}'},
            )
            assert event.status_code == 403, event.text
        # The function merges, and writes its event.
        merged = rest.post(
            "/rest/v1/rpc/merge_patients",
            json={"p_patient": second["patient_id"], "p_into": patient_id},
        )
        assert (merged.status_code, merged.json()) == (200, True)
    events = owner.signed_in.backend.audit.events(owner.signed_in.doctor.user_id)
    assert (events[0].action, events[0].details) == (
        "patient_merged",
        {"into": patient_id, "patient": second["patient_id"]},
    )


@pytest.mark.postgres
def test_the_migration_gives_every_existing_case_a_record_of_its_own(
    postgres_cluster: PostgresCluster,
) -> None:
    name = f"medcase_patients_{uuid.uuid4().hex[:8]}"
    with postgres_cluster.connect(autocommit=True) as admin:
        admin.execute(f'create database "{name}"')
    migrations = sorted(MIGRATIONS.glob("*.sql"))
    ours = next(i for i, path in enumerate(migrations) if path.name == PATIENTS_MIGRATION)
    doctor, cases = str(uuid.uuid4()), [str(uuid.uuid4()) for _ in range(3)]
    try:
        with postgres_cluster.connect(name) as connection:
            connection.execute(BOOTSTRAP.read_text())
            for migration in migrations[:ours]:
                connection.execute(migration.read_text())
            connection.execute("insert into auth.users (id) values (%s)", (doctor,))
            for case_id in cases:  # the same patient three times: still three records
                connection.execute(
                    "insert into public.cases (case_id, user_id, patient_name, patient_age,"
                    " patient_gender, updated_at) values"
                    " (%s, %s, 'Ada Obi', 60, 'female', '2026-01-01T00:00:00Z')",
                    (case_id, doctor),
                )
            for migration in migrations[ours:]:
                connection.execute(migration.read_text())
            rows = connection.execute(
                "select c.case_id::text, c.updated_at::text, p.patient_id::text, p.name, p.sex,"
                " p.date_of_birth, p.merged_into from public.cases c"
                " join public.patients p on p.patient_id = c.patient_id order by 1"
            ).fetchall()
    finally:
        with postgres_cluster.connect(autocommit=True) as admin:
            admin.execute(f'drop database if exists "{name}" with (force)')
    assert rows == [
        (case_id, "2026-01-01 00:00:00+00", case_id, "Ada Obi", "female", None, None)
        for case_id in sorted(cases)
    ]


def test_the_embedded_migration_gives_every_existing_case_a_record_of_its_own(
    tmp_path: Path,
) -> None:
    path = tmp_path / "medcase.sqlite3"
    ours = next(
        i for i, script in enumerate(SQLITE_MIGRATIONS) if "CREATE TABLE patients" in script
    )
    connection = sqlite3.connect(path, isolation_level=None)
    for script in SQLITE_MIGRATIONS[:ours]:
        for statement in _statements(script):
            connection.execute(statement)
    connection.execute(f"PRAGMA user_version = {ours}")
    connection.execute(
        "INSERT INTO doctors VALUES ('d1', 'd@clinic.test', 'x', '2026-01-01T00:00:00+00:00')"
    )
    cases = ["c1", "c2"]
    for case_id in cases:
        connection.execute(
            "INSERT INTO cases (case_id, user_id, patient_name, patient_age, patient_gender,"
            " status, created_at, updated_at) VALUES (?, 'd1', 'Ada Obi', 60, 'female',"
            " 'completed', '2026-01-01T00:00:00+00:00', '2026-01-02T00:00:00+00:00')",
            (case_id,),
        )
    connection.close()
    database = SqliteDatabase(path)
    rows = (
        database.connection()
        .execute(
            "SELECT c.case_id, c.updated_at, p.patient_id, p.user_id, p.name, p.sex,"
            " p.date_of_birth, p.merged_into FROM cases c JOIN patients p"
            " ON p.patient_id = c.patient_id ORDER BY 1"
        )
        .fetchall()
    )
    assert [tuple(row) for row in rows] == [
        (case_id, "2026-01-02T00:00:00+00:00", case_id, "d1", "Ada Obi", "female", None, None)
        for case_id in cases
    ]
