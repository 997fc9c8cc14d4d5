"""What the case list's runs do (issue #25): a page turn reruns the rows alone, reading
the page afresh; a click on a row opens its case without reading or drawing the list."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import AbstractContextManager

import pytest
from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.models import AuthSession, CreatedCase
from core.services import CaseService
from core.services.critical_results import CriticalResultsService
from tests.app.conftest import seed_case, sign_in, sign_up, texts
from tests.app.fragment_runs import fragment_ids, in_fragment
from ui import case_list
from ui.case_list import PAGE_SIZE

EMAIL = "runs@example.com"


@pytest.fixture
def doctor(clinic: Clinic) -> AuthSession:
    return sign_up(clinic, EMAIL)


@pytest.fixture
def cases(clinic: Clinic, doctor: AuthSession) -> list[CreatedCase]:
    """Two pages of cases, oldest first: "Patient 00" to "Patient 27"."""
    return [
        seed_case(clinic, doctor, patient_name=f"Patient {number:02d}")
        for number in range(PAGE_SIZE + 3)
    ]


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """How often the list's page and the caseload's acknowledgment figure are read."""
    counted: Counter[str] = Counter()
    list_page, figure = CaseService.list_case_page, CriticalResultsService.figure

    def counting_list_page(self, query):  # type: ignore[no-untyped-def]
        counted["list page"] += 1
        return list_page(self, query)

    def counting_figure(self):  # type: ignore[no-untyped-def]
        counted["figure"] += 1
        return figure(self)

    monkeypatch.setattr(CaseService, "list_case_page", counting_list_page)
    monkeypatch.setattr(CriticalResultsService, "figure", counting_figure)
    yield counted


def patients(app: AppTest) -> list[str]:
    return list(app.dataframe[0].value["Patient"])


def rows_run(app: AppTest) -> AbstractContextManager[None]:
    """The next runs are a click inside the list's rows (the table, the pager)."""
    return in_fragment(app, fragment_ids(app, "case_list_rows"))


def test_a_page_turn_reruns_the_rows_alone(
    app: AppTest, cases: list[CreatedCase], reads: Counter[str]
) -> None:
    sign_in(app, EMAIL)
    assert patients(app)[0] == "Patient 27"
    reads.clear()

    with rows_run(app):
        app.button(key="cases_next").click().run()

    assert not app.exception
    assert patients(app) == ["Patient 02", "Patient 01", "Patient 00"]
    assert any("Page 2 of 2" in text for text in texts(app, "caption"))
    # Only the rows ran: neither the page's title, the counts nor the filters were drawn
    # again, and the page was read once, the caseload's figure not at all.
    assert not texts(app, "title")
    assert not app.metric
    assert not app.main.text_input
    assert reads == Counter({"list page": 1})


def test_the_rows_read_the_page_afresh_on_their_own_runs(
    app: AppTest, clinic: Clinic, doctor: AuthSession, cases: list[CreatedCase]
) -> None:
    sign_in(app, EMAIL)
    with rows_run(app):
        app.button(key="cases_next").click().run()
    # Changed in another tab while the doctor looks at page 2.
    newest = cases[-1].case.case_id
    clinic.services_for(doctor).update_case(newest, {"patient_name": "Renamed Meanwhile"})

    with rows_run(app):
        app.button(key="cases_previous").click().run()

    assert not app.exception
    assert patients(app)[0] == "Renamed Meanwhile"


def test_a_click_on_a_row_opens_its_case_without_reading_the_list(
    app: AppTest, cases: list[CreatedCase], reads: Counter[str]
) -> None:
    sign_in(app, EMAIL)
    reads.clear()

    # Row 1 is the second newest case; the click selects its patient's cell.
    app.session_state["cases_table"] = {
        "selection": {"rows": [], "columns": [], "cells": [[1, "Patient"]]}
    }
    with rows_run(app):
        app.run()

    assert not app.exception
    assert texts(app, "title") == ["Patient 26"]
    assert app.query_params["case_id"] == cases[-2].case.case_id
    assert reads["list page"] == 0


def test_a_row_outside_the_table_drawn_opens_nothing(
    app: AppTest, cases: list[CreatedCase]
) -> None:
    sign_in(app, EMAIL)
    app.session_state["cases_table"] = {
        "selection": {"rows": [PAGE_SIZE + 5], "columns": [], "cells": []}
    }
    with rows_run(app):
        app.run()

    assert not app.exception
    assert patients(app)[0] == "Patient 27"
    assert "case_id" not in app.query_params


def test_turning_back_to_an_unchanged_page_reuses_its_table(
    app: AppTest, cases: list[CreatedCase], monkeypatch: pytest.MonkeyPatch
) -> None:
    sign_in(app, EMAIL)
    with rows_run(app):
        app.button(key="cases_next").click().run()
    assert list(app.dataframe[0].value.index) == [26, 27, 28]  # numbered in the whole list
    built: list[int] = []
    build = case_list._numbered_arrow

    def counting(table: case_list.CaseTable, first: int) -> object:
        built.append(first)
        return build(table, first)

    monkeypatch.setattr(case_list, "_numbered_arrow", counting)

    with rows_run(app):
        app.button(key="cases_previous").click().run()

    assert not app.exception
    assert patients(app)[0] == "Patient 27"
    assert list(app.dataframe[0].value.index)[:2] == [1, 2]
    assert built == []  # page 1 as drawn before: its table kept, not built again
