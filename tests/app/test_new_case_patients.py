"""The New case page's patient (#27): an existing patient found and picked, a new one like
an existing record offered that record first, and a new record only on the doctor's word."""

from __future__ import annotations

from datetime import UTC, date, datetime

from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.models import AuthSession, age_on
from core.services import CaseService
from tests.app.conftest import shown, sign_in, sign_up, texts
from tests.doubles import case_service

BORN = date(1950, 6, 15)


def _doctor_with_a_patient(app: AppTest, clinic: Clinic, email: str) -> tuple[CaseService, str]:
    """A doctor signed in on the New case page, with one patient record (María García)."""
    auth: AuthSession = sign_up(clinic, email)
    services = case_service(auth.doctor, clinic.provider.for_session(auth))
    patient, _ = services.patients.create_patient("María García", "female", BORN, "MRN-31")
    sign_in(app, email)
    app.switch_page("app_pages/new_case.py").run()
    assert texts(app, "title") == ["New case"]
    return services, patient.patient_id


def _new_patient_like_her(app: AppTest) -> None:
    app.text_input(key="new_case_name").input("GARCIA, Maria")
    app.selectbox(key="new_case_gender").set_value("female")
    app.date_input(key="new_case_birth_date").set_value(BORN)
    app.text_area(key="new_case_summary").input("Breathless on stairs.")


def test_an_existing_patient_is_found_and_picked(app: AppTest, clinic: Clinic) -> None:
    services, patient_id = _doctor_with_a_patient(app, clinic, "pick@example.com")
    app.radio(key="new_case_patient_mode").set_value("Existing patient").run()
    assert app.selectbox(key="new_case_patient_pick").options == []
    app.text_input(key="new_case_patient_search").input("garc mar").run()
    pick = app.selectbox(key="new_case_patient_pick")
    assert pick.options == ["María García · Female · born 1950-06-15 · record MRN-31"]
    pick.set_value(patient_id).run()
    # The age follows from the date of birth: no Age field.
    assert [w.key for w in app.number_input] == []
    assert [w.key for w in app.main.text_input] == ["new_case_patient_search"]
    app.text_area(key="new_case_summary").input("Follow-up of anaemia.")
    app.button(key="new_case_create").click().run()
    assert not app.exception
    assert texts(app, "title") == ["María García"]
    [case] = services.list_cases()
    assert case.patient_id == patient_id
    assert case.patient_age == age_on(BORN, datetime.now(UTC).date())
    assert len(services.patients.list_patients()) == 1


def test_create_before_choosing_a_record_says_so(app: AppTest, clinic: Clinic) -> None:
    services, _ = _doctor_with_a_patient(app, clinic, "unchosen@example.com")
    app.radio(key="new_case_patient_mode").set_value("Existing patient").run()
    app.text_input(key="new_case_patient_search").input("nobody like this").run()
    assert "No patient of yours matches" in shown(app)
    app.button(key="new_case_create").click().run()
    assert not app.exception
    assert "Choose the patient's record" in shown(app)
    assert services.list_cases() == []


def test_a_likely_duplicate_is_offered_and_used(app: AppTest, clinic: Clinic) -> None:
    services, patient_id = _doctor_with_a_patient(app, clinic, "dupe@example.com")
    _new_patient_like_her(app)
    app.button(key="new_case_create").click().run()
    assert not app.exception
    assert services.list_cases() == []  # nothing made yet, nothing merged
    assert "Same patient?" in shown(app)
    assert "María García · Female · born 1950-06-15 · record MRN-31" in shown(app)
    assert "Same date of birth and a similar name" in shown(app)
    app.button(key=f"new_case_use_{patient_id}").click().run()
    assert app.radio(key="new_case_patient_mode").value == "Existing patient"
    assert app.selectbox(key="new_case_patient_pick").value == patient_id
    assert "Same patient?" not in shown(app)
    app.button(key="new_case_create").click().run()
    assert not app.exception
    [case] = services.list_cases()
    assert case.patient_id == patient_id
    assert len(services.patients.list_patients()) == 1


def test_a_new_record_only_when_the_doctor_says_none_is_the_same(
    app: AppTest, clinic: Clinic
) -> None:
    services, patient_id = _doctor_with_a_patient(app, clinic, "anyway@example.com")
    _new_patient_like_her(app)
    app.button(key="new_case_create").click().run()
    assert services.list_cases() == []
    app.checkbox(key="new_case_not_a_duplicate").check().run()
    app.button(key="new_case_create").click().run()
    assert not app.exception
    [case] = services.list_cases()
    assert case.patient_id != patient_id
    records = services.patients.list_patients()
    assert [(p.name, p.merged_into) for p in records] == [
        ("María García", None),
        ("GARCIA, Maria", None),
    ]
    assert case.patient_age == age_on(BORN, datetime.now(UTC).date())


def test_a_brand_new_patient_is_created_without_questions(app: AppTest, clinic: Clinic) -> None:
    services, _ = _doctor_with_a_patient(app, clinic, "fresh@example.com")
    app.text_input(key="new_case_name").input("Kwame Boateng")
    app.number_input(key="new_case_age").set_value(61)
    app.selectbox(key="new_case_gender").set_value("male")
    app.text_input(key="new_case_record_number").input("K-1")
    app.button(key="new_case_create").click().run()
    assert not app.exception
    assert texts(app, "title") == ["Kwame Boateng"]
    [case] = services.list_cases()
    patient = services.patients.get_patient(case.patient_id)
    assert (patient.name, patient.sex, patient.record_number, case.patient_age) == (
        "Kwame Boateng",
        "male",
        "K-1",
        61,
    )
