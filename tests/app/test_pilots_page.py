"""The Pilots page (AppTest): a coordinator sets up a pilot, a doctor enrols a case, a
reviewer scores it blind, and the coordinator sees the figures. No name reaches a reviewer."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import TextInput

from core.bootstrap import Clinic
from tests.app.case_states import complete, sample_insights
from tests.app.conftest import new_app, seed_case, shown, sign_in, sign_up

PILOTS = "app_pages/pilots.py"
NAME = "Florence Nightingale"


def _as(email: str) -> AppTest:
    app = new_app().run()
    sign_in(app, email)
    return app.switch_page(PILOTS).run()


def test_a_pilot_from_set_up_to_figures(app: AppTest, clinic: Clinic) -> None:
    lead = sign_up(clinic, "lead@example.com")
    doctor = sign_up(clinic, "doctor@example.com")
    sign_up(clinic, "reviewer@example.com")
    sign_up(clinic, "second@example.com")
    del lead

    # The coordinator creates the pilot and adds a doctor and a reviewer by email.
    page = _as("lead@example.com")
    assert "You are in no pilot yet" in shown(page)
    page.text_input(key="pilots_new_name").input("Anaemia pilot")
    page.button(key="pilots_create_submit").click().run()
    assert not page.exception
    page.text_input(key="pilots_member_email").input("doctor@example.com")
    page.radio(key="pilots_member_role").set_value("doctor")
    page.button(key="pilots_member_submit").click().run()
    page.text_input(key="pilots_member_email").input("Reviewer@Example.com")
    page.button(key="pilots_member_submit").click().run()
    assert not page.exception
    assert "reviewer@example.com — Reviewer" in [str(m.value) for m in page.markdown]

    # The doctor enrols their analysed case (several could go at once).
    case = seed_case(clinic, doctor, patient_name=NAME)
    complete(clinic, doctor, case.case.case_id, sample_insights())
    page = _as("doctor@example.com")
    _tick(page, [0])
    page.button(key="pilots_enrol").click().run()
    assert not page.exception
    assert "1 case(s) enrolled." in shown(page)

    # Two reviewers, each blind: the pseudonym, their own diagnosis first, then the AI
    # draft and the scores.
    _review_blind(clinic, "reviewer@example.com", "D50.9", check_code=True)
    lead_page = _as("lead@example.com")
    lead_page.text_input(key="pilots_member_email").input("second@example.com")
    lead_page.button(key="pilots_member_submit").click().run()
    _review_blind(clinic, "second@example.com", "D64.9")

    # The coordinator's figures (kept for a while: refreshed to show the new review).
    page = _as("lead@example.com")
    assert not page.exception
    page.button(key="pilots_refresh").click().run()
    metrics = {m.label: m.value for m in page.metric}
    assert metrics["Cases enrolled"] == "1" and metrics["Reviewed"] == "1"
    assert metrics["Reviewed by two or more"] == "1"
    assert metrics["Same ICD-10 code"] == "50%"  # D50.9 of D50.9 and D64.9
    assert "95 % interval 9%–91%, n=2" in [c.value for c in page.caption]
    assert "Cohen's κ" in shown(page)
    # The section table's acceptance, "50% (9%–91%), n=2", gets a column wide enough to read.
    tables = [d for d in page.dataframe if "Accepted" in d.value.columns]  # overall, each group
    assert tables
    assert all(json.loads(t.proto.columns)["Accepted"]["width"] == "medium" for t in tables)


def _tick(page: AppTest, rows: list[int]) -> None:
    """Tick rows of the enrol table, as a click on their tick boxes does."""
    page.session_state["pilots_enrol_table"] = {
        "selection": {"rows": rows, "columns": [], "cells": []}
    }
    page.run()
    assert not page.exception


def _review_blind(clinic: Clinic, email: str, code: str, check_code: bool = False) -> None:
    page = _as(email)
    assert not page.exception
    assert "Case P-0001" in shown(page)
    assert "The AI's insights" not in shown(page)
    # The age as a band and the sex, never the age itself (issue #26).
    assert "**Patient:** Age 30-39 · Female" in shown(page)
    assert "36" not in shown(page)
    [progress] = page.get("progress")
    assert progress.proto.text == "0 of 1 reviewed"
    if check_code:
        # Not a code of ICD-10-CM: nothing to pick, nothing to record.
        _search(page).input("XX1").run()
        assert "No ICD-10-CM code matches 'XX1'" in shown(page)
        assert page.button(key="pilots_diagnosis_submit").disabled
    _diagnose(page, code, "Anaemia")
    assert not page.exception
    assert "The AI's insights" in shown(page)
    _score(page)
    assert f"Submitted: Anaemia ({code})" in shown(page)
    assert page.get("progress")[0].proto.text == "1 of 1 reviewed"
    if check_code:
        # A correction scores again; the blind diagnosis stays (none is asked for).
        page.toggle(key="pilots_correct").set_value(True).run()
        assert "Your blind diagnosis stays" in shown(page)
        page.button(key="pilots_correct_start").click().run()
        assert not page.exception
        assert not [t for t in page.text_input if _is_search(t.key)]
        assert f"Your diagnosis: Anaemia ({code})" in shown(page)
        _score(page)
        assert f"Submitted: Anaemia ({code})" in shown(page)
    everything = shown(page) + repr([d.value for d in page.dataframe])
    assert "Nightingale" not in everything and "Florence" not in everything


def _is_search(key: str | None) -> bool:
    return bool(key) and key.startswith("pilots_code_") and key.endswith("_search")


def _search(page: AppTest) -> TextInput:
    """The open case's code search field (its key is the case's own)."""
    [search] = [t for t in page.text_input if _is_search(t.key)]
    return search


def _diagnose(page: AppTest, query: str, words: str = "", code: str | None = None) -> None:
    """Find the code with the picker (its best match is chosen) and record it."""
    _search(page).input(query).run()
    [picked] = [r for r in page.radio if r.key and r.key.startswith("pilots_code_")]
    assert picked.key.endswith("_code") and picked.value == (code or query)
    if words:
        [typed] = [t for t in page.text_input if t.key.startswith("pilots_diagnosis_text_")]
        typed.input(words)
    page.button(key="pilots_diagnosis_submit").click().run()


def _score(page: AppTest) -> None:
    for section in ("case_summary", "soap_note", "primary_diagnosis"):
        page.radio(key=f"pilots_verdict_{section}").set_value("accept")
        for item in ("accurate", "complete", "useful", "free_of_invented_facts"):
            page.radio(key=f"pilots_rating_{section}_{item}").set_value(4)
    page.button(key="pilots_scores_submit").click().run()
    assert not page.exception


def test_submit_and_next_opens_the_next_case_to_review(app: AppTest, clinic: Clinic) -> None:
    sign_up(clinic, "lead@example.com")
    doctor = sign_up(clinic, "doctor@example.com")
    sign_up(clinic, "reviewer@example.com")
    page = _as("lead@example.com")
    page.text_input(key="pilots_new_name").input("Two cases")
    page.button(key="pilots_create_submit").click().run()
    page.text_input(key="pilots_member_email").input("doctor@example.com")
    page.radio(key="pilots_member_role").set_value("doctor")
    page.button(key="pilots_member_submit").click().run()
    page.text_input(key="pilots_member_email").input("reviewer@example.com")
    page.button(key="pilots_member_submit").click().run()
    ids = []
    for name, age in ((NAME, 36), ("Mary Seacole", 93)):
        case = seed_case(clinic, doctor, patient_name=name, age=age)
        complete(clinic, doctor, case.case.case_id, sample_insights())
        ids.append(case.case.case_id)
    page = _as("doctor@example.com")
    _tick(page, [1, 0])  # the oldest first: Case P-0001 is Florence Nightingale
    page.button(key="pilots_enrol").click().run()

    page = _as("reviewer@example.com")
    assert page.get("progress")[0].proto.text == "0 of 2 reviewed"
    first = page.selectbox(key="pilots_picked_case").value
    assert "Case 1 of 2 in your list" in shown(page)
    first_search = _search(page).key
    _diagnose(page, "D50.9", "Anaemia")
    assert page.button(key="pilots_scores_submit").label == "Submit review (final) and next"
    # The rubric grid: its own column beside the AI's text, a row per rating with its
    # anchors under the scale, each labelled for a screen reader.
    ai_text = [c for c in page.columns if any("The AI's insights" in m.value for m in c.markdown)]
    assert ai_text and not ai_text[0].radio
    assert page.radio(key="pilots_rating_soap_note_accurate").label == "SOAP note: Accurate"
    assert page.radio(key="pilots_verdict_case_summary").options == [
        "Accept", "Minor edit", "Major edit", "Reject",
    ]  # fmt: skip
    captions = [c.value for c in page.caption]
    assert "1 wrong · 3 minor errors · 5 no errors" in captions
    assert "1 accept · 2 minor edit · 3 major edit · 4 reject" in captions
    _score(page)

    # The next case is open, its diagnosis asked first (the picker empty again), and the
    # progress moved on: no list to go through.
    second = page.selectbox(key="pilots_picked_case").value
    assert second != first
    assert page.get("progress")[0].proto.text == "1 of 2 reviewed"
    assert "Case 2 of 2 in your list" in shown(page)
    assert _search(page).value == ""
    # The next case's search is a field of its own: a browser that kept the last case's field
    # drawn (a loaded machine) cannot carry its typed code over to this case.
    assert _search(page).key != first_search
    assert "**Patient:** Age 90+ · Female" in shown(page)
    _diagnose(page, "iron deficiency anaemia", code="D50.9")  # words, British spelling: D50.9 first
    assert "Your diagnosis: Iron deficiency anemia, unspecified (D50.9)" in shown(page)
    # The last case: nothing after it.
    assert page.button(key="pilots_scores_submit").label == "Submit review (final)"


def test_a_doctor_enrols_a_case_from_its_page(app: AppTest, clinic: Clinic) -> None:
    from core.services.pilots import PilotService
    from tests.app.conftest import open_case

    lead = sign_up(clinic, "lead2@example.com")
    doctor = sign_up(clinic, "doctor2@example.com")
    coordinating = PilotService(lead.doctor, clinic.provider.for_session(lead))
    pilot = coordinating.create_pilot("Ward pilot", "", "2026-11-01", "2026-12-01")
    coordinating.add_member(pilot.pilot_id, "doctor2@example.com", "doctor")
    case = seed_case(clinic, doctor, patient_name=NAME)
    complete(clinic, doctor, case.case.case_id, sample_insights())
    sign_in(app, "doctor2@example.com")
    open_case(app, case.case.case_id)
    assert not app.exception
    assert [b.key for b in app.button if b.key == "case_delete"] == ["case_delete"]
    app.button(key="pilots_case_enrol").click().run()
    assert not app.exception
    assert "Enrolled as Case P-0001." in shown(app)
    assert "Ward pilot: Case P-0001" in shown(app)
    # An enrolled case is never deleted (its reviewers' reviews would go with it): the page
    # offers archiving, as for a signed case, instead of a button the service refuses.
    assert [b for b in app.button if b.key == "case_delete"] == []
    assert "enrolled in a pilot, whose reviewers read and review it" in shown(app)


def test_a_pilot_description_is_shown_as_text_not_markdown(app: AppTest, clinic: Clinic) -> None:
    """Issue #23: a member's description rendered as Markdown fetched a tracking image."""
    from core.services.pilots import PilotService

    lead = sign_up(clinic, "lead3@example.com")
    sign_up(clinic, "reviewer3@example.com")
    tracker = "![pixel](http://tracker.example/p.png) **urgent** [click](http://evil.example)"
    coordinating = PilotService(lead.doctor, clinic.provider.for_session(lead))
    pilot = coordinating.create_pilot("Ward pilot", tracker, "2026-11-01", "2026-12-01")
    coordinating.add_member(pilot.pilot_id, "reviewer3@example.com", "reviewer")
    page = _as("reviewer3@example.com")
    assert not page.exception
    assert tracker in [element.value for element in page.text]
    rendered = [str(m.value) for m in (*page.markdown, *page.caption)]
    assert not any("tracker.example" in text for text in rendered)


