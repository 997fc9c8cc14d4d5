"""Pilots against every backend: membership, enrolment, the de-identified view, the blind
gate before the AI draft, final reviews and corrections, and who sees what."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from core.errors import CaseNotFound, InvalidInput, PermissionDenied
from core.models import NewCase, Upload, utc_now
from core.pilot.errors import DiagnosisFirst, EnrolledCaseNotFound, PilotNotFound
from core.pilot.records import current_reviews, scores_json
from core.pilot.rules import section_scores
from core.services.pilots import PilotService
from tests.contract.harness import BackendHarness, SignedIn
from tests.doubles import finish_analysis

NAME = "Zbigniew Kowalczyk"
SCORES = {
    section: {
        "verdict": verdict,
        "ratings": {"accurate": 4, "complete": 3, "useful": 5, "free_of_invented_facts": 5},
        "comment": None,
    }
    for section, verdict in (
        ("case_summary", "accept"),
        ("soap_note", "minor_edit"),
        ("primary_diagnosis", "reject"),
    )
}


def pilots(who: SignedIn) -> PilotService:
    return PilotService(who.doctor, who.backend)


def _case(who: SignedIn, name: str = NAME) -> str:
    """An analysed case whose notes, lab text and AI summary all carry the patient's name."""
    form = NewCase(
        patient_name=name,
        patient_age=71,
        patient_gender="male",
        case_summary=f"{name} reports thirst. MRN 48213377.",
    )
    created = who.services.create_case(form, [Upload("bloods.txt", b"Glucose 11.2 mmol/L", "lab")])
    case_id = created.case.case_id
    (lab,) = who.backend.cases.list_files(who.doctor.user_id, case_id)
    who.backend.cases.save_file_analysis(
        who.doctor.user_id, lab.file_id, f"Patient: {name}\nGlucose 11.2 mmol/L (3.9-5.5)", None
    )
    finish_analysis(who.backend, who.doctor.user_id, case_id, summary=f"{name} has iron deficiency")
    return case_id


@pytest.fixture
def team(harness: BackendHarness) -> dict[str, SignedIn]:
    """A coordinator, an enrolling doctor, two reviewers and an outsider, in one pilot."""
    people = {role: harness.sign_up() for role in ("lead", "doctor", "r1", "r2", "outsider")}
    lead = pilots(people["lead"])
    pilot = lead.create_pilot("Sepsis pilot", "Ward 4", "2026-11-01", "2027-01-31")
    lead.add_member(pilot.pilot_id, people["doctor"].doctor.email, "doctor")
    lead.add_member(pilot.pilot_id, people["r1"].doctor.email.upper(), "reviewer")
    lead.add_member(pilot.pilot_id, people["r2"].doctor.email, "reviewer")
    people["pilot_id"] = pilot.pilot_id  # type: ignore[assignment]
    return people


def test_a_doctor_creates_a_pilot_and_coordinates_it(
    doctor_a: SignedIn, doctor_b: SignedIn
) -> None:
    mine = pilots(doctor_a)
    pilot = mine.create_pilot(" Sepsis pilot ", "", "2026-11-01", "2026-12-01")
    (seat,) = mine.pilots()
    assert (seat.pilot.name, seat.role, seat.pilot.coordinator_id) == (
        "Sepsis pilot",
        "coordinator",
        doctor_a.doctor.user_id,
    )
    assert pilots(doctor_b).pilots() == []
    with pytest.raises(PilotNotFound):
        pilots(doctor_b).seat(pilot.pilot_id)
    with pytest.raises(InvalidInput, match="end date"):
        mine.create_pilot("Backwards", "", "2026-12-01", "2026-11-01")


