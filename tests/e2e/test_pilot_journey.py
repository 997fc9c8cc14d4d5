"""A pilot in a real headless Chromium against `streamlit run serve.py`.

The coordinator creates a pilot and adds a doctor and two reviewers; the doctor ticks two
cases in the case list and enrols them together; each reviewer records a blind diagnosis
for both (never seeing a name, nor the AI's draft before their own diagnosis) and scores
every section; the coordinator's page shows every figure. Accounts and the two analysed
cases are seeded through the core (the browser adds nothing there); every pilot page is
checked with axe-core, and no request may go to any host but the app.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from core.backends.local import LocalBackendProvider
from core.models import NewCase, Upload
from core.review import SignerProfile
from core.services.review import ReviewService
from tests.doubles import case_service, finish_analysis
from tests.e2e.clinic_browser import PASSWORD
from tests.e2e.conftest import RunningApp
from tests.e2e.pilot_browser import PilotMemberAtBrowser

pytestmark = pytest.mark.e2e

VIEWPORT = {"width": 1400, "height": 1000}
PILOT = "Anaemia pilot"
LEAD, DOCTOR = "lead.pilot@clinic.test", "doctor.pilot@clinic.test"
REVIEWERS = ("reviewer.one@clinic.test", "reviewer.two@clinic.test")
PATIENTS = ("Marisol Quintanilla", "Thaddeus Okonkwo")
NAME_PARTS = [part for name in PATIENTS for part in name.split()]
AI_SUMMARY = "has iron deficiency"  # in the AI's draft: unseen by a reviewer before diagnosing
# The reviewers' own diagnoses, by pseudonym: the AI says D50.9 for both cases.
BLIND = {
    "Case P-0001": ("Iron deficiency anaemia", "D50.9"),
    "Case P-0002": ("Type 2 diabetes", "E11.9"),
}


@dataclass(frozen=True)
class SeededClinic:
    provider: LocalBackendProvider
    doctor_id: str
    case_ids: dict[str, str]  # patient -> case id


@pytest.fixture
def seeded(medcase_app: RunningApp) -> Iterator[SeededClinic]:
    """The four accounts, and two analysed cases of the doctor whose notes, lab text and AI
    draft all carry the patient's name, written into the running app's own data folder."""
    provider = LocalBackendProvider(medcase_app.data_dir)
    for email in (LEAD, *REVIEWERS):
        provider.accounts.sign_up(email, PASSWORD)
    session = provider.accounts.sign_up(DOCTOR, PASSWORD)
    doctor, backend = session.doctor, provider.for_session(session)
    backend.reviews.save_signer_profile(doctor.user_id, SignerProfile("Dr Pilot Doctor", "MD"))
    case_ids = {}
    for age, name in enumerate(PATIENTS, start=60):
        form = NewCase(
            patient_name=name,
            patient_age=age,
            patient_gender="female",
            case_summary=f"{name} reports fatigue. MRN 48213377.",
        )
        created = case_service(doctor, backend).create_case(
            form, [Upload("bloods.txt", b"Hemoglobin 9.8 g/dL", "lab")]
        )
        case_id = created.case.case_id
        (lab,) = backend.cases.list_files(doctor.user_id, case_id)
        backend.cases.save_file_analysis(
            doctor.user_id, lab.file_id, f"Patient: {name}\nHemoglobin 9.8 g/dL (12-16)", None
        )
        finish_analysis(backend, doctor.user_id, case_id, summary=f"{name} {AI_SUMMARY}")
        case_ids[name] = case_id
    try:
        yield SeededClinic(provider, doctor.user_id, case_ids)
    finally:
        provider.close()


def sign_off_one_case(seeded: SeededClinic, patient: str) -> None:
    """The doctor signs the note of an enrolled case with one section edited, through the
    core: the pilot's edit distance must follow at once, with no page opened."""
    session = seeded.provider.accounts.sign_in(DOCTOR, PASSWORD)
    review = ReviewService(session.doctor, seeded.provider.for_session(session))
    case_id = seeded.case_ids[patient]
    review.review_section(case_id, "case_summary", "accept")
    review.review_section(
        case_id,
        "soap_note",
        "edit",
        edited={
            "subjective": "Fatigue for two months; breathless on stairs.",
            "objective": "Pale conjunctivae. Hemoglobin 9.8 g/dL.",
            "assessment": "Iron deficiency anaemia, likely dietary.",
            "plan": "Ferritin, iron studies; oral iron.",
        },
    )
    review.review_section(case_id, "primary_diagnosis", "accept")
    review.sign(case_id)


