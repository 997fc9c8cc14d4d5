"""The case list with a doctor's 10,000 cases: the first page and the true totals.

How fast it renders is measured by ``python -m benchmarks.case_list``, not asserted here.
"""

from __future__ import annotations

from collections import Counter

from streamlit.testing.v1 import AppTest

from benchmarks.case_list import seed_caseload
from core.bootstrap import Clinic
from tests.app.conftest import shown, sign_in, sign_up
from tests.doubles import case_service
from ui.case_list import PAGE_SIZE

CASES = 10_000


def test_ten_thousand_cases_show_their_first_page_and_totals(app: AppTest, clinic: Clinic) -> None:
    auth = sign_up(clinic, "busy@example.com")
    seed_caseload(clinic.provider.repository, auth.doctor.user_id, CASES)  # type: ignore[attr-defined]
    # The expected figures come from the plain creation-order list, not the paged query.
    everything = case_service(auth.doctor, clinic.provider.for_session(auth)).list_cases()
    assert len(everything) == CASES
    by_status = Counter(case.status for case in everything)
    by_review = Counter(case.review_state for case in everything if case.status != "archived")
    listed = [case for case in reversed(everything) if case.status != "archived"]

    sign_in(app, "busy@example.com")

    assert not app.exception
    table = app.dataframe[0].value
    assert list(table["Patient"]) == [case.patient_name for case in listed[:PAGE_SIZE]]
    assert f"cases 1–{PAGE_SIZE} of {len(listed):,}" in shown(app)
    assert {metric.label: metric.value for metric in app.metric} == {
        "All cases": f"{CASES:,}",
        "Analyzing": f"{by_status['analyzing']:,}",
        "Completed": f"{by_status['completed']:,}",
        "Failed": f"{by_status['failed']:,}",
        "Archived": f"{by_status['archived']:,}",
        "Awaiting review": f"{by_review['awaiting_review']:,}",
        "Reviewed": "0",
        "Signed": "0",
        "Amended": "0",
    }
    # Completed cases carry their diagnosis; the rest show none.
    for status, diagnosis in zip(table["Status"], table["Primary diagnosis"], strict=True):
        assert (status == "Completed") == isinstance(diagnosis, str)

    app.button(key="cases_next").click().run()
    assert list(app.dataframe[0].value["Patient"]) == [
        case.patient_name for case in listed[PAGE_SIZE : 2 * PAGE_SIZE]
    ]
