"""A decision that could not be saved says so plainly, with what was lost (issue #26): the
doctor signed out in another tab, or the session expired, between typing and clicking."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest
from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from tests.app.case_states import complete, sample_insights
from tests.app.conftest import new_app, open_case, seed_case, sign_in, sign_up, texts
from tests.app.test_kept_session import Browser
from tests.app.test_new_case_page import fill_form

EMAIL = "dr.unsaved@example.com"


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch, clinic: Clinic) -> Browser:
    held = Browser(clinic)
    monkeypatch.setattr("ui.session.browser_id", lambda: held.id)
    return held


def analysed_case(app: AppTest, clinic: Clinic) -> str:
    auth = sign_up(clinic, EMAIL)
    case = seed_case(clinic, auth, patient_name="Mary Seacole")
    insights = sample_insights()
    insights.provenance.case_version = case.case.content_version
    complete(clinic, auth, case.case.case_id, insights)
    sign_in(app, EMAIL)
    return case.case.case_id


def test_an_edit_saved_after_sign_out_in_another_tab_says_not_saved_and_what(
    app: AppTest, clinic: Clinic, browser: Browser
) -> None:
    case_id = analysed_case(app, clinic)
    browser.follow(app)
    open_case(app, case_id)
    other_tab = new_app().run()
    assert texts(other_tab, "title") == ["Cases"]

    # The doctor edits the plan here while signing out in the other tab.
    app.segmented_control(key="review_soap_note_choice").set_value("edit").run()
    app.text_area(key="review_soap_note_plan").input("Oral iron 65 mg daily.")
    other_tab.sidebar.button(key="sign_out").click().run()
    app.button(key="review_soap_note_save").click().run()

    assert not app.exception
    assert texts(app, "title") == ["MedCase"]
    [lost] = texts(app, "error")
    assert lost.startswith("Not saved: your decision on SOAP note: Edit (your text:")
    assert "Plan: Oral iron 65 mg daily." in lost
    assert "Sign in and do it again." in lost
    summary = clinic.services_for(clinic.provider.accounts.sign_in(EMAIL, "correct horse battery"))
    assert summary.review.summary(case_id).reviews == {}  # nothing was saved


def test_a_sign_click_after_the_session_expired_says_not_saved(
    app: AppTest, clinic: Clinic
) -> None:
    case_id = analysed_case(app, clinic)
    open_case(app, case_id)
    old = app.session_state["auth_session"]
    clinic.provider.accounts.sign_out(old)  # the refresh token no longer works
    app.session_state["auth_session"] = replace(old, expires_at=time.time() - 5)
    app.segmented_control(key="review_primary_diagnosis_choice").set_value("reject").run()
    app.text_input(key="review_primary_diagnosis_reason").input("Ferritin pending")
    app.button(key="review_primary_diagnosis_reject_confirm").click().run()

    assert not app.exception
    assert "Your session has expired. Please sign in again." in texts(app, "warning")
    assert texts(app, "error") == [
        "Not saved: your decision on Primary diagnosis: Reject (reason: Ferritin pending). "
        "You were signed out before it reached MedCase. Sign in and do it again."
    ]


def test_a_new_case_created_after_sign_out_elsewhere_says_not_created(
    app: AppTest, clinic: Clinic, browser: Browser
) -> None:
    sign_up(clinic, EMAIL)
    sign_in(app, EMAIL)
    browser.follow(app)
    app.switch_page("app_pages/new_case.py").run()
    fill_form(app, name="Lost Patient")
    app.run()
    new_app().run().sidebar.button(key="sign_out").click().run()
    app.button(key="new_case_create").click().run()

    assert texts(app, "title") == ["MedCase"]
    [lost] = texts(app, "error")
    assert lost.startswith("Not saved: the new case for Lost Patient")


def test_an_ordinary_sign_out_says_nothing_was_lost(
    app: AppTest, clinic: Clinic, browser: Browser
) -> None:
    sign_up(clinic, EMAIL)
    sign_in(app, EMAIL)
    browser.follow(app)
    new_app().run().sidebar.button(key="sign_out").click().run()
    app.run()
    assert texts(app, "title") == ["MedCase"]
    assert texts(app, "error") == []
