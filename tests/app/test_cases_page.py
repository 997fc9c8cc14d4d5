"""The case list: empty, filled (newest first, only the doctor's own), counts, search,
status filter, order, pages, and opening a case."""

from __future__ import annotations

import tomllib
from datetime import date
from pathlib import Path

import pytest
from streamlit import config as st_config
from streamlit.testing.v1 import AppTest

from benchmarks.case_list import insights_for
from core.bootstrap import Clinic
from core.insights import LabValue
from core.models import AuthSession, CreatedCase
from tests.app.conftest import SEED_CLAIM, seed_case, shown, sign_in, sign_up, texts
from tests.doubles import case_service
from ui.case_list import PAGE_SIZE


def table_of(app: AppTest):
    return app.dataframe[0].value


def patients(app: AppTest) -> list[str]:
    return list(table_of(app)["Patient"])


def metrics(app: AppTest) -> dict[str, str]:
    return {metric.label: metric.value for metric in app.metric}


def complete(clinic: Clinic, auth: AuthSession, created: CreatedCase, diagnosis: str, icd: str):
    """Finish a seeded case's analysis the way the analyzer does (it holds the claim)."""
    backend = clinic.provider.for_session(auth)
    done = backend.cases.complete_analysis(
        auth.doctor.user_id, created.case.case_id, SEED_CLAIM, insights_for(diagnosis, icd)
    )
    assert done


def archive(clinic: Clinic, auth: AuthSession, created: CreatedCase) -> None:
    clinic.services_for(auth).update_case(created.case.case_id, {"status": "archived"})


def test_empty_list_points_to_new_case(app: AppTest, clinic: Clinic) -> None:
    sign_up(clinic, "empty@example.com")
    sign_in(app, "empty@example.com")

    assert not app.exception
    assert texts(app, "title") == ["Cases"]
    assert not app.dataframe
    assert not app.main.text_input  # no search over nothing
    assert any("No cases yet" in text for text in texts(app, "info"))
    assert [link.label for link in app.get("page_link")] == ["New case"]


def test_list_shows_the_doctors_cases_newest_first(app: AppTest, clinic: Clinic) -> None:
    doctor = sign_up(clinic, "list@example.com")
    other = sign_up(clinic, "other@example.com")
    for name, age in (("First Patient", 30), ("Second Patient", 41), ("Third Patient", 52)):
        seed_case(clinic, doctor, patient_name=name, age=age)
    seed_case(clinic, other, patient_name="Not Yours")

    sign_in(app, "list@example.com")

    assert not app.exception
    table = table_of(app)
    assert list(table.columns) == [
        "Critical",
        "Patient",
        "Age",
        "Gender",
        "Status",
        "Review",
        "Primary diagnosis",
        "ICD-10",
        "Diagnosis by",
        "Created",
        "Updated",
    ]
    assert patients(app) == ["Third Patient", "Second Patient", "First Patient"]
    assert list(table["Age"]) == [52, 41, 30]
    assert set(table["Gender"]) == {"Female"}
    assert set(table["Status"]) == {"Analyzing"}
    assert list(table["Created"]) == sorted(table["Created"], reverse=True)
    assert table["Primary diagnosis"].isna().all()  # nothing analysed yet
    assert "Not Yours" not in patients(app)
    assert "3 cases · click a case to open it" in shown(app)
    assert [b.key for b in app.button if not b.key.startswith("sidebar_profile")] == [
        "sign_out"
    ]  # one page: no pager


def test_diagnosis_counts_and_archived_cases(app: AppTest, clinic: Clinic) -> None:
    doctor = sign_up(clinic, "counts@example.com")
    anaemia = seed_case(clinic, doctor, patient_name="Anaemic Patient")
    seed_case(clinic, doctor, patient_name="Waiting Patient")
    retired = seed_case(clinic, doctor, patient_name="Old Patient")
    complete(clinic, doctor, anaemia, "Iron deficiency anaemia", "D50.9")
    archive(clinic, doctor, retired)

    sign_in(app, "counts@example.com")

    assert not app.exception
    assert metrics(app) == {
        "All cases": "3",
        "Analyzing": "1",
        "Completed": "1",
        "Failed": "0",
        "Archived": "1",
        "Awaiting review": "1",
        "Reviewed": "0",
        "Signed": "0",
        "Amended": "0",
    }
    # Archived cases are hidden until the doctor asks for them.
    assert patients(app) == ["Waiting Patient", "Anaemic Patient"]
    row = table_of(app).iloc[1]
    assert (row["Status"], row["Primary diagnosis"], row["ICD-10"]) == (
        "Completed",
        "Iron deficiency anaemia",
        "D50.9",
    )

    app.multiselect(key="cases_statuses").set_value(["archived"]).run()
    assert patients(app) == ["Old Patient"]
    assert set(table_of(app)["Status"]) == {"Archived"}

    app.multiselect(key="cases_statuses").set_value(["archived", "completed"]).run()
    assert patients(app) == ["Old Patient", "Anaemic Patient"]


