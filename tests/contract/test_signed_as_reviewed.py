"""A signed note says what the doctor decided, and whose words each section holds (sign17).

The store signs a sign-off's sections only as the doctor's latest decisions on the draft
make them (the AI's text when accepted, the recorded edit when edited, no text and the
recorded reason when rejected), and an amendment's changed sections only as the doctor's
own versions. Attacked with the owner's own token straight through PostgREST, and on both
backends through the repository the service signs with.
"""

from __future__ import annotations

import json
import math
import random
import struct
import uuid
from typing import Any

import pytest
from psycopg.types.json import Jsonb

from core.errors import NoteNotAsReviewed
from core.review import NoteToSign, ai_text, amended_sections, signed_sections
from tests.contract.harness import BackendHarness, SignedIn
from tests.contract.test_review import EDITED_SOAP, _analysed, _review_all
from tests.doubles import sample_insights
from tests.supabase_stack.harness import SupabaseHarness
from tests.supabase_stack.postgres import PostgresCluster
from tests.supabase_stack.server import SupabaseStack

HINT = "signed_not_as_reviewed"
SECTIONS = ("case_summary", "soap_note", "primary_diagnosis")


def _reviewed(who: SignedIn) -> tuple[str, Any, dict[str, Any]]:
    """A case whose three sections are accepted, edited and rejected: its id, its draft
    and the sections a signature of that review signs."""
    case_id = _analysed(who)
    _review_all(who, case_id)
    summary = who.services.review.summary(case_id)
    assert summary.draft is not None
    return case_id, summary.draft, signed_sections(summary.draft, summary.reviews)