def person(browser: Browser, app: RunningApp, artifacts: Path, first=None):
    shared = (first.shots, first.findings) if first else (None, None)
    return PilotMemberAtBrowser(
        browser.new_context(viewport=VIEWPORT).new_page(), app.url, artifacts, *shared
    )


def metric(member: PilotMemberAtBrowser, label: str):
    return member.main.get_by_test_id("stMetric").filter(
        has=member.page.get_by_test_id("stMetricLabel").get_by_text(label, exact=True)
    )


def review_blind(reviewer: PilotMemberAtBrowser, number: int) -> None:
    """One reviewer, both cases: nothing of the AI before their diagnosis, never a name."""
    for pseudonym, (diagnosis, code) in BLIND.items():
        reviewer.open_case(pseudonym)
        expect(reviewer.main.get_by_text("[PATIENT] reports fatigue")).to_be_visible()
        reviewer.settled()
        page_text = reviewer.page.locator("body").inner_text()
        assert AI_SUMMARY not in page_text and "The AI's insights" not in page_text
        assert not [part for part in NAME_PARTS if part in page_text], pseudonym
        if pseudonym == "Case P-0001":
            reviewer.snap(f"pilot-reviewer{number}-blind")
            reviewer.check_accessibility(f"reviewer {number}: case before the diagnosis")
        reviewer.record_diagnosis(diagnosis, code)
        expect(reviewer.heading("The AI's insights")).to_be_visible()
        expect(
            reviewer.main.get_by_text(re.compile(r"\[PATIENT\] has iron deficiency"))
        ).to_be_visible()
        page_text = reviewer.page.locator("body").inner_text()
        assert not [part for part in NAME_PARTS if part in page_text], pseudonym
        if pseudonym == "Case P-0001":
            reviewer.snap(f"pilot-reviewer{number}-scoring")
            reviewer.check_accessibility(f"reviewer {number}: scoring form")
        reviewer.score_every_section("Minor edit" if number == 1 else "Accept", 4)
    reviewer.all_cases()
    queue = reviewer.main.get_by_test_id("stDataFrame").filter(has_text="Your review")
    expect(queue.locator("tr[role=row]").filter(has_text="Submitted")).to_have_count(2)


