"""Where the patient's name appears: one policy, asked by every front end."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.insights import Insights
from core.models import Case
from core.privacy.display import UNNAMED, Audience, DisplayPolicy
from core.review import ReviewSummary, SignedNote
from tests.doubles import sample_insights

NOW = datetime(2026, 11, 25, tzinfo=UTC)
CASE = Case("case-1", "doctor-1", "Ada Obi", 40, "female", None, "completed", NOW, NOW)
STORED = {"sections": {"soap_note": {"text": {"subjective": "[PATIENT] reports fatigue."}}}}


def _note() -> SignedNote:
    return SignedNote("n1", "case-1", 1, "d1", STORED, "hash", "doctor-1", "a@b.c", NOW)


@pytest.mark.parametrize(
    ("policy", "audience", "shown"),
    [
        (DisplayPolicy(), Audience.OWNER, "Ada Obi reports fatigue."),
        (DisplayPolicy(fhir_patient_name=False), Audience.OWNER, "Ada Obi reports fatigue."),
        (DisplayPolicy(), Audience.FHIR, "Ada Obi reports fatigue."),
        (DisplayPolicy(fhir_patient_name=False), Audience.FHIR, f"{UNNAMED} reports fatigue."),
        (DisplayPolicy(), Audience.PILOT_REVIEWER, "[PATIENT] reports fatigue."),
    ],
)
def test_each_audience_reads_what_the_policy_says(
    policy: DisplayPolicy, audience: Audience, shown: str
) -> None:
    note = policy.note(_note(), CASE, audience)
    assert note.content["sections"]["soap_note"]["text"]["subjective"] == shown
    assert STORED["sections"]["soap_note"]["text"]["subjective"] == "[PATIENT] reports fatigue."
    insights = Insights.model_validate(sample_insights(summary="[PATIENT]:"))
    summary = policy.record(insights, CASE, audience).case_summary.comprehensive_summary
    assert summary.startswith(shown.removesuffix(" reports fatigue.") + ":")


def test_a_review_summary_reads_the_name_for_its_owner_only() -> None:
    summary = ReviewSummary(review_state="signed", draft=None, versions=[_note()])
    owner = DisplayPolicy().review(summary, CASE)
    assert "Ada Obi" in str(owner.versions[0].content)
    reviewer = DisplayPolicy().review(summary, CASE, Audience.PILOT_REVIEWER)
    assert reviewer is summary