def test_the_coordinator_adds_members_by_exact_email_and_removes_them(team) -> None:
    lead, pilot_id = pilots(team["lead"]), team["pilot_id"]
    members = {m.email: m.role for m in lead.members(pilot_id)}
    assert members == {
        team["doctor"].doctor.email: "doctor",
        team["r1"].doctor.email: "reviewer",
        team["r2"].doctor.email: "reviewer",
    }
    with pytest.raises(InvalidInput, match="No account"):
        lead.add_member(pilot_id, "nobody@clinic.test")
    partial = team["outsider"].doctor.email.split("@")[0] + "@clinic"
    with pytest.raises(InvalidInput):
        lead.add_member(pilot_id, partial + ".tes")  # no partial matches
    with pytest.raises(InvalidInput, match="already"):
        lead.add_member(pilot_id, team["r1"].doctor.email)
    # Only the coordinator manages members; a member sees only their own membership.
    with pytest.raises(PermissionDenied):
        pilots(team["r1"]).add_member(pilot_id, team["outsider"].doctor.email)
    assert (
        team["r1"].backend.pilots.account_id(
            team["r1"].doctor.user_id, pilot_id, team["outsider"].doctor.email
        )
        is None
    )
    assert [m.user_id for m in pilots(team["r1"]).members(pilot_id)] == [team["r1"].doctor.user_id]
    lead.remove_member(pilot_id, team["r2"].doctor.user_id)
    with pytest.raises(PilotNotFound):
        pilots(team["r2"]).seat(pilot_id)


def test_doctors_enrol_their_own_cases_several_at_once_numbered_in_order(team) -> None:
    doctor, pilot_id = pilots(team["doctor"]), team["pilot_id"]
    cases = [_case(team["doctor"]) for _ in range(3)]
    enrolled = doctor.enrol(pilot_id, cases)
    assert [e.pseudonym for e in enrolled] == ["Case P-0001", "Case P-0002", "Case P-0003"]
    # Again: the same numbers, nothing enrolled twice.
    assert [e.number for e in doctor.enrol(pilot_id, [cases[1]])] == [2]
    assert [e.number for e in pilots(team["lead"]).enrolments(pilot_id)] == [1, 2, 3]
    assert [p.pilot_id for p in doctor.case_enrolments(cases[0])] == [pilot_id]
    # Not another doctor's case, not from outside the pilot, not before the AI has written;
    # a reviewer enrols nothing (issue #23).
    with pytest.raises(CaseNotFound):
        pilots(team["lead"]).enrol(pilot_id, [cases[0]])
    with pytest.raises(PermissionDenied):
        pilots(team["r1"]).enrol(pilot_id, [cases[0]])
    with pytest.raises(PilotNotFound):
        pilots(team["outsider"]).enrol(pilot_id, [_case(team["outsider"])])
    fresh = team["doctor"].services.create_case(NewCase("Ann Other", 30, "female"), [])
    with pytest.raises(InvalidInput, match="AI insights"):
        doctor.enrol(pilot_id, [fresh.case.case_id])


def test_a_reviewer_sees_the_case_de_identified_and_nothing_else(team) -> None:
    pilot_id = team["pilot_id"]
    case_id = _case(team["doctor"])
    (enrolment,) = pilots(team["doctor"]).enrol(pilot_id, [case_id])
    reviewer = pilots(team["r1"])
    (item,) = reviewer.queue(pilot_id)
    assert item.enrolment.pseudonym == "Case P-0001" and item.state == "to_review"
    seen = reviewer.enrolled_case(enrolment.enrolment_id)
    view = seen.view.model_dump_json()
    assert "reports thirst" in view and "Glucose 11.2" in view  # the clinical content
    for identifier in ("Zbigniew", "Kowalczyk", "48213377", "bloods.txt"):
        assert identifier not in view
    # The reviewer sees the age as a ten-year band and the sex (#26), never the age itself.
    assert '"age_band":"70-79"' in view and '"sex":"male"' in view
    assert "71" not in view
    assert seen.view.lab_files[0].label == "Lab file 1"
    # The case itself stays the owner's alone.
    r1 = team["r1"]
    assert r1.backend.cases.get_case(r1.doctor.user_id, case_id) is None
    assert r1.backend.cases.list_files(r1.doctor.user_id, case_id) == []
    assert r1.backend.reviews.current_draft(r1.doctor.user_id, case_id) is None
    # An outsider and a doctor member see no one else's enrolled case.
    outsider = team["outsider"]
    outsider_pilot = pilots(outsider).create_pilot("Other", "", "2026-11-01", "2026-11-02")
    with pytest.raises(EnrolledCaseNotFound):
        pilots(outsider).enrolled_case(enrolment.enrolment_id)
    assert outsider.backend.pilots.enrolments(outsider.doctor.user_id, pilot_id) == []
    assert outsider.backend.pilots.reviews(outsider.doctor.user_id, pilot_id) == []
    assert pilots(outsider).enrolments(outsider_pilot.pilot_id) == []


