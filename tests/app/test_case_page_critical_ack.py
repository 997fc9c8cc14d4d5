"""Critical results acknowledged on the case page and the case list (AppTest, issue #27):
each waiting value with the time since it was found and an Acknowledge form; once
acknowledged, who, when and how; signing asks for the acknowledgment first; the list
puts the waiting case first with its time and shows the time-to-acknowledge figure."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from core.analysis.labs.critical_keys import critical_value_key
from core.bootstrap import Clinic
from core.insights import LabValue
from core.models import utc_now
from tests.app.case_states import complete, repository, sample_insights
from tests.app.conftest import SEED_CLAIM, open_case, seed_case, shown, sign_in, sign_up
from tests.app.test_case_review import decide
from ui.critical_acknowledgments import EARLIER, form_key

POTASSIUM = LabValue(analyte="Potassium", value=6.9, unit="mmol/L", flag="high", critical=True)
SODIUM = LabValue(analyte="Sodium", value=139, unit="mmol/L")


def attest_and_sign(app: AppTest) -> None:
    """Tick the sign bar's attestation (if it is not ticked yet) and press Sign."""
    [attest] = [box for box in app.checkbox if box.key == "review_attest"]
    if not attest.value:
        attest.check().run()
    app.button(key="review_sign").click().run()


def test_a_critical_value_waits_is_acknowledged_and_then_the_note_signs(
    app: AppTest, clinic: Clinic
) -> None:
    doctor = sign_up(clinic, "ack.page@example.com")
    sign_in(app, "ack.page@example.com")
    case = seed_case(clinic, doctor, patient_name="Grace Hopper")
    insights = sample_insights(values=[POTASSIUM, SODIUM])
    insights.provenance.case_version = case.case.content_version
    complete(clinic, doctor, case.case.case_id, insights)
    open_case(app, case.case.case_id)
    assert not app.exception
    page = shown(app)
    assert "Critical values to acknowledge" in page
    assert "Potassium 6.9 mmol/L (high): found" in page and "waiting" in page

    # Signing asks for the acknowledgment first.
    for section in ("case_summary", "soap_note", "primary_diagnosis"):
        decide(app, section, "accept")
    attest_and_sign(app)
    assert not app.exception
    assert "Acknowledge the critical values first" in shown(app)
    assert "Signed by" not in shown(app)

    prefix = form_key(critical_value_key(POTASSIUM))
    # Without a method nothing is recorded.
    app.button(key=f"{prefix}_submit").click().run()
    assert "Choose how the critical value was communicated." in shown(app)
    app.selectbox(key=f"{prefix}_method").set_value("read_back_by_phone")
    app.text_area(key=f"{prefix}_comment").input("Read back by the night nurse")
    app.button(key=f"{prefix}_submit").click().run()
    assert not app.exception
    page = shown(app)
    assert "Critical values acknowledged" in page
    assert "acknowledged by ack.page@example.com" in page
    assert "read back by telephone" in page and "Read back by the night nurse" in page
    assert not any(button.key == f"{prefix}_submit" for button in app.button)
    events = [e.action for e in clinic.provider.backend.audit.events(doctor.doctor.user_id)]
    assert "critical_value_acknowledged" in events

    attest_and_sign(app)
    assert not app.exception
    assert "Signed by Dr ack.page, MD (ack.page@example.com)" in shown(app)


def test_a_value_only_an_earlier_analysis_found_is_offered_and_waited_for(
    app: AppTest, clinic: Clinic
) -> None:
    """A re-analysis that no longer finds the potassium (another reading of the same
    report) leaves it waiting (CLSI GP47): the page offers it, signing waits for it."""
    doctor = sign_up(clinic, "ack.earlier@example.com")
    sign_in(app, "ack.earlier@example.com")
    case = seed_case(clinic, doctor, patient_name="Grace Hopper")
    case_id, owner = case.case.case_id, doctor.doctor.user_id
    for values in ([POTASSIUM, SODIUM], [SODIUM]):
        if values == [SODIUM]:
            repository(clinic, doctor).request_analysis(owner, case_id)
            assert repository(clinic, doctor).claim_analysis(owner, case_id, SEED_CLAIM, utc_now())
        insights = sample_insights(values=values)
        insights.provenance.case_version = case.case.content_version
        complete(clinic, doctor, case_id, insights)
    app.run()  # the case list: the value still waits, though the current draft lacks it
    assert not app.exception
    [table] = [frame.value for frame in app.dataframe]
    [mark] = list(table["Critical"])
    assert mark.startswith("⚠ 1 to acknowledge (")
    open_case(app, case_id)
    assert not app.exception
    page = shown(app)
    assert "Critical values to acknowledge" in page
    assert "Potassium 6.9 mmol/L (high): found" in page and EARLIER in page

    for section in ("case_summary", "soap_note", "primary_diagnosis"):
        decide(app, section, "accept")
    attest_and_sign(app)
    assert "Acknowledge the critical values first" in shown(app)
    assert "Signed by" not in shown(app)

    prefix = form_key(critical_value_key(POTASSIUM))
    app.selectbox(key=f"{prefix}_method").set_value("seen_on_screen")
    app.button(key=f"{prefix}_submit").click().run()
    assert not app.exception
    assert "Acknowledged: Potassium 6.9 mmol/L (high)." in shown(app)
    attest_and_sign(app)
    assert not app.exception
    assert "Signed by Dr ack.earlier, MD (ack.earlier@example.com)" in shown(app)


def test_the_list_puts_the_waiting_case_first_and_shows_the_figure(
    app: AppTest, clinic: Clinic
) -> None:
    doctor = sign_up(clinic, "ack.list@example.com")
    sign_in(app, "ack.list@example.com")
    waiting = seed_case(clinic, doctor, patient_name="Waiting Patient")
    complete(clinic, doctor, waiting.case.case_id, sample_insights(values=[POTASSIUM]))
    seen = seed_case(clinic, doctor, patient_name="Seen Patient")
    complete(clinic, doctor, seen.case.case_id, sample_insights(values=[POTASSIUM]))
    seed_case(clinic, doctor, patient_name="Calm Patient")
    services = clinic.services_for(doctor)
    key = critical_value_key(POTASSIUM)
    services.critical.acknowledge(seen.case.case_id, key, "in_person")

    app.run()
    assert not app.exception
    assert "Time from finding a critical value to its acknowledgment: median" in shown(app)
    assert "(1 acknowledged)" in shown(app)
    app.checkbox(key="cases_critical_first").check().run()
    assert not app.exception
    [table] = [frame.value for frame in app.dataframe]
    assert list(table["Patient"]) == ["Waiting Patient", "Seen Patient", "Calm Patient"]
    marks = list(table["Critical"])
    assert marks[0].startswith("⚠ 1 critical · 1 to acknowledge (")
    assert marks[1] == "⚠ 1 critical · acknowledged" and marks[2] == ""
    app.checkbox(key="cases_unacknowledged_only").check().run()
    [table] = [frame.value for frame in app.dataframe]
    assert list(table["Patient"]) == ["Waiting Patient"]
