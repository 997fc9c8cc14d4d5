"""The Patients page (#27): merge suggestions merged only on a click, the merged record
unmerged the same way, both on the audit trail."""

from __future__ import annotations

from datetime import date

from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.models import NewCase
from tests.app.conftest import shown, sign_in, sign_up, texts
from tests.doubles import case_service

BORN = date(1950, 6, 15)


def test_a_suggested_pair_is_merged_and_unmerged_on_the_doctors_click(
    app: AppTest, clinic: Clinic
) -> None:
    auth = sign_up(clinic, "merge@example.com")
    services = case_service(auth.doctor, clinic.provider.for_session(auth))
    older = services.create_case(NewCase("María García", 0, "female", date_of_birth=BORN), []).case
    newer = services.create_case(NewCase("GARCIA, Maria", 0, "female", date_of_birth=BORN), []).case
    services.create_case(NewCase("Kwame Boateng", 61, "male"), [])
    sign_in(app, "merge@example.com")
    app.switch_page("app_pages/patients.py").run()
    assert not app.exception
    assert texts(app, "title") == ["Patients"]
    assert "Same date of birth and a similar name" in shown(app)
    assert "None of your records is merged into another." in shown(app)
    table = app.dataframe[0].value
    assert list(table["Cases"]) == [1, 1, 1]
    # Nothing merged until the click.
    assert all(p.merged_into is None for p in services.patients.list_patients())
    app.button(key=f"patients_merge_{newer.patient_id}").click().run()
    assert not app.exception
    assert "Merged:" in shown(app)
    merged = services.patients.get_patient(newer.patient_id)
    assert merged.merged_into == older.patient_id
    assert "No two of your records look like the same person." in shown(app)
    assert list(app.dataframe[0].value["Cases"]) == [2, 2, 1]
    app.button(key=f"patients_unmerge_{newer.patient_id}").click().run()
    assert not app.exception
    assert "Unmerged:" in shown(app)
    assert services.patients.get_patient(newer.patient_id).merged_into is None
    # The newest first; the cases' own analyses may finish in between, so patients' only.
    actions = [e.action for e in services.audit_events() if e.action.startswith("patient_")]
    assert actions[:2] == ["patient_unmerged", "patient_merged"]


def test_no_patients_yet(app: AppTest, clinic: Clinic) -> None:
    sign_up(clinic, "empty@example.com")
    sign_in(app, "empty@example.com")
    app.switch_page("app_pages/patients.py").run()
    assert not app.exception
    assert "No patients yet" in shown(app)


def test_each_patient_links_to_their_patient_page(app: AppTest, clinic: Clinic) -> None:
    auth = sign_up(clinic, "links@example.com")
    services = case_service(auth.doctor, clinic.provider.for_session(auth))
    case = services.create_case(NewCase("Kwame Boateng", 61, "male"), []).case
    sign_in(app, "links@example.com")
    app.switch_page("app_pages/patients.py").run()
    assert not app.exception
    table = app.dataframe[0].value
    assert list(table["Over time"]) == [f"patient?patient_id={case.patient_id}"]
    app.query_params["patient_id"] = str(case.patient_id)
    app.switch_page("app_pages/patient.py").run()
    assert not app.exception
    assert texts(app, "title") == ["Kwame Boateng"]