def test_the_ai_draft_shows_only_after_the_reviewers_blind_diagnosis(team) -> None:
    pilot_id = team["pilot_id"]
    (enrolment,) = pilots(team["doctor"]).enrol(pilot_id, [_case(team["doctor"])])
    reviewer = pilots(team["r1"])
    with pytest.raises(DiagnosisFirst):
        reviewer.ai_insights(enrolment.enrolment_id)
    with pytest.raises(InvalidInput, match="ICD-10"):
        reviewer.record_diagnosis(enrolment.enrolment_id, "Anaemia", "X99.99")
    review = reviewer.record_diagnosis(enrolment.enrolment_id, "Iron deficiency anaemia", "d509")
    assert review.icd_code == "D50.9" and not review.submitted
    insights = reviewer.ai_insights(enrolment.enrolment_id)
    assert insights.ai_insights["primary_diagnosis"]["icd_code"] == "D50.9"
    assert "Kowalczyk" not in json.dumps(insights.ai_insights)
    assert "[PATIENT] has iron deficiency" in json.dumps(insights.ai_insights)
    # The other reviewer is still blind; the coordinator and the owner are not.
    with pytest.raises(DiagnosisFirst):
        pilots(team["r2"]).ai_insights(enrolment.enrolment_id)
    assert pilots(team["lead"]).ai_insights(enrolment.enrolment_id).draft_id == insights.draft_id


def test_a_submitted_review_is_final_and_a_correction_supersedes_it(team) -> None:
    pilot_id = team["pilot_id"]
    (enrolment,) = pilots(team["doctor"]).enrol(pilot_id, [_case(team["doctor"])])
    r1 = team["r1"]
    reviewer = pilots(r1)
    first = reviewer.record_diagnosis(enrolment.enrolment_id, "Anaemia", "D64.9")
    with pytest.raises(InvalidInput):
        reviewer.submit_scores(pilot_id, first.review_id, {"case_summary": SCORES["case_summary"]})
    submitted = reviewer.submit_scores(pilot_id, first.review_id, SCORES)
    assert submitted.submitted and submitted.scores["soap_note"].verdict == "minor_edit"
    with pytest.raises(InvalidInput, match="submitted already"):
        reviewer.submit_scores(pilot_id, first.review_id, SCORES)
    # Not even the store changes it.
    again = scores_json(section_scores({**SCORES}))
    assert not r1.backend.pilots.submit_review(r1.doctor.user_id, first.review_id, again, utc_now())
    # A correction scores again; the blind diagnosis stays the one entered before the AI
    # draft was seen (it is the one compared with the AI's).
    with pytest.raises(InvalidInput, match="blind diagnosis stays"):
        reviewer.record_diagnosis(
            enrolment.enrolment_id, "Iron deficiency anaemia", "D50.9", supersedes=first.review_id
        )
    with pytest.raises(InvalidInput, match="correct your review"):
        reviewer.record_diagnosis(enrolment.enrolment_id, "Anaemia", "D64.9")
    correction = reviewer.record_diagnosis(enrolment.enrolment_id, None, None, first.review_id)
    assert (correction.diagnosis, correction.icd_code) == ("Anaemia", "D64.9")
    assert correction.diagnosed_at == first.diagnosed_at
    reviewer.submit_scores(pilot_id, correction.review_id, SCORES)
    with pytest.raises(InvalidInput, match="corrected already"):
        reviewer.record_diagnosis(enrolment.enrolment_id, None, None, first.review_id)
    kept = reviewer.reviews(pilot_id)
    assert [r.review_id for r in kept] == [first.review_id, correction.review_id]
    assert [r.review_id for r in current_reviews(kept)] == [correction.review_id]
    # A correction names one's own submitted review of the same case.
    with pytest.raises(InvalidInput, match="corrected"):
        pilots(team["r2"]).record_diagnosis(
            enrolment.enrolment_id, "Anaemia", "D64.9", supersedes=first.review_id
        )