def test_search_by_name_ignores_case_and_can_match_nothing(app: AppTest, clinic: Clinic) -> None:
    doctor = sign_up(clinic, "search@example.com")
    for name in ("Ada Lovelace", "Grace Hopper", "Adam Smith", "Élodie Durand"):
        seed_case(clinic, doctor, patient_name=name)
    sign_in(app, "search@example.com")

    app.text_input(key="cases_search").input("ADA").run()
    assert not app.exception
    assert patients(app) == ["Adam Smith", "Ada Lovelace"]
    assert metrics(app)["All cases"] == "4"  # the counts are the whole caseload

    app.text_input(key="cases_search").input("élodie").run()
    assert patients(app) == ["Élodie Durand"]

    app.text_input(key="cases_search").input("nobody").run()
    assert not app.dataframe
    assert any("No cases match" in text for text in texts(app, "info"))


def test_oldest_first_order(app: AppTest, clinic: Clinic) -> None:
    doctor = sign_up(clinic, "order@example.com")
    for name in ("First Patient", "Second Patient", "Third Patient"):
        seed_case(clinic, doctor, patient_name=name)
    sign_in(app, "order@example.com")

    app.selectbox(key="cases_order").set_value("Ascending").run()

    assert not app.exception
    assert patients(app) == ["First Patient", "Second Patient", "Third Patient"]


@pytest.fixture
def long_list(app: AppTest, clinic: Clinic) -> AuthSession:
    """PAGE_SIZE + 5 cases, named Patient 00 (oldest) to Patient NN (newest)."""
    doctor = sign_up(clinic, "pages@example.com")
    for number in range(PAGE_SIZE + 5):
        seed_case(clinic, doctor, patient_name=f"Patient {number:02d}")
    sign_in(app, "pages@example.com")
    return doctor


def test_pages_move_with_previous_and_next(app: AppTest, long_list: AuthSession) -> None:
    newest = PAGE_SIZE + 4
    assert len(patients(app)) == PAGE_SIZE
    assert patients(app)[0] == f"Patient {newest:02d}"
    assert app.button(key="cases_previous").disabled
    assert f"Page 1 of 2 · cases 1–{PAGE_SIZE} of {PAGE_SIZE + 5}" in shown(app)

    app.button(key="cases_next").click().run()
    assert not app.exception
    assert patients(app) == [f"Patient {n:02d}" for n in range(4, -1, -1)]
    assert app.button(key="cases_next").disabled
    assert f"Page 2 of 2 · cases {PAGE_SIZE + 1}–{PAGE_SIZE + 5}" in shown(app)
    # The first column numbers the rows in the whole list (where keyboard focus lands).
    numbers = table_of(app).index
    assert (numbers.name, list(numbers)) == ("#", list(range(PAGE_SIZE + 1, PAGE_SIZE + 6)))

    app.button(key="cases_previous").click().run()
    assert patients(app)[0] == f"Patient {newest:02d}"


def test_a_new_search_starts_on_the_first_page(app: AppTest, long_list: AuthSession) -> None:
    app.button(key="cases_next").click().run()
    # Still two pages of matches: the doctor is taken to the first.
    app.text_input(key="cases_search").input("PATIENT").run()

    assert not app.exception
    assert patients(app)[0] == f"Patient {PAGE_SIZE + 4:02d}"
    assert "Page 1 of 2" in shown(app)


