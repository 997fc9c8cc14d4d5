"""The patient page (#27) with AppTest: the timeline, the latest / previous / change table,
a chart per panel with every value in one unit, the case page's way there and its delta
checks; another doctor's patient is not shown."""

from __future__ import annotations

import json
from typing import Any

import pytest
from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df
from streamlit.testing.v1 import AppTest

from core.analysis.delta import delta_checks
from core.analysis.history import CaseResults
from core.bootstrap import Clinic
from core.insights import Insights, LabValue
from core.models import AuthSession, CreatedCase, NewCase
from tests.app.conftest import (
    SEED_CLAIM,
    open_case,
    seed_case,
    shown,
    sign_in,
    sign_up,
    texts,
)
from tests.doubles import case_service, sample_insights

MARCH = [{"analyte": "Creatinine", "value": 88.42, "unit": "µmol/L",
          "source_line": "Creatinine 88.42 umol/L"}]  # fmt: skip
JUNE = [
    {"analyte": "Creatinine", "value": 1.6, "unit": "mg/dL", "flag": "high"},
    {"analyte": "Potassium", "value": 6.9, "unit": "mmol/L", "flag": "high", "critical": True},
]


def _complete(
    clinic: Clinic, auth: AuthSession, case: CreatedCase, labs: list[dict[str, Any]], **more: Any
) -> None:
    backend = clinic.provider.for_session(auth)
    record = sample_insights()
    record["lab_values"] = labs
    record.update(more)
    insights = Insights.model_validate(record)
    assert backend.cases.complete_analysis(
        auth.doctor.user_id, case.case.case_id, SEED_CLAIM, insights
    )


@pytest.fixture
def doctor(app: AppTest, clinic: Clinic) -> AuthSession:
    auth = sign_up(clinic, "patient.page@example.com")
    sign_in(app, "patient.page@example.com")
    return auth


@pytest.fixture
def visits(clinic: Clinic, doctor: AuthSession) -> tuple[CreatedCase, CreatedCase]:
    first = seed_case(clinic, doctor, patient_name="Grace Hopper", age=79)
    _complete(clinic, doctor, first, MARCH)
    backend = clinic.provider.for_session(doctor)
    form = NewCase("Grace Hopper", 79, "female", patient_id=first.case.patient_id)
    second = case_service(doctor.doctor, backend).create_case(form, [])
    assert backend.cases.claim_analysis(
        doctor.doctor.user_id, second.case.case_id, SEED_CLAIM, second.case.created_at
    )
    earlier = [CaseResults(first.case.case_id, first.case.created_at,
                           [LabValue.model_validate(v) for v in MARCH])]  # fmt: skip
    current = [LabValue.model_validate(v) for v in JUNE]
    checks = delta_checks(current, second.case.created_at, earlier)
    assert checks, "the second visit's creatinine rose"
    _complete(clinic, doctor, second, JUNE, delta_checks=[c.model_dump() for c in checks])
    return first, second


def open_patient(app: AppTest, patient_id: str) -> AppTest:
    app.query_params["patient_id"] = patient_id
    return app.switch_page("app_pages/patient.py").run()


def test_the_patient_page_shows_timeline_table_and_trends(
    app: AppTest, visits: tuple[CreatedCase, CreatedCase]
) -> None:
    first, second = visits
    patient_id = first.case.patient_id
    assert patient_id is not None
    open_patient(app, patient_id)
    assert not app.exception
    assert [t.value for t in app.title] == ["Grace Hopper"]
    assert "2 case(s), 3 lab value(s)" in shown(app)
    timeline, latest = (frame.value for frame in app.dataframe)
    assert list(timeline["What"]) == ["Case", "Case", "Critical value"]
    assert list(timeline["Case"]) == [
        f"case?case_id={first.case.case_id}",
        f"case?case_id={second.case.case_id}",
        f"case?case_id={second.case.case_id}",
    ]
    creatinine = latest[latest["Test"] == "Creatinine (mg/dL)"].iloc[0]
    assert (creatinine["Latest"], creatinine["Previous"], creatinine["Change"]) == (
        "1.6 mg/dL",
        "88.42 µmol/L",
        "+0.6 mg/dL",
    )
    charts = app.get("vega_lite_chart")
    assert len(charts) == 2  # the kidney panel and the metabolic panel
    drawn = {}
    for chart in charts:
        spec = json.loads(chart.proto.spec)
        assert spec["spec"]["layer"][2]["encoding"]["href"]["field"] == "case"  # a point opens
        rows = convert_arrow_bytes_to_pandas_df(chart.proto.data.data)
        drawn.update({test: list(group["value"]) for test, group in rows.groupby("test")})
    assert drawn == {"Creatinine (mg/dL)": [1.0, 1.6], "Potassium (mmol/L)": [6.9]}


def test_open_case_from_the_patient_page_and_back(
    app: AppTest, visits: tuple[CreatedCase, CreatedCase]
) -> None:
    first, second = visits
    open_case(app, second.case.case_id)
    assert not app.exception
    assert "Compared with earlier results" in [s.value for s in app.subheader]
    assert any("from the lowest of the 48 h before" in w for w in texts(app, "warning"))
    [link] = [e for e in app.get("page_link") if "Patient over time" in e.proto.label]
    assert "patient_id=" in link.proto.page or link.proto.query_string
    patient_id = first.case.patient_id
    assert patient_id is not None
    open_patient(app, patient_id)
    app.selectbox(key="patient_case_choice").set_value(first.case.case_id)
    app.button(key="patient_open_case").click().run()
    assert not app.exception
    assert (
        app.query_params["case_id"] == [first.case.case_id]
        or app.query_params["case_id"] == first.case.case_id
    )


