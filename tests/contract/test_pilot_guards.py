"""The last of issue #23's rules moved into the database (Supabase mode): each role's own
token sent straight to the PostgREST stand-in (the owner or enrolling doctor, another
doctor, a reviewer, the coordinator).

- A pilot's reviewer enrols no case of their own; its doctors and coordinator may.
- The member lookup answers the pilot's coordinator only, and refuses one whose lookups
  missed 10 times in the hour (HTTP 429; TooManyAttempts in the app).
- An amendment or rejection reason that is invisible once hidden characters go, or that
  holds a text-direction control, is refused by the database.
- An enrolled case's de-identified view is the stored case's, redacted: made-up notes, lab
  texts, lab values or image readings are refused even when they name nobody.
"""

from __future__ import annotations

import uuid
from typing import Any

import httpx
import pytest

from core.errors import InvalidInput, TooManyAttempts
from core.insights import Insights, LabValue
from core.models import NewCase, Upload, utc_now
from core.pilot import deidentify
from core.pilot.deidentify import case_view
from tests.contract.test_pilot_integrity import pilot  # noqa: F401  (fixture)
from tests.contract.test_pilots import _case, pilots
from tests.contract.test_signing_in_the_database import (  # noqa: F401  (fixture)
    AMENDED_SECTIONS,
    clinic,
)
from tests.doubles import sample_insights
from tests.supabase_stack.server import SupabaseStack

pytestmark = pytest.mark.postgres

EMPTY_VIEW = {"notes": None, "lab_files": [], "lab_values": [], "images": []}


def _enrol_row(pilot_id: str, case_id: str) -> dict[str, Any]:
    return {
        "enrolment_id": str(uuid.uuid4()),
        "pilot_id": pilot_id,
        "case_id": case_id,
        "case_view": EMPTY_VIEW,
    }