def test_a_page_past_the_end_steps_back_to_the_last(
    app: AppTest, clinic: Clinic, long_list: AuthSession
) -> None:
    app.button(key="cases_next").click().run()
    # Meanwhile (another tab, another session) the oldest ten cases are archived.
    backend = clinic.provider.for_session(long_list)
    oldest = case_service(long_list.doctor, backend).list_cases()[:10]
    for case in oldest:
        case_service(long_list.doctor, backend).update_case(case.case_id, {"status": "archived"})

    app.run()

    assert not app.exception
    assert len(patients(app)) == PAGE_SIZE - 5
    assert f"{PAGE_SIZE - 5} cases" in shown(app)


def test_selecting_a_row_opens_its_case(app: AppTest, clinic: Clinic) -> None:
    doctor = sign_up(clinic, "open@example.com")
    older = seed_case(clinic, doctor, patient_name="Older Case")
    seed_case(clinic, doctor, patient_name="Newer Case")
    sign_in(app, "open@example.com")

    # Row 1 is the older case: the newest is on top.
    app.session_state["cases_table"] = {"selection": {"rows": [1], "columns": [], "cells": []}}
    app.run()

    assert not app.exception
    assert texts(app, "title") == ["Older Case"]
    assert app.query_params["case_id"] == older.case.case_id


def test_a_click_on_a_patients_name_opens_the_case(app: AppTest, clinic: Clinic) -> None:
    doctor = sign_up(clinic, "click@example.com")
    older = seed_case(clinic, doctor, patient_name="Older Case")
    seed_case(clinic, doctor, patient_name="Newer Case")
    sign_in(app, "click@example.com")

    # A click on a cell selects that cell (not the row): its row's case opens all the same.
    app.session_state["cases_table"] = {
        "selection": {"rows": [], "columns": [], "cells": [[1, "Patient"]]}
    }
    app.run()

    assert not app.exception
    assert texts(app, "title") == ["Older Case"]
    assert app.query_params["case_id"] == older.case.case_id


def test_the_list_is_as_the_doctor_left_it_after_opening_a_case(
    app: AppTest, clinic: Clinic
) -> None:
    doctor = sign_up(clinic, "return@example.com")
    seed_case(clinic, doctor, patient_name="Ada Lovelace")
    seed_case(clinic, doctor, patient_name="Grace Hopper")
    sign_in(app, "return@example.com")
    app.text_input(key="cases_search").input("grace").run()
    app.session_state["cases_table"] = {"selection": {"rows": [0], "columns": [], "cells": []}}
    app.run()
    assert texts(app, "title") == ["Grace Hopper"]

    app.switch_page("app_pages/cases.py").run()

    assert not app.exception
    assert app.text_input(key="cases_search").value == "grace"
    assert patients(app) == ["Grace Hopper"]


def test_review_states_are_shown_counted_and_filtered(app: AppTest, clinic: Clinic) -> None:
    doctor = sign_up(clinic, "reviews@example.com")
    waiting = seed_case(clinic, doctor, patient_name="Waiting Review")
    signed = seed_case(clinic, doctor, patient_name="Signed Note")
    seed_case(clinic, doctor, patient_name="Still Analysing")
    complete(clinic, doctor, waiting, "Iron deficiency anaemia", "D50.9")
    complete(clinic, doctor, signed, "Iron deficiency anaemia", "D50.9")
    review = clinic.services_for(doctor).review
    case_id = signed.case.case_id
    review.review_section(case_id, "case_summary", "accept")
    review.review_section(case_id, "soap_note", "accept")
    review.review_section(case_id, "primary_diagnosis", "reject", reason="Unclear")
    review.sign(case_id)

    sign_in(app, "reviews@example.com")

    assert not app.exception
    counts = metrics(app)
    assert (counts["Awaiting review"], counts["Signed"]) == ("1", "1")
    table = table_of(app)
    reviews = [value if isinstance(value, str) else None for value in table["Review"]]
    assert dict(zip(table["Patient"], reviews, strict=True)) == {
        "Still Analysing": None,
        "Signed Note": "Signed",
        "Waiting Review": "Awaiting review",
    }
    app.multiselect(key="cases_review_states").set_value(["signed"]).run()
    assert patients(app) == ["Signed Note"]


