"""Round fifteen (red15): an AI draft of a shape no analysis writes, reaching other accounts.

The analyzer wrote drafts with the doctor's own token (round twelve left the analyzer's
tables writable by it; since sec18 only the analyzer's own role writes them), and the
enrolment check only asks that an enrolled draft be the stored draft redacted. So an
enrolling doctor could store a draft whose provenance, diagnosis or a section is a string or
a list, enrol the case, and every page that reads the pilot's drafts failed: the
coordinator's figures and CSV export for the whole pilot, each reviewer's figures, and the
AI draft a reviewer scores. The database now takes only drafts of the analyzer's shape from
an API role (20261127180000_drafts_as_the_analyzer_writes.sql), and the pilot's readers read
a draft stored before that rule without failing.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from psycopg.types.json import Jsonb

from core.models import NewCase
from core.services.pilots import PilotService
from tests.contract.test_pilot_guards import _app_view, _case_with_values
from tests.contract.test_pilot_integrity import pilot  # noqa: F401  (fixture)
from tests.contract.test_pilots import _case, pilots
from tests.supabase_stack.server import SupabaseStack
from ui.pilot_review_view import show_ai_draft

pytestmark = pytest.mark.postgres

# Each a stored draft no analysis writes (core/insights.py Insights: the three sections and
# the provenance are objects, the lab values a list of objects).
HOSTILE = {
    "provenance as a word": lambda d: {**d, "provenance": "rules engine"},
    "diagnosis as a word": lambda d: {**d, "primary_diagnosis": "Iron deficiency anaemia"},
    "a section as a list": lambda d: {**d, "soap_note": ["S: tired", "P: iron"]},
}
REFUSED = {
    **HOSTILE,
    "lab values as an object": lambda d: {**d, "lab_values": {"analyte": "Ferritin"}},
    "a lab value as a word": lambda d: {**d, "lab_values": ["Ferritin 4 ug/L"]},
    "a lab value's number as text": lambda d: {**d, "lab_values": [{**FERRITIN, "value": "4"}]},
    "a lab value's mark as text": lambda d: {**d, "lab_values": [{**FERRITIN, "critical": "yes"}]},
    "a lab value without its analyte": lambda d: {**d, "lab_values": [{"value": 4.0}]},
}
NOT_AN_OBJECT = ["the draft", "as a list"]
FERRITIN = {"analyte": "Ferritin", "value": 4.0, "unit": "ug/L", "flag": "low", "critical": False}


def _current_draft(stack: SupabaseStack, case_id: str) -> tuple[str, dict[str, Any]]:
    with stack.project.connect() as connection:
        row = connection.execute(
            "select d.case_id, d.ai_insights from public.case_insights i"
            " join public.ai_drafts d on d.draft_id = i.draft_id where i.case_id = %s",
            [case_id],
        ).fetchone()
    assert row is not None
    return str(row[0]), row[1]


@pytest.mark.parametrize("shape", [*REFUSED, "not an object"])
def test_the_analyzers_key_stores_only_drafts_of_the_analyzers_shape(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
    shape: str,
) -> None:
    """Since sec18 no doctor's token stores a draft at all
    (test_the_analyzers_own_role.py); the analyzer's role stores only drafts of its shape,
    for a case being analysed."""
    _, roles, ids = pilot
    doctor = roles["doctor"]
    _, stored = _current_draft(supabase_stack, ids["case"])
    hostile = NOT_AN_OBJECT if shape == "not an object" else REFUSED[shape](stored)
    waiting = doctor.signed_in.services.create_case(
        NewCase("Ann Lee", 40, "female", "Tired."), []
    ).case
    row = {
        "case_id": waiting.case_id,
        "user_id": doctor.signed_in.doctor.user_id,
        "case_version": stored["provenance"].get("case_version"),
    }
    with supabase_stack.rest_as(supabase_stack.analyzer_key) as rest:
        refused = rest.post(
            "/rest/v1/ai_drafts",
            json={**row, "draft_id": str(uuid.uuid4()), "ai_insights": hostile},
            headers={"Prefer": "return=minimal"},
        )
        assert refused.status_code == 400, refused.text
        # A draft as the analyzer writes it still goes in.
        for kept_draft in (stored, {**stored, "lab_values": [FERRITIN]}):
            kept = rest.post(
                "/rest/v1/ai_drafts",
                json={**row, "draft_id": str(uuid.uuid4()), "ai_insights": kept_draft},
                headers={"Prefer": "return=minimal"},
            )
            assert kept.status_code == 201, kept.text


@pytest.mark.parametrize("shape", HOSTILE)
def test_a_hostile_draft_stored_before_the_rule_breaks_no_other_accounts_page(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
    shape: str,
) -> None:
    _, roles, ids = pilot
    doctor = roles["doctor"].signed_in
    case_id = _case(doctor)
    _, stored = _current_draft(supabase_stack, case_id)
    # Stored before the rule (as the project's owner: no API role writes it now), made the
    # case's current draft, and enrolled through the app by its doctor.
    draft_id = str(uuid.uuid4())
    with supabase_stack.project.connect() as connection:
        connection.execute(
            "insert into public.ai_drafts (draft_id, case_id, user_id, ai_insights)"
            " values (%s, %s, %s, %s)",
            [draft_id, case_id, doctor.doctor.user_id, Jsonb(HOSTILE[shape](stored))],
        )
        connection.execute(
            "update public.case_insights set draft_id = %s where case_id = %s",
            [draft_id, case_id],
        )
    (enrolment,) = pilots(doctor).enrol(ids["pilot"], [case_id])
    reviewer = pilots(roles["reviewer"].signed_in)
    reviewer.record_diagnosis(enrolment.enrolment_id, "Anaemia", "D64.9")

    # The reviewer's figures and the draft they score.
    assert reviewer.figures(ids["pilot"]).enrolled == 2
    show_ai_draft(reviewer.ai_insights(enrolment.enrolment_id).ai_insights)
    # The coordinator's figures and both CSV files, for the whole pilot.
    lead: PilotService = pilots(roles["coordinator"].signed_in)
    report = lead.report(ids["pilot"])
    assert report.figures.enrolled == 2
    assert report.reviews_csv.count("\n") == 3  # the header and both reviews
    assert report.figures_csv


def test_a_lab_value_stored_as_text_before_the_rule_leaves_the_rest_of_the_blind_view(
    supabase_stack: SupabaseStack,
    pilot: Any,  # noqa: F811
) -> None:
    """A value whose number is text ("4 (low)") passed the enrolment check as stored and
    made the reviewers' view of the case unreadable (the page and the API failed); now that
    value is left out and the rest of the view is shown."""
    _, roles, ids = pilot
    doctor = roles["doctor"]
    case_id = _case_with_values(doctor.signed_in, "Amaka Obi")
    view, insights, draft_id = _app_view(doctor.signed_in, case_id)
    _, stored = _current_draft(supabase_stack, case_id)
    (glucose,) = view["lab_values"]
    as_text = {"analyte": "Ferritin", "value": "4 (low)"}
    hostile_id = str(uuid.uuid4())
    with supabase_stack.project.connect() as connection:  # stored before the rule
        connection.execute(
            "insert into public.ai_drafts (draft_id, case_id, user_id, ai_insights)"
            " values (%s, %s, %s, %s)",
            [
                hostile_id,
                case_id,
                doctor.signed_in.doctor.user_id,
                Jsonb({**stored, "lab_values": [*stored["lab_values"], {**glucose, **as_text}]}),
            ],
        )
    with supabase_stack.rest_as(doctor.token) as rest:
        enrolled = rest.post(
            "/rest/v1/rpc/enrol_pilot_case",
            json={
                "p_enrolment": str(uuid.uuid4()),
                "p_pilot": ids["pilot"],
                "p_case": case_id,
                "p_draft": hostile_id,
                "p_view": {**view, "lab_values": [glucose, {**glucose, **as_text}]},
                "p_insights": {
                    **insights,
                    "lab_values": [*insights["lab_values"], {**glucose, **as_text}],
                },
                "p_signed": None,
            },
        )
    assert enrolled.status_code == 200, enrolled.text
    assert draft_id != hostile_id
    reviewer = pilots(roles["reviewer"].signed_in)
    shown = reviewer.enrolled_case(enrolled.json()["enrolment_id"]).view
    assert shown is not None
    assert [(v.analyte, v.value) for v in shown.lab_values] == [("Glucose", 11.2)]
    assert shown.notes == view["notes"] and len(shown.lab_files) == len(view["lab_files"])
