"""The Supabase mode's access matrix, stated once and attacked the way an outside reviewer
would: every exposed table, view and function, for each role (anon, the owner doctor,
another doctor, a pilot's reviewer, its coordinator) and each verb.

Two halves:

- **The catalogue** (what PostgREST exposes): every relation of ``public`` is in
  ``RELATIONS`` with the verbs each API role holds on it, row-level security on every table,
  and every view named with how it runs; every function of ``public`` is in ``FUNCTIONS``
  with who may call it over ``/rpc/`` and whether it runs as its owner. A table, view or
  function added without a line here fails, so a new one cannot ship without a decision.
- **The requests**: each attacker's own token sent straight to the PostgREST stand-in with
  the victim's ids (ids are not secrets: a coordinator reads case ids, drafts and owners
  of enrolled cases): reads, bulk PATCH and DELETE without filters, forged inserts and
  upserts of copies of other accounts' rows, and the RPC functions with the victim's ids.
  Nothing outside the attacker's own rows may change, and no answer may carry the victim's
  ids or the patient's name unless the role reads them by design (``READERS``).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import httpx
import psycopg
import pytest

from tests.contract.test_pilot_integrity import pilot  # noqa: F401  (fixture)
from tests.contract.test_pilots import NAME
from tests.contract.test_review import _review_all
from tests.supabase_stack.postgres import PostgresCluster
from tests.supabase_stack.rest_api import TABLES
from tests.supabase_stack.rest_rpc import FUNCTIONS as RPC_SERVED
from tests.supabase_stack.server import SupabaseStack

pytestmark = pytest.mark.postgres

SELECT, INSERT, UPDATE, DELETE = "select", "insert", "update", "delete"


@dataclass(frozen=True)
class Relation:
    authenticated: frozenset[str]
    view: str | None = None  # how a view runs: "invoker", or why it runs as its owner
    # What the analyzer's own role (sec18) holds: the analysis of a case being analysed.
    analyzer: frozenset[str] = frozenset()


def _verbs(*verbs: str) -> frozenset[str]:
    return frozenset(verbs)


# What each API role may do to each relation of public (anon: nothing, anywhere). Rows are
# then filtered by the policies; triggers refuse what no policy may express.
RELATIONS: dict[str, Relation] = {
    # UPDATE by column (sec20): the doctor's content, review_state (as the decisions give,
    # sec21) and updated_at; content_version is the database's (sec21); the status and the
    # analysis through the doctor's and analyzer's functions.
    "cases": Relation(_verbs(SELECT, INSERT, UPDATE, DELETE)),
    # A file's reading and the insights are the analyzer's to write (sec18): its role reads
    # only the ids its own writes name (file_id, user_id; case_id, user_id).
    "case_files": Relation(_verbs(SELECT, INSERT, DELETE), analyzer=_verbs(SELECT, UPDATE)),
    # The analyzer replaces the row through replace_case_insights only (sec19).
    "case_insights": Relation(_verbs(SELECT, DELETE)),
    # Kept drafts, decisions and signed notes: inserted, never changed; drafts only by the
    # analyzer's role, signed notes only by sign_note. DELETE is granted but no policy lets
    # a row go (cascades only).
    "ai_drafts": Relation(_verbs(SELECT, DELETE), analyzer=_verbs(INSERT)),
    "section_reviews": Relation(_verbs(SELECT, INSERT, DELETE)),
    "signed_notes": Relation(_verbs(SELECT, DELETE)),
    # The analyzer's steps are recorded by its functions (sec20, sec21): its role neither
    # writes nor reads an event.
    "audit_events": Relation(_verbs(SELECT, INSERT)),
    "audit_checkpoints": Relation(_verbs(SELECT, INSERT)),
    "critical_findings": Relation(_verbs(SELECT), analyzer=_verbs(INSERT)),
    "critical_acknowledgments": Relation(_verbs(SELECT)),  # acknowledge_critical_value only
    # By column: never merged_into, user_id or sex.
    "patients": Relation(_verbs(SELECT, INSERT, UPDATE)),
    "doctor_profiles": Relation(_verbs(SELECT, INSERT, UPDATE)),
    # A pilot is made and deleted, never rewritten (20261127160100_pilots_not_rewritten.sql).
    "pilots": Relation(_verbs(SELECT, INSERT, DELETE)),
    "pilot_members": Relation(_verbs(SELECT, INSERT, DELETE)),
    "pilot_cases": Relation(_verbs(SELECT, INSERT, DELETE)),
    "pilot_case_insights": Relation(_verbs(SELECT, INSERT, UPDATE)),
    "pilot_reviews": Relation(_verbs(SELECT, INSERT, UPDATE)),
    "pilot_account_misses": Relation(_verbs()),  # pilot_account_id's own bookkeeping
    "pilot_cases_for_review": Relation(
        _verbs(SELECT),
        view="owner: a reviewer reads enrolled cases without the case or owner ids that "
        "pilot_cases' policy keeps from them (filtered by pilot_role and auth.uid())",
    ),
}

PURE = "pure"  # no table read: a value in, a value out


@dataclass(frozen=True)
class Function:
    anon: bool
    authenticated: bool
    definer: bool
    why: str


# Every function of public. Trigger functions are not callable (PostgreSQL refuses them
# outside a trigger); the rest is what /rpc/ offers each role.
FUNCTIONS: dict[str, Function] = {
    # Called over /rpc/ by the app.
    "list_case_page": Function(False, True, False, "the caller's cases, under RLS"),
    "enrol_pilot_case": Function(False, True, False, "two inserts under the policies"),
    "sign_note": Function(False, True, True, "signs the caller's own case"),
    "acknowledge_critical_value": Function(False, True, True, "the caller's own case"),
    "merge_patients": Function(False, True, True, "the caller's own records"),
    "unmerge_patient": Function(False, True, True, "the caller's own records"),
    "pilot_account_id": Function(False, True, True, "the coordinator's lookup, throttled"),
    # Policy helpers (definer: a policy on pilots would recurse); a yes/no or a role.
    "pilot_role": Function(False, True, True, "the caller's own role"),
    "pilot_diagnosed": Function(False, True, True, "the caller's own review exists"),
    "pilot_review_correctable": Function(False, True, True, "the caller's own review"),
    "pilot_case_reviewable": Function(False, True, True, "an enrolment not the caller's"),
    # The analyzer's policy helpers (sec18): yes or no for the ids named; its role only.
    "analysis_underway": Function(False, False, True, "the analyzer's policies' helper"),
    "draft_of_analysis": Function(False, False, True, "the analyzer's policies' helper"),
    # The analyzer's one write of the current insights, in one transaction (sec19).
    "replace_case_insights": Function(False, False, True, "the analyzer's role only"),
    # The analyzer's writes to the case row, each under the owner and the claim (sec20).
    "take_analysis": Function(False, False, True, "the analyzer's role only"),
    "claim_case_analysis": Function(False, False, True, "the analyzer's role only"),
    "beat_analysis": Function(False, False, True, "the analyzer's role only"),
    "record_analysis_stage": Function(False, False, True, "the analyzer's role only"),
    "save_draft_section": Function(False, False, True, "the analyzer's role only"),
    "complete_analysis": Function(False, False, True, "the analyzer's role only"),
    "fail_analysis": Function(False, False, True, "the analyzer's role only"),
    # How long a claim that beat stays live, whatever time the analyzer names (sec21).
    "analysis_claim_lease": Function(False, False, False, PURE),
    # The doctor's status changes of a case (sec20): the caller's own case only.
    "request_analysis": Function(False, True, True, "the caller's own case"),
    "archive_case": Function(False, True, True, "the caller's own case"),
    "restore_case": Function(False, True, True, "the caller's own case"),
    # sec21: the review state the decisions on the caller's draft give (its trigger's).
    "review_state_of_decisions": Function(False, True, False, "the caller's cases, under RLS"),
    # Pure helpers of checks, hashes and the case list.
    "canonical_json": Function(False, True, False, PURE),
    "signed_at_text": Function(False, True, False, PURE),
    "signed_note_hash": Function(False, True, False, PURE),
    "names_patient": Function(False, True, False, PURE),
    "same_but_text": Function(False, True, False, PURE),
    "pilot_scores_valid": Function(False, True, False, PURE),
    "fold_spelling": Function(True, True, False, PURE),
    "visible_reason": Function(True, True, False, PURE),
    "plain_typed_text": Function(False, True, False, PURE),
    "plain_typed_json": Function(False, True, False, PURE),
    "plain_line": Function(False, True, False, PURE),
    "redacted_copy": Function(False, False, False, PURE),
    "redaction_of": Function(False, False, False, PURE),
    "view_from_stored_case": Function(False, False, False, "the enrolment trigger's check"),
    "draft_without_dates_of_care": Function(False, False, False, "the enrolment check's"),
    # sign_note's: the sections a sign-off signs, an amended section's shape (sign17).
    "python_float_text": Function(False, False, False, PURE),
    "python_json_text": Function(False, False, False, PURE),
    "stored_text": Function(False, False, False, PURE),
    "section_fields": Function(False, False, False, PURE),
    "drafted_section": Function(False, False, False, PURE),
    "reviewed_sections": Function(False, False, False, "sign_note's, as the tables' owner"),
    "edited_line": Function(False, False, False, PURE),
    "edited_section_shape": Function(False, False, False, PURE),
}

# The functions of public the analyzer's role calls over /rpc/ (no account's token may).
ANALYZER_CALLS = {
    "replace_case_insights",
    "take_analysis",
    "claim_case_analysis",
    "beat_analysis",
    "record_analysis_stage",
    "save_draft_section",
    "complete_analysis",
    "fail_analysis",
}

TRIGGER_FUNCTIONS = {
    "case_patient_of_its_own": False,
    "check_enrolled_draft": True,  # reads the stored draft: refuses a stranger first
    "check_enrolled_view": True,  # reads the stored case: refuses a stranger first
    "check_patient_merge": False,
    "critical_finding_first_found": True,  # the case's findings, which the analyzer cannot read
    "doctor_profile_audited": True,
    "doctor_profile_touched": False,
    "keep_cases_with_signed_notes": False,
    "keep_enrolled_draft": False,
    "keep_patient_gender": False,
    "keep_pilot_review": False,
    "keep_pilot_review_blind": True,  # reads the corrected review: the caller's own first
    "keep_reviewed_pilot": True,
    "number_pilot_case": True,
    "refuse_change": False,
    "stamp_audit_event": True,  # the chain's last link, which the analyzer cannot read
    "touch_case_updated_at": False,
    "keep_case_file_id": False,
    "review_state_follows_signed_notes": False,
    "signed_after_every_critical_value": False,
    "case_opened_now": False,
    "patient_record_opened_now": False,
    "section_decided_now": False,
    "pilot_member_added_now": False,
    # Round fourteen: the owner's own rows as no product path changes them.
    "keep_case_patient": False,
    "keep_case_file_as_uploaded": False,
    "keep_files_of_signed_cases": False,
    "file_uploaded_now": False,
    "pilot_created_now": False,
    "keep_enrolled_cases": False,
    # Round fifteen: a draft an API role stores has the analyzer's shape.
    "draft_as_the_analyzer_writes": False,
    # Round fifteen: text the app refuses, refused when written with a token.
    "case_text_plain": False,
    "patient_text_plain": False,
    "signer_text_plain": False,
    # sec19: the time of a draft and of a checkpoint is the database's.
    "draft_generated_now": False,
    "checkpoint_made_now": False,
    # sec21: the content version and the review state follow core.lifecycle.
    "case_content_version_moves": False,
    "case_files_move_content_version": True,  # the version no API role may write
    "review_state_as_decided": False,
}


@pytest.fixture
def db(postgres_cluster: PostgresCluster, rls_database: str) -> Iterator[psycopg.Connection]:
    connection = postgres_cluster.connect(rls_database)
    try:
        yield connection
    finally:
        connection.rollback()
        connection.close()


# --- the catalogue ------------------------------------------------------------------------


def _privileges(db: psycopg.Connection, role: str, relation: str) -> frozenset[str]:
    held = set()
    for verb in (SELECT, INSERT, UPDATE, DELETE):
        if verb != DELETE:
            # Column grants count (patients: insert and update name by name).
            query = "select has_any_column_privilege(%s, %s, %s)"
        else:
            query = "select has_table_privilege(%s, %s, %s)"
        if db.execute(query, [role, f"public.{relation}", verb]).fetchone()[0]:
            held.add(verb)
    return frozenset(held)


def test_every_relation_is_in_the_matrix_with_its_grants_rls_and_view_mode(
    db: psycopg.Connection,
) -> None:
    rows = db.execute(
        "select c.relname, c.relkind, c.relrowsecurity, coalesce(c.reloptions, '{}')"
        " from pg_class c join pg_namespace n on n.oid = c.relnamespace"
        " where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')"
    ).fetchall()
    found = {name for name, *_ in rows}
    assert found == set(RELATIONS), "a relation without a line in RELATIONS (or one gone)"
    for name, kind, rls, options in rows:
        expected = RELATIONS[name]
        assert _privileges(db, "anon", name) == frozenset(), name
        assert _privileges(db, "authenticated", name) == expected.authenticated, name
        assert _privileges(db, "medcase_analyzer", name) == expected.analyzer, name
        if kind == "v":
            invoker = "security_invoker=true" in options or "security_invoker=on" in options
            assert expected.view is not None, f"{name}: say how the view runs"
            assert invoker == (expected.view == "invoker"), name
            # A view running as its owner is a filter of its own: never one anon may read.
            assert "security_barrier=true" in options or invoker, name
        else:
            assert kind == "r" and rls, f"{name}: a table without row-level security"
    # Every table the stand-in serves is one of them (the tests attack all of them).
    assert set(TABLES) <= set(RELATIONS)
    # No API role holds a sequence of public (an identity column needs none): setval()
    # on the audit events' ids made every later event fail on the primary key.
    sequences = db.execute(
        "select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace"
        " where n.nspname = 'public' and c.relkind = 'S'"
        " and (has_sequence_privilege('anon', c.oid, 'usage, select, update')"
        " or has_sequence_privilege('authenticated', c.oid, 'usage, select, update')"
        " or has_sequence_privilege('medcase_analyzer', c.oid, 'usage, select, update'))"
    ).fetchall()
    assert sequences == []


def test_every_function_is_in_the_matrix_with_who_may_call_it(db: psycopg.Connection) -> None:
    rows = db.execute(
        "select p.proname, p.prosecdef, format_type(p.prorettype, null),"
        " has_function_privilege('anon', p.oid, 'execute'),"
        " has_function_privilege('authenticated', p.oid, 'execute'),"
        " coalesce(array_to_string(p.proconfig, ','), '')"
        " from pg_proc p join pg_namespace n on n.oid = p.pronamespace"
        " where n.nspname = 'public'"
    ).fetchall()
    names = [name for name, *_ in rows]
    assert len(names) == len(set(names)), "an overload: PostgREST picks one by arguments"
    assert set(names) == set(FUNCTIONS) | set(TRIGGER_FUNCTIONS)
    for name, definer, returns, anon, authenticated, config in rows:
        # Every function pins its search path: a definer one above all.
        assert "search_path=" in config, name
        if returns == "trigger":
            assert definer == TRIGGER_FUNCTIONS[name], name
            continue
        expected = FUNCTIONS[name]
        assert (anon, authenticated, definer) == (
            expected.anon,
            expected.authenticated,
            expected.definer,
        ), name
    # Each function the stand-in serves over /rpc/ is one a signed-in account may call, or
    # the analyzer's role (and then that role alone).
    for name in RPC_SERVED:
        analyzers = name in ANALYZER_CALLS
        assert FUNCTIONS[name].authenticated != analyzers, name
        held = db.execute(
            "select has_function_privilege('medcase_analyzer', %s::regproc, 'execute')",
            [f"public.{name}"],
        ).fetchone()[0]
        assert held or not analyzers, name


def test_storage_holds_one_private_bucket_and_four_policies_for_its_owners(
    db: psycopg.Connection,
) -> None:
    """Storage's tables are granted to every API role (as on Supabase): only RLS decides.
    No policy on buckets (nobody makes or opens one); on objects, each verb for
    ``authenticated`` in the case-files bucket, in the caller's own folder."""
    rls = db.execute(
        "select c.relname, c.relrowsecurity from pg_class c"
        " join pg_namespace n on n.oid = c.relnamespace"
        " where n.nspname = 'storage' and c.relkind = 'r'"
    ).fetchall()
    assert dict(rls) == {"buckets": True, "objects": True}
    assert db.execute("select id, public from storage.buckets").fetchall() == [
        ("case-files", False)
    ]
    policies = db.execute(
        "select tablename, cmd, roles::text[], coalesce(qual, '') || coalesce(with_check, '')"
        " from pg_policies where schemaname = 'storage'"
    ).fetchall()
    assert sorted((table, cmd) for table, cmd, *_ in policies) == [
        ("objects", "DELETE"),
        ("objects", "INSERT"),
        ("objects", "SELECT"),
        ("objects", "UPDATE"),
    ]
    for _, cmd, roles, rule in policies:
        assert roles == ["authenticated"], cmd
        assert "'case-files'" in rule and "auth.uid()" in rule, cmd
        if cmd in ("INSERT", "UPDATE"):
            assert "[A-Za-z0-9._-]" in rule, f"{cmd}: a new name must be the app's key"


