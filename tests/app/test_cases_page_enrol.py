"""Enrolling several cases in a pilot from the case list (AppTest): the switch appears for
a doctor who enrols in a pilot, ticked rows open nothing, and one click enrols them all."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.services.pilots import PilotService
from tests.app.case_states import complete, sample_insights
from tests.app.conftest import new_app, seed_case, shown, sign_in, sign_up


def _pilot(clinic: Clinic, members: dict[str, str]) -> tuple[PilotService, str]:
    lead = sign_up(clinic, "lead@example.com")
    coordinating = PilotService(lead.doctor, clinic.provider.for_session(lead))
    pilot = coordinating.create_pilot("Anaemia pilot", "", "2026-11-01", "2027-01-31")
    for email, role in members.items():
        coordinating.add_member(pilot.pilot_id, email, role)
    return coordinating, pilot.pilot_id


def test_a_doctor_enrols_several_ticked_cases_from_the_list(app: AppTest, clinic: Clinic) -> None:
    doctor = sign_up(clinic, "doctor@example.com")
    sign_up(clinic, "reviewer@example.com")
    coordinating, pilot_id = _pilot(
        clinic, {"doctor@example.com": "doctor", "reviewer@example.com": "reviewer"}
    )
    names = ("Ann First", "Bea Second", "Cy Third")
    cases = [seed_case(clinic, doctor, patient_name=name) for name in names]
    for case in cases:
        complete(clinic, doctor, case.case.case_id, sample_insights())

    sign_in(app, "doctor@example.com")
    assert not app.exception
    app.toggle(key="cases_enrolling").set_value(True).run()
    # Newest first: rows 0 and 2 are the third and the first case. Ticking opens nothing.
    app.session_state["cases_table_enrol"] = {
        "selection": {"rows": [0, 2], "columns": [], "cells": []}
    }
    app.run()
    assert not app.exception
    assert [t.value for t in app.title] == ["Cases"]
    assert "3 cases · tick the cases to enrol" in shown(app)
    assert app.button(key="cases_enrol").label == "Enrol 2 selected cases"
    app.button(key="cases_enrol").click().run()
    assert not app.exception
    assert "Enrolled in Anaemia pilot: Case P-0001, Case P-0002." in shown(app)
    enrolled = {e.case_id for e in coordinating.enrolments(pilot_id)}
    assert enrolled == {cases[2].case.case_id, cases[0].case.case_id}


def test_the_switch_is_only_for_doctors_who_enrol_and_a_case_without_insights_is_refused(
    app: AppTest, clinic: Clinic
) -> None:
    reviewer = sign_up(clinic, "reviewer@example.com")
    doctor = sign_up(clinic, "doctor@example.com")
    coordinating, pilot_id = _pilot(
        clinic, {"reviewer@example.com": "reviewer", "doctor@example.com": "doctor"}
    )
    seed_case(clinic, reviewer, patient_name="Reviewers Own")
    seed_case(clinic, doctor, patient_name="Still Analysing")  # no AI insights yet

    sign_in(app, "reviewer@example.com")
    assert not app.exception
    assert not [t for t in app.toggle if t.key == "cases_enrolling"]

    page = new_app().run()
    sign_in(page, "doctor@example.com")
    page.toggle(key="cases_enrolling").set_value(True).run()
    assert page.button(key="cases_enrol").disabled  # nothing ticked yet
    page.session_state["cases_table_enrol"] = {
        "selection": {"rows": [0], "columns": [], "cells": []}
    }
    page.run()
    page.button(key="cases_enrol").click().run()
    assert not page.exception
    assert "A case can be enrolled once it has AI insights" in shown(page)
    assert coordinating.enrolments(pilot_id) == []