def test_filters_by_date_age_and_diagnosis(app: AppTest, clinic: Clinic) -> None:
    doctor = sign_up(clinic, "filters@example.com")
    young = seed_case(clinic, doctor, patient_name="Young Anaemic", age=20)
    old = seed_case(clinic, doctor, patient_name="Old Anaemic", age=70)
    diabetic = seed_case(clinic, doctor, patient_name="Old Diabetic", age=72)
    complete(clinic, doctor, young, "Iron deficiency anaemia", "D50.9")
    complete(clinic, doctor, old, "Iron deficiency anaemia", "D50.9")
    complete(clinic, doctor, diabetic, "Type 2 diabetes mellitus", "E11.9")
    sign_in(app, "filters@example.com")
    labels = [widget.label for widget in app.main.text_input]
    assert labels == ["Search patients", "Diagnosis or ICD-10 code"]
    assert app.date_input(key="cases_created").label == "Created between"
    ages = app.number_input(key="cases_age_from"), app.number_input(key="cases_age_to")
    assert [box.label for box in ages] == ["Age from", "Age to"]

    app.text_input(key="cases_diagnosis").input("d50").run()
    assert patients(app) == ["Old Anaemic", "Young Anaemic"]
    app.number_input(key="cases_age_from").set_value(65).run()
    assert not app.exception
    assert patients(app) == ["Old Anaemic"]
    app.text_input(key="cases_diagnosis").input("").run()
    assert patients(app) == ["Old Diabetic", "Old Anaemic"]

    # Created today (in the doctor's zone, here UTC) keeps them; a range in the past, none.
    today = young.case.created_at.date()
    app.date_input(key="cases_created").set_value((today, today)).run()
    assert patients(app) == ["Old Diabetic", "Old Anaemic"]
    app.date_input(key="cases_created").set_value((date(2020, 1, 1), date(2020, 1, 31))).run()
    assert not app.exception
    assert "No cases match this search and filter." in shown(app)


# --- issue #26: the list shows what was signed, sorted on the server --------------------


def test_the_sort_control_orders_every_page_not_just_the_one_on_screen(
    app: AppTest, clinic: Clinic
) -> None:
    doctor = sign_up(clinic, "sorting@example.com")
    # Created oldest to newest with ages rising and falling, so no order is the creation's.
    ages = [(number * 37) % 90 for number in range(PAGE_SIZE + 5)]
    for number, age in enumerate(ages):
        seed_case(clinic, doctor, patient_name=f"Patient {number:02d}", age=age)
    sign_in(app, "sorting@example.com")
    assert app.selectbox(key="cases_sort").options == [
        "Created",
        "Updated",
        "Patient",
        "Age",
        "Status",
        "Review",
        "Diagnosis",
        "Critical values",
    ]

    app.selectbox(key="cases_sort").set_value("patient_age").run()
    app.selectbox(key="cases_order").set_value("Ascending").run()
    assert not app.exception
    youngest_first = sorted(range(len(ages)), key=lambda n: (ages[n], n))
    expected = [f"Patient {n:02d}" for n in youngest_first]
    assert patients(app) == expected[:PAGE_SIZE]
    app.button(key="cases_next").click().run()
    assert patients(app) == expected[PAGE_SIZE:]  # the rest of the list, in the same order

    # A new order starts again on the first page.
    app.selectbox(key="cases_sort").set_value("patient_name").run()
    assert "Page 1 of 2" in shown(app)
    assert patients(app) == [f"Patient {n:02d}" for n in range(PAGE_SIZE)]


def _sign_with(clinic: Clinic, auth: AuthSession, created: CreatedCase, code: str) -> None:
    review = clinic.services_for(auth).review
    case_id = created.case.case_id
    review.review_section(case_id, "case_summary", "accept")
    review.review_section(case_id, "soap_note", "accept")
    edited = {
        "primary_diagnosis": "Haemorrhagic disorder due to circulating anticoagulants",
        "icd_code": code,
        "description": "On warfarin.",
    }
    review.review_section(case_id, "primary_diagnosis", "edit", edited=edited)
    review.sign(case_id)