# --- the requests -------------------------------------------------------------------------

ATTACKERS = ("anon", "other", "reviewer", "coordinator")
# Which attackers read the victim's rows of a table by design (the victim is the pilot's
# enrolling doctor, with a signed note on their enrolled case).
READERS: dict[str, set[str]] = {
    "pilot_members": {"coordinator"},  # the pilot's members, to manage them
    "pilot_cases": {"coordinator"},  # enrolled cases, de-identified
    "pilot_case_insights": {"coordinator", "reviewer"},  # the reviewer after diagnosing
}
# Bulk writes an attacker may make to rows that are not theirs, by role (the coordinator
# removes the pilot's members).
ALLOWED = {("coordinator", "pilot_members", "DELETE")}
# One changed column per relation: what a bulk PATCH without filters tries to write.
PATCHES: dict[str, dict[str, Any]] = {
    "cases": {"patient_name": "Taken"},
    "case_files": {"file_name": "taken.pdf"},
    "case_insights": {"ai_insights": {}},
    "ai_drafts": {"ai_insights": {}},
    "section_reviews": {"reason": "taken"},
    "signed_notes": {"signer_email": "taken@clinic.test"},
    "audit_events": {"action": "case_opened"},
    "audit_checkpoints": {"seal": "0" * 64},
    "pilots": {"name": "Taken"},
    "pilot_members": {"role": "reviewer"},
    "pilot_cases": {"case_view": {}},
    "pilot_case_insights": {"signed_sections": None},
    "pilot_reviews": {"diagnosis": "Taken"},
    "pilot_cases_for_review": {"case_view": {}},
    "critical_findings": {"shown": "taken"},
    "critical_acknowledgments": {"comment": "taken"},
    "patients": {"name": "Taken"},
    "doctor_profiles": {"display_name": "Taken"},
}


