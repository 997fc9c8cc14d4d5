"""The case list: empty, filled (newest first, only the doctor's own), and opening a case."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from tests.app.conftest import seed_case, sign_in, sign_up, texts


def test_empty_list_points_to_new_case(app: AppTest, clinic: Clinic) -> None:
    sign_up(clinic, "empty@example.com")
    sign_in(app, "empty@example.com")

    assert not app.exception
    assert texts(app, "title") == ["Cases"]
    assert not app.dataframe
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
    table = app.dataframe[0].value
    assert list(table.columns) == ["Patient", "Age", "Gender", "Status", "Created", "Updated"]
    assert list(table["Patient"]) == ["Third Patient", "Second Patient", "First Patient"]
    assert list(table["Age"]) == [52, 41, 30]
    assert set(table["Gender"]) == {"Female"}
    assert set(table["Status"]) == {"Analyzing"}
    assert list(table["Created"]) == sorted(table["Created"], reverse=True)
    assert "Not Yours" not in list(table["Patient"])


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