@pytest.mark.e2e
def test_pilot_journey(
    medcase_app: RunningApp, browser: Browser, artifacts: Path, seeded: SeededClinic
) -> None:
    # The coordinator sets the pilot up and adds the doctor and both reviewers.
    lead = person(browser, medcase_app, artifacts)
    lead.visit()
    lead.sign_in(LEAD)
    lead.go_to("Pilots")
    expect(lead.main.get_by_text("You are in no pilot yet")).to_be_visible()
    lead.create_pilot(PILOT, "Iron deficiency on ward 4")
    lead.open_tab("Members")
    lead.add_member(DOCTOR, "Doctor (enrols cases)")
    for email in REVIEWERS:
        lead.add_member(email, "Reviewer")
    lead.snap("pilot-members")
    lead.check_accessibility("pilot members")

    # The doctor ticks both cases in the list and enrols them together.
    doctor = person(browser, medcase_app, artifacts, lead)
    doctor.visit()
    doctor.sign_in(DOCTOR)
    expect(doctor.heading("Cases")).to_be_visible()
    doctor.main.get_by_text("Select cases to enrol in a pilot").click()
    enrol = doctor.main.get_by_role("button", name=re.compile(r"^Enrol \d+ selected case"))
    expect(enrol).to_be_disabled()
    for patient in PATIENTS:
        doctor.tick_in_list(patient)
    expect(enrol).to_have_text("Enrol 2 selected cases")
    expect(doctor.heading("Cases")).to_be_visible()  # ticking a row opened nothing
    doctor.snap("pilot-enrol-from-list")
    doctor.check_accessibility("case list, enrolling")
    enrol.click()
    expect(
        doctor.main.get_by_text(f"Enrolled in {PILOT}: Case P-0001, Case P-0002.")
    ).to_be_visible()
    sign_off_one_case(seeded, PATIENTS[0])

    # Two reviewers, blind, in their own browsers.
    for number, email in enumerate(REVIEWERS, start=1):
        reviewer = person(browser, medcase_app, artifacts, lead)
        reviewer.visit()
        reviewer.sign_in(email)
        reviewer.go_to("Pilots")
        expect(reviewer.main.get_by_role("tab", name="My reviews")).to_be_visible()
        review_blind(reviewer, number)
        reviewer.snap(f"pilot-reviewer{number}-done")

    # The coordinator's figures: every one of them, from the two reviewers' four reviews.
    lead.main.get_by_role("button", name="Refresh figures").click()
    lead.open_tab("Figures")
    lead.settled()
    for label, value in (
        ("Cases enrolled", "2"),
        ("Reviewed", "2"),
        ("Reviewed by two or more", "2"),
    ):
        expect(metric(lead, label)).to_contain_text(value)
    # The AI said D50.9 for both; each reviewer agreed on one case of two.
    expect(metric(lead, "Same ICD-10 code").first).to_contain_text(
        re.compile(r"^Same ICD-10 code\s*50%$")
    )
    expect(
        lead.main.get_by_text(re.compile(r"^95 % interval \d+%–\d+%, n=4$")).first
    ).to_be_visible()
    expect(metric(lead, "Same category (3 characters)").first).to_contain_text("50%")
    expect(metric(lead, "Same chapter").first).to_contain_text("50%")
    expect(
        lead.main.get_by_text(
            "Agreement between reviewers on the diagnosis category: Cohen's κ 1.00 "
            "(2 cases, 2 reviewers each)."
        ).first
    ).to_be_visible()
    # The overall group's table comes first (each provenance has its own in an expander).
    sections = lead.main.get_by_test_id("stDataFrame").filter(has_text="Edit distance").first
    for section, accepted in (
        ("Case summary", "50%"),
        ("SOAP note", "50%"),
        ("Primary diagnosis", "50%"),
    ):
        row = sections.locator("tr[role=row]").filter(has_text=section)
        expect(row).to_contain_text(accepted)
    # Edit distance from the note the doctor signed after enrolling (SOAP edited, n=1).
    expect(sections.locator("tr[role=row]").filter(has_text="SOAP note")).to_contain_text(
        re.compile(r"\d+ \(n=1\)")
    )
    expect(
        lead.main.get_by_text(re.compile(r"^Calibration of the diagnosis confidence")).first
    ).to_contain_text(re.compile(r"Brier \d\.\d{3}, expected calibration error \d\.\d{3} \(n=4\)"))
    expect(lead.main.get_by_test_id("stVegaLiteChart").first).to_be_visible()  # reliability
    expect(lead.heading("By engine, model and prompt version")).to_be_visible()
    provenance = lead.main.get_by_test_id("stDataFrame").filter(has_text="Written by")
    expect(provenance.locator("tr[role=row]").filter(has_text="rules")).to_have_count(1)
    lead.snap("pilot-figures")
    lead.check_accessibility("pilot figures")

    # Everything came from the app itself, and axe-core found nothing serious on any page.
    assert not lead.findings, "\n".join(lead.findings)