def _rows(stack: SupabaseStack, table: str) -> list[dict[str, Any]]:
    with stack.project.connect() as connection:
        return connection.execute(
            f"select coalesce(json_agg(t), '[]') from public.{table} t"  # a known name
        ).fetchone()[0]


def _primary_key(stack: SupabaseStack, table: str) -> list[str]:
    with stack.project.connect() as connection:
        rows = connection.execute(
            "select a.attname from pg_index i join pg_attribute a"
            " on a.attrelid = i.indrelid and a.attnum = any(i.indkey)"
            " where i.indrelid = %s::regclass and i.indisprimary",
            [f"public.{table}"],
        ).fetchall()
    return [name for (name,) in rows]


def _not_theirs(stack: SupabaseStack, attacker_id: str | None) -> dict[str, list[str]]:
    """Every row of every table, and every stored object, that the attacker does not own
    (does not name them), as text: what an attack must leave as it was."""
    kept: dict[str, list[str]] = {}
    for table in RELATIONS:
        rows = [json.dumps(r, sort_keys=True) for r in _rows(stack, table)]
        kept[table] = sorted(r for r in rows if not attacker_id or attacker_id not in r)
    with stack.project.connect() as connection:
        objects = connection.execute("select name from storage.objects").fetchall()
    kept["storage.objects"] = sorted(
        name for (name,) in objects if not attacker_id or not name.startswith(attacker_id)
    )
    return kept


