"""Physician review, sign-off and amendments, against every backend."""

from __future__ import annotations

import pytest

from core.errors import CaseNotFound, InvalidInput
from core.models import CaseQuery, NewCase
from core.review import changes_from_draft, hash_matches
from tests.contract.harness import SignedIn
from tests.doubles import finish_analysis


def _analysed(who: SignedIn, name: str = "Ada Example") -> str:
    form = NewCase(patient_name=name, patient_age=54, patient_gender="female")
    case_id = who.services.create_case(form, []).case.case_id
    finish_analysis(who.backend, who.doctor.user_id, case_id)
    return case_id


EDITED_SOAP = {
    "subjective": "Fatigue for two months, worse on exertion.",
    "objective": "Pale conjunctivae.",
    "assessment": "Iron deficiency anaemia, likely dietary.",
    "plan": "Ferritin, iron studies, oral iron.",
}


def _review_all(who: SignedIn, case_id: str) -> None:
    review = who.services.review
    review.review_section(case_id, "case_summary", "accept")
    review.review_section(case_id, "soap_note", "edit", edited=EDITED_SOAP)
    review.review_section(case_id, "primary_diagnosis", "reject", reason="Not yet confirmed")


def test_each_section_is_accepted_edited_or_rejected_beside_the_unchanged_draft(
    doctor_a: SignedIn,
) -> None:
    case_id = _analysed(doctor_a)
    review = doctor_a.services.review
    draft_before = review.summary(case_id).draft
    _review_all(doctor_a, case_id)

    summary = review.summary(case_id)
    assert summary.review_state == "reviewed"
    assert {s: r.decision for s, r in summary.reviews.items()} == {
        "case_summary": "accepted",
        "soap_note": "edited",
        "primary_diagnosis": "rejected",
    }
    assert summary.reviews["soap_note"].edited == EDITED_SOAP
    assert summary.reviews["primary_diagnosis"].reason == "Not yet confirmed"
    assert summary.draft == draft_before  # the AI draft is never changed
    diff = changes_from_draft(
        "soap_note",
        {k: draft_before.ai_insights["soap_note"][k] for k in EDITED_SOAP},
        summary.reviews["soap_note"].edited,
    )
    assert "-  Iron deficiency anaemia." in diff
    assert "+  Iron deficiency anaemia, likely dietary." in diff


def test_partial_review_awaits_review_and_cannot_be_signed(doctor_a: SignedIn) -> None:
    case_id = _analysed(doctor_a)
    review = doctor_a.services.review
    review.review_section(case_id, "case_summary", "accept")
    assert review.summary(case_id).review_state == "awaiting_review"
    with pytest.raises(InvalidInput) as refused:
        review.sign(case_id)
    assert "SOAP note" in refused.value.detail and "Primary diagnosis" in refused.value.detail
    assert review.versions(case_id) == []


@pytest.mark.parametrize(
    ("section", "decision", "options", "detail"),
    [
        ("primary_diagnosis", "reject", {"reason": "  "}, "Say why"),
        (
            "primary_diagnosis",
            "edit",
            {"edited": {"primary_diagnosis": "X", "icd_code": "Q"}},
            "not a valid ICD-10-CM code",
        ),
        (
            "primary_diagnosis",
            "edit",
            {"edited": {"primary_diagnosis": "X", "icd_code": "Z99.999"}},
            "not a valid ICD-10-CM code",
        ),
        ("soap_note", "edit", {"edited": {"subjective": ""}}, "cannot be empty"),
        # Round fourteen: a right-to-left override in a signed plan shows "daily 50 mg"
        # where the record says "05 mg daily" (Trojan Source, in a note).
        (
            "soap_note",
            "edit",
            {"edited": {"plan": "Metoprolol \u202e05 mg daily\u202c, review in a week"}},
            "Plan contains a character that reorders text",
        ),
        (
            "primary_diagnosis",
            "edit",
            {"edited": {"primary_diagnosis": "Sepsis\u2067 ruled out\u2069", "icd_code": "A41.9"}},
            "Diagnosis contains a character that reorders text",
        ),
        # A terminal's escape in the exported Markdown (cat hides the line after it), and
        # a vertical tab no FHIR string may hold (the document export would be invalid).
        (
            "soap_note",
            "edit",
            {"edited": {"assessment": "Stable.\x1b[8m Not for discharge\x1b[0m"}},
            "Assessment contains a control character",
        ),
        (
            "case_summary",
            "edit",
            {"edited": {"comprehensive_summary": "BP 120/80\x0bHR 72"}},
            "contains a control character",
        ),
        ("soap_note", "edit", {"edited": {"history": "x"}}, "Unknown field"),
        ("billing", "accept", {}, "Section must be one of"),
        ("soap_note", "approve", {}, "Decision must be"),
    ],
)
def test_bad_decisions_are_refused_and_nothing_is_recorded(
    doctor_a: SignedIn, section: str, decision: str, options: dict, detail: str
) -> None:
    case_id = _analysed(doctor_a)
    with pytest.raises(InvalidInput) as refused:
        doctor_a.services.review.review_section(case_id, section, decision, **options)
    assert detail in refused.value.detail
    assert doctor_a.services.review.summary(case_id).history == []


