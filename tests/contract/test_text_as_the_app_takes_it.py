"""Round fifteen (red15): text the app refuses, sent with the doctor's own token.

The app refuses text-direction controls and control characters in a case's notes
(core/validation.py case_summary), in a patient's name and record number (patient_name,
record_number: every control and invisible format character), and in the name and
credentials a doctor signs with (core/review.py signer_profile: one line, nothing hidden),
and drops them from the comment of a critical value's acknowledgment (comment_of). The
database held only their lengths, so the doctor's token sent them straight to PostgREST:

- the notes go into an enrolled case's blind view, which the pilot's reviewers read, into
  the model's prompt and into the exported FHIR document, where no string may hold a
  control character ("Warfarin \\u202e05 mg daily" shows its dose reordered);
- the name as signed is copied into every version the doctor signs: the signature line of
  the PDF and the FHIR attester ("Dr Alice Smith" then a line break and a countersignature
  nobody gave, or a name of zero-width spaces);
- the patient's name and record number go into the exports' Patient;
- the acknowledgment's comment is shown on the case page and in the API's answer.

Now the database refuses them too (20261127180100_text_as_the_app_takes_it.sql), for a new
or changed value (a stored row is not checked again).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.contract.test_critical_results_rls import _acknowledge, clinic  # noqa: F401
from tests.supabase_stack.server import SupabaseStack

pytestmark = pytest.mark.postgres

OVERRIDE = "Warfarin \u202e05 mg daily"  # shows as "Warfarin yliad gm 50"
TERMINAL_ESCAPE = "Potassium 6.9\x1b[8m hidden\x1b[0m"
VERTICAL_TAB = "Iron deficiency\x0banaemia"

# table, the column, the refused values, a value the app takes (kept)
REFUSED: dict[str, tuple[str, str, list[str], str]] = {
    "notes": (
        "cases",
        "case_summary",
        [OVERRIDE, TERMINAL_ESCAPE, VERTICAL_TAB],
        "Tired.\n\tPale.",
    ),
    "case's patient": ("cases", "patient_name", ["Ada\u202eecalevoL", "Ada\nLovelace"], "Ada L."),
    "patient's name": ("patients", "name", ["Ada\u202eecalevoL", "Ada\u200bLovelace"], "Ada L."),
    "record number": ("patients", "record_number", ["48\u2066213", "48\x07213"], "48213"),
    "name as signed": (
        "doctor_profiles",
        "display_name",
        [
            "Dr Alice Smith\nCountersigned: Dr Bob Jones, Chief of Medicine",
            "\u200b\u200b",
            "Dr \u202eecilA",
        ],
        "Dr Alice Smith",
    ),
    "credentials": ("doctor_profiles", "credentials", ["MD\rFRCP (revoked)", "MD\u2067"], "MD"),
}
KEYS = {"cases": "case_id", "patients": "patient_id", "doctor_profiles": "user_id"}


def _row_id(roles: dict[str, Any], case_id: str, table: str) -> str:
    owner = roles["owner"].signed_in
    if table == "doctor_profiles":
        return owner.doctor.user_id
    case = owner.backend.cases.get_case(owner.doctor.user_id, case_id)
    return case_id if table == "cases" else case.patient_id


@pytest.mark.parametrize("what", REFUSED)
def test_the_database_refuses_text_the_app_refuses(
    supabase_stack: SupabaseStack,
    clinic: Any,  # noqa: F811  (the imported fixture)
    what: str,
) -> None:
    roles, case_id, _ = clinic
    table, column, refused, kept = REFUSED[what]
    row = _row_id(roles, case_id, table)
    with supabase_stack.rest_as(roles["owner"].token) as rest:
        for value in refused:
            answer = rest.patch(f"/rest/v1/{table}?{KEYS[table]}=eq.{row}", json={column: value})
            assert answer.status_code == 400, (value, answer.text)
        written = rest.patch(
            f"/rest/v1/{table}?{KEYS[table]}=eq.{row}",
            json={column: kept},
            headers={"Prefer": "return=representation"},
        )
        assert written.status_code == 200, written.text
        assert written.json()[0][column] == kept


def test_an_acknowledgments_comment_holds_no_hidden_reordering_or_control(
    supabase_stack: SupabaseStack,
    clinic: Any,  # noqa: F811
) -> None:
    roles, case_id, keys = clinic
    with supabase_stack.rest_as(roles["owner"].token) as rest:
        for comment in ("read back \u202e9.6", "read back\x1b[8m 6.9"):
            refused = _acknowledge(rest, case_id, keys[0], p_comment=comment)
            assert refused.status_code == 400, refused.text
        kept = _acknowledge(rest, case_id, keys[0], p_comment="Read back 6.9;\n\tward told.")
        assert kept.status_code == 200, kept.text
