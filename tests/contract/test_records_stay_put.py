"""Round fourteen's requests with the owner's own token: columns of the doctor's OWN rows
that no product path changes, and that a token sent straight to PostgREST or Storage could
change anyway (tests/contract/test_attack_matrix.py attacks other accounts' rows).

- A case's patient record: the case (and its signed note) could be moved to another of
  the doctor's patients, so the note, its FHIR export and the lab values it was signed
  on joined another person's record and timeline.
- A file row as uploaded: a signed case's lab file could be renamed, backdated, moved to
  another case or removed, and its stored bytes renamed or removed, after the note was
  signed on them. Only the analyzer's reading of a file (text_data, ai_summary) changes.
- Times: a file's upload time, an enrolment's time and a pilot's creation time were the
  client's own (a file added after the signature, dated before it).
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime, timedelta
from typing import Any

import psycopg
import pytest

from tests.contract.test_attack_matrix import _patch, _rows
from tests.contract.test_pilot_integrity import pilot  # noqa: F401  (fixture)
from tests.contract.test_review import _review_all
from tests.supabase_stack.server import SupabaseStack

pytestmark = pytest.mark.postgres

PAST = "2001-01-01T00:00:00+00:00"


def _scalar(stack: SupabaseStack, query: str, values: list[Any] | None = None) -> Any:
    with stack.project.connect() as connection:
        row = connection.execute(query, values).fetchone()
    assert row is not None
    return row[0]


def _now(stack: SupabaseStack) -> datetime:
    return _scalar(stack, "select now()")


def _recent(stack: SupabaseStack, value: str) -> bool:
    now = _now(stack)
    return now - timedelta(minutes=5) < datetime.fromisoformat(value) <= now + timedelta(seconds=5)


def _signed(pilot: Any) -> tuple[Any, dict[str, str], dict[str, Any]]:  # noqa: F811
    """The enrolling doctor's case, signed, and its one lab file row."""
    _, roles, ids = pilot
    doctor = roles["doctor"]
    _review_all(doctor.signed_in, ids["case"])
    doctor.signed_in.services.review.sign(ids["case"])
    return doctor, ids, roles