def test_who_reviews_what_and_who_reads_which_reviews(team) -> None:
    pilot_id = team["pilot_id"]
    (enrolment,) = pilots(team["doctor"]).enrol(pilot_id, [_case(team["doctor"])])
    for who in ("r1", "r2"):
        review = pilots(team[who]).record_diagnosis(enrolment.enrolment_id, "Anaemia", "D64.9")
        pilots(team[who]).submit_scores(pilot_id, review.review_id, SCORES)
    assert len(pilots(team["lead"]).reviews(pilot_id)) == 2
    assert {r.reviewer_id for r in pilots(team["r1"]).reviews(pilot_id)} == {
        team["r1"].doctor.user_id
    }
    # A doctor member enrols but does not review, and sees only their own enrolments.
    with pytest.raises(PermissionDenied):
        pilots(team["doctor"]).record_diagnosis(enrolment.enrolment_id, "Anaemia", "D64.9")
    # A reviewer cannot enrol a case of their own (they would know the patient).
    with pytest.raises(PermissionDenied, match="Reviewers"):
        pilots(team["r1"]).enrol(pilot_id, [_case(team["r1"])])
    assert [e.number for e in pilots(team["doctor"]).enrolments(pilot_id)] == [1]
    assert [i.enrolment.number for i in pilots(team["r1"]).queue(pilot_id)] == [1]
    # Nothing a reviewer reads through the pilot port carries the patient's name.
    r2 = team["r2"]
    reads = [
        r2.backend.pilots.seats(r2.doctor.user_id),
        r2.backend.pilots.members(r2.doctor.user_id, pilot_id),
        r2.backend.pilots.enrolments(r2.doctor.user_id, pilot_id),
        r2.backend.pilots.enrolment(r2.doctor.user_id, enrolment.enrolment_id),
        r2.backend.pilots.pilot_insights(r2.doctor.user_id, pilot_id),
        r2.backend.pilots.reviews(r2.doctor.user_id, pilot_id),
    ]
    assert NAME.split()[1] not in repr(reads)
    assert asdict(reads[3])["view"] is not None


def test_the_coordinators_figures_and_csv_hold_no_patient_data(team) -> None:
    pilot_id = team["pilot_id"]
    enrolled = pilots(team["doctor"]).enrol(pilot_id, [_case(team["doctor"]) for _ in range(2)])
    codes = {"r1": ("D50.9", "D50.9"), "r2": ("D50.0", "E11.9")}
    for who, (first, second) in codes.items():
        for enrolment, code in zip(enrolled, (first, second), strict=True):
            review = pilots(team[who]).record_diagnosis(enrolment.enrolment_id, "Dx", code)
            pilots(team[who]).submit_scores(pilot_id, review.review_id, SCORES)
    figures = pilots(team["lead"]).figures(pilot_id)
    assert (figures.enrolled, figures.reviewed, figures.reviewed_by_two) == (2, 2, 2)
    # The AI wrote D50.9 for both: exact for r1 twice; category D50 three times of four.
    assert figures.overall.agreement.exact.successes == 2
    assert figures.overall.agreement.category.successes == 3
    assert [g.label for g in figures.by_provenance] == ["rules · prompt rules-1"]
    # A reviewer's figures rest on their own reviews only.
    assert pilots(team["r1"]).figures(pilot_id).overall.reviews == 2
    reviews_csv, figures_csv = pilots(team["lead"]).export_csv(pilot_id)
    assert "Case P-0001" in reviews_csv and "Reviewer 2" in reviews_csv
    for private in ("Kowalczyk", "Zbigniew", team["r1"].doctor.email, enrolled[0].case_id):
        assert private not in reviews_csv + figures_csv
    assert "agreement: exact ICD-10 code,0.5," in figures_csv
    with pytest.raises(PermissionDenied):
        pilots(team["r1"]).export_csv(pilot_id)


