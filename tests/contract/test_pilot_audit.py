"""Pilot actions on the audit trail, on every backend: who did what in which pilot, with
ids only (never a name, a diagnosis or, for a reviewer, the case behind a pseudonym)."""

from __future__ import annotations

import json

from core.audit import AuditEvent
from tests.contract.harness import SignedIn
from tests.contract.test_pilots import NAME, SCORES, _case, pilots, team  # noqa: F401 - fixture

DIAGNOSIS = "Iron deficiency anaemia"


def _pilot_events(who: SignedIn) -> list[AuditEvent]:
    """The account's pilot events, oldest first."""
    events = who.backend.audit.events(who.doctor.user_id)
    return [e for e in reversed(events) if e.action.startswith("pilot_")]


def test_pilot_actions_are_on_each_accounts_trail_with_ids_only(team) -> None:  # noqa: F811
    pilot_id, lead, doctor, r1, r2 = (
        team["pilot_id"], team["lead"], team["doctor"], team["r1"], team["r2"]
    )  # fmt: skip
    case_id = _case(doctor)
    (enrolment,) = pilots(doctor).enrol(pilot_id, [case_id])
    pilots(doctor).enrol(pilot_id, [case_id])  # enrolled already: no second event
    first = pilots(r1).record_diagnosis(enrolment.enrolment_id, DIAGNOSIS, "D50.9")
    pilots(r1).submit_scores(pilot_id, first.review_id, SCORES)
    correction = pilots(r1).record_diagnosis(
        enrolment.enrolment_id, DIAGNOSIS, "D50.9", supersedes=first.review_id
    )
    pilots(r1).submit_scores(pilot_id, correction.review_id, SCORES)
    pilots(lead).remove_member(pilot_id, r2.doctor.user_id)

    assert [(e.action, e.case_id, e.details) for e in _pilot_events(lead)] == [
        ("pilot_created", None, {"pilot": pilot_id}),
        *[
            (
                "pilot_member_added",
                None,
                {"pilot": pilot_id, "member": who.doctor.user_id, "role": role},
            )
            for who, role in ((doctor, "doctor"), (r1, "reviewer"), (r2, "reviewer"))
        ],
        ("pilot_member_removed", None, {"pilot": pilot_id, "member": r2.doctor.user_id}),
    ]
    # The enrolling doctor's event names their own case; the reviewer's never does.
    assert [(e.action, e.case_id, e.details) for e in _pilot_events(doctor)] == [
        (
            "pilot_case_enrolled",
            case_id,
            {"pilot": pilot_id, "enrolment": enrolment.enrolment_id},
        )
    ]
    enrolled = {"pilot": pilot_id, "enrolment": enrolment.enrolment_id}
    assert [(e.action, e.case_id, e.details) for e in _pilot_events(r1)] == [
        ("pilot_review_submitted", None, {**enrolled, "review": first.review_id}),
        (
            "pilot_review_submitted",
            None,
            {**enrolled, "review": correction.review_id, "supersedes": first.review_id},
        ),
    ]
    for who in (lead, doctor, r1, r2):
        trail = who.backend.audit.events(who.doctor.user_id)
        assert who.backend.audit.verify(who.doctor.user_id).intact
        text = json.dumps([[e.case_id, e.details_json] for e in trail])
        for word in ("Kowalczyk", "Zbigniew", "anaemia", "D50.9", "Sepsis"):
            assert word.casefold() not in text.casefold(), word
    assert case_id not in json.dumps(
        [e.details_json for e in r1.backend.audit.events(r1.doctor.user_id)]
    )
    assert NAME not in json.dumps([e.details_json for e in _pilot_events(doctor)])