def test_another_doctors_patient_is_not_shown(
    app: AppTest, clinic: Clinic, visits: tuple[CreatedCase, CreatedCase]
) -> None:
    first, _ = visits
    sign_up(clinic, "someone.else@example.com")
    app.button(key="sign_out").click().run()
    sign_in(app, "someone.else@example.com")
    patient_id = first.case.patient_id
    assert patient_id is not None
    open_patient(app, patient_id)
    assert not app.exception
    assert [e.value for e in app.error] == ["Patient not found"]
    assert not app.title and "Grace Hopper" not in shown(app)


def test_waiting_critical_values_come_first_and_acknowledged_ones_say_who(
    app: AppTest, clinic: Clinic, doctor: AuthSession, visits: tuple[CreatedCase, CreatedCase]
) -> None:
    first, second = visits
    patient_id = first.case.patient_id
    assert patient_id is not None
    open_patient(app, patient_id)
    assert not app.exception
    # The waiting potassium is shown before the timeline, with its wait and its case.
    assert [s.value for s in app.subheader][:2] == [
        "Critical values waiting for acknowledgment",
        "Timeline",
    ]
    [waiting] = texts(app, "error")
    assert waiting.startswith("Potassium 6.9 mmol/L") and ", waiting " in waiting
    [link] = [e for e in app.get("page_link") if e.proto.label == "Acknowledge on its case"]
    assert second.case.case_id in (link.proto.page + link.proto.query_string)

    services = clinic.services_for(doctor)
    [result] = services.critical.critical_results(second.case.case_id)
    services.critical.acknowledge(second.case.case_id, result.finding.value_key, "in_person")
    open_patient(app, patient_id)
    assert not app.exception
    assert "Critical values waiting for acknowledgment" not in [s.value for s in app.subheader]
    assert not texts(app, "error")
    timeline = app.dataframe[0].value
    assert list(timeline["What"]) == ["Case", "Case", "Critical value", "Acknowledged"]
    assert list(timeline["Detail"])[-1] == (
        "Potassium 6.9 mmol/L (high) acknowledged by patient.page@example.com, in person"
    )


def test_the_doctor_corrects_the_patients_details_and_the_opening_is_audited(
    app: AppTest, clinic: Clinic, doctor: AuthSession, visits: tuple[CreatedCase, CreatedCase]
) -> None:
    first, _ = visits
    patient_id = first.case.patient_id
    assert patient_id is not None
    open_patient(app, patient_id)
    app.run()  # a rerun is not another opening
    services = case_service(doctor.doctor, clinic.provider.for_session(doctor))
    opened = [e for e in services.audit_events() if e.action == "patient_opened"]
    assert [e.details for e in opened] == [{"patient": patient_id}]

    app.text_input(key=f"patient_name_{patient_id}").set_value("Grace B. Hopper")
    app.text_input(key=f"patient_record_{patient_id}").set_value("MRN 1906")
    app.button(key="patient_edit_save").click().run()
    assert not app.exception
    assert texts(app, "title") == ["Grace B. Hopper"]
    assert "record MRN 1906" in shown(app)
    [updated] = [e for e in services.audit_events() if e.action == "patient_updated"]
    assert updated.details == {"patient": patient_id, "changed": "name-record_number"}

    # A blank name is refused, said on the page, and nothing is lost.
    app.text_input(key=f"patient_name_{patient_id}").set_value("   ")
    app.button(key="patient_edit_save").click().run()
    assert not app.exception
    assert "Patient name is required" in texts(app, "error")
    assert services.patients.get_patient(patient_id).name == "Grace B. Hopper"


def test_three_days_imported_in_one_case_are_three_points_taken_when_collected(
    app: AppTest, clinic: Clinic, doctor: AuthSession
) -> None:
    # Round sixteen: each value at its collection time (the lab's message), not its case's.
    case = seed_case(clinic, doctor, patient_name="Ada Byron", age=36)
    days = [
        {"analyte": "Creatinine", "value": value, "unit": "mg/dL",
         "collected": {"at": f"2026-11-{day}T08:00:00+00:00"}}
        for day, value in ((24, 1.0), (25, 1.2), (26, 1.5))
    ]  # fmt: skip
    doubted = {"analyte": "Potassium", "value": 4.1, "unit": "mmol/L",
               "collected": {"at": "2099-01-01T08:00:00+00:00",
                             "doubt": "after the time of this analysis"}}  # fmt: skip
    _complete(clinic, doctor, case, [*days, doubted])
    patient_id = case.case.patient_id
    assert patient_id is not None
    open_patient(app, patient_id)
    assert not app.exception
    latest = app.dataframe[1].value
    creatinine = latest[latest["Test"] == "Creatinine (mg/dL)"].iloc[0]
    assert creatinine["Latest taken"].endswith("(collected)")
    assert "26 Nov 2026" in creatinine["Latest taken"]
    assert "25 Nov 2026" in creatinine["Previous taken"]
    assert creatinine["Change"] == "+0.3 mg/dL"
    potassium = latest[latest["Test"] == "Potassium (mmol/L)"].iloc[0]
    assert "COLLECTION TIME? after the time of this analysis" in potassium["Latest taken"]
    assert any(w.startswith("COLLECTION TIME? 1 value(s)") for w in texts(app, "warning"))
    rows = [
        convert_arrow_bytes_to_pandas_df(chart.proto.data.data)
        for chart in app.get("vega_lite_chart")
    ]
    drawn = next(r for r in rows if "Creatinine (mg/dL)" in set(r["test"]))
    assert drawn["seen"].nunique() == 3
    assert all(taken.endswith("(collected)") for taken in drawn["taken"])