def test_a_note_signed_after_enrolment_goes_beside_the_enrolled_draft(team) -> None:
    pilot_id, doctor = team["pilot_id"], team["doctor"]
    case_id = _case(doctor)
    (enrolment,) = pilots(doctor).enrol(pilot_id, [case_id])
    review = doctor.services.review
    review.review_section(case_id, "case_summary", "accept")
    review.review_section(
        case_id,
        "soap_note",
        "edit",
        edited={
            "subjective": f"{NAME} reports fatigue for two months.",
            "objective": "Pale conjunctivae. Hemoglobin 9.8 g/dL.",
            "assessment": "Iron deficiency anaemia.",
            "plan": "Ferritin, iron studies.",
        },
    )
    review.review_section(case_id, "primary_diagnosis", "reject", reason="Pending ferritin")
    review.sign(case_id)
    # Kept at sign-off by the review service itself: no page has to be opened for it.
    kept = pilots(team["lead"]).ai_insights(enrolment.enrolment_id).signed_sections
    assert pilots(doctor).record_signed_note(case_id) == 0  # nothing new
    assert kept["primary_diagnosis"] is None  # rejected: nothing signed
    assert "[PATIENT] reports fatigue" in kept["soap_note"]["subjective"]
    assert "Kowalczyk" not in json.dumps(kept)
    soap = pilots(team["lead"]).figures(pilot_id).overall.sections[1]
    assert soap.edit_distance.n == 1 and soap.edit_distance.value > 0

    # An amendment replaces the text beside the draft at once, too.
    review.amend(case_id, {"soap_note": {"plan": "Ferritin; iron infusion if below 30."}}, "Plan")
    amended = pilots(team["lead"]).ai_insights(enrolment.enrolment_id).signed_sections
    assert amended["soap_note"]["plan"] == "Ferritin; iron infusion if below 30."
    # Nobody else writes it, and the draft itself never changes.
    r1 = team["r1"]
    assert not r1.backend.pilots.record_signed_sections(
        r1.doctor.user_id, enrolment.enrolment_id, "not-the-draft", {}
    )
    insights = pilots(team["lead"]).ai_insights(enrolment.enrolment_id)
    assert not r1.backend.pilots.record_signed_sections(
        r1.doctor.user_id, enrolment.enrolment_id, insights.draft_id, {}
    )


@pytest.mark.parametrize(
    ("name", "description", "detail"),
    [
        ("Sepsis \u202etolip", "", "Pilot name must not contain text-direction control"),
        ("Sepsis", "Members \u2067review\u2069 weekly", "Description must not contain text-dir"),
        ("Sepsis\x1b[8m hidden", "", "Pilot name must not contain control characters"),
        ("Sepsis", "Weekly\x0bcalls", "Description must not contain control characters"),
    ],
    ids=["name-override", "description-isolate", "name-escape", "description-vertical-tab"],
)
def test_a_pilots_text_every_member_reads_refuses_hidden_reordering_and_controls(
    harness: BackendHarness, doctor_a: SignedIn, name: str, description: str, detail: str
) -> None:
    # Round fourteen: a coordinator's pilot name and description, shown to each member
    # (another doctor), took direction controls and a terminal's escape.
    before = harness.row_counts()
    with pytest.raises(InvalidInput) as refused:
        pilots(doctor_a).create_pilot(name, description, "2026-11-01", "2027-01-31")
    assert refused.value.detail.startswith(detail)
    assert harness.row_counts() == before
    kept = pilots(doctor_a).create_pilot(
        "Sepsis", "Weekly calls\nSecond line", "2026-11-01", "2027-01-31"
    )
    assert kept.description == "Weekly calls\nSecond line"