def test_the_list_shows_and_searches_the_signed_diagnosis(app: AppTest, clinic: Clinic) -> None:
    doctor = sign_up(clinic, "signed@example.com")
    signed = seed_case(clinic, doctor, patient_name="Signed Patient")
    draft = seed_case(clinic, doctor, patient_name="Draft Patient")
    complete(clinic, doctor, signed, "Iron deficiency anaemia", "D50.9")
    complete(clinic, doctor, draft, "Iron deficiency anemia", "D50.9")
    _sign_with(clinic, doctor, signed, "D68.32")
    sign_in(app, "signed@example.com")

    table = table_of(app).set_index("Patient")
    assert table.loc["Signed Patient", "Primary diagnosis"].startswith("Haemorrhagic")
    assert table.loc["Signed Patient", "ICD-10"] == "D68.32"
    assert table.loc["Signed Patient", "Diagnosis by"] == "Signed"
    assert table.loc["Draft Patient", "Diagnosis by"] == "AI draft"

    app.text_input(key="cases_diagnosis").input("D68").run()
    assert patients(app) == ["Signed Patient"]
    app.text_input(key="cases_diagnosis").input("hemorrhagic").run()
    assert patients(app) == ["Signed Patient"]
    app.text_input(key="cases_diagnosis").input("anaemia").run()  # the draft's "anemia"
    assert patients(app) == ["Draft Patient"]


def _complete_with_criticals(clinic: Clinic, auth: AuthSession, created: CreatedCase) -> None:
    values = [
        LabValue(analyte="Potassium", value=6.9, unit="mmol/L", flag="high", critical=True),
        LabValue(analyte="Sodium", value=139, unit="mmol/L"),
    ]
    insights = insights_for("Hyperkalaemia", "E87.5").model_copy(update={"lab_values": values})
    backend = clinic.provider.for_session(auth)
    owner = auth.doctor.user_id
    assert backend.cases.complete_analysis(owner, created.case.case_id, SEED_CLAIM, insights)


def test_critical_only_and_critical_first(app: AppTest, clinic: Clinic) -> None:
    doctor = sign_up(clinic, "critical@example.com")
    urgent = seed_case(clinic, doctor, patient_name="Urgent Patient")
    seed_case(clinic, doctor, patient_name="Calm Patient")
    _complete_with_criticals(clinic, doctor, urgent)
    seed_case(clinic, doctor, patient_name="Newest Patient")
    sign_in(app, "critical@example.com")
    assert patients(app) == ["Newest Patient", "Calm Patient", "Urgent Patient"]

    app.checkbox(key="cases_critical_first").check().run()
    assert patients(app) == ["Urgent Patient", "Newest Patient", "Calm Patient"]
    app.checkbox(key="cases_critical_only").check().run()
    assert not app.exception
    assert patients(app) == ["Urgent Patient"]
    [mark] = table_of(app)["Critical"]
    assert mark.startswith("⚠ 1 critical · 1 to acknowledge (")  # waiting (#27)


def test_the_status_filter_offers_only_statuses_the_cases_are_in(
    app: AppTest, clinic: Clinic
) -> None:
    doctor = sign_up(clinic, "statuses@example.com")
    done = seed_case(clinic, doctor, patient_name="Done Patient")
    seed_case(clinic, doctor, patient_name="Waiting Patient")
    complete(clinic, doctor, done, "Iron deficiency anaemia", "D50.9")
    sign_in(app, "statuses@example.com")

    assert app.multiselect(key="cases_statuses").options == ["Analyzing", "Completed"]


def test_the_age_range_is_typed_and_applies_either_way_up(app: AppTest, clinic: Clinic) -> None:
    doctor = sign_up(clinic, "ages@example.com")
    for name, age in (("Child Patient", 8), ("Adult Patient", 40), ("Elder Patient", 85)):
        seed_case(clinic, doctor, patient_name=name, age=age)
    sign_in(app, "ages@example.com")

    app.number_input(key="cases_age_to").set_value(40).run()
    assert patients(app) == ["Adult Patient", "Child Patient"]
    app.number_input(key="cases_age_from").set_value(41).run()  # above "to": read as 40-41
    assert not app.exception
    assert patients(app) == ["Adult Patient"]
    app.number_input(key="cases_age_to").set_value(150).run()
    assert patients(app) == ["Elder Patient"]


def test_no_table_offers_its_own_csv_download() -> None:
    """The case list holds patient names; st.dataframe's toolbar download is switched off
    app-wide (client.disableDataExport), as Streamlit offers no per-table switch."""
    settings = tomllib.loads((Path(__file__).parents[2] / ".streamlit/config.toml").read_text())
    assert "client.disableDataExport" in st_config._config_options_template
    assert settings["client"]["disableDataExport"] is True