def _forged_sign_offs(draft: Any, honest: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Sign-offs that misstate the review: the case summary accepted, the SOAP note edited
    (EDITED_SOAP), the diagnosis rejected ("Not yet confirmed")."""
    summary = honest["case_summary"]["text"]
    diagnosis = ai_text(draft.ai_insights, "primary_diagnosis")

    def with_section(name: str, decision: str, text: Any, reason: Any = None) -> dict[str, Any]:
        return {**honest, name: {"decision": decision, "text": text, "reason": reason}}

    return {
        "words the AI never wrote, as accepted": with_section(
            "case_summary",
            "accepted",
            {**summary, "comprehensive_summary": "The patient declined all treatment."},
        ),
        "accepted with no text": with_section("case_summary", "accepted", {}),
        "accepted where the doctor rejected": with_section(
            "primary_diagnosis", "accepted", diagnosis
        ),
        "the doctor's edit as the AI's": with_section("soap_note", "accepted", EDITED_SOAP),
        "an edit the doctor never saved": with_section(
            "soap_note", "edited", {**EDITED_SOAP, "plan": "Stop all insulin."}
        ),
        "rejected, but with the AI's text": with_section(
            "primary_diagnosis", "rejected", diagnosis, "Not yet confirmed"
        ),
        "rejected for another reason": with_section(
            "primary_diagnosis", "rejected", None, "The AI was right."
        ),
        "accepted with the rejection's reason": with_section(
            "case_summary", "accepted", summary, "Not yet confirmed"
        ),
    }


def _forged_amendments(signed: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Amendments of a signed note (summary accepted, SOAP edited, diagnosis rejected) whose
    changed section is not a doctor's version as the editor writes it."""

    def changing(name: str, entry: Any) -> dict[str, Any]:
        return {**signed, name: entry}

    def edited(name: str, text: Any, reason: Any = None) -> dict[str, Any]:
        return changing(name, {"decision": "edited", "text": text, "reason": reason})

    summary = signed["case_summary"]["text"]
    return {
        "changed, still marked as the AI's": changing(
            "case_summary",
            {
                "decision": "accepted",
                "text": {**summary, "comprehensive_summary": "Never written by the AI."},
                "reason": None,
            },
        ),
        "a rejected section turned accepted": changing(
            "primary_diagnosis",
            {
                "decision": "accepted",
                "text": {"primary_diagnosis": "Anaemia", "icd_code": "D64.9", "description": ""},
                "reason": None,
            },
        ),
        "a section rejected again for another reason": changing(
            "primary_diagnosis", {"decision": "rejected", "text": None, "reason": "Other"}
        ),
        "fields missing": edited("soap_note", {"plan": "Stop all insulin."}),
        "a field the note has not": edited("soap_note", {**EDITED_SOAP, "signed_by": "Dr X"}),
        "every field empty": edited("soap_note", dict.fromkeys(EDITED_SOAP, "")),
        "a number for text": edited("soap_note", {**EDITED_SOAP, "plan": 5}),
        "text not stripped": edited("soap_note", {**EDITED_SOAP, "plan": " Oral iron.\u3000"}),
        "a text-direction control": edited(
            "soap_note", {**EDITED_SOAP, "plan": "Metoprolol \u202e05 mg daily"}
        ),
        "a direction mark": edited("soap_note", {**EDITED_SOAP, "plan": "Iron\u200f"}),
        "a control character": edited("soap_note", {**EDITED_SOAP, "plan": "Iron\x1b[8m"}),
        "a field too long": edited("soap_note", {**EDITED_SOAP, "plan": "x" * 20_001}),
        "key findings as one text": edited(
            "case_summary", {**summary, "key_findings": "Pallor\nFatigue"}
        ),
        "an empty key finding": edited("case_summary", {**summary, "key_findings": ["", "x"]}),
        "a diagnosis without its name": edited(
            "primary_diagnosis",
            {"primary_diagnosis": "", "icd_code": "D50.9", "description": "Iron deficiency"},
        ),
        "edited with a reason": edited("soap_note", {**EDITED_SOAP, "plan": "Iron."}, "Why"),
        "edited, and a key more": changing(
            "soap_note",
            {
                "decision": "edited",
                "text": {**EDITED_SOAP, "plan": "Iron."},
                "reason": None,
                "by": "AI",
            },
        ),
    }


# --- both backends, through the repository the service signs with ------------------------


def test_a_sign_off_is_refused_unless_each_section_is_signed_as_decided(
    harness: BackendHarness,
) -> None:
    doctor = harness.sign_up()
    case_id, draft, honest = _reviewed(doctor)
    store = doctor.backend.reviews
    for name, sections in _forged_sign_offs(draft, honest).items():
        with pytest.raises(NoteNotAsReviewed):
            store.sign_note(doctor.doctor.user_id, NoteToSign(case_id, 1, draft.draft_id, sections))
        assert doctor.services.review.versions(case_id) == [], name
    # The app's own path is unchanged: the review as recorded is signed.
    signed = doctor.services.review.sign(case_id)
    assert signed.content["sections"] == honest
    assert signed.verified


def test_a_sign_off_is_refused_while_a_section_has_no_decision(harness: BackendHarness) -> None:
    doctor = harness.sign_up()
    case_id = _analysed(doctor)
    doctor.services.review.review_section(case_id, "case_summary", "accept")
    draft = doctor.services.review.summary(case_id).draft
    assert draft is not None
    sections = {
        name: {"decision": "accepted", "text": ai_text(draft.ai_insights, name), "reason": None}
        for name in SECTIONS
    }
    with pytest.raises(NoteNotAsReviewed):
        doctor.backend.reviews.sign_note(
            doctor.doctor.user_id, NoteToSign(case_id, 1, draft.draft_id, sections)
        )


def test_the_latest_decision_is_the_one_signed(harness: BackendHarness) -> None:
    doctor = harness.sign_up()
    case_id, draft, honest = _reviewed(doctor)
    doctor.services.review.review_section(case_id, "primary_diagnosis", "accept")
    summary = doctor.services.review.summary(case_id)
    assert summary.draft is not None
    with pytest.raises(NoteNotAsReviewed):  # the earlier rejection, signed
        doctor.backend.reviews.sign_note(
            doctor.doctor.user_id, NoteToSign(case_id, 1, draft.draft_id, honest)
        )
    signed = doctor.services.review.sign(case_id)
    assert signed.content["sections"]["primary_diagnosis"] == {
        "decision": "accepted",
        "text": ai_text(draft.ai_insights, "primary_diagnosis"),
        "reason": None,
    }


def test_an_amendment_changes_sections_only_into_the_doctors_versions(
    harness: BackendHarness,
) -> None:
    doctor = harness.sign_up()
    case_id, _, _ = _reviewed(doctor)
    signed = doctor.services.review.sign(case_id)
    previous = signed.content["sections"]
    for name, sections in _forged_amendments(previous).items():
        with pytest.raises(NoteNotAsReviewed):
            doctor.backend.reviews.sign_note(
                doctor.doctor.user_id,
                NoteToSign(case_id, 2, signed.draft_id, sections, "Dose changed"),
            )
        assert len(doctor.services.review.versions(case_id)) == 1, name
    # The app's amendment, and one written as amended_sections writes it, go in.
    changes = {"soap_note": {**EDITED_SOAP, "plan": "Oral iron, ferritin in 3 months."}}
    amended = doctor.services.review.amend(case_id, changes, "Plan clarified")
    assert amended.content["sections"] == amended_sections(previous, changes)
    third = amended_sections(
        amended.content["sections"],
        {"case_summary": {**previous["case_summary"]["text"], "key_findings": ["Pallor"]}},
    )
    kept = doctor.backend.reviews.sign_note(
        doctor.doctor.user_id, NoteToSign(case_id, 3, signed.draft_id, third, "Findings")
    )
    assert kept is not None and kept.version == 3 and kept.verified


# --- Supabase: the owner's own token straight through PostgREST --------------------------


@pytest.fixture
def owner(supabase_stack: SupabaseStack) -> Any:
    harness = SupabaseHarness(supabase_stack)
    session = harness.provider.accounts.sign_up(
        f"dr-{uuid.uuid4().hex[:10]}@clinic.test", "s3cret-pass"
    )
    signed_in = SignedIn(session.doctor, harness.provider.for_analysis(session))
    signed_in.services.review.save_signer_profile("Dr Owner", "MD")
    yield signed_in, session.access_token
    harness.close()


def _refused_as_not_reviewed(answer: Any) -> bool:
    return answer.status_code == 400 and answer.json().get("hint") == HINT


@pytest.mark.postgres
def test_the_owners_token_cannot_sign_a_note_that_misstates_the_review(
    supabase_stack: SupabaseStack, owner: Any
) -> None:
    doctor, token = owner
    case_id, draft, honest = _reviewed(doctor)
    arguments = {"p_case": case_id, "p_version": 1, "p_draft": draft.draft_id}
    with supabase_stack.rest_as(token) as rest:
        for name, sections in _forged_sign_offs(draft, honest).items():
            answer = rest.post("/rest/v1/rpc/sign_note", json={**arguments, "p_sections": sections})
            assert _refused_as_not_reviewed(answer), (name, answer.status_code, answer.text)
        assert doctor.services.review.versions(case_id) == []
        # The review as recorded, sent the same way, is signed.
        answer = rest.post("/rest/v1/rpc/sign_note", json={**arguments, "p_sections": honest})
        assert answer.status_code == 200, answer.text
    (signed,) = doctor.services.review.versions(case_id)
    assert signed.content["sections"] == honest and signed.verified


@pytest.mark.postgres
def test_an_edit_recorded_with_the_token_in_a_shape_the_app_never_writes_is_not_signed(
    supabase_stack: SupabaseStack, owner: Any
) -> None:
    """section_reviews takes an edit of any shape from the token (bounded, plain text): a
    field of its own ("signed_by") or a list where the app writes text. Signed as recorded,
    the note would carry them; the signature refuses them (found by sec17)."""
    doctor, token = owner
    case_id, draft, _ = _reviewed(doctor)
    plan = {"subjective": "", "objective": "", "assessment": "", "plan": "Rest."}
    for edited in ({**plan, "signed_by": "Dr Chief"}, {**plan, "plan": ["Rest."]}):
        decision = {
            "review_id": str(uuid.uuid4()),
            "case_id": case_id,
            "draft_id": draft.draft_id,
            "section": "soap_note",
            "decision": "edited",
            "edited": edited,
        }
        with supabase_stack.rest_as(token) as rest:
            recorded = rest.post("/rest/v1/section_reviews", json=decision)
            assert recorded.status_code == 201, recorded.text
            summary = doctor.services.review.summary(case_id)
            arguments = {
                "p_case": case_id,
                "p_version": 1,
                "p_draft": draft.draft_id,
                "p_sections": signed_sections(summary.draft, summary.reviews),
            }
            answer = rest.post("/rest/v1/rpc/sign_note", json=arguments)
            assert _refused_as_not_reviewed(answer), (edited, answer.status_code, answer.text)
    assert doctor.services.review.versions(case_id) == []
    doctor.services.review.review_section(case_id, "soap_note", "edit", edited=plan)
    doctor.services.review.sign(case_id)
    assert len(doctor.services.review.versions(case_id)) == 1


@pytest.mark.postgres
def test_the_owners_token_cannot_amend_a_section_into_words_nobody_owns(
    supabase_stack: SupabaseStack, owner: Any
) -> None:
    doctor, token = owner
    case_id, _, _ = _reviewed(doctor)
    signed = doctor.services.review.sign(case_id)
    previous = signed.content["sections"]
    arguments = {"p_case": case_id, "p_version": 2, "p_draft": signed.draft_id, "p_reason": "R"}
    with supabase_stack.rest_as(token) as rest:
        for name, sections in _forged_amendments(previous).items():
            answer = rest.post("/rest/v1/rpc/sign_note", json={**arguments, "p_sections": sections})
            assert _refused_as_not_reviewed(answer), (name, answer.status_code, answer.text)
        assert len(doctor.services.review.versions(case_id)) == 1
        amended = amended_sections(previous, {"soap_note": {**EDITED_SOAP, "plan": "Iron."}})
        answer = rest.post("/rest/v1/rpc/sign_note", json={**arguments, "p_sections": amended})
        assert answer.status_code == 200, answer.text


# --- the AI's text as SQL reads it, as Python reads it ------------------------------------

AWKWARD_SECTIONS = [
    '{"comprehensive_summary": 42, "key_findings": ["a", 1, 2.5, null, true, false,'
    ' {"k": [1.50, "\\u00e9\\"\\n"], "a": null}, ["x", 1e-7], [], {}], "lab_summary": null}',
    '{"comprehensive_summary": "Na\\u00efve \\u6f22\\u5b57 \\ud83d\\ude00 \\\\ \\t",'
    ' "key_findings": "one\\ntwo", "radiology_summary": [1, "b", 0.1]}',
    '{"subjective": 1e16, "objective": 0.1, "assessment": false, "plan": {"b": 1, "aa": 1e-7,'
    ' "a": "\\"quoted\\" \\u0007", "c": [true, null, 123456789012345678901234567890]}}',
    '{"subjective": 1.0, "objective": -0.0, "assessment": 1e400, "plan": 1.5e300}',
    '{"subjective": 100.0, "objective": 1234567890123456.7, "assessment": 0.0001, "plan": 0.00001}',
    '{"subjective": 5e-324, "objective": 1e-400, "assessment": -1e-400,'
    ' "plan": 1.7976931348623157e308}',
    '{"subjective": 1.8e308, "objective": -2e308, "assessment": [1.8e308, -1e999],'
    ' "plan": 2.2250738585072014e-308}',
    '{"primary_diagnosis": ["Anaemia", 3], "icd_code": 50.9, "description": true}',
    '{"primary_diagnosis": "", "icd_code": null}',
    # No section, or a falsy one: read as empty (a section of another truthy kind the app
    # cannot read at all).
    "{}",
    "null",
    '""',
    "[]",
    "0",
    "false",
]


@pytest.mark.postgres
def test_sql_reads_the_ais_text_of_awkward_drafts_as_python_does(
    postgres_cluster: PostgresCluster, rls_database: str
) -> None:
    with postgres_cluster.connect(rls_database) as connection:
        for section_json in AWKWARD_SECTIONS:
            for section in SECTIONS:
                stored, in_sql = connection.execute(
                    "select (jsonb_build_object(%s::text, %s::jsonb))::text,"
                    " public.drafted_section(jsonb_build_object(%s::text, %s::jsonb), %s)",
                    (section, section_json, section, section_json, section),
                ).fetchone()
                # The app reads the draft as PostgREST writes the jsonb (json.loads).
                in_python = ai_text(json.loads(stored), section)
                assert in_sql == in_python, (section_json, section)
                assert json.dumps(in_sql, sort_keys=True) == json.dumps(in_python, sort_keys=True)


@pytest.mark.postgres
def test_sql_writes_every_number_as_python_reads_it(
    postgres_cluster: PostgresCluster, rls_database: str
) -> None:
    chance = random.Random(17)
    numbers = [repr(chance.uniform(-1, 1) * 10 ** chance.randint(-320, 308)) for _ in range(800)]
    numbers += [format(chance.random() * 10 ** chance.randint(-30, 30), ".17g") for _ in range(400)]
    numbers += [
        str(chance.randint(0, 10 ** chance.randint(1, 25)))
        + "."
        + "".join(chance.choice("0123456789") for _ in range(chance.randint(1, 25)))
        for _ in range(400)
    ]
    # Any double at all (its bits at random): tenths, halves between two doubles, subnormals.
    doubles = (
        struct.unpack("<d", chance.getrandbits(64).to_bytes(8, "little"))[0] for _ in range(3000)
    )
    numbers += [json.dumps(x) for x in doubles if math.isfinite(x)]
    numbers += [
        "50935042303081421.4978",
        "0.5",
        "2.5",
        "9007199254740993.0",
        "0.1e1",
        "1e15",
        "1e16",
        "1e-4",
        "1e-5",
    ]
    with postgres_cluster.connect(rls_database) as connection:
        rows = connection.execute(
            "select n::jsonb::text, public.stored_text(n::jsonb) from unnest(%s::text[]) n",
            (numbers,),
        ).fetchall()
    for stored, in_sql in rows:
        assert in_sql == str(json.loads(stored)), stored


@pytest.mark.postgres
def test_an_awkward_draft_the_analyzers_token_stored_is_signed_as_accepted(
    supabase_stack: SupabaseStack, owner: Any
) -> None:
    """A draft whose section fields are numbers, lists, marks or missing (any API role may
    store one before sec18, when the analyzer wrote drafts with the doctor's token; stored
    here as the database's owner) is signed by the app as it reads it, and the database
    agrees."""
    doctor, _ = owner
    case_id = _analysed(doctor)
    insights = sample_insights()
    insights["case_summary"] = json.loads(AWKWARD_SECTIONS[0])
    insights["soap_note"] = json.loads(AWKWARD_SECTIONS[2])
    insights["primary_diagnosis"] = json.loads(AWKWARD_SECTIONS[7])
    draft_id = str(uuid.uuid4())
    with supabase_stack.project.connect() as connection:
        connection.execute(
            "insert into public.ai_drafts (draft_id, case_id, user_id, ai_insights,"
            " generated_at) values (%s, %s, %s, %s, '2026-11-28T01:00:00+00:00')",
            [draft_id, case_id, doctor.doctor.user_id, Jsonb(insights)],
        )
        connection.execute(
            "update public.case_insights set draft_id = %s where case_id = %s",
            [draft_id, case_id],
        )
    review = doctor.services.review
    for section in SECTIONS:
        review.review_section(case_id, section, "accept")
    summary = review.summary(case_id)
    assert summary.draft is not None and summary.draft.draft_id == draft_id
    signed = review.sign(case_id)
    assert signed.content["sections"]["soap_note"]["text"]["subjective"] == "10000000000000000"
    assert signed.content["sections"]["case_summary"]["text"]["radiology_summary"] == ""
    assert signed.content["sections"] == signed_sections(summary.draft, summary.reviews)


@pytest.mark.postgres
def test_two_decisions_at_the_same_moment_are_ordered_alike_by_the_app_and_the_database(
    supabase_stack: SupabaseStack, owner: Any
) -> None:
    """Decisions posted in one request share their time (now()): the app takes the last by
    review_id, as it reads them, and so does sign_note."""
    doctor, token = owner
    case_id, draft, _ = _reviewed(doctor)
    decisions = [
        {
            "review_id": str(uuid.uuid4()),
            "case_id": case_id,
            "draft_id": draft.draft_id,
            "section": "case_summary",
            "decision": decision,
            "reason": reason,
        }
        for decision, reason in [("accepted", None), ("rejected", "Too long"), ("accepted", None)]
    ]
    with supabase_stack.rest_as(token) as rest:
        answer = rest.post("/rest/v1/section_reviews", json=decisions)
        assert answer.status_code in (200, 201), answer.text
    summary = doctor.services.review.summary(case_id)
    posted = {d["review_id"] for d in decisions}
    assert len({r.reviewed_at for r in summary.history if r.review_id in posted}) == 1
    last = max(decisions, key=lambda d: uuid.UUID(d["review_id"]).bytes)
    assert summary.reviews["case_summary"].review_id == last["review_id"]
    signed = doctor.services.review.sign(case_id)
    assert signed.content["sections"]["case_summary"]["decision"] == last["decision"]