def _forged(stack: SupabaseStack, table: str, row: dict[str, Any]) -> dict[str, Any]:
    """A copy of someone's row under a new primary key (its uuids), ready to insert."""
    copy = {k: v for k, v in row.items() if k != "event_id"}  # generated always
    for column in _primary_key(stack, table):
        if isinstance(copy.get(column), str) and len(copy[column]) == 36:
            copy[column] = str(uuid.uuid4())
    return copy


def _insert_without_returning(
    stack: SupabaseStack, me: str, table: str, row: dict[str, Any]
) -> None:
    """The same forged row with no RETURNING (PostgREST's return=minimal asks for no row
    back): the insert policy alone must refuse it, not the select policy on what returns."""
    columns = ", ".join(f'"{name}"' for name in row)
    statement = (
        f"insert into public.{table} ({columns})"  # names from the catalogue
        f" select {columns} from json_populate_record(null::public.{table}, %s::json)"
    )
    with pytest.raises(psycopg.Error):  # noqa: SIM117  (the block is the request)
        with stack.project.as_caller({"sub": me, "role": "authenticated"}) as connection:
            connection.execute(statement, [json.dumps(row)])


def _attack_tables(stack: SupabaseStack, rest: httpx.Client, role: str, me: str | None) -> None:
    for table in TABLES:
        path = f"/rest/v1/{table}"
        theirs = [r for r in _rows(stack, table) if not me or me not in json.dumps(r)]
        patch = rest.patch(path, json=PATCHES[table], headers={"Prefer": "return=representation"})
        if role == "anon":
            assert patch.status_code == 401, (table, patch.text)
        if (role, table, "DELETE") not in ALLOWED:
            gone = rest.delete(path, headers={"Prefer": "return=representation"})
            assert role != "anon" or gone.status_code == 401, (table, gone.text)
        for row in theirs[:3]:
            forged = rest.post(path, json=_forged(stack, table, row))
            assert forged.status_code >= 400, (role, table, forged.text)
            if me is not None:
                _insert_without_returning(stack, me, table, _forged(stack, table, row))
            key = _primary_key(stack, table)
            if len(key) == 1 and table != "audit_events":
                upsert = rest.post(
                    path,
                    params={"on_conflict": key[0]},
                    json={**row, **PATCHES[table]},
                    headers={"Prefer": "resolution=merge-duplicates,return=representation"},
                )
                assert upsert.status_code >= 400, (role, table, upsert.text)


def _attack_functions(
    rest: httpx.Client, victim: dict[str, str], ids: dict[str, str], role: str
) -> None:
    claim = str(uuid.uuid4())
    calls: dict[str, dict[str, Any]] = {
        "list_case_page": {
            "owner_id": victim["user"],
            "name_search": None,
            "wanted_statuses": ["completed", "analyzing"],
            "wanted_review_states": None,
            "descending": True,
            "page_size": 50,
            "page_offset": 0,
        },
        "sign_note": {
            "p_case": ids["case"],
            "p_version": 2,
            "p_draft": victim["draft"],
            "p_sections": {"case_summary": None, "soap_note": None, "primary_diagnosis": None},
            "p_reason": "taken",
        },
        "acknowledge_critical_value": {
            "p_case": ids["case"],
            "p_value_key": "0" * 64,
            "p_method": "in_person",
        },
        "merge_patients": {"p_patient": victim["patient"], "p_into": victim["patient"]},
        "unmerge_patient": {"p_patient": victim["patient"]},
        "enrol_pilot_case": {
            "p_enrolment": str(uuid.uuid4()),
            "p_pilot": ids["pilot"],
            "p_case": ids["case"],
            "p_draft": victim["draft"],
            "p_view": {"notes": None},
            "p_insights": {},
            "p_signed": None,
        },
        "pilot_account_id": {"p_pilot": ids["pilot"], "p_email": victim["email"]},
        # The analyzer's (sec19): the victim's case with its own current draft.
        "replace_case_insights": {
            "p_case": ids["case"],
            "p_owner": victim["user"],
            "p_draft": victim["draft"],
        },
        # The analyzer's writes to the case row (sec20).
        "take_analysis": {
            "p_owner": victim["user"],
            "p_claim": str(uuid.uuid4()),
            "p_stale_before": "2030-01-01T00:00:00+00:00",
        },
        "claim_case_analysis": {
            "p_case": ids["case"],
            "p_owner": victim["user"],
            "p_claim": str(uuid.uuid4()),
            "p_stale_before": "2030-01-01T00:00:00+00:00",
        },
        "beat_analysis": {"p_case": ids["case"], "p_owner": victim["user"], "p_claim": claim},
        "record_analysis_stage": {
            "p_case": ids["case"],
            "p_owner": victim["user"],
            "p_claim": claim,
            "p_stage": "insights_compiled",
        },
        "save_draft_section": {
            "p_case": ids["case"],
            "p_owner": victim["user"],
            "p_claim": claim,
            "p_section_name": "soap_note",
            "p_section": {"plan": "taken"},
        },
        "complete_analysis": {
            "p_case": ids["case"],
            "p_owner": victim["user"],
            "p_claim": claim,
            "p_draft": victim["draft"],
        },
        "fail_analysis": {
            "p_case": ids["case"],
            "p_owner": victim["user"],
            "p_claim": claim,
            "p_reason": "taken",
        },
        # The doctor's (sec20): the victim's case.
        "request_analysis": {"p_case": ids["case"]},
        "archive_case": {"p_case": ids["case"]},
        "restore_case": {"p_case": ids["case"]},
    }
    assert set(calls) == set(RPC_SERVED)
    for function, arguments in calls.items():
        answer = rest.post(f"/rest/v1/rpc/{function}", json=arguments)
        if role == "anon":
            assert answer.status_code == 401, (function, answer.text)
        elif answer.status_code == 200:
            # A refusal that answers: nothing of the victim's comes back.
            assert (
                answer.json() in (None, False)
                or (function == "list_case_page" and answer.json()["total"] == 0)
                or (function == "pilot_account_id" and role == "coordinator")
            ), (
                role,
                function,
                answer.text,
            )


