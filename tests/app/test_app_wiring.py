"""app.py's wiring: settings, the cached clinic, and what an unexpected failure shows."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from tests.app.case_states import store_raw_insights
from tests.app.conftest import (
    new_app,
    open_case,
    seed_case,
    shown,
    sign_in,
    sign_up,
    texts,
)
from ui.errors import UNEXPECTED


def test_unusable_setting_is_reported_instead_of_a_crash(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEDCASE_MAX_FILE_MB", "lots")
    app = new_app().run()
    assert not app.exception
    assert texts(app, "error") == [
        "MedCase is not configured correctly: MEDCASE_MAX_FILE_MB must be a number, got 'lots'"
    ]
    assert not app.text_input


def test_clinic_is_built_from_the_environment_and_shared_by_sessions(
    app: AppTest, clinic: Clinic, data_dir: Path
) -> None:
    assert clinic.settings.data_dir == data_dir
    assert (data_dir / "medcase.sqlite3").is_file()
    second_session = new_app().run()
    assert second_session.session_state["clinic"] is clinic


def test_the_clinic_is_built_again_only_when_the_settings_change(
    app: AppTest, clinic: Clinic, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The cache is looked up by the settings' text (issue #25): equal settings, the same
    # clinic at every run; a changed setting, a clinic built from it.
    app.run()
    assert app.session_state["clinic"] is clinic
    monkeypatch.setenv("MEDCASE_MAX_FILE_MB", "7")
    app.run()
    rebuilt = app.session_state["clinic"]
    assert rebuilt is not clinic
    assert rebuilt.settings.max_file_mb == 7
    app.run()
    assert app.session_state["clinic"] is rebuilt


def test_the_sidebars_signer_form_is_built_only_while_its_popover_is_open(
    app: AppTest, clinic: Clinic
) -> None:
    sign_up(clinic, "sidebar@example.com")
    sign_in(app, "sidebar@example.com")
    assert "Signs as Dr sidebar, MD" in texts(app, "caption")
    assert not app.sidebar.text_input  # closed: the popover alone, no form in it

    app.session_state["sidebar_profile_open"] = True  # the doctor opens it
    app.run()
    assert [box.label for box in app.sidebar.text_input] == ["Name as signed", "Credentials"]
    app.sidebar.text_input(key="sidebar_profile_name").input("Dr Side Bar")
    app.sidebar.button(key="sidebar_profile_save").click().run()
    assert not app.exception
    assert "You sign as Dr Side Bar, MD." in texts(app, "toast")
    app.run()
    assert "Signs as Dr Side Bar, MD" in texts(app, "caption")


def test_dropping_the_cached_clinic_closes_it(app: AppTest, clinic: Clinic) -> None:
    closed: list[str] = []
    clinic.closers.append(lambda: closed.append("analyzer stopped"))
    st.cache_resource.clear()
    assert closed == ["analyzer stopped"]


def test_unexpected_failure_shows_a_generic_message_and_is_logged(
    app: AppTest, clinic: Clinic, caplog: pytest.LogCaptureFixture
) -> None:
    doctor = sign_up(clinic, "bug@example.com")
    case = seed_case(clinic, doctor, patient_name="Visible Patient")
    # A record the page cannot read: its text must not leak through the error.
    broken = {"case_summary": {"comprehensive_summary": "SECRET CLINICAL DETAIL"}}
    case_id = case.case.case_id
    store_raw_insights(clinic, doctor, case_id, broken)
    sign_in(app, "bug@example.com")

    with caplog.at_level(logging.ERROR, logger="ui.errors"):
        open_case(app, case_id)

    assert not app.exception
    assert texts(app, "error") == [UNEXPECTED]
    assert "SECRET CLINICAL DETAIL" not in shown(app)
    # The rest of the page still works.
    assert texts(app, "title") == ["Visible Patient"]
    assert app.button(key="case_delete").label == "Delete case"
    assert any("unexpected failure (ValidationError)" in r.getMessage() for r in caplog.records)
    assert "SECRET CLINICAL DETAIL" not in caplog.text