def test_an_edited_icd_code_is_checked_and_spelled_as_usual(doctor_a: SignedIn) -> None:
    case_id = _analysed(doctor_a)
    edited = {"primary_diagnosis": "Type 2 diabetes", "icd_code": "e119", "description": ""}
    record = doctor_a.services.review.review_section(
        case_id, "primary_diagnosis", "edit", edited=edited
    )
    assert record.edited["icd_code"] == "E11.9"


def test_sign_then_amend_keeps_every_version_readable_and_read_only(doctor_a: SignedIn) -> None:
    case_id = _analysed(doctor_a)
    review = doctor_a.services.review
    _review_all(doctor_a, case_id)
    signed = review.sign(case_id)

    assert (signed.version, signed.signer_email) == (1, doctor_a.doctor.email)
    assert hash_matches(signed)
    assert signed.section_text("soap_note") == EDITED_SOAP
    assert signed.section_text("primary_diagnosis") is None  # rejected
    assert signed.section_text("case_summary")["lab_summary"] == "Microcytic anaemia."
    assert doctor_a.services.get_case(case_id).case.review_state == "signed"
    # Signed: sections are no longer reviewed, and signing again is refused.
    with pytest.raises(InvalidInput, match="amend"):
        review.review_section(case_id, "case_summary", "accept")
    with pytest.raises(InvalidInput, match="already signed"):
        review.sign(case_id)
    with pytest.raises(InvalidInput, match="reason"):
        review.amend(case_id, {"primary_diagnosis": {"primary_diagnosis": "X"}}, "  ")

    diagnosis = {"primary_diagnosis": "Iron deficiency anaemia", "icd_code": "D50.8"}
    amended = review.amend(case_id, {"primary_diagnosis": diagnosis}, "Ferritin came back low")
    assert (amended.version, amended.amendment_reason) == (2, "Ferritin came back low")
    assert amended.section_text("primary_diagnosis")["icd_code"] == "D50.8"
    assert amended.section_text("soap_note") == EDITED_SOAP
    assert doctor_a.services.get_case(case_id).case.review_state == "amended"
    versions = review.versions(case_id)
    assert [v.version for v in versions] == [1, 2]
    assert versions[0] == signed  # version 1 still reads as signed
    assert all(hash_matches(v) for v in versions)


def test_a_rerun_after_sign_off_makes_a_new_draft_and_leaves_the_note(doctor_a: SignedIn) -> None:
    case_id = _analysed(doctor_a)
    review = doctor_a.services.review
    _review_all(doctor_a, case_id)
    signed = review.sign(case_id)
    assert not review.summary(case_id).newer_draft

    finish_analysis(doctor_a.backend, doctor_a.doctor.user_id, case_id, summary="Second look")
    summary = review.summary(case_id)
    assert summary.newer_draft
    assert summary.review_state == "signed"
    assert summary.versions == [signed]
    assert "Second look" in summary.draft.ai_insights["case_summary"]["comprehensive_summary"]
    drafts = doctor_a.backend.reviews.drafts(doctor_a.doctor.user_id, case_id)
    assert len(drafts) == 2 and drafts[0].draft_id == signed.draft_id