def _readable_leaks(
    rest: httpx.Client, role: str, me: str | None, needles: list[str]
) -> list[tuple[str, str]]:
    leaks = []
    for table in TABLES:
        answer = rest.get(f"/rest/v1/{table}", params={"select": "*"})
        if role == "anon":
            assert answer.status_code == 401, (table, answer.text)
            continue
        assert answer.status_code == 200, (table, answer.text)
        # The attacker's own rows may name the victim (a coordinator's trail names members).
        text = json.dumps([r for r in answer.json() if not me or me not in json.dumps(r)])
        if NAME.split()[0] in text or NAME.split()[-1] in text:
            leaks.append((table, "the patient's name"))
        if role not in READERS.get(table, set()) and any(n in text for n in needles):
            leaks.append((table, "the victim's rows"))
    return leaks


def test_no_attacker_reads_changes_or_forges_what_is_not_theirs(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    _, roles, ids = pilot
    doctor = roles["doctor"].signed_in
    _review_all(doctor, ids["case"])
    signed = doctor.services.review.sign(ids["case"])
    victim = {
        "user": doctor.doctor.user_id,
        "email": doctor.doctor.email,
        "draft": signed.draft_id,
        "patient": next(
            r["patient_id"] for r in _rows(supabase_stack, "cases") if r["case_id"] == ids["case"]
        ),
    }
    needles = [victim["user"], ids["case"], victim["patient"]]
    for role in ATTACKERS:
        token = None if role == "anon" else roles[role].token
        me = None if role == "anon" else roles[role].signed_in.doctor.user_id
        before = _not_theirs(supabase_stack, me)
        with supabase_stack.rest_as(token) as rest:
            assert _readable_leaks(rest, role, me, needles) == [], role
            _attack_tables(supabase_stack, rest, role, me)
            _attack_functions(rest, victim, ids, role)
        after = _not_theirs(supabase_stack, me)
        changed = {t: (before[t], after[t]) for t in before if before[t] != after[t]}
        assert changed == {}, (role, sorted(changed))
    # The victim's own session still reads its signed, verified note.
    (version,) = doctor.services.review.versions(ids["case"])
    assert version.verified


# --- what the attacks above do not reach: holes found and closed (round twelve) ----------


def _same_refusal(first: httpx.Response, second: httpx.Response) -> None:
    """A right guess and a wrong one answer alike: the refusal says nothing of the data."""
    assert first.status_code == second.status_code == 403, (first.text, second.text)
    assert first.json() == second.json()


def test_a_stranger_learns_nothing_of_an_enrolled_case_from_a_refused_enrolment(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """The enrolment checks compare what is sent with the stored case, draft or review as
    their owner; before the fix they did so before asking whose row it was, so a refusal's
    words told a right guess from a wrong one: the patient's name, then the case summary
    and the text behind every [PATIENT], a character at a time."""
    _, roles, ids = pilot
    (enrolled,) = [r for r in _rows(supabase_stack, "pilot_case_insights")]
    summary = enrolled["ai_insights"]["case_summary"]["comprehensive_summary"]
    assert "[PATIENT]" in summary and NAME not in summary  # what the coordinator reads

    def probe(token: str, table: str, row: dict[str, Any]) -> httpx.Response:
        with supabase_stack.rest_as(token) as rest:
            return rest.post(f"/rest/v1/{table}", json=row)

    coordinator = roles["coordinator"].token
    for guess_right, guess_wrong in (
        ({"notes": NAME}, {"notes": "Nobody Atall"}),  # names_patient: the name itself
        ({"notes": f"{NAME}[PATIENT]"}, {"notes": "#[PATIENT]"}),  # the summary's start
    ):
        rows = [
            {"pilot_id": ids["pilot"], "case_id": ids["case"], "case_view": view}
            for view in (guess_right, guess_wrong)
        ]
        _same_refusal(*(probe(coordinator, "pilot_cases", row) for row in rows))

    # The text behind a [PATIENT] of the enrolled draft, guessed from its first letter.
    def draft_with(text: str) -> dict[str, Any]:
        insights = json.loads(json.dumps(enrolled["ai_insights"]))
        insights["case_summary"]["comprehensive_summary"] = summary.replace(
            "[PATIENT]", f"{text}[PATIENT]", 1
        )
        return {
            "enrolment_id": str(uuid.uuid4()),
            "pilot_id": ids["pilot"],
            "owner_id": enrolled["owner_id"],
            "draft_id": enrolled["draft_id"],
            "ai_insights": insights,
        }

    _same_refusal(
        probe(coordinator, "pilot_case_insights", draft_with(NAME[0])),
        probe(coordinator, "pilot_case_insights", draft_with("#")),
    )

    # Another account's review: its blind diagnosis, tried as a "correction" of it.
    other = roles["other"]
    (review,) = _rows(supabase_stack, "pilot_reviews")
    tries = [
        {
            "review_id": str(uuid.uuid4()),
            "pilot_id": ids["pilot"],
            "enrolment_id": ids["enrolment"],
            "reviewer_id": other.signed_in.doctor.user_id,
            "diagnosis": diagnosis,
            "icd_code": code,
            "diagnosed_at": "2026-11-20T10:00:00+00:00",
            "supersedes": review["review_id"],
        }
        for diagnosis, code in ((review["diagnosis"], review["icd_code"]), ("Gout", "M10.9"))
    ]
    _same_refusal(*(probe(other.token, "pilot_reviews", row) for row in tries))
    # The owner's own enrolment still goes through the same checks (and a made-up view is
    # still refused with the check's words).
    with supabase_stack.rest_as(roles["doctor"].token) as rest:
        made_up = rest.post(
            "/rest/v1/pilot_cases",
            json={"pilot_id": ids["pilot"], "case_id": ids["case"], "case_view": {"notes": "x"}},
        )
    assert made_up.status_code == 400 and "redacted" in made_up.json()["message"]


def _patch(
    stack: SupabaseStack, token: str, table: str, filters: dict[str, str], values: dict[str, Any]
) -> httpx.Response:
    with stack.rest_as(token) as rest:
        return rest.patch(
            f"/rest/v1/{table}",
            params={k: f"eq.{v}" for k, v in filters.items()},
            json=values,
            headers={"Prefer": "return=representation"},
        )


def test_the_review_state_says_signed_only_when_the_database_signed(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """The case list, the export of earlier results and the pilot's enrol list read
    "Signed" from cases.review_state: the owner's token could write it without a signed
    note, or put a signed case back to "awaiting review", hiding the sign-off."""
    _, roles, ids = pilot
    doctor = roles["doctor"]
    case = {"case_id": ids["case"]}
    for state in ("signed", "amended"):
        forged = _patch(supabase_stack, doctor.token, "cases", case, {"review_state": state})
        assert forged.status_code == 400, forged.text
    with supabase_stack.rest_as(doctor.token) as rest:
        born_signed = rest.post(
            "/rest/v1/cases",
            json={
                "patient_name": "Eve",
                "patient_age": 40,
                "patient_gender": "female",
                "review_state": "signed",
            },
        )
    assert born_signed.status_code == 400, born_signed.text
    # The app's own moves still go in: reviewed, then the database's signature.
    _review_all(doctor.signed_in, ids["case"])
    doctor.signed_in.services.review.sign(ids["case"])
    assert doctor.signed_in.services.get_case(ids["case"]).case.review_state == "signed"
    for state in ("awaiting_review", "reviewed", "amended"):
        hidden = _patch(supabase_stack, doctor.token, "cases", case, {"review_state": state})
        assert hidden.status_code == 400, hidden.text
    assert doctor.signed_in.services.get_case(ids["case"]).case.review_state == "signed"


def test_the_current_draft_is_a_draft_of_the_same_case(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """case_insights.draft_id names the draft a sign-off signs (sign_note checks it) and
    whose critical values it waits for: it could name another case's draft, even another
    doctor's (a coordinator reads draft ids of enrolled cases)."""
    from tests.contract.test_pilots import _case

    _, roles, ids = pilot
    doctor, coordinator = roles["doctor"], roles["coordinator"]
    other_case = _case(doctor.signed_in)
    own_other = doctor.signed_in.services.review.summary(other_case).draft
    enrolled_draft = doctor.signed_in.services.review.summary(ids["case"]).draft
    assert own_other is not None and enrolled_draft is not None
    coordinator_case = _case(coordinator.signed_in)
    for token, case_id, draft_id in (
        (doctor.token, ids["case"], own_other.draft_id),  # another case of the same doctor
        (coordinator.token, coordinator_case, enrolled_draft.draft_id),  # another doctor's
    ):
        moved = _patch(
            supabase_stack, token, "case_insights", {"case_id": case_id}, {"draft_id": draft_id}
        )
        assert moved.status_code == 403, moved.text
    # Since sec18 no doctor's token changes the insights at all, not even to its own draft;
    # the analyzer's role names only a draft of the case it writes the insights of.
    kept = _patch(
        supabase_stack,
        doctor.token,
        "case_insights",
        {"case_id": ids["case"]},
        {"draft_id": enrolled_draft.draft_id},
    )
    assert kept.status_code == 403, kept.text
    from core.models import NewCase

    waiting = doctor.signed_in.services.create_case(NewCase("Eve Adams", 40, "female"), []).case
    arguments = {
        "p_case": waiting.case_id,
        "p_owner": doctor.signed_in.doctor.user_id,
        "p_draft": own_other.draft_id,
    }
    # Since sec19 it writes them only through replace_case_insights, which copies a draft
    # of the case named.
    with supabase_stack.rest_as(supabase_stack.analyzer_key) as rest:
        pointed = rest.post("/rest/v1/rpc/replace_case_insights", json=arguments)
        assert pointed.status_code == 409, pointed.text
        row = {"case_id": waiting.case_id, "user_id": doctor.signed_in.doctor.user_id}
        direct = rest.post("/rest/v1/case_insights", json={**row, "ai_insights": {}})
        assert direct.status_code == 403, direct.text


def test_object_names_and_file_rows_are_clean_keys_in_the_callers_folder(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """Storage writes the object row as the caller (as Supabase Storage does); the policy
    looked at the first folder only, so "<me>/../<victim>/..." passed, a name a file
    backend resolves into the victim's folder, and a file row could point there too."""
    _, roles, ids = pilot
    victim = roles["doctor"].signed_in.doctor.user_id
    attacker = roles["other"]
    me = attacker.signed_in.doctor.user_id
    (stored,) = [
        r["file_url"] for r in _rows(supabase_stack, "case_files") if r["case_id"] == ids["case"]
    ]
    file_id = str(uuid.uuid4())
    claims = {"sub": me, "role": "authenticated"}
    escapes = [
        f"{me}/../{stored}",
        f"{me}/{ids['case']}/../../{stored}",
        f"{me}/./{uuid.uuid4()}/{file_id}/x.pdf",
        f"{me}//{uuid.uuid4()}/x.pdf",
        f"{me}/{uuid.uuid4()}/{file_id}/..",
    ]
    for name in escapes:
        with (
            pytest.raises(psycopg.errors.InsufficientPrivilege),
            supabase_stack.project.as_caller(claims) as connection,
        ):
            connection.execute(
                "insert into storage.objects (bucket_id, name, owner)"
                " values ('case-files', %s, %s)",
                [name, me],
            )
    assert victim not in json.dumps(_not_theirs(supabase_stack, victim)["storage.objects"])
    # The attacker's own case, and a file row whose key climbs out of it.
    from tests.contract.test_pilots import _case

    own_case = _case(attacker.signed_in)
    row = {
        "case_id": own_case,
        "file_name": "x.pdf",
        "file_type": "application/pdf",
        "file_size": 3,
        "file_category": "lab",
    }
    with supabase_stack.rest_as(attacker.token) as rest:
        for url in (
            f"{me}/{own_case}/../../{stored}",
            f"{me}/{own_case}/{file_id}/../x.pdf",
            f"{me}/{own_case}/{file_id}/sub/x.pdf",
        ):
            answer = rest.post("/rest/v1/case_files", json={**row, "file_url": url})
            assert answer.status_code == 400, (url, answer.text)
        fine = rest.post(
            "/rest/v1/case_files", json={**row, "file_url": f"{me}/{own_case}/{file_id}/x.pdf"}
        )
    assert fine.status_code == 201, fine.text
    # The app's own keys still go in both places.
    with supabase_stack.project.as_caller(claims) as connection:
        connection.execute(
            "insert into storage.objects (bucket_id, name, owner) values ('case-files', %s, %s)",
            [f"{me}/{own_case}/{file_id}/Blood_results-2026.v2.pdf", me],
        )


def test_a_reviews_times_are_the_databases(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """When the reviewer diagnosed blind and when they submitted their scores go into the
    coordinator's CSV and order the reviews: the reviewer's token chose both."""
    from tests.contract.test_pilots import SCORES, _case, pilots

    _, roles, ids = pilot
    doctor, reviewer = roles["doctor"], roles["reviewer"]
    (enrolment,) = pilots(doctor.signed_in).enrol(ids["pilot"], [_case(doctor.signed_in)])
    with supabase_stack.rest_as(reviewer.token) as rest:
        filed = rest.post(
            "/rest/v1/pilot_reviews",
            json={
                "review_id": str(uuid.uuid4()),
                "pilot_id": ids["pilot"],
                "enrolment_id": enrolment.enrolment_id,
                "diagnosis": "Anaemia",
                "icd_code": "D64.9",
                "diagnosed_at": "2026-01-01T00:00:00+00:00",
            },
            headers={"Prefer": "return=representation"},
        )
        assert filed.status_code == 201, filed.text
        (row,) = filed.json()
        submitted = rest.patch(
            "/rest/v1/pilot_reviews",
            params={"review_id": f"eq.{row['review_id']}"},
            json={"scores": SCORES, "submitted_at": "2030-01-01T00:00:00+00:00"},
            headers={"Prefer": "return=representation"},
        )
        assert submitted.status_code == 200, submitted.text
    (stored,) = submitted.json()
    with supabase_stack.project.connect() as connection:
        now = connection.execute("select now()").fetchone()[0]
    diagnosed = datetime.fromisoformat(stored["diagnosed_at"])
    scored = datetime.fromisoformat(stored["submitted_at"])
    assert now - timedelta(minutes=5) < diagnosed <= scored <= now
    # Through the app, the review it hands back is the stored one, times included.
    other = _case(doctor.signed_in)
    (second,) = pilots(doctor.signed_in).enrol(ids["pilot"], [other])
    service = pilots(reviewer.signed_in)
    review = service.record_diagnosis(second.enrolment_id, "Anaemia", "D64.9")
    (kept,) = [r for r in service.reviews(ids["pilot"]) if r.review_id == review.review_id]
    assert kept.diagnosed_at == review.diagnosed_at


def test_the_signed_text_kept_beside_an_enrolled_draft_stays(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """Once the signed note's text is kept beside the enrolled draft (what the pilot
    compares the AI's draft with), the owner's token could drop it again."""
    _, roles, ids = pilot
    doctor = roles["doctor"]
    _review_all(doctor.signed_in, ids["case"])
    doctor.signed_in.services.review.sign(ids["case"])
    (kept,) = _rows(supabase_stack, "pilot_case_insights")
    assert kept["signed_sections"] is not None
    enrolment = {"enrolment_id": ids["enrolment"]}
    dropped = _patch(
        supabase_stack, doctor.token, "pilot_case_insights", enrolment, {"signed_sections": None}
    )
    assert dropped.status_code == 403, dropped.text
    (still,) = _rows(supabase_stack, "pilot_case_insights")
    assert still["signed_sections"] == kept["signed_sections"]
    # The same text again (the app records the latest signed version) is still fine.
    again = _patch(
        supabase_stack,
        doctor.token,
        "pilot_case_insights",
        enrolment,
        {"signed_sections": kept["signed_sections"]},
    )
    assert again.status_code == 200, again.text


def test_embedding_from_the_reviewers_view_reaches_no_more_than_the_tables_allow(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """PostgREST embeds a related table (``select=*,pilot_cases(*)``) as a subquery run by
    the same role, so each embedded table answers under its own policies even below the
    view that runs as its owner: the reviewer gets no case id, owner or patient through it."""
    _, roles, ids = pilot
    reviewer = roles["reviewer"].signed_in.doctor.user_id
    victim = roles["doctor"].signed_in.doctor.user_id
    embedded = {
        "pilot_cases": "enrolment_id",
        "pilot_case_insights": "enrolment_id",
        "pilot_reviews": "enrolment_id",
        "pilots": "pilot_id",
        "pilot_members": "pilot_id",
    }
    parts = ", ".join(
        f"(select coalesce(json_agg(t), '[]') from public.{table} t"
        f" where t.{key} = v.{key}) as {table}"
        for table, key in embedded.items()
    )
    with supabase_stack.project.as_caller({"sub": reviewer, "role": "authenticated"}) as c:
        (row,) = c.execute(
            f"select to_jsonb(v) as view, {parts} from public.pilot_cases_for_review v"
        ).fetchall()
    answer = dict(zip(["view", *embedded], row, strict=True))
    assert answer["view"]["enrolment_id"] == ids["enrolment"]
    assert answer["pilot_cases"] == []  # the enrolling doctor's and the coordinator's only
    assert [m["user_id"] for m in answer["pilot_members"]] == [reviewer]
    text = json.dumps(answer)
    assert ids["case"] not in text and NAME.split()[-1] not in text
    # What the reviewer does read of the enrolling doctor: the draft's row, after their
    # diagnosis (its owner id, a pseudonymous account id: see docs/security.md).
    assert [i["owner_id"] for i in answer["pilot_case_insights"]] == [victim]


def test_a_cases_id_and_creation_time_stay_as_they_were(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """The owner's token could give a case a new id (its audit events then named a case
    that no longer exists) or move its creation years back; and give a file a new id."""
    from core.models import NewCase

    _, roles, ids = pilot
    doctor = roles["doctor"]
    form = NewCase(patient_name="Eve Adams", patient_age=40, patient_gender="female")
    case = doctor.signed_in.services.create_case(form, []).case
    mine = {"case_id": case.case_id}
    # Neither column is the doctor's to update since sec20 (the triggers stay behind).
    renamed = _patch(supabase_stack, doctor.token, "cases", mine, {"case_id": str(uuid.uuid4())})
    assert renamed.status_code == 403, renamed.text
    backdated = _patch(supabase_stack, doctor.token, "cases", mine, {"created_at": "2001-01-01"})
    assert backdated.status_code == 403, backdated.text
    (row,) = [r for r in _rows(supabase_stack, "cases") if r["case_id"] == case.case_id]
    assert datetime.fromisoformat(str(row["created_at"])) == case.created_at
    events = doctor.signed_in.services.audit_events(case.case_id)
    assert [e.action for e in events] == ["case_created"]
    # A file's id, which its events name, likewise.
    (stored,) = [r for r in _rows(supabase_stack, "case_files") if r["case_id"] == ids["case"]]
    file = {"file_id": stored["file_id"]}
    moved = _patch(supabase_stack, doctor.token, "case_files", file, {"file_id": str(uuid.uuid4())})
    # No column of a file row is the doctor's to change (sec18); the trigger stays behind.
    assert moved.status_code == 403, moved.text


def test_an_event_a_client_appends_gets_the_databases_actor_place_link_and_time(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """Held already (no hole): the actor must be the token's own account, and the chain's
    number, link, hash and time are the database's, whatever the body says."""
    _, roles, ids = pilot
    doctor, other = roles["doctor"], roles["other"]
    before = [
        e
        for e in _rows(supabase_stack, "audit_events")
        if e["user_id"] == doctor.signed_in.doctor.user_id
    ]
    forged = {
        "user_id": doctor.signed_in.doctor.user_id,
        "case_id": ids["case"],
        "action": "case_opened",
        "details": "{}",
        "seq": 1,
        "prev_hash": "0" * 64,
        "hash": "f" * 64,
        "occurred_at": "2001-01-01T00:00:00+00:00",
    }
    with supabase_stack.rest_as(other.token) as rest:
        assert rest.post("/rest/v1/audit_events", json=forged).status_code == 403
    with supabase_stack.rest_as(doctor.token) as rest:
        answer = rest.post(
            "/rest/v1/audit_events", json=forged, headers={"Prefer": "return=representation"}
        )
    assert answer.status_code == 201, answer.text
    (stored,) = answer.json()
    assert stored["seq"] == len(before) + 1
    assert stored["prev_hash"] == max(before, key=lambda e: e["seq"])["hash"]
    assert stored["hash"] != "f" * 64
    assert datetime.fromisoformat(stored["occurred_at"]).year >= 2026
    assert doctor.signed_in.services.verify_audit().intact


def test_creation_decision_and_membership_times_are_the_databases(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """When a case or a patient's record was opened (the list's order and date filters,
    the patient's timeline), when a section was decided (the review's order; the latest
    decision is the one signed) and when a member joined a pilot: each token chose its
    own time on insert. Nothing in the product brings a case or a patient from elsewhere
    with an earlier date: every one is opened now (CaseService.create_case,
    PatientService), so the database's now() stands for all of them."""
    _, roles, ids = pilot
    doctor, coordinator, other = roles["doctor"], roles["coordinator"], roles["other"]
    me = doctor.signed_in.doctor.user_id
    draft = doctor.signed_in.services.review.summary(ids["case"]).draft
    assert draft is not None
    past = "2001-01-01T00:00:00+00:00"
    stored: dict[str, str] = {}
    with supabase_stack.rest_as(doctor.token) as rest:
        for table, column, row in (
            (
                "cases",
                "created_at",
                {
                    "patient_name": "Eve Adams",
                    "patient_age": 40,
                    "patient_gender": "female",
                    "created_at": past,
                    "updated_at": past,
                },
            ),
            (
                "patients",
                "created_at",
                {
                    "patient_id": str(uuid.uuid4()),
                    "user_id": me,
                    "name": "Eve Adams",
                    "sex": "female",
                    "created_at": past,
                },
            ),
            (
                "section_reviews",
                "reviewed_at",
                {
                    "review_id": str(uuid.uuid4()),
                    "case_id": ids["case"],
                    "user_id": me,
                    "draft_id": draft.draft_id,
                    "section": "case_summary",
                    "decision": "accepted",
                    "reviewed_at": past,
                },
            ),
        ):
            answer = rest.post(
                f"/rest/v1/{table}", json=row, headers={"Prefer": "return=representation"}
            )
            assert answer.status_code == 201, (table, answer.text)
            (written,) = answer.json()
            stored[f"{table}.{column}"] = written[column]
            if table == "cases":
                stored["cases.updated_at"] = written["updated_at"]
    with supabase_stack.rest_as(coordinator.token) as rest:
        answer = rest.post(
            "/rest/v1/pilot_members",
            json={
                "pilot_id": ids["pilot"],
                "user_id": other.signed_in.doctor.user_id,
                "email": other.signed_in.doctor.email,
                "role": "reviewer",
                "added_at": past,
            },
            headers={"Prefer": "return=representation"},
        )
        assert answer.status_code == 201, answer.text
        stored["pilot_members.added_at"] = answer.json()[0]["added_at"]
    with supabase_stack.project.connect() as connection:
        now = connection.execute("select now()").fetchone()[0]
    for column, value in stored.items():
        assert now - timedelta(minutes=5) < datetime.fromisoformat(value) <= now, column