def test_the_enrol_list_says_enough_to_choose_by_and_filters(app: AppTest, clinic: Clinic) -> None:
    """Issue #26: more than "Name (date)", no "Select all" as the first choice, a filter."""
    lead = sign_up(clinic, "lead4@example.com")
    page = _as("lead4@example.com")
    page.text_input(key="pilots_new_name").input("Wards")
    page.button(key="pilots_create_submit").click().run()
    for name, age, code in ((NAME, 36, "D50.9"), ("Mary Seacole", 93, "E11.9")):
        case = seed_case(clinic, lead, patient_name=name, age=age)
        complete(clinic, lead, case.case.case_id, sample_insights(icd_code=code))
    page = _as("lead4@example.com")
    assert not page.exception
    assert not [m for m in page.multiselect if m.key == "pilots_enrol_cases"]
    [table] = [d for d in page.dataframe if "Age band" in d.value.columns]
    assert list(table.value.columns) == [
        "Patient", "Age band", "Sex", "Diagnosis", "ICD-10", "Note", "Created",
    ]  # fmt: skip
    newest = table.value.iloc[0]
    assert (newest["Patient"], newest["Age band"], newest["Sex"], newest["ICD-10"]) == (
        "Mary Seacole", "90+", "Female", "E11.9",
    )  # fmt: skip
    assert newest["Note"] == "Awaiting review"
    assert page.button(key="pilots_enrol").disabled  # nothing is ticked for the doctor

    # A filter keeps the rows holding every word; ticks are of the rows shown.
    _tick(page, [1])
    assert page.button(key="pilots_enrol").label == "Enrol 1 case"
    page.text_input(key="pilots_enrol_filter").input("anaemia 30-39").run()
    [table] = [d for d in page.dataframe if "Age band" in d.value.columns]
    assert list(table.value["Patient"]) == [NAME]
    assert "1 of 2 cases." in shown(page)
    assert page.button(key="pilots_enrol").disabled  # the ticks went with the old rows
    _tick(page, [0])
    page.button(key="pilots_enrol").click().run()
    assert "1 case(s) enrolled." in shown(page)