def test_a_rerun_before_sign_off_needs_a_new_review(doctor_a: SignedIn) -> None:
    case_id = _analysed(doctor_a)
    review = doctor_a.services.review
    _review_all(doctor_a, case_id)
    old_draft = review.summary(case_id).draft.draft_id
    finish_analysis(doctor_a.backend, doctor_a.doctor.user_id, case_id)
    summary = review.summary(case_id)
    assert (summary.review_state, summary.reviews) == ("awaiting_review", {})
    assert len(summary.history) == 3  # the old draft's decisions stay on record
    with pytest.raises(InvalidInput, match="newer AI draft"):
        review.review_section(case_id, "case_summary", "accept", draft_id=old_draft)


def test_nothing_to_review_before_the_first_draft(doctor_a: SignedIn) -> None:
    form = NewCase(patient_name="Ada", patient_age=54, patient_gender="female")
    case_id = doctor_a.services.create_case(form, []).case.case_id
    with pytest.raises(InvalidInput, match="no AI draft"):
        doctor_a.services.review.review_section(case_id, "case_summary", "accept")
    with pytest.raises(InvalidInput):
        doctor_a.services.review.sign(case_id)


def test_another_doctors_case_is_not_found_for_every_review_action(
    doctor_a: SignedIn, doctor_b: SignedIn
) -> None:
    case_id = _analysed(doctor_a)
    _review_all(doctor_a, case_id)
    theirs = doctor_b.services.review
    for action in (
        lambda: theirs.summary(case_id),
        lambda: theirs.review_section(case_id, "case_summary", "accept"),
        lambda: theirs.sign(case_id),
        lambda: theirs.amend(case_id, {"soap_note": EDITED_SOAP}, "reason"),
        lambda: theirs.versions(case_id),
        lambda: theirs.summary("not-a-case-id"),
    ):
        with pytest.raises(CaseNotFound):
            action()
    assert doctor_a.services.review.summary(case_id).versions == []


def test_the_case_list_shows_counts_and_filters_review_states(doctor_a: SignedIn) -> None:
    waiting = _analysed(doctor_a, "Waiting")
    signed = _analysed(doctor_a, "Signed")
    _review_all(doctor_a, signed)
    doctor_a.services.review.sign(signed)
    doctor_a.services.create_case(NewCase("Fresh", 30, "male"), [])

    page = doctor_a.services.list_case_page(CaseQuery())
    assert page.counts_by_review_state == {
        "awaiting_review": 1,
        "reviewed": 0,
        "signed": 1,
        "amended": 0,
    }
    states = {row.case.patient_name: row.case.review_state for row in page.rows}
    assert states == {"Waiting": "awaiting_review", "Signed": "signed", "Fresh": None}
    only = doctor_a.services.list_case_page(CaseQuery(review_states=("signed",)))
    assert [row.case.case_id for row in only.rows] == [signed]
    assert only.total == 1
    with pytest.raises(InvalidInput):
        doctor_a.services.list_case_page(CaseQuery(review_states=("approved",)))
    assert waiting


def test_a_note_too_long_to_sign_is_refused_saying_why_and_nothing_is_signed(
    doctor_a: SignedIn,
) -> None:
    # Each field within its 20,000 characters, but in a script of three bytes a character
    # the SOAP note alone is 240 kB: the Supabase database signs at most 200 kB of sections.
    case_id = _analysed(doctor_a)
    review = doctor_a.services.review
    long_soap = {field: "貧血" * 10_000 for field in EDITED_SOAP}
    review.review_section(case_id, "case_summary", "accept")
    review.review_section(case_id, "soap_note", "edit", edited=long_soap)
    review.review_section(case_id, "primary_diagnosis", "reject", reason="Not yet confirmed")

    with pytest.raises(InvalidInput, match="too long to sign"):
        review.sign(case_id)
    assert review.versions(case_id) == []
    # Shortened, the same note signs.
    review.review_section(case_id, "soap_note", "edit", edited=EDITED_SOAP)
    assert review.sign(case_id).version == 1
