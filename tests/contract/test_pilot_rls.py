"""The pilot policies in SQL on PostgreSQL 15, and through the PostgREST stand-in: a
reviewer reads enrolled cases of their pilots only, never a patient's name, and writes
only their own reviews."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator

import httpx
import psycopg
import pytest

from tests.contract.test_rls import DENIED, acting_as
from tests.supabase_stack.postgres import PostgresCluster
from tests.supabase_stack.server import SupabaseStack

pytestmark = pytest.mark.postgres


@pytest.fixture
def db(postgres_cluster: PostgresCluster, rls_database: str) -> Iterator[psycopg.Connection]:
    connection = postgres_cluster.connect(rls_database)
    try:
        yield connection
    finally:
        connection.rollback()
        connection.close()


VIEW = json.dumps({"notes": "[PATIENT] reports thirst", "lab_files": [], "images": []})


def _account(db: psycopg.Connection, email: str | None = None) -> str:
    user_id = str(uuid.uuid4())
    db.execute(
        "insert into auth.users (id, email) values (%s, %s)", [user_id, email or f"{user_id}@t"]
    )
    return user_id


def _case_with_draft(db: psycopg.Connection, owner: str) -> tuple[str, str]:
    case_id, draft_id = str(uuid.uuid4()), str(uuid.uuid4())
    db.execute(
        "insert into public.cases (case_id, user_id, patient_name, patient_age, patient_gender,"
        " status, case_summary)"
        " values (%s, %s, 'Ada Lovelace', 54, 'female', 'completed', 'Ada reports thirst')",
        [case_id, owner],
    )
    db.execute(
        "insert into public.ai_drafts (draft_id, case_id, user_id, ai_insights)"
        " values (%s, %s, %s, '{\"x\": 1}')",
        [draft_id, case_id, owner],
    )
    db.execute(
        "insert into public.case_insights (case_id, user_id, ai_insights, draft_id)"
        " values (%s, %s, '{}', %s)",
        [case_id, owner, draft_id],
    )
    return case_id, draft_id


@pytest.fixture
def pilot(db: psycopg.Connection) -> dict[str, str]:
    """A pilot: coordinator, an enrolling doctor with one enrolled case, a reviewer; and a
    second pilot with its own reviewer and case."""
    ids = {k: _account(db) for k in ("lead", "doctor", "reviewer", "other_reviewer")}
    ids["pilot"], ids["other_pilot"] = str(uuid.uuid4()), str(uuid.uuid4())
    for pilot_id in (ids["pilot"], ids["other_pilot"]):
        db.execute(
            "insert into public.pilots (pilot_id, name, starts_on, ends_on, coordinator_id)"
            " values (%s, 'P', '2026-11-01', '2026-12-01', %s)",
            [pilot_id, ids["lead"]],
        )
    for pilot_id, user, role in (
        (ids["pilot"], ids["doctor"], "doctor"),
        (ids["pilot"], ids["reviewer"], "reviewer"),
        (ids["other_pilot"], ids["other_reviewer"], "reviewer"),
        (ids["other_pilot"], ids["doctor"], "doctor"),
    ):
        db.execute(
            "insert into public.pilot_members (pilot_id, user_id, email, role)"
            " values (%s, %s, 'x@t', %s)",
            [pilot_id, user, role],
        )
    for key, pilot_id in (("", ids["pilot"]), ("other_", ids["other_pilot"])):
        case_id, draft_id = _case_with_draft(db, ids["doctor"])
        with acting_as(db, ids["doctor"]):
            row = db.execute(
                "select public.enrol_pilot_case(%s, %s, %s, %s, %s, '{\"x\": 1}', null)",
                [str(uuid.uuid4()), pilot_id, case_id, draft_id, VIEW],
            ).fetchone()[0]
        ids[f"{key}case"], ids[f"{key}enrolment"] = case_id, row["enrolment_id"]
    return ids


def test_a_reviewer_reads_no_table_that_holds_a_patients_name(
    db: psycopg.Connection, pilot: dict[str, str]
) -> None:
    with acting_as(db, pilot["reviewer"]):
        tables = ("cases", "case_files", "case_insights", "ai_drafts", "signed_notes", "patients")
        for table in tables:
            assert db.execute(f"select count(*) from public.{table}").fetchone()[0] == 0, table
        page = db.execute(
            "select public.list_case_page(%s, null, array['completed'], null, true, 50, 0)",
            [pilot["doctor"]],
        ).fetchone()[0]
        assert page["rows"] == [] and page["total"] == 0
    # No other table or view in public has a patient column to read (patients: #27, its
    # name, date of birth and record number; cases.patient_id names a record).
    holders = db.execute(
        "select table_name from information_schema.columns"
        " where table_schema = 'public' and column_name like '%%patient%%'"
    ).fetchall()
    assert {name for (name,) in holders} == {"cases", "patients"}


def test_no_function_a_reviewer_may_call_hands_out_case_rows(db: psycopg.Connection) -> None:
    """SECURITY DEFINER functions bypass RLS: each one callable by a signed-in account
    returns a yes/no, an id or a role word, never rows or JSON."""
    rows = db.execute(
        "select p.proname, format_type(p.prorettype, null) from pg_proc p"
        " join pg_namespace n on n.oid = p.pronamespace"
        " where n.nspname = 'public' and p.prosecdef"
        " and has_function_privilege('authenticated', p.oid, 'execute')"
    ).fetchall()
    assert {name for name, _ in rows} == {
        "pilot_role",
        "pilot_account_id",
        "pilot_diagnosed",
        "pilot_review_correctable",
        "sign_note",  # signs the caller's own note; returns the new version's id
        # acknowledges a critical value of the caller's own case; returns true
        "acknowledge_critical_value",
        "pilot_case_reviewable",
        "merge_patients",  # the caller's own records; returns whether it merged (#27)
        "unmerge_patient",
        # the caller's own case: re-analyse, archive, restore; whether it did (sec20)
        "request_analysis",
        "archive_case",
        "restore_case",
    }
    assert {kind for _, kind in rows} <= {"uuid", "boolean", "text"}


def test_a_reviewer_reads_enrolled_cases_of_their_pilots_only(
    db: psycopg.Connection, pilot: dict[str, str]
) -> None:
    def visible(user: str, table: str = "pilot_cases") -> set[str]:
        with acting_as(db, user):
            return {str(e) for (e,) in db.execute(f"select enrolment_id from public.{table}")}

    # Reviewers read the view without case and owner ids, never pilot_cases itself (#23).
    assert visible(pilot["reviewer"]) == set()
    assert visible(pilot["reviewer"], "pilot_cases_for_review") == {pilot["enrolment"]}
    assert visible(pilot["other_reviewer"], "pilot_cases_for_review") == {pilot["other_enrolment"]}
    for user in ("lead", "doctor"):
        assert visible(pilot[user], "pilot_cases_for_review") == set()
    with pytest.raises(DENIED), acting_as(db, pilot["reviewer"]):
        db.execute(
            "insert into public.pilot_cases_for_review (enrolment_id, pilot_id, number,"
            " case_view) values (gen_random_uuid(), %s, 99, '{}')",
            [pilot["pilot"]],
        )
    assert visible(pilot["lead"]) == {pilot["enrolment"], pilot["other_enrolment"]}
    assert visible(pilot["doctor"]) == {pilot["enrolment"], pilot["other_enrolment"]}
    assert visible(_account(db)) == set()


def test_the_ai_draft_opens_to_a_reviewer_after_their_diagnosis_only(
    db: psycopg.Connection, pilot: dict[str, str]
) -> None:
    count = "select count(*) from public.pilot_case_insights"
    with acting_as(db, pilot["reviewer"]):
        assert db.execute(count).fetchone()[0] == 0
        db.execute(
            "insert into public.pilot_reviews (review_id, pilot_id, enrolment_id, diagnosis,"
            " icd_code, diagnosed_at) values (%s, %s, %s, 'Anaemia', 'D64.9', now())",
            [str(uuid.uuid4()), pilot["pilot"], pilot["enrolment"]],
        )
        assert db.execute(count).fetchone()[0] == 1
    with acting_as(db, pilot["other_reviewer"]):
        assert db.execute(count).fetchone()[0] == 0


def _review(db: psycopg.Connection, reviewer: str, pilot_id: str, enrolment: str) -> str:
    review_id = str(uuid.uuid4())
    db.execute(
        "insert into public.pilot_reviews (review_id, pilot_id, enrolment_id, diagnosis,"
        " icd_code, diagnosed_at) values (%s, %s, %s, 'Anaemia', 'D64.9', now())",
        [review_id, pilot_id, enrolment],
    )
    return review_id


def test_reviewers_write_only_their_own_reviews_of_their_pilots_cases(
    db: psycopg.Connection, pilot: dict[str, str]
) -> None:
    # Another pilot's case, a case of one's own, a review in someone else's name: refused.
    with pytest.raises(DENIED), acting_as(db, pilot["reviewer"]):
        _review(db, pilot["reviewer"], pilot["other_pilot"], pilot["other_enrolment"])
    with pytest.raises(DENIED), acting_as(db, pilot["reviewer"]):
        _review(db, pilot["reviewer"], pilot["pilot"], pilot["other_enrolment"])
    with pytest.raises(DENIED), acting_as(db, pilot["doctor"]):
        _review(db, pilot["doctor"], pilot["pilot"], pilot["enrolment"])
    with pytest.raises(DENIED), acting_as(db, pilot["reviewer"]):
        db.execute(
            "insert into public.pilot_reviews (review_id, pilot_id, enrolment_id, reviewer_id,"
            " diagnosis, icd_code, diagnosed_at) values (%s, %s, %s, %s, 'A', 'D64.9', now())",
            [str(uuid.uuid4()), pilot["pilot"], pilot["enrolment"], pilot["other_reviewer"]],
        )
    with acting_as(db, pilot["reviewer"]):
        review_id = _review(db, pilot["reviewer"], pilot["pilot"], pilot["enrolment"])
    # The diagnosis is final from the start; the scores go in once.
    with pytest.raises(DENIED), acting_as(db, pilot["reviewer"]):
        db.execute(
            "update public.pilot_reviews set icd_code = 'D50.9' where review_id = %s", [review_id]
        )
    submit = (
        "update public.pilot_reviews set scores = '{}', submitted_at = now() where review_id = %s"
    )
    with acting_as(db, pilot["lead"]):
        assert db.execute(submit, [review_id]).rowcount == 0  # not the coordinator's
    with acting_as(db, pilot["reviewer"]):
        assert db.execute(submit, [review_id]).rowcount == 1
        assert db.execute(submit, [review_id]).rowcount == 0  # final once submitted
    with pytest.raises(DENIED), acting_as(db, pilot["reviewer"]):
        db.execute("delete from public.pilot_reviews")


def test_enrolment_is_the_owners_own_case_in_a_pilot_they_belong_to(
    db: psycopg.Connection, pilot: dict[str, str]
) -> None:
    outsider = _account(db)
    case_id, draft_id = _case_with_draft(db, outsider)
    enrol = "select public.enrol_pilot_case(%s, %s, %s, %s, %s, '{}', null)"
    with pytest.raises(DENIED), acting_as(db, outsider):
        db.execute(enrol, [str(uuid.uuid4()), pilot["pilot"], case_id, draft_id, VIEW])
    # A member cannot enrol somebody else's case either.
    with pytest.raises(DENIED), acting_as(db, pilot["reviewer"]):
        db.execute(enrol, [str(uuid.uuid4()), pilot["pilot"], case_id, draft_id, VIEW])
    with pytest.raises(DENIED), acting_as(db, pilot["doctor"]):
        db.execute(
            "update public.pilot_cases set case_view = '{}' where enrolment_id = %s",
            [pilot["enrolment"]],
        )


def test_account_lookup_is_exact_and_for_the_coordinator_only(
    db: psycopg.Connection, pilot: dict[str, str]
) -> None:
    wanted = _account(db, "Reviewer.Two@clinic.test")
    lookup = "select public.pilot_account_id(%s, %s)"
    with acting_as(db, pilot["lead"]):
        assert (
            str(db.execute(lookup, [pilot["pilot"], "reviewer.two@clinic.test"]).fetchone()[0])
            == wanted
        )
        for pattern in ("%", "reviewer.two%", "_eviewer.two@clinic.test", "clinic.test"):
            assert db.execute(lookup, [pilot["pilot"], pattern]).fetchone()[0] is None
    with acting_as(db, pilot["reviewer"]):
        assert (
            db.execute(lookup, [pilot["pilot"], "reviewer.two@clinic.test"]).fetchone()[0] is None
        )
    with pytest.raises(DENIED), acting_as(db, None, role="anon"):
        db.execute(lookup, [pilot["pilot"], "reviewer.two@clinic.test"])


def test_through_postgrest_a_reviewer_gets_no_patient_name(supabase_stack: SupabaseStack) -> None:
    from tests.contract.test_pilots import _case, pilots
    from tests.supabase_stack.harness import SupabaseHarness

    harness = SupabaseHarness(supabase_stack)
    try:
        lead, doctor = harness.sign_up(), harness.sign_up()
        pilot = pilots(lead).create_pilot("P", "", "2026-11-01", "2026-12-01")
        pilots(lead).add_member(pilot.pilot_id, doctor.doctor.email, "doctor")
        reviewer = harness.provider.accounts.sign_up(f"r-{uuid.uuid4().hex[:8]}@t.test", "pw-pw-pw")
        pilots(lead).add_member(pilot.pilot_id, reviewer.doctor.email, "reviewer")
        (enrolment,) = pilots(doctor).enrol(pilot.pilot_id, [_case(doctor)])
        headers = {
            "apikey": supabase_stack.anon_key,
            "Authorization": f"Bearer {reviewer.access_token}",
        }
        with httpx.Client(base_url=supabase_stack.url, headers=headers) as rest:
            read = ("cases", "case_files", "case_insights", "ai_drafts", "signed_notes")
            for table in (*read, "patients"):
                answer = rest.get(f"/rest/v1/{table}", params={"select": "*"})
                assert answer.status_code == 200 and answer.json() == [], table
            for table in ("pilot_cases", "pilot_case_insights", "pilot_reviews", "pilots"):
                answer = rest.get(f"/rest/v1/{table}", params={"select": "patient_name"})
                assert answer.status_code == 400, table  # no such column
                everything = rest.get(f"/rest/v1/{table}", params={"select": "*"})
                assert "Kowalczyk" not in everything.text
            # Not pilot_cases: the reviewer's view, without the case's or the owner's id.
            assert rest.get("/rest/v1/pilot_cases", params={"select": "*"}).json() == []
            seen = rest.get("/rest/v1/pilot_cases_for_review", params={"select": "*"}).json()
            assert [row["enrolment_id"] for row in seen] == [enrolment.enrolment_id]
            assert not {"case_id", "owner_id"} & set(seen[0])
            assert doctor.doctor.user_id not in str(seen)
            page = rest.post(
                "/rest/v1/rpc/list_case_page",
                json={
                    "owner_id": doctor.doctor.user_id,
                    "name_search": None,
                    "wanted_statuses": ["completed"],
                    "wanted_review_states": None,
                    "descending": True,
                    "page_size": 50,
                    "page_offset": 0,
                    "created_from": None,
                    "created_before": None,
                    "min_age": None,
                    "max_age": None,
                    "diagnosis_search": None,
                    "icd_prefix": None,
                },
            )
            assert page.json().get("rows") == [], page.text
    finally:
        harness.close()


def test_only_the_owner_records_the_signed_note_and_never_changes_the_draft(
    db: psycopg.Connection, pilot: dict[str, str]
) -> None:
    record = (
        "update public.pilot_case_insights set signed_sections = '{\"soap_note\": null}'"
        " where enrolment_id = %s"
    )
    for stranger in (pilot["reviewer"], pilot["lead"]):
        with acting_as(db, stranger):
            assert db.execute(record, [pilot["enrolment"]]).rowcount == 0
    # Not even the owner writes a signed text the case has no signed note for (#23).
    with pytest.raises(psycopg.errors.CheckViolation), acting_as(db, pilot["doctor"]):
        db.execute(record, [pilot["enrolment"]])
    with pytest.raises(DENIED), acting_as(db, pilot["doctor"]):
        db.execute(
            "update public.pilot_case_insights set ai_insights = '{}' where enrolment_id = %s",
            [pilot["enrolment"]],
        )