def test_a_case_stays_with_the_patient_it_was_opened_for(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """The case's gender was fixed, but not the patient record itself: the owner's token
    moved a signed case to another of their patients (same doctor, so the foreign key
    held), and the signed note then stood in that patient's record."""
    from tests.contract.test_pilots import _case

    doctor, ids, _ = _signed(pilot)
    other_case = _case(doctor.signed_in, "Zofia Nowak")
    patient_of = {r["case_id"]: r["patient_id"] for r in _rows(supabase_stack, "cases")}
    assert patient_of[ids["case"]] != patient_of[other_case]
    for case_id, patient in ((ids["case"], patient_of[other_case]), (other_case, None)):
        moved = _patch(
            supabase_stack,
            doctor.token,
            "cases",
            {"case_id": case_id},
            {"patient_id": patient or patient_of[ids["case"]]},
        )
        assert moved.status_code == 400, (case_id, moved.text)
    assert {r["case_id"]: r["patient_id"] for r in _rows(supabase_stack, "cases")} == patient_of
    # The app's own changes of a case still go in (the name, as typed on the case page).
    doctor.signed_in.services.update_case(ids["case"], {"patient_name": "Zbigniew K."})
    assert (
        doctor.signed_in.services.get_case(ids["case"]).case.patient_id == patient_of[ids["case"]]
    )


def test_a_file_row_stays_as_it_was_uploaded(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """Only the analyzer's reading of a file changes (text_data, ai_summary); its name,
    size, type, category, storage key, case and upload time are what was uploaded."""
    from tests.contract.test_pilots import _case

    doctor, ids, _ = _signed(pilot)
    me = doctor.signed_in.doctor.user_id
    (stored,) = [r for r in _rows(supabase_stack, "case_files") if r["case_id"] == ids["case"]]
    other_case = _case(doctor.signed_in, "Zofia Nowak")
    file = {"file_id": stored["file_id"]}
    for change in (
        {"file_name": "renamed.txt"},
        {"uploaded_at": PAST},
        {"file_size": 1},
        {"file_category": "radiology"},
        {"case_id": other_case, "file_url": f"{me}/{other_case}/{stored['file_id']}/x.txt"},
    ):
        answer = _patch(supabase_stack, doctor.token, "case_files", file, change)
        # No column of a file row is the doctor's to change (sec18: not even its reading).
        assert answer.status_code == 403, (change, answer.text)
    (still,) = [r for r in _rows(supabase_stack, "case_files") if r["file_id"] == stored["file_id"]]
    assert still == stored
    # The reading is the analyzer's own role's to write (sec18), not the doctor's token's.
    read = _patch(supabase_stack, doctor.token, "case_files", file, {"text_data": "Hb 9.1 g/dL"})
    assert read.status_code == 403, read.text


def test_a_signed_cases_files_and_their_bytes_are_kept(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """The note was signed on the case's lab file: its row could be deleted over PostgREST
    and its stored bytes removed or renamed over Storage, leaving the signed case without
    the evidence it was signed on (the case itself is never deleted)."""
    doctor, ids, _ = _signed(pilot)
    me = doctor.signed_in.doctor.user_id
    (stored,) = [r for r in _rows(supabase_stack, "case_files") if r["case_id"] == ids["case"]]
    before = doctor.signed_in.services.read_file(ids["case"], stored["file_id"])
    with supabase_stack.rest_as(doctor.token) as rest:
        gone = rest.delete("/rest/v1/case_files", params={"file_id": f"eq.{stored['file_id']}"})
        assert gone.status_code == 400, gone.text
        removed = rest.request(
            "DELETE", "/storage/v1/object/case-files", json={"prefixes": [stored["file_url"]]}
        )
        assert removed.status_code == 200 and removed.json() == [], removed.text
    claims = {"sub": me, "role": "authenticated"}
    renamed = f"{me}/{ids['case']}/{uuid.uuid4()}/bloods.txt"
    with supabase_stack.project.as_caller(claims) as connection:
        moved = connection.execute(
            "update storage.objects set name = %s where name = %s", [renamed, stored["file_url"]]
        )
        assert moved.rowcount == 0
    assert doctor.signed_in.services.read_file(ids["case"], stored["file_id"]) == before
    # An unsigned case is still deleted whole, its stored bytes with it (the app's path).
    from core.models import NewCase, Upload

    created = doctor.signed_in.services.create_case(
        NewCase(patient_name="Eve Adams", patient_age=40, patient_gender="female"),
        [Upload("bloods.txt", b"Glucose 5.1 mmol/L", "lab")],
    )
    doctor.signed_in.services.delete_case(created.case.case_id)
    left = _scalar(
        supabase_stack,
        "select count(*) from storage.objects where name like %s",
        [f"{me}/{created.case.case_id}/%"],
    )
    assert left == 0


def test_upload_and_pilot_times_are_the_databases(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """A lab file added to a signed case after the signature could carry a time before it
    (the case page lists files by it); a pilot its own creation time, on insert or later.
    (An enrolment's time was the database's already: number_pilot_case.)"""
    doctor, ids, roles = _signed(pilot)
    me = doctor.signed_in.doctor.user_id
    stored: dict[str, str] = {}
    with supabase_stack.rest_as(doctor.token) as rest:
        late = rest.post(
            "/rest/v1/case_files",
            json={
                "case_id": ids["case"],
                "file_name": "late.pdf",
                "file_type": "application/pdf",
                "file_size": 3,
                "file_category": "lab",
                "file_url": f"{me}/{ids['case']}/{uuid.uuid4()}/late.pdf",
                "uploaded_at": PAST,
            },
            headers={"Prefer": "return=representation"},
        )
        assert late.status_code == 201, late.text
        stored["case_files.uploaded_at"] = late.json()[0]["uploaded_at"]
    with supabase_stack.rest_as(roles["coordinator"].token) as rest:
        made = rest.post(
            "/rest/v1/pilots",
            json={
                "name": "Q",
                "starts_on": "2026-01-01",
                "ends_on": "2026-12-31",
                "created_at": PAST,
            },
            headers={"Prefer": "return=representation"},
        )
        assert made.status_code == 201, made.text
        stored["pilots.created_at"] = made.json()[0]["created_at"]
        # A pilot is not rewritten at all since 20261127160100_pilots_not_rewritten.sql:
        # its creation time cannot be moved afterwards either.
        moved = rest.patch(
            "/rest/v1/pilots",
            params={"pilot_id": f"eq.{ids['pilot']}"},
            json={"created_at": PAST},
            headers={"Prefer": "return=representation"},
        )
        assert moved.status_code in (401, 403), moved.text
    for column, value in stored.items():
        assert _recent(supabase_stack, value), (column, value)
    # The app's own upload still goes in, and lists with the stored time.
    from core.models import Upload

    (added,) = doctor.signed_in.services.add_files(
        ids["case"], [Upload("more.txt", b"Hb 9.1 g/dL", "lab")]
    )
    listed = {f.file_id: f for f in doctor.signed_in.services.list_files(ids["case"])}
    assert _recent(supabase_stack, listed[added.file_id].uploaded_at.isoformat())


def test_no_api_role_holds_the_audit_trails_sequence(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """The default grants gave anon and authenticated every right on the events' id
    sequence: setval() moved it back onto stored ids, and every later event of every
    doctor (and so every action that records one) failed on the primary key."""
    _, roles, _ = pilot
    doctor = roles["doctor"]
    for claims in (
        {"role": "anon"},
        {"sub": doctor.signed_in.doctor.user_id, "role": "authenticated"},
    ):
        with (
            pytest.raises(psycopg.errors.InsufficientPrivilege),
            supabase_stack.project.as_caller(claims) as connection,
        ):
            connection.execute("select setval('public.audit_events_event_id_seq', 1)")
    # Events still go in under the doctor's token (the identity takes its own next value).
    from core.models import NewCase

    before = len(_rows(supabase_stack, "audit_events"))
    doctor.signed_in.services.create_case(
        NewCase(patient_name="Eve Adams", patient_age=40, patient_gender="female"), []
    )
    assert len(_rows(supabase_stack, "audit_events")) > before
    assert doctor.signed_in.services.verify_audit().intact


def test_the_embedded_store_keeps_the_same_rows(tmp_path: Any) -> None:
    """The embedded file's twin (migration 22): no token reaches it, so the app is its
    only writer; its triggers say the same as PostgreSQL's, the last guard under it."""
    import sqlite3

    from core.models import NewCase, Upload
    from tests.contract.harness import LocalHarness
    from tests.contract.test_pilots import _case

    harness = LocalHarness(tmp_path / "data")
    doctor = harness.sign_up()
    signed, other = _case(doctor), _case(doctor, "Zofia Nowak")
    _review_all(doctor, signed)
    doctor.services.review.sign(signed)
    connection = harness.provider.database.connection()
    (file_id,) = connection.execute(
        "SELECT file_id FROM case_files WHERE case_id = ?", [signed]
    ).fetchone()
    (elsewhere,) = connection.execute(
        "SELECT patient_id FROM cases WHERE case_id = ?", [other]
    ).fetchone()
    for statement, values in (
        ("UPDATE cases SET patient_id = ? WHERE case_id = ?", [elsewhere, signed]),
        ("UPDATE case_files SET file_name = ? WHERE file_id = ?", ["renamed.txt", file_id]),
        ("UPDATE case_files SET uploaded_at = ? WHERE file_id = ?", [PAST, file_id]),
        ("UPDATE case_files SET case_id = ? WHERE file_id = ?", [other, file_id]),
        ("DELETE FROM case_files WHERE file_id = ?", [file_id]),
    ):
        with pytest.raises(sqlite3.IntegrityError):
            connection.execute(statement, values)
    connection.execute("UPDATE case_files SET text_data = 'Hb 9.1' WHERE file_id = ?", [file_id])
    # The app's own paths: a new case (its patient set once), an unsigned case deleted whole.
    created = doctor.services.create_case(
        NewCase(patient_name="Eve Adams", patient_age=40, patient_gender="female"),
        [Upload("bloods.txt", b"Glucose 5.1 mmol/L", "lab")],
    )
    doctor.services.delete_case(created.case.case_id)
    doctor.services.delete_case(other)
    assert harness.row_counts()["case_files"] == 1


def _analysed_case(who: Any, name: str) -> str:
    """A case whose draft holds one lab value with its range (the lab table's row)."""
    from core.insights import Insights
    from core.models import NewCase, Upload, utc_now
    from tests.doubles import sample_insights

    form = NewCase(patient_name=name, patient_age=47, patient_gender="female", case_summary="")
    created = who.services.create_case(form, [Upload("bloods.txt", b"Glucose 11.2", "lab")])
    case_id = created.case.case_id
    (lab,) = who.backend.cases.list_files(who.doctor.user_id, case_id)
    who.backend.cases.save_file_analysis(
        who.doctor.user_id, lab.file_id, "Glucose 11.2 mmol/L (3.9-5.5)", None
    )
    value = {
        "analyte": "Glucose",
        "value": 11.2,
        "unit": "mmol/L",
        "reference_low": 3.9,
        "reference_high": 5.5,
        "flag": "high",
        "source_line": "Glucose 11.2 mmol/L (3.9-5.5)",
    }
    insights = sample_insights()
    insights["lab_values"] = [value]
    backend, owner, claim = who.backend, who.doctor.user_id, str(uuid.uuid4())
    assert backend.cases.request_analysis(owner, case_id) is not None
    assert backend.cases.claim_analysis(owner, case_id, claim, utc_now())
    assert backend.cases.complete_analysis(owner, case_id, claim, Insights.model_validate(insights))
    return case_id


def test_the_blind_view_holds_nothing_the_stored_case_does_not(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """view_from_stored_case checked the notes, each lab text, each value's analyte,
    number, unit and flag, and each image's reading; the rest of the view went to the
    reviewers as sent. The reviewer's page shows "Age {age_band}", the sex and each
    file's label, and the lab table each value's range, timing and critical mark: an
    enrolling doctor's token could write the answer there ("Lab file 1: iron deficiency,
    D50.9"), the patient's exact age, or a range that makes a high value look normal."""
    from tests.contract.test_pilots import pilots

    _, roles, ids = pilot
    doctor = roles["doctor"]
    model, target = (_analysed_case(doctor.signed_in, "Ada Quist") for _ in range(2))
    (made,) = pilots(doctor.signed_in).enrol(ids["pilot"], [model])
    (row,) = [r for r in _rows(supabase_stack, "pilot_cases") if r["case_id"] == model]
    view = row["case_view"]
    assert view["age_band"] == "40-49" and view["lab_files"][0]["label"] == "Lab file 1"
    assert view["lab_values"][0]["reference_high"] == 5.5

    def with_change(change: Any) -> dict[str, Any]:
        changed = json.loads(json.dumps(view))
        change(changed)
        return changed

    forged = {
        "an answer in a file's label": lambda v: v["lab_files"][0].update(
            label="Lab file 1: iron deficiency anaemia, D50.9"
        ),
        "the exact age": lambda v: v.update(age_band="47 (born 14 March 1979)"),
        "another sex": lambda v: v.update(sex="male"),
        "a key of its own": lambda v: v.update(hint="D50.9"),
        "a range that makes the value normal": lambda v: v["lab_values"][0].update(
            reference_high=12.0, flag="high"
        ),
        "a critical mark": lambda v: v["lab_values"][0].update(critical=True),
        "a timing in words": lambda v: v["lab_values"][0].update(timing="answer D50.9"),
        "a field of its own in a lab file": lambda v: v["lab_files"][0].update(note="D50.9"),
        "an image with a label of its own": lambda v: v.update(
            images=[{"label": "Answer: D50.9", "reading": None, "png": None}]
        ),
    }
    with supabase_stack.rest_as(doctor.token) as rest:
        for what, change in forged.items():
            answer = rest.post(
                "/rest/v1/pilot_cases",
                json={
                    "pilot_id": ids["pilot"],
                    "case_id": target,
                    "case_view": with_change(change),
                },
            )
            assert answer.status_code == 400, (what, answer.text)
        # The same view, unchanged, is the target case's as well (same texts and values).
        same = rest.post(
            "/rest/v1/pilot_cases",
            json={"pilot_id": ids["pilot"], "case_id": target, "case_view": view},
        )
        assert same.status_code == 201, same.text
    assert made.enrolment_id


def test_what_a_doctor_writes_is_bounded_as_the_app_bounds_it(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """The app keeps a case's notes to 20,000 characters, a rejection reason to 2,000 and
    each field of an edited section to 20,000 (core/validation.py, core/review.py); the
    owner's token stored megabytes in each, which every later reading of the case (the
    case page, the model's prompt, the enrolment's scrubbing and the reviewers' pages)
    then carried."""
    _, roles, ids = pilot
    doctor = roles["doctor"]
    me = doctor.signed_in.doctor.user_id
    draft = doctor.signed_in.services.review.summary(ids["case"]).draft
    assert draft is not None

    def decision(**values: Any) -> dict[str, Any]:
        return {
            "review_id": str(uuid.uuid4()),
            "case_id": ids["case"],
            "user_id": me,
            "draft_id": draft.draft_id,
            **values,
        }

    case = {"case_id": ids["case"]}
    with supabase_stack.rest_as(doctor.token) as rest:
        for what, answer in (
            (
                "notes",
                _patch(supabase_stack, doctor.token, "cases", case, {"case_summary": "x" * 20_001}),
            ),
            (
                "5 MB of notes",
                _patch(
                    supabase_stack, doctor.token, "cases", case, {"case_summary": "x" * 5_000_000}
                ),
            ),
            (
                "a reason",
                rest.post(
                    "/rest/v1/section_reviews",
                    json=decision(section="soap_note", decision="rejected", reason="x" * 2_001),
                ),
            ),
            (
                "an edited section",
                rest.post(
                    "/rest/v1/section_reviews",
                    json=decision(
                        section="case_summary",
                        decision="edited",
                        edited={"comprehensive_summary": "x" * 2_000_000},
                    ),
                ),
            ),
        ):
            assert answer.status_code == 400, (what, answer.text)
        # The app's own bounds still go in.
        at_bound = _patch(
            supabase_stack, doctor.token, "cases", case, {"case_summary": "é" * 20_000}
        )
        assert at_bound.status_code == 200, at_bound.text
        fits = rest.post(
            "/rest/v1/section_reviews",
            json=decision(section="soap_note", decision="rejected", reason="é" * 2_000),
        )
        assert fits.status_code == 201, fits.text
    edited = {name: "é" * 20_000 for name in ("subjective", "objective", "assessment", "plan")}
    review = doctor.signed_in.services.review
    review.review_section(ids["case"], "soap_note", "edit", edited=edited)


def test_a_case_enrolled_in_a_pilot_is_kept_with_its_reviews(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    """A pilot with reviews is never deleted, but the enrolling doctor could delete an
    enrolled case (the app's delete_case, or the token over PostgREST): the foreign keys
    took its enrolment, its enrolled draft and every reviewer's review with it."""
    from core.errors import EnrolledCaseKept

    _, roles, ids = pilot
    doctor = roles["doctor"]
    before = {t: _rows(supabase_stack, t) for t in ("pilot_cases", "pilot_reviews")}
    assert before["pilot_reviews"]
    with supabase_stack.rest_as(doctor.token) as rest:
        gone = rest.delete("/rest/v1/cases", params={"case_id": f"eq.{ids['case']}"})
    assert gone.status_code == 400, gone.text
    with pytest.raises(EnrolledCaseKept, match="archive the case instead"):
        doctor.signed_in.services.delete_case(ids["case"])
    assert {t: _rows(supabase_stack, t) for t in before} == before
    events = doctor.signed_in.services.audit_events(ids["case"])
    assert "case_deleted" not in [e.action for e in events]
    # Archived instead, as the refusal says.
    doctor.signed_in.services.update_case(ids["case"], {"status": "archived"})


def test_the_embedded_store_keeps_an_enrolled_case(tmp_path: Any) -> None:
    import sqlite3

    from core.errors import EnrolledCaseKept
    from core.services.pilots import PilotService
    from tests.contract.harness import LocalHarness
    from tests.contract.test_pilots import _case

    harness = LocalHarness(tmp_path / "data")
    coordinator, doctor = harness.sign_up(), harness.sign_up()
    lead = PilotService(coordinator.doctor, coordinator.backend)
    made = lead.create_pilot("P", "", "2026-11-01", "2027-01-31")
    lead.add_member(made.pilot_id, doctor.doctor.email, "doctor")
    enrolled, other = _case(doctor), _case(doctor, "Zofia Nowak")
    PilotService(doctor.doctor, doctor.backend).enrol(made.pilot_id, [enrolled])
    with pytest.raises(EnrolledCaseKept):
        doctor.services.delete_case(enrolled)
    connection = harness.provider.database.connection()
    with pytest.raises(sqlite3.IntegrityError):
        connection.execute("DELETE FROM cases WHERE case_id = ?", [enrolled])
    doctor.services.delete_case(other)  # a case in no pilot goes as before
    assert connection.execute("SELECT count(*) FROM pilot_cases").fetchone()[0] == 1
    assert connection.execute("SELECT count(*) FROM cases").fetchone()[0] == 1
