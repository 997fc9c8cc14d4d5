"""The doctor's journey in a real headless Chromium against `streamlit run serve.py`.

One journey, in order, a screenshot per step into test-artifacts/e2e/: create an account,
see what is wrong with a bad new-case form, create a case with a lab PDF, a PNG and a
DICOM file, watch the analysis progress and the insights appear without a reload, reload
and open the case's link in a new tab (still signed in), open it from the list by its
name, edit the case, add a file, then a second doctor finds the first doctor's case
nowhere (list or link), and finally the first doctor deletes it. Every page is checked
with axe-core, and no request may go to any host but the app.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.clinic_browser import DoctorAtBrowser
from tests.e2e.conftest import MODEL_DELAY_SECONDS, RunningApp
from tests.samples import LAB_REPORT_LINES, dicom_bytes_with, jpeg_bytes, pdf_bytes, png_bytes
from ui.progress import STEPS

pytestmark = pytest.mark.e2e

PATIENT = "Jane Roe"
RENAMED = "Jane A. Roe"
ICD10_CODE = re.compile(r"^[A-TV-Z]\d{2}(\.\w{1,4})?$")
VIEWPORT = {"width": 1400, "height": 1000}
ADVISORY = "AI-generated, advisory: requires physician review"
ANALYSIS_SECONDS = 60
RERUN_MODEL_DELAY_SECONDS = 0.25


@pytest.fixture
def case_files(tmp_path: Path) -> dict[str, Path]:
    """Real files on disk, as a doctor would pick them."""
    files = {
        "bloods.pdf": pdf_bytes(LAB_REPORT_LINES, pages=2),
        "chest.png": png_bytes(320, 240),
        # The case's own patient: a scan of somebody else would be kept out of the analysis.
        "head.dcm": dicom_bytes_with(
            "CT_small.dcm",
            PatientName="Roe^Jane",
            PatientSex="F",
            PatientBirthDate="",
            PatientAge="047Y",
        ),
        "knee.jpg": jpeg_bytes(320, 240),
    }
    for name, content in files.items():
        (tmp_path / name).write_bytes(content)
    return {name: tmp_path / name for name in files}


def step_shown(text: str) -> int | None:
    """Which of the 8 steps a line of the live progress says is done: the bar names the
    step ("3 of 8 steps done: ..."), the status box the one after it ("Analyzing: ...").

    Both are read, because a poll can catch the one already redrawn and not yet the other.
    """
    if bar := re.match(r"^(\d) of \d+ steps done", text):
        return int(bar.group(1))
    doing = text.removeprefix("Analyzing: ")
    for number, step in enumerate(STEPS, start=1):
        if step.next == doing:
            return number
    return None


def case_id_in(url: str) -> str:
    [case_id] = parse_qs(urlparse(url).query)["case_id"]
    return case_id


def watch_analysis(doctor: DoctorAtBrowser) -> list[str]:
    """What the live progress said, in order, until the insights were on the page.

    Called right after "Create case": the same document must go from the form to the
    progress to the insights, so a marker set now must survive (a reload would wipe it).
    """
    page = doctor.page
    page.evaluate("window.__medcaseSamePage = true")
    # The status box names what the analyzer is doing; the bar says which step it is on.
    progress = doctor.main.get_by_text(re.compile(r"^(Analyzing: |\d of \d+ steps done: )"))
    insights = doctor.heading("Primary diagnosis")
    seen: list[str] = []
    deadline = time.monotonic() + ANALYSIS_SECONDS
    while not insights.count() and time.monotonic() < deadline:
        for text in progress.all_inner_texts():
            if text not in seen:
                seen.append(text)
                if len(seen) == 1:
                    doctor.snap_while_running("analysis-progress")
        page.wait_for_timeout(50)
    expect(insights).to_be_visible()
    assert page.evaluate("window.__medcaseSamePage === true"), "the page was reloaded"
    return seen


@pytest.mark.e2e
def test_doctor_journey(
    medcase_app: RunningApp, browser: Browser, artifacts: Path, case_files: dict[str, Path]
) -> None:
    alice = DoctorAtBrowser(
        browser.new_context(viewport=VIEWPORT).new_page(), medcase_app.url, artifacts
    )

    # An account, and the empty list.
    alice.visit()
    alice.snap("sign-in")
    alice.check_accessibility("sign-in")
    alice.create_account("dr.alice@clinic.test")
    expect(alice.main.get_by_text("No cases yet")).to_be_visible()
    alice.snap("empty-case-list")
    alice.check_accessibility("empty case list")

    # A form with no name and an impossible age says what is wrong, under each field.
    alice.go_to("New case")
    form = alice.new_case_form
    form.get_by_label("Age").fill("200")
    alice.submit(form, "Create case")
    for message in (
        "Patient name is required",
        "Patient age must be between 0 and 150",
        "Please correct 3 fields: Patient name, Age, Gender.",
    ):
        expect(form.get_by_text(message, exact=True)).to_be_visible()
    alice.snap("new-case-problems")
    alice.check_accessibility("new case form with problems")

    # A case with a lab PDF, a PNG and a DICOM file.
    form = alice.fill_new_case(
        PATIENT,
        47,
        "Female",
        "Jane Roe reports fatigue and thirst for three weeks.",
        lab_files=[case_files["bloods.pdf"]],
        radiology_files=[case_files["chest.png"], case_files["head.dcm"]],
    )
    alice.snap("new-case-form")
    alice.submit(form, "Create case")

    # The new case's page: live stages, then the insights, in the same document.
    steps = watch_analysis(alice)
    expect(alice.heading(PATIENT)).to_be_visible()
    case_id = case_id_in(alice.page.url)
    for label in ("Case summary", "SOAP note", "Primary diagnosis"):
        expect(alice.heading(label)).to_be_visible()
    expect(alice.main.get_by_text(ADVISORY)).to_be_visible()
    alice.snap("insights")
    alice.check_accessibility("case page with insights")
    assert steps, "no analysis stage was shown before the insights"
    numbers = [number for number in map(step_shown, steps) if number is not None]
    assert len(set(numbers)) >= 2, f"the progress did not move on by itself: {steps}"
    assert numbers == sorted(numbers), f"the stages went backwards: {steps}"

    # A reload, and the case's link in a new tab, keep the doctor signed in.
    alice.page.reload()
    expect(alice.heading(PATIENT)).to_be_visible()
    expect(alice.main.get_by_label("Email")).to_have_count(0)
    tab = alice.page.context.new_page()
    tab.goto(f"{medcase_app.url}/case?case_id={case_id}")
    expect(tab.get_by_test_id("stMain").get_by_role("heading", name=PATIENT)).to_be_visible()
    tab.close()

    # The list shows the case with its status and diagnosis; a click on the name opens it.
    alice.go_to("Cases")
    row = alice.list_row(PATIENT)
    expect(row).to_contain_text("Completed")
    # Shown in ui.case_list.SHOWN_ORDER: "#", Critical, Patient, Status, Review, diagnosis, ICD-10
    expect(row.locator("td").nth(6)).to_have_text(ICD10_CODE)
    expect(row).to_contain_text("Awaiting review")
    alice.snap("case-list")
    alice.check_accessibility("case list")
    alice.open_from_list(PATIENT)

    # Edit: name, age and notes.
    edit = alice.expander("Edit case").get_by_test_id("stForm")
    edit.get_by_label("Patient name").fill(RENAMED)
    edit.get_by_label("Age").fill("48")
    edit.get_by_label("Doctor's summary").fill("Fatigue and thirst; polyuria since May.")
    alice.snap("edit-case")
    alice.submit(edit, "Save changes")
    expect(alice.heading(RENAMED)).to_be_visible()
    expect(alice.main.get_by_text(re.compile(r"^48 years · Female"))).to_be_visible()
    alice.snap("case-edited")

    # Add a file: the case is analysed again with it at once, without a Re-run click.
    medcase_app.model.behave(delay=RERUN_MODEL_DELAY_SECONDS)  # its progress was seen above
    adding = alice.expander("Add files").get_by_test_id("stForm")
    alice.attach("Radiology files", [case_files["knee.jpg"]], adding)
    alice.submit(adding, "Add files")
    expect(alice.main.get_by_role("button", name="knee.jpg", exact=True)).to_be_visible()
    alice.snap("file-added")
    # Done when the new draft is saved (it reflects the edit and the file: the out-of-date
    # warning is gone) and the case is completed again (Re-run is back: it is not shown
    # while analysing), with no note of files added after the analysis.
    outdated = alice.main.get_by_text(re.compile(r"^The AI draft was written before the case"))
    rerun = alice.main.get_by_role("button", name="Re-run analysis")
    expect(rerun).to_be_visible(timeout=ANALYSIS_SECONDS * 1000)
    expect(outdated).to_have_count(0, timeout=ANALYSIS_SECONDS * 1000)
    expect(alice.main.get_by_text("Completed", exact=True)).to_be_visible()
    expect(alice.main.get_by_text(re.compile(r"added after this analysis"))).to_have_count(0)
    expect(alice.heading("Primary diagnosis")).to_be_visible()
    alice.snap("re-analysed")
    medcase_app.model.behave(delay=MODEL_DELAY_SECONDS)

    # Physician review: accept one section, edit one, reject one with a reason; sign; amend.
    alice.decide("case_summary", "Accept")
    # Saving one section's decision reran that section alone (a fragment), not the page.
    assert alice.runs.asked_fragment
    alice.decide(
        "soap_note", "Edit", fields={"Plan": "Fasting glucose and HbA1c; review in a week."}
    )
    alice.decide("primary_diagnosis", "Reject", reason="Awaiting HbA1c")
    expect(alice.main.get_by_text(re.compile(r"^Your version"))).to_be_visible()
    alice.snap("sections-reviewed")
    # How she signs, once (asked on the sign bar), then the attestation naming her, then
    # Sign (tests/e2e/test_working_day_browser.py checks the sticky bar and the shortcuts).
    alice.set_signer_profile("Dr Alice Smith", "MD")
    alice.main.locator(".st-key-review_sign_bar").get_by_text("I have reviewed").click()
    alice.settled()
    alice.main.get_by_role("button", name="Sign note").click()
    expect(
        alice.main.get_by_text(
            re.compile(r"^Signed by Dr Alice Smith, MD \(dr\.alice@clinic\.test\) at")
        )
    ).to_be_visible()
    expect(alice.main.get_by_text("Rejected by the doctor: Awaiting HbA1c")).to_be_visible()
    alice.snap("note-signed")
    amend = alice.expander("Amend the signed note").get_by_test_id("stForm")
    amend.get_by_label("Diagnosis", exact=True).fill("Type 2 diabetes mellitus")
    amend.get_by_label("ICD-10 code").fill("E11.9")
    amend.get_by_label("Reason for the amendment").fill("HbA1c 8.1 %")
    alice.submit(amend, "Sign amendment")
    expect(
        alice.main.get_by_text(re.compile(r"^Amended by Dr Alice Smith, MD \(dr\.alice@"))
    ).to_be_visible()
    expect(alice.main.get_by_text("Reason for the amendment: HbA1c 8.1 %")).to_be_visible()
    alice.snap("note-amended")

    # The audit tab: every action, newest first, and a chain that verifies.
    alice.main.get_by_role("tab", name="Audit trail").click()
    audit = alice.main.get_by_test_id("stDataFrame").filter(has_text="Note amended")
    expect(audit).to_have_count(1)
    for action in ("Note signed", "Section rejected", "Section edited", "Section accepted"):
        expect(audit.locator("tr[role=row]").filter(has_text=action)).to_have_count(1)
    alice.main.get_by_role("button", name="Verify the chain").click()
    expect(alice.main.get_by_text(re.compile(r"^The chain is intact: \d+ event"))).to_be_visible()
    alice.snap("audit-trail")
    alice.main.get_by_role("tab", name="Case").click()

    # A second doctor finds the first doctor's case nowhere: not by its link, not listed.
    bob = DoctorAtBrowser(
        browser.new_context(viewport=VIEWPORT).new_page(),
        medcase_app.url,
        artifacts,
        alice.shots,
        alice.findings,
    )
    bob.visit(f"/case?case_id={case_id}")
    bob.create_account("dr.bob@clinic.test")
    expect(bob.main.get_by_text("Case not found")).to_be_visible()
    expect(bob.page.get_by_text(RENAMED)).to_have_count(0)
    bob.snap("other-doctor-by-link")
    bob.go_to("Cases")
    expect(bob.main.get_by_text("No cases yet")).to_be_visible()
    expect(bob.page.get_by_text(RENAMED)).to_have_count(0)
    bob.snap("other-doctor-list")
    bob.sign_out()
    bob.page.reload()  # signed out means signed out: a reload does not bring the session back
    expect(bob.main.get_by_label("Email")).to_be_visible()

    # The first doctor's link, opened signed out, leads through sign-in to the case.
    alice_again = DoctorAtBrowser(
        browser.new_context(viewport=VIEWPORT).new_page(),
        medcase_app.url,
        artifacts,
        alice.shots,
        alice.findings,
    )
    alice_again.visit(f"/case?case_id={case_id}")
    alice_again.sign_in("dr.alice@clinic.test")
    expect(alice_again.heading(RENAMED)).to_be_visible()

    # A signed note is never deleted: the case offers archiving instead of Delete, and its
    # files stay.
    expect(
        alice_again.main.get_by_text(re.compile(r"signed notes are never deleted"))
    ).to_be_visible()
    expect(alice_again.main.get_by_role("button", name="Delete case")).to_have_count(0)
    alice_again.snap("signed-case-kept")
    stored = medcase_app.data_dir / "files"
    assert [path for path in stored.rglob("*") if case_id in path.as_posix()]

    # The analyzer really asked the model, and never told it who the patient is.
    asked = medcase_app.model.texts()
    assert len(medcase_app.model.answered()) >= 3
    for surname in ("Roe", "Jane"):
        assert not [text for text in asked if surname in text]
    assert PATIENT not in medcase_app.log.read_text()

    # Everything came from the app itself, and axe-core found nothing serious on any page.
    assert not alice.findings, "\n".join(alice.findings)
