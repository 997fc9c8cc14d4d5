"""The pilot's figures hold in the database (issue 23): each role's own token sent straight
to the PostgREST stand-in (the enrolling doctor, another doctor, a reviewer, the
coordinator) cannot file a second current review, "correct" the blind diagnosis, store
scores of 999, make up the enrolled draft or its view, rewrite the signed text, or delete a
pilot with reviews; and on both backends the figures, review list and CSV read stored rows
that break these rules without failing."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
import pytest

from core.pilot import deidentify
from core.services.pilots import PilotService
from tests.contract.harness import BackendHarness, LocalHarness, SignedIn
from tests.contract.test_pilots import NAME, SCORES, _case, pilots
from tests.contract.test_signing_in_the_database import Role, _role
from tests.supabase_stack.harness import SupabaseHarness
from tests.supabase_stack.server import SupabaseStack


@pytest.fixture
def pilot(supabase_stack: SupabaseStack) -> Any:
    """A pilot: coordinator, enrolling doctor (one enrolled case), a reviewer who has
    submitted a review of it, and a doctor outside the pilot."""
    harness = SupabaseHarness(supabase_stack)
    roles = {name: _role(harness) for name in ("coordinator", "doctor", "reviewer", "other")}
    lead = pilots(roles["coordinator"].signed_in)
    made = lead.create_pilot("P", "", "2026-11-01", "2027-01-31")
    lead.add_member(made.pilot_id, roles["doctor"].signed_in.doctor.email, "doctor")
    lead.add_member(made.pilot_id, roles["reviewer"].signed_in.doctor.email, "reviewer")
    doctor = roles["doctor"].signed_in
    case_id = _case(doctor)
    (enrolment,) = pilots(doctor).enrol(made.pilot_id, [case_id])
    reviewer = pilots(roles["reviewer"].signed_in)
    first = reviewer.record_diagnosis(enrolment.enrolment_id, "Anaemia", "D64.9")
    reviewer.submit_scores(made.pilot_id, first.review_id, SCORES)
    ids = {
        "pilot": made.pilot_id,
        "case": case_id,
        "enrolment": enrolment.enrolment_id,
        "review": first.review_id,
    }
    yield harness, roles, ids
    harness.close()


def _review_row(roles: dict[str, Role], ids: dict[str, str], **values: Any) -> dict[str, Any]:
    return {
        "review_id": str(uuid.uuid4()),
        "pilot_id": ids["pilot"],
        "enrolment_id": ids["enrolment"],
        "reviewer_id": roles["reviewer"].signed_in.doctor.user_id,
        "diagnosis": "Anaemia",
        "icd_code": "D64.9",
        "diagnosed_at": "2026-11-20T10:00:00+00:00",
        **values,
    }


@pytest.mark.postgres
def test_a_reviewer_files_one_current_review_and_keeps_the_blind_diagnosis(
    supabase_stack: SupabaseStack, pilot: Any
) -> None:
    _, roles, ids = pilot
    with supabase_stack.rest_as(roles["reviewer"].token) as rest:
        second = rest.post("/rest/v1/pilot_reviews", json=_review_row(roles, ids))
        assert second.status_code == 409, second.text  # a second first review
        # A "correction" to the AI's code after seeing the draft.
        to_the_ai = rest.post(
            "/rest/v1/pilot_reviews",
            json=_review_row(
                roles,
                ids,
                diagnosis="Iron deficiency anaemia",
                icd_code="D50.9",
                supersedes=ids["review"],
            ),
        )
        assert to_the_ai.status_code == 400, to_the_ai.text
        correction = rest.post(
            "/rest/v1/pilot_reviews", json=_review_row(roles, ids, supersedes=ids["review"])
        )
        assert correction.status_code == 201, correction.text
        again = rest.post(
            "/rest/v1/pilot_reviews", json=_review_row(roles, ids, supersedes=ids["review"])
        )
        assert again.status_code == 409, again.text  # corrected already
        rows = rest.get("/rest/v1/pilot_reviews", params={"select": "diagnosis,diagnosed_at"})
    diagnoses = {(row["diagnosis"], row["diagnosed_at"][:19]) for row in rows.json()}
    assert len(diagnoses) == 1  # the correction carries the first review's time, not its own


@pytest.mark.postgres
def test_scores_and_codes_outside_the_rubric_are_refused(
    supabase_stack: SupabaseStack, pilot: Any
) -> None:
    _, roles, ids = pilot
    other_case = _case(roles["doctor"].signed_in, "Jan Nowak")
    (second,) = pilots(roles["doctor"].signed_in).enrol(ids["pilot"], [other_case])
    row = _review_row(roles, ids, enrolment_id=second.enrolment_id)
    with supabase_stack.rest_as(roles["reviewer"].token) as rest:
        bad_code = rest.post("/rest/v1/pilot_reviews", json={**row, "icd_code": "=cmd|x"})
        assert bad_code.status_code == 400, bad_code.text
        assert rest.post("/rest/v1/pilot_reviews", json=row).status_code == 201
        for rating in (999, -50, 3.5, "5"):
            broken = {
                section: {**score, "ratings": {**score["ratings"], "accurate": rating}}
                for section, score in SCORES.items()
            }
            answer = rest.patch(
                "/rest/v1/pilot_reviews",
                params={"review_id": f"eq.{row['review_id']}"},
                json={"scores": broken, "submitted_at": "2026-11-21T10:00:00+00:00"},
            )
            assert answer.status_code == 400, (rating, answer.text)
        unknown = {**SCORES, "soap_note": {**SCORES["soap_note"], "verdict": "love_it"}}
        answer = rest.patch(
            "/rest/v1/pilot_reviews",
            params={"review_id": f"eq.{row['review_id']}"},
            json={"scores": unknown, "submitted_at": "2026-11-21T10:00:00+00:00"},
        )
        assert answer.status_code == 400, answer.text
        answer = rest.patch(
            "/rest/v1/pilot_reviews",
            params={"review_id": f"eq.{row['review_id']}"},
            json={"scores": SCORES, "submitted_at": "2026-11-21T10:00:00+00:00"},
        )
        assert answer.status_code in (200, 204), answer.text


@pytest.mark.postgres
def test_the_enrolling_doctor_cannot_make_up_the_draft_view_or_signed_text(
    supabase_stack: SupabaseStack, pilot: Any
) -> None:
    _, roles, ids = pilot
    doctor = roles["doctor"].signed_in
    case_id = _case(doctor, "Amaka Obi")
    owner = doctor.doctor.user_id
    draft = doctor.backend.reviews.current_draft(owner, case_id)
    case = doctor.backend.cases.get_case(owner, case_id)
    assert draft is not None and case is not None
    scrub = deidentify.scrubber_for(case, doctor.backend.cases.list_files(owner, case_id))
    redacted = deidentify.redacted_insights(draft.ai_insights, scrub)
    assert "Amaka" in str(draft.ai_insights) and "Amaka" not in str(redacted)
    view = {"notes": "Patient reports thirst.", "lab_files": [], "images": []}
    made_up = {**redacted, "overall_confidence_score": 0.99}
    made_up["primary_diagnosis"] = {**made_up["primary_diagnosis"], "icd_code": "E11.9"}
    with_name = {**view, "notes": "Amaka Obi, 12 Harbour Road, HIV positive."}

    def enrol(view: dict[str, Any], insights: dict[str, Any]) -> httpx.Response:
        with supabase_stack.rest_as(roles["doctor"].token) as rest:
            return rest.post(
                "/rest/v1/rpc/enrol_pilot_case",
                json={
                    "p_enrolment": str(uuid.uuid4()),
                    "p_pilot": ids["pilot"],
                    "p_case": case_id,
                    "p_draft": draft.draft_id,
                    "p_view": view,
                    "p_insights": insights,
                    "p_signed": None,
                },
            )

    assert enrol(view, made_up).status_code == 400
    new_code = {**redacted, "primary_diagnosis": {**redacted["primary_diagnosis"]}}
    new_code["primary_diagnosis"]["icd_code"] = "E11.9"
    assert enrol(view, new_code).status_code == 400
    assert enrol(with_name, redacted).status_code == 400
    assert enrol(view, draft.ai_insights).status_code == 400  # not redacted: the name in it
    # The redacted draft goes in (with a view that leaves the notes out). A view whose
    # notes merely contain the name's letters is no longer the question: notes that are
    # not the stored ones, redacted, are refused (test_pilot_guards.py).
    assert enrol({**view, "notes": None}, redacted).status_code == 200
    # The signed text beside an enrolled draft: none before the note is signed.
    with supabase_stack.rest_as(roles["doctor"].token) as rest:
        rewrite = rest.patch(
            "/rest/v1/pilot_case_insights",
            params={"enrolment_id": f"eq.{ids['enrolment']}"},
            json={"signed_sections": {"soap_note": {"plan": "Made up"}}},
        )
        assert rewrite.status_code == 400, rewrite.text


@pytest.mark.postgres
def test_the_signed_text_beside_the_draft_follows_the_signed_note_only(
    supabase_stack: SupabaseStack, pilot: Any
) -> None:
    from tests.contract.test_review import _review_all

    _, roles, ids = pilot
    doctor = roles["doctor"].signed_in
    _review_all(doctor, ids["case"])
    doctor.services.review.sign(ids["case"])  # kept beside the enrolment, as the app does
    (enrolled,) = pilots(roles["coordinator"].signed_in).pilot_insights(ids["pilot"])
    assert enrolled.signed_sections is not None
    with supabase_stack.rest_as(roles["doctor"].token) as rest:
        shape_changed = {**enrolled.signed_sections, "soap_note": None}
        rewrite = rest.patch(
            "/rest/v1/pilot_case_insights",
            params={"enrolment_id": f"eq.{ids['enrolment']}"},
            json={"signed_sections": shape_changed},
        )
        assert rewrite.status_code == 400, rewrite.text
    for name in ("reviewer", "coordinator", "other"):
        with supabase_stack.rest_as(roles[name].token) as rest:
            answer = rest.patch(
                "/rest/v1/pilot_case_insights",
                params={"enrolment_id": f"eq.{ids['enrolment']}"},
                json={"signed_sections": None},
                headers={"Prefer": "return=representation"},
            )
            assert answer.status_code in (400, 401, 403) or answer.json() == [], name


@pytest.mark.postgres
def test_a_pilot_with_reviews_is_never_deleted(supabase_stack: SupabaseStack, pilot: Any) -> None:
    _, roles, ids = pilot
    for name in ("coordinator", "doctor", "reviewer", "other"):
        with supabase_stack.rest_as(roles[name].token) as rest:
            answer = rest.delete("/rest/v1/pilots", params={"pilot_id": f"eq.{ids['pilot']}"})
            assert answer.status_code in (204, 403), (name, answer.text)
    lead = roles["coordinator"].signed_in
    seats = PilotService(lead.doctor, lead.backend).pilots()
    assert [seat.pilot.pilot_id for seat in seats] == [ids["pilot"]]
    # One without reviews goes, as before.
    empty = pilots(lead).create_pilot("Empty", "", "2026-11-01", "2026-11-02")
    with supabase_stack.rest_as(roles["coordinator"].token) as rest:
        gone = rest.delete("/rest/v1/pilots", params={"pilot_id": f"eq.{empty.pilot_id}"})
        assert gone.status_code == 204, gone.text


# --- both backends: stored rows that break the rules never take a page down ----------------


def _damage_stored_reviews(harness: BackendHarness, pilot_id: str) -> None:
    """As whoever holds the database, before the rules existed: scores 999 and -50."""
    scores = (
        '{"case_summary": {"verdict": "accept", "ratings": {"accurate": 999}},'
        ' "soap_note": {"verdict": "nope", "ratings": {"accurate": -50}}}'
    )
    if isinstance(harness, LocalHarness):
        with harness.provider.database.write() as sql:
            for guard in ("pilot_reviews_final", "pilot_reviews_scores_checked"):
                sql.execute(f"DROP TRIGGER {guard}")
            sql.execute(
                "UPDATE pilot_reviews SET scores = ? WHERE pilot_id = ?", (scores, pilot_id)
            )
        return
    assert isinstance(harness, SupabaseHarness)
    with harness.project.connect() as connection:
        connection.execute("set local session_replication_role = replica")
        connection.execute(
            "alter table public.pilot_reviews drop constraint pilot_reviews_scores_valid"
        )
        connection.execute(
            "update public.pilot_reviews set scores = %s where pilot_id = %s", [scores, pilot_id]
        )
        connection.execute(
            "alter table public.pilot_reviews add constraint pilot_reviews_scores_valid"
            " check (public.pilot_scores_valid(scores)) not valid"
        )


def test_figures_reviews_and_csv_read_damaged_stored_scores_without_failing(
    harness: BackendHarness,
) -> None:
    people: dict[str, SignedIn] = {r: harness.sign_up() for r in ("lead", "doctor", "r1")}
    lead = pilots(people["lead"])
    made = lead.create_pilot("P", "", "2026-11-01", "2027-01-31")
    lead.add_member(made.pilot_id, people["doctor"].doctor.email, "doctor")
    lead.add_member(made.pilot_id, people["r1"].doctor.email, "reviewer")
    (enrolment,) = pilots(people["doctor"]).enrol(made.pilot_id, [_case(people["doctor"])])
    reviewer = pilots(people["r1"])
    review = reviewer.record_diagnosis(enrolment.enrolment_id, "Anaemia", "D64.9")
    reviewer.submit_scores(made.pilot_id, review.review_id, SCORES)
    _damage_stored_reviews(harness, made.pilot_id)
    report = lead.report(made.pilot_id)
    assert report.figures is not None and "D64.9" in report.reviews_csv
    assert NAME not in report.reviews_csv
    (read,) = lead.reviews(made.pilot_id)
    assert read.submitted and read.scores is None  # read as unscored, not a failure
    assert reviewer.queue(made.pilot_id)[0].state == "submitted"


@pytest.mark.postgres
@pytest.mark.parametrize(
    "text",
    ["Anaemia \u202e9.46D\u202c", "Fine.\x1b[8m hidden", "A\x0bB"],
    ids=["right-to-left-override", "terminal-escape", "vertical-tab"],
)
def test_a_reviewers_diagnosis_and_comments_hold_no_hidden_reordering_or_controls(
    supabase_stack: SupabaseStack, pilot: Any, text: str
) -> None:
    # The app refuses these (core/pilot/rules.py); a reviewer's own token sent straight to
    # PostgREST is refused by the database too (20261127160000_review_text_plain.sql).
    _, roles, ids = pilot
    other_case = _case(roles["doctor"].signed_in, "Jan Nowak")
    (second,) = pilots(roles["doctor"].signed_in).enrol(ids["pilot"], [other_case])
    row = _review_row(roles, ids, enrolment_id=second.enrolment_id)
    commented = {
        section: {**score, "comment": f"Read it. {text}"} for section, score in SCORES.items()
    }
    with supabase_stack.rest_as(roles["reviewer"].token) as rest:
        hidden = rest.post("/rest/v1/pilot_reviews", json={**row, "diagnosis": text})
        assert hidden.status_code == 400, hidden.text
        assert rest.post("/rest/v1/pilot_reviews", json=row).status_code == 201
        scored = {"scores": commented, "submitted_at": "2026-11-21T10:00:00+00:00"}
        answer = rest.patch(
            "/rest/v1/pilot_reviews", params={"review_id": f"eq.{row['review_id']}"}, json=scored
        )
        assert answer.status_code == 400, answer.text
        plain = {
            section: {**score, "comment": "Read it.\nAgreed."} for section, score in SCORES.items()
        }
        answer = rest.patch(
            "/rest/v1/pilot_reviews",
            params={"review_id": f"eq.{row['review_id']}"},
            json={**scored, "scores": plain},
        )
        assert answer.status_code in (200, 204), answer.text


@pytest.mark.postgres
def test_a_coordinator_cannot_rewrite_a_pilot_after_its_reviews(
    supabase_stack: SupabaseStack, pilot: Any
) -> None:
    # The product never edits a pilot; its coordinator's own token sent straight to
    # PostgREST could rename it and move its dates after the reviews were filed
    # (20261127160100_pilots_not_rewritten.sql).
    _, roles, ids = pilot
    with supabase_stack.rest_as(roles["coordinator"].token) as rest:
        answer = rest.patch(
            "/rest/v1/pilots",
            params={"pilot_id": f"eq.{ids['pilot']}"},
            json={"name": "Another pilot", "ends_on": "2026-11-02"},
        )
        assert answer.status_code in (401, 403), answer.text
        rows = rest.get("/rest/v1/pilots", params={"select": "name,ends_on"}).json()
    assert rows == [{"name": "P", "ends_on": "2027-01-31"}]