def test_a_reviewer_cannot_enrol_a_case_of_their_own(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    _, roles, ids = pilot
    for name, allowed in (("reviewer", False), ("other", False), ("coordinator", True)):
        own_case = _case(roles[name].signed_in)
        with supabase_stack.rest_as(roles[name].token) as rest:
            answer = rest.post("/rest/v1/pilot_cases", json=_enrol_row(ids["pilot"], own_case))
        assert (answer.status_code == 201) is allowed, (name, answer.status_code, answer.text)
        if not allowed:
            assert answer.status_code in (401, 403), (name, answer.text)


def _lookup(stack: SupabaseStack, token: str, pilot_id: str, email: str) -> httpx.Response:
    with stack.rest_as(token) as rest:
        return rest.post(
            "/rest/v1/rpc/pilot_account_id", json={"p_pilot": pilot_id, "p_email": email}
        )


def test_the_member_lookup_is_the_coordinators_and_its_misses_are_throttled(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    _, roles, ids = pilot
    known = roles["other"].signed_in.doctor
    # Only the coordinator learns whether an address has an account.
    for name in ("doctor", "reviewer", "other"):
        answer = _lookup(supabase_stack, roles[name].token, ids["pilot"], known.email)
        assert answer.status_code == 200 and answer.json() is None, name
    coordinator = roles["coordinator"].token
    found = _lookup(supabase_stack, coordinator, ids["pilot"], known.email)
    assert found.json() == known.user_id
    # Ten addresses without an account in the hour, then every lookup is refused.
    for n in range(10):
        missed = _lookup(supabase_stack, coordinator, ids["pilot"], f"nobody{n}@clinic.test")
        assert missed.status_code == 200 and missed.json() is None
    refused = _lookup(supabase_stack, coordinator, ids["pilot"], known.email)
    assert refused.status_code == 429, refused.text
    # The app (here without its own guard) says so as TooManyAttempts.
    lead = pilots(roles["coordinator"].signed_in)
    with pytest.raises(TooManyAttempts):
        lead.add_member(ids["pilot"], "nobody-else@clinic.test", "reviewer")
    # Hits are not counted: another coordinator's lookups are their own.
    other_lead = pilots(roles["other"].signed_in)
    own = other_lead.create_pilot("Q", "", "2026-11-01", "2027-01-31")
    with pytest.raises(InvalidInput, match="No account"):
        other_lead.add_member(own.pilot_id, "nobody-else@clinic.test", "reviewer")


@pytest.mark.parametrize(
    "reason",
    [
        "\u200b\u2060\ufeff",
        "\u00a0\u3000\u200d \t",
        "\u0301\u0301",
        "\u202eesod decnuoer",
        "ok\u2066",
    ],
    ids=["zero-width", "spaces", "marks-alone", "right-to-left-override", "isolate"],
)
def test_the_database_refuses_an_amendment_reason_nobody_can_read(
    supabase_stack: SupabaseStack,
    clinic: Any,  # noqa: F811  (the imported fixture)
    reason: str,
) -> None:
    _, roles, case_id, signed = clinic
    amendment = {
        "p_case": case_id,
        "p_version": 2,
        "p_draft": signed.draft_id,
        "p_sections": AMENDED_SECTIONS,
    }
    with supabase_stack.rest_as(roles["owner"].token) as rest:
        refused = rest.post("/rest/v1/rpc/sign_note", json={**amendment, "p_reason": reason})
        assert refused.status_code == 400, refused.text
        rejection = {
            "review_id": str(uuid.uuid4()),
            "case_id": case_id,
            "draft_id": signed.draft_id,
            "section": "soap_note",
            "decision": "rejected",
            "reason": reason,
        }
        answer = rest.post("/rest/v1/section_reviews", json=rejection)
        assert answer.status_code in (400, 403), answer.text
        # A reason with a visible word goes in.
        accepted = rest.post("/rest/v1/rpc/sign_note", json={**amendment, "p_reason": "Dose"})
        assert accepted.status_code == 200, accepted.text


def test_a_rejection_with_a_readable_reason_still_goes_in(
    supabase_stack: SupabaseStack,
    clinic: Any,  # noqa: F811  (the imported fixture)
) -> None:
    _, roles, case_id, signed = clinic
    rejection = {
        "review_id": str(uuid.uuid4()),
        "case_id": case_id,
        "draft_id": signed.draft_id,
        "section": "soap_note",
        "decision": "rejected",
        "reason": "Plan omits \u00e9tude follow-up",
    }
    with supabase_stack.rest_as(roles["owner"].token) as rest:
        answer = rest.post("/rest/v1/section_reviews", json=rejection)
    assert answer.status_code == 201, answer.text


def _case_with_values(who: Any, name: str) -> str:
    """An analysed case whose draft holds a lab value read from its lab file (the line
    naming the patient, as a reader would see it before redaction)."""
    form = NewCase(name, 71, "male", f"{name} reports thirst. MRN 48213377.")
    created = who.services.create_case(form, [Upload("bloods.txt", b"Glucose 11.2", "lab")])
    owner, case_id = who.doctor.user_id, created.case.case_id
    (lab,) = who.backend.cases.list_files(owner, case_id)
    line = f"Patient: {name} Glucose 11.2 mmol/L (3.9-5.5)"
    who.backend.cases.save_file_analysis(owner, lab.file_id, line, None)
    glucose = LabValue(
        analyte="Glucose",
        value=11.2,
        unit="mmol/L",
        reference_low=3.9,
        reference_high=5.5,
        flag="high",
        source_file_id=lab.file_id,
        source_line=line,
    )
    insights = {**sample_insights(), "lab_values": [glucose.model_dump(mode="json")]}
    assert who.backend.cases.request_analysis(owner, case_id) is not None
    claim = str(uuid.uuid4())
    assert who.backend.cases.claim_analysis(owner, case_id, claim, utc_now())
    assert who.backend.cases.complete_analysis(
        owner, case_id, claim, Insights.model_validate(insights)
    )
    return case_id


def _app_view(doctor: Any, case_id: str) -> tuple[dict[str, Any], dict[str, Any], str]:
    """The view, redacted draft and draft id the app would enrol for ``case_id``."""
    owner = doctor.doctor.user_id
    draft = doctor.backend.reviews.current_draft(owner, case_id)
    case = doctor.backend.cases.get_case(owner, case_id)
    files = doctor.backend.cases.list_files(owner, case_id)
    scrub = deidentify.scrubber_for(case, files)

    def no_picture(*_: Any) -> Any:
        raise OSError("no radiology image in this case")

    view = case_view(case, files, draft.ai_insights, no_picture).model_dump(mode="json")
    return view, deidentify.redacted_insights(draft.ai_insights, scrub), draft.draft_id


def test_the_enrolled_view_is_the_stored_case_redacted(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    _, roles, ids = pilot
    doctor = roles["doctor"].signed_in
    case_id = _case_with_values(doctor, "Amaka Obi")
    view, insights, draft_id = _app_view(doctor, case_id)
    assert view["notes"] and view["lab_files"] and view["lab_values"]
    assert "Amaka" not in str(view)

    def enrol(candidate: dict[str, Any]) -> httpx.Response:
        with supabase_stack.rest_as(roles["doctor"].token) as rest:
            return rest.post(
                "/rest/v1/rpc/enrol_pilot_case",
                json={
                    "p_enrolment": str(uuid.uuid4()),
                    "p_pilot": ids["pilot"],
                    "p_case": case_id,
                    "p_draft": draft_id,
                    "p_view": candidate,
                    "p_insights": insights,
                    "p_signed": None,
                },
            )

    value = view["lab_values"][0]
    made_up = {
        "notes": {**view, "notes": view["notes"] + " HIV positive, 12 Harbour Road."},
        "other notes": {**view, "notes": "Reports of Amakaobi syndrome."},
        "lab text": {**view, "lab_files": [{"label": "Lab file 1", "text": "Potassium 2.1"}]},
        "lab value": {**view, "lab_values": [{**value, "value": 999}]},
        "source line": {**view, "lab_values": [{**value, "source_line": "HIV 1 positive"}]},
        "image": {
            **view,
            "images": [
                {"label": "Radiology image 1", "reading": {"findings": "Mass in the liver"}}
            ],
        },
    }
    for what, candidate in made_up.items():
        answer = enrol(candidate)
        assert answer.status_code == 400, (what, answer.text)
    # Less than the stored case is fine (a reader's view may leave a file out); the app's
    # own view goes in as built.
    assert enrol({**view, "lab_files": []}).status_code == 200
    another = _case_with_values(doctor, "Amaka Obi")
    (enrolment,) = pilots(doctor).enrol(ids["pilot"], [another])
    assert enrolment.case_id == another


def test_the_enrolled_draft_and_signed_text_are_the_stored_ones_word_for_word(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811  (the imported fixture)
) -> None:
    from tests.contract.test_review import _review_all

    _, roles, ids = pilot
    doctor = roles["doctor"].signed_in
    case_id = _case_with_values(doctor, "Amaka Obi")
    view, insights, draft_id = _app_view(doctor, case_id)
    rewritten = {**insights, "soap_note": {**insights["soap_note"], "plan": "Stop all insulin."}}

    def enrol(candidate: dict[str, Any]) -> httpx.Response:
        with supabase_stack.rest_as(roles["doctor"].token) as rest:
            return rest.post(
                "/rest/v1/rpc/enrol_pilot_case",
                json={
                    "p_enrolment": str(uuid.uuid4()),
                    "p_pilot": ids["pilot"],
                    "p_case": case_id,
                    "p_draft": draft_id,
                    "p_view": view,
                    "p_insights": candidate,
                    "p_signed": None,
                },
            )

    assert enrol(rewritten).status_code == 400  # a new plan, naming nobody
    assert enrol(insights).status_code == 200  # the app's redaction of the stored draft
    # The signed text beside the fixture's enrolled draft: the signed note's, redacted.
    _review_all(doctor, ids["case"])
    doctor.services.review.sign(ids["case"])  # kept beside the enrolment, as the app does
    kept = pilots(roles["coordinator"].signed_in).pilot_insights(ids["pilot"])
    (enrolled,) = [e for e in kept if e.enrolment_id == ids["enrolment"]]
    signed = enrolled.signed_sections
    assert signed is not None and isinstance(signed["soap_note"], dict)
    reworded = {**signed, "soap_note": {**signed["soap_note"], "plan": "Stop all insulin."}}
    with supabase_stack.rest_as(roles["doctor"].token) as rest:
        for sections, allowed in ((reworded, False), (signed, True)):
            answer = rest.patch(
                "/rest/v1/pilot_case_insights",
                params={"enrolment_id": f"eq.{ids['enrolment']}"},
                json={"signed_sections": sections},
            )
            assert (answer.status_code in (200, 204)) is allowed, answer.text


@pytest.mark.parametrize(
    "text",
    ["Metoprolol \u202e05 mg daily\u202c", "Stable.\x1b[8m Not for discharge", "BP\x0bHR"],
    ids=["right-to-left-override", "terminal-escape", "vertical-tab"],
)
def test_the_database_refuses_hidden_reordering_and_controls_in_typed_text(
    supabase_stack: SupabaseStack,
    clinic: Any,  # noqa: F811  (the imported fixture)
    text: str,
) -> None:
    # Round fourteen: the app refuses these in an edited section and in a pilot's name and
    # description; a doctor's own token inserting straight through PostgREST is held by
    # the database too.
    _, roles, case_id, signed = clinic
    edited = {
        "review_id": str(uuid.uuid4()),
        "case_id": case_id,
        "draft_id": signed.draft_id,
        "section": "soap_note",
        "decision": "edited",
        "edited": {"subjective": "s", "objective": "o", "assessment": "a", "plan": [text]},
    }
    pilot_row = {"name": f"Sepsis {text}", "starts_on": "2026-11-01", "ends_on": "2027-01-31"}
    with supabase_stack.rest_as(roles["owner"].token) as rest:
        refused = rest.post("/rest/v1/section_reviews", json=edited)
        assert refused.status_code == 400, refused.text
        refused = rest.post("/rest/v1/pilots", json=pilot_row)
        assert refused.status_code == 400, refused.text
        described = rest.post(
            "/rest/v1/pilots", json={**pilot_row, "name": "P", "description": text}
        )
        assert described.status_code == 400, described.text
        # Plain text, with its line ends, goes in.
        edited["edited"]["plan"] = ["Ferritin.", "Review in a week"]
        edited["edited"]["assessment"] = "Iron deficiency\nlikely dietary"
        accepted = rest.post("/rest/v1/section_reviews", json=edited)
        assert accepted.status_code == 201, accepted.text
        made = rest.post(
            "/rest/v1/pilots", json={**pilot_row, "name": "Sepsis", "description": "A\nB"}
        )
        assert made.status_code == 201, made.text
