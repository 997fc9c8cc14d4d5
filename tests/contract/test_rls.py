"""Row-level security of the Supabase migration, in SQL, on a real PostgreSQL 15.

Each test runs in one transaction that is rolled back at the end. Rows are set up as the
database owner; every check runs as role ``authenticated`` (or ``anon``) with
``request.jwt.claims`` set, exactly as PostgREST runs a signed-in doctor's request.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import psycopg
import pytest
from psycopg import errors

from tests.supabase_stack.postgres import PostgresCluster

pytestmark = pytest.mark.postgres

DENIED = errors.InsufficientPrivilege  # also what an RLS "with check" failure raises


@dataclass
class Doctor:
    user_id: str
    case_id: str
    file_id: str
    file_url: str


@pytest.fixture
def db(postgres_cluster: PostgresCluster, rls_database: str) -> Iterator[psycopg.Connection]:
    connection = postgres_cluster.connect(rls_database)
    try:
        yield connection
    finally:
        connection.rollback()
        connection.close()


def _doctor_with_a_case(db: psycopg.Connection) -> Doctor:
    """A doctor with one case, one lab file, insights and the stored object (as the owner)."""
    user_id, case_id, file_id = (str(uuid.uuid4()) for _ in range(3))
    file_url = f"{user_id}/{case_id}/{file_id}/labs.pdf"
    db.execute("insert into auth.users (id, email) values (%s, %s)", [user_id, f"{user_id}@t"])
    db.execute(
        "insert into public.cases (case_id, user_id, patient_name, patient_age,"
        " patient_gender, status) values (%s, %s, 'Ada', 54, 'female', 'analyzing')",
        [case_id, user_id],
    )
    db.execute(
        "insert into public.case_files (file_id, case_id, user_id, file_name, file_type,"
        " file_size, file_url, file_category) values"
        " (%s, %s, %s, 'labs.pdf', 'application/pdf', 10, %s, 'lab')",
        [file_id, case_id, user_id, file_url],
    )
    db.execute(
        "insert into public.case_insights (case_id, user_id, ai_insights)"
        " values (%s, %s, '{\"overall_confidence_score\": 0.9}')",
        [case_id, user_id],
    )
    db.execute(
        "insert into storage.objects (bucket_id, name, owner) values ('case-files', %s, %s)",
        [file_url, user_id],
    )
    return Doctor(user_id, case_id, file_id, file_url)


@pytest.fixture
def doctor_a(db: psycopg.Connection) -> Doctor:
    return _doctor_with_a_case(db)


@pytest.fixture
def doctor_b(db: psycopg.Connection) -> Doctor:
    return _doctor_with_a_case(db)


@contextmanager
def acting_as(
    db: psycopg.Connection, user_id: str | None, role: str = "authenticated"
) -> Iterator[psycopg.Connection]:
    """Run the block as PostgREST would run a request with this JWT (or none, for anon)."""
    claims = {"sub": user_id, "role": role} if user_id else {"role": role}
    db.execute("savepoint request")
    try:
        db.execute(f"set local role {role}")
        db.execute("select set_config('request.jwt.claims', %s, true)", [json.dumps(claims)])
        yield db
    except BaseException:
        db.execute("rollback to savepoint request")
        raise
    db.execute("reset role")
    db.execute("select set_config('request.jwt.claims', '', true)")
    db.execute("release savepoint request")


def _count(db: psycopg.Connection, sql: str, params: list[object]) -> int:
    return db.execute(sql, params).fetchone()[0]


# --- reading --------------------------------------------------------------------------------


def test_a_doctor_reads_only_their_own_rows_and_objects(
    db: psycopg.Connection, doctor_a: Doctor, doctor_b: Doctor
) -> None:
    with acting_as(db, doctor_b.user_id):
        cases = db.execute("select case_id::text from public.cases").fetchall()
        files = db.execute("select file_id::text from public.case_files").fetchall()
        insights = db.execute("select case_id::text from public.case_insights").fetchall()
        objects = db.execute("select name from storage.objects").fetchall()
    assert cases == [(doctor_b.case_id,)]
    assert files == [(doctor_b.file_id,)]
    assert insights == [(doctor_b.case_id,)]
    assert objects == [(doctor_b.file_url,)]


def test_another_doctors_case_cannot_be_read_even_by_its_id(
    db: psycopg.Connection, doctor_a: Doctor, doctor_b: Doctor
) -> None:
    with acting_as(db, doctor_b.user_id):
        assert _count(db, "select count(*) from cases where case_id = %s", [doctor_a.case_id]) == 0
        assert (
            _count(db, "select count(*) from case_files where case_id = %s", [doctor_a.case_id])
            == 0
        )
        assert (
            _count(db, "select count(*) from case_insights where case_id = %s", [doctor_a.case_id])
            == 0
        )
        assert (
            _count(db, "select count(*) from storage.objects where name = %s", [doctor_a.file_url])
            == 0
        )


# --- creating for someone else --------------------------------------------------------------


def test_a_doctor_cannot_open_a_case_in_another_doctors_name(
    db: psycopg.Connection, doctor_a: Doctor, doctor_b: Doctor
) -> None:
    with pytest.raises(DENIED), acting_as(db, doctor_b.user_id):
        db.execute(
            "insert into cases (user_id, patient_name, patient_age, patient_gender)"
            " values (%s, 'Eve', 40, 'female')",
            [doctor_a.user_id],
        )
    # The owner column defaults to the signed-in doctor.
    with acting_as(db, doctor_b.user_id):
        owner = db.execute(
            "insert into cases (patient_name, patient_age, patient_gender)"
            " values ('Eve', 40, 'female') returning user_id::text"
        ).fetchone()
    assert owner == (doctor_b.user_id,)


@pytest.mark.parametrize("owner", ["a", "b"])
def test_a_doctor_cannot_add_a_file_row_to_another_doctors_case(
    db: psycopg.Connection, doctor_a: Doctor, doctor_b: Doctor, owner: str
) -> None:
    user_id = doctor_a.user_id if owner == "a" else doctor_b.user_id
    file_id = str(uuid.uuid4())
    with pytest.raises(DENIED), acting_as(db, doctor_b.user_id):
        db.execute(
            "insert into case_files (file_id, case_id, user_id, file_name, file_type,"
            " file_size, file_url, file_category)"
            " values (%s, %s, %s, 'x.pdf', 'application/pdf', 5, %s, 'lab')",
            [
                file_id,
                doctor_a.case_id,
                user_id,
                f"{user_id}/{doctor_a.case_id}/{file_id}/x.pdf",
            ],
        )


@pytest.mark.parametrize("owner", ["a", "b"])
def test_a_doctor_cannot_write_insights_for_another_doctors_case(
    db: psycopg.Connection, doctor_a: Doctor, doctor_b: Doctor, owner: str
) -> None:
    user_id = doctor_a.user_id if owner == "a" else doctor_b.user_id
    db.execute("delete from case_insights where case_id = %s", [doctor_a.case_id])
    with pytest.raises(DENIED), acting_as(db, doctor_b.user_id):
        db.execute(
            "insert into case_insights (case_id, user_id, ai_insights) values (%s, %s, '{}')",
            [doctor_a.case_id, user_id],
        )


def test_a_doctor_cannot_upload_into_another_doctors_folder(
    db: psycopg.Connection, doctor_a: Doctor, doctor_b: Doctor
) -> None:
    with pytest.raises(DENIED), acting_as(db, doctor_b.user_id):
        db.execute(
            "insert into storage.objects (bucket_id, name) values ('case-files', %s)",
            [f"{doctor_a.user_id}/{doctor_a.case_id}/{uuid.uuid4()}/x.pdf"],
        )
    with acting_as(db, doctor_b.user_id):
        db.execute(
            "insert into storage.objects (bucket_id, name) values ('case-files', %s)",
            [f"{doctor_b.user_id}/{doctor_b.case_id}/{uuid.uuid4()}/x.pdf"],
        )


# --- changing and deleting ------------------------------------------------------------------

FOREIGN_WRITES = {
    "update case": "update cases set patient_name = 'Taken' where case_id = %(case)s",
    "update object": "update storage.objects set metadata = '{}' where name = %(url)s",
    "delete case": "delete from cases where case_id = %(case)s",
    "delete file": "delete from case_files where file_id = %(file)s",
    "delete insights": "delete from case_insights where case_id = %(case)s",
    "delete object": "delete from storage.objects where name = %(url)s",
}


@pytest.mark.parametrize("write", sorted(FOREIGN_WRITES))
def test_a_doctor_cannot_change_or_delete_another_doctors_rows(
    db: psycopg.Connection, doctor_a: Doctor, doctor_b: Doctor, write: str
) -> None:
    theirs = {"case": doctor_a.case_id, "file": doctor_a.file_id, "url": doctor_a.file_url}
    before = _snapshot(db, doctor_a)
    with acting_as(db, doctor_b.user_id):
        touched = db.execute(FOREIGN_WRITES[write], theirs).rowcount
    assert touched == 0
    assert _snapshot(db, doctor_a) == before
    # The same statement on the doctor's own rows does work (the check can fail).
    mine = {"case": doctor_b.case_id, "file": doctor_b.file_id, "url": doctor_b.file_url}
    with acting_as(db, doctor_b.user_id):
        assert db.execute(FOREIGN_WRITES[write], mine).rowcount == 1


def _snapshot(db: psycopg.Connection, doctor: Doctor) -> tuple[object, ...]:
    return (
        db.execute("select * from cases where case_id = %s", [doctor.case_id]).fetchall(),
        db.execute("select * from case_files where case_id = %s", [doctor.case_id]).fetchall(),
        db.execute("select * from case_insights where case_id = %s", [doctor.case_id]).fetchall(),
        db.execute("select * from storage.objects where name = %s", [doctor.file_url]).fetchall(),
    )


# The analyzer's writes (sec18): a file's reading and the insights are written by the role
# medcase_analyzer only, never by a doctor, not even on the doctor's own rows.
ANALYZER_WRITES = {
    "update file": "update case_files set text_data = 'Hb 9.1' where file_id = %(file)s",
    "update insights": "update case_insights set ai_insights = '{}' where case_id = %(case)s",
}


@pytest.mark.parametrize("write", sorted(ANALYZER_WRITES))
def test_no_doctor_writes_what_the_analyzer_writes(
    db: psycopg.Connection, doctor_a: Doctor, doctor_b: Doctor, write: str
) -> None:
    for doctor in (doctor_a, doctor_b):
        before = _snapshot(db, doctor_a)
        with pytest.raises(DENIED), acting_as(db, doctor_b.user_id):
            db.execute(ANALYZER_WRITES[write], {"case": doctor.case_id, "file": doctor.file_id})
        assert _snapshot(db, doctor_a) == before


def test_a_doctor_cannot_hand_a_case_or_file_over_to_another_doctor(
    db: psycopg.Connection, doctor_a: Doctor, doctor_b: Doctor
) -> None:
    with pytest.raises(DENIED), acting_as(db, doctor_b.user_id):
        db.execute(
            "update cases set user_id = %s where case_id = %s",
            [doctor_a.user_id, doctor_b.case_id],
        )
    # A file's case is fixed as well (a trigger, before the policy's check is reached).
    with pytest.raises((DENIED, errors.CheckViolation)), acting_as(db, doctor_b.user_id):
        db.execute(
            "update case_files set case_id = %s where file_id = %s",
            [doctor_a.case_id, doctor_b.file_id],
        )
    with pytest.raises(DENIED), acting_as(db, doctor_b.user_id):
        db.execute(
            "update storage.objects set name = %s where name = %s",
            [f"{doctor_a.user_id}/moved.pdf", doctor_b.file_url],
        )


# --- signed out -----------------------------------------------------------------------------


@pytest.mark.parametrize("table", ["cases", "case_files", "case_insights"])
def test_anon_can_do_nothing_with_the_tables(
    db: psycopg.Connection, doctor_a: Doctor, table: str
) -> None:
    for statement in (
        f"select * from {table}",
        f"delete from {table}",
        f"update {table} set user_id = user_id",
        f"insert into {table} (case_id) values ('{doctor_a.case_id}')",
    ):
        with pytest.raises(DENIED), acting_as(db, None, role="anon"):
            db.execute(statement)


def test_anon_sees_and_stores_no_objects(db: psycopg.Connection, doctor_a: Doctor) -> None:
    with acting_as(db, None, role="anon"):
        assert _count(db, "select count(*) from storage.objects", []) == 0
        assert db.execute("delete from storage.objects").rowcount == 0
    with pytest.raises(DENIED), acting_as(db, None, role="anon"):
        db.execute(
            "insert into storage.objects (bucket_id, name) values ('case-files', %s)",
            [f"{doctor_a.user_id}/x.pdf"],
        )


# --- the rules the database keeps -----------------------------------------------------------


def test_gender_cannot_change_even_for_the_owner(db: psycopg.Connection, doctor_a: Doctor) -> None:
    with (
        pytest.raises(errors.CheckViolation, match="patient_gender"),
        acting_as(db, doctor_a.user_id),
    ):
        db.execute(
            "update cases set patient_gender = 'male' where case_id = %s", [doctor_a.case_id]
        )
    with acting_as(db, doctor_a.user_id):
        changed = db.execute(
            "update cases set patient_name = 'Ada B', patient_gender = 'female' where case_id = %s",
            [doctor_a.case_id],
        ).rowcount
    assert changed == 1


def test_every_update_moves_updated_at_forward(db: psycopg.Connection, doctor_a: Doctor) -> None:
    query = "select created_at, updated_at from cases where case_id = %s"
    created, first = db.execute(query, [doctor_a.case_id]).fetchone()
    stamps = [first]
    for age in (55, 56, 57):
        with acting_as(db, doctor_a.user_id):
            db.execute(
                "update cases set patient_age = %s, updated_at = '2000-01-01' where case_id = %s",
                [age, doctor_a.case_id],
            )
        still_created, updated = db.execute(query, [doctor_a.case_id]).fetchone()
        assert still_created == created
        stamps.append(updated)
    assert stamps == sorted(set(stamps)), "each update must move updated_at strictly forward"


@pytest.mark.parametrize(
    ("statement", "violation"),
    [
        ("update cases set patient_age = 151 where case_id = %(case)s", errors.CheckViolation),
        ("update cases set patient_age = -1 where case_id = %(case)s", errors.CheckViolation),
        # The status is not the doctor's column (sec20): its functions' only.
        ("update cases set status = 'lost' where case_id = %(case)s", DENIED),
        ("update cases set patient_name = '' where case_id = %(case)s", errors.CheckViolation),
        # A file row is not the doctor's to change at all (only its reading changes, by the
        # analyzer's role: sec18); the checks stay behind the privilege.
        ("update case_files set file_category = 'x' where file_id = %(file)s", DENIED),
        (
            "update case_files set file_url = 'elsewhere/' || file_url where file_id = %(file)s",
            DENIED,
        ),
        ("update case_files set file_size = 0 where file_id = %(file)s", DENIED),
    ],
)
def test_check_constraints_hold_for_the_owner(
    db: psycopg.Connection, doctor_a: Doctor, statement: str, violation: type[Exception]
) -> None:
    with pytest.raises(violation), acting_as(db, doctor_a.user_id):
        db.execute(statement, {"case": doctor_a.case_id, "file": doctor_a.file_id})


def test_deleting_a_case_removes_its_files_and_insights(
    db: psycopg.Connection, doctor_a: Doctor, doctor_b: Doctor
) -> None:
    with acting_as(db, doctor_a.user_id):
        assert db.execute("delete from cases where case_id = %s", [doctor_a.case_id]).rowcount == 1
    for table in ("case_files", "case_insights"):
        assert (
            _count(db, f"select count(*) from {table} where case_id = %s", [doctor_a.case_id]) == 0
        )
        assert (
            _count(db, f"select count(*) from {table} where case_id = %s", [doctor_b.case_id]) == 1
        )


def test_deleting_an_account_removes_the_doctors_cases(
    db: psycopg.Connection, doctor_a: Doctor, doctor_b: Doctor
) -> None:
    db.execute("delete from auth.users where id = %s", [doctor_a.user_id])
    for table in ("cases", "case_files", "case_insights"):
        assert (
            _count(db, f"select count(*) from {table} where user_id = %s", [doctor_a.user_id]) == 0
        )
        assert (
            _count(db, f"select count(*) from {table} where user_id = %s", [doctor_b.user_id]) == 1
        )


def test_the_bucket_is_private(db: psycopg.Connection) -> None:
    assert db.execute("select public from storage.buckets where id = 'case-files'").fetchone() == (
        False,
    )


def test_the_case_list_function_runs_under_the_callers_policies(
    db: psycopg.Connection, doctor_a: Doctor, doctor_b: Doctor
) -> None:
    call = "select public.list_case_page(%s, null, array['analyzing'], null, true, 50, 0)"
    with acting_as(db, doctor_b.user_id):
        asked_for_a = db.execute(call, [doctor_a.user_id]).fetchone()[0]
        own = db.execute(call, [doctor_b.user_id]).fetchone()[0]
    assert asked_for_a == {
        "rows": [],
        "total": 0,
        "counts_by_status": {},
        "counts_by_review_state": {},
    }
    assert [row["case_id"] for row in own["rows"]] == [doctor_b.case_id]
    assert own["counts_by_status"] == {"analyzing": 1}
    with pytest.raises(DENIED), acting_as(db, None, role="anon"):
        db.execute(call, [doctor_a.user_id])
