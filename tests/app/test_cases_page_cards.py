"""The case list's cards (issue #26): what a phone shows instead of the wide table, one
card per case of the page, each a link to its case with the row's facts."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from tests.app.conftest import seed_case, sign_in, sign_up, texts
from tests.app.test_cases_page import _complete_with_criticals, complete


def test_each_case_of_the_page_is_a_card_linking_to_it_with_its_facts(
    app: AppTest, clinic: Clinic
) -> None:
    doctor = sign_up(clinic, "cards@example.com")
    urgent = seed_case(clinic, doctor, patient_name="Urgent Patient", age=71)
    _complete_with_criticals(clinic, doctor, urgent)
    signed = seed_case(clinic, doctor, patient_name="Calm [Patient]", age=34)
    complete(clinic, doctor, signed, "Iron deficiency anaemia", "D50.9")
    waiting = seed_case(clinic, doctor, patient_name="Newest Patient")
    sign_in(app, "cards@example.com")
    assert not app.exception

    links = [link for link in app.get("page_link") if link.label != "New case"]
    # One link per case, in the list's order, each to the case page with its id.
    assert [link.label for link in links] == [
        "Newest Patient",
        r"Calm \[Patient\]",  # Markdown-escaped: shown as typed
        "Urgent Patient",
    ]
    assert all(link.proto.page == "case" for link in links)  # the case page's address
    assert [link.proto.query_string for link in links] == [
        f"case_id={c.case.case_id}" for c in (waiting, signed, urgent)
    ]
    said = "\n".join(texts(app, "markdown") + texts(app, "caption"))
    assert "71 · Female · Completed · Awaiting review" in said
    assert "Iron deficiency anaemia (D50.9), AI draft" in said
    assert "Hyperkalaemia (E87.5), AI draft" in said
    assert "36 · Female · Analyzing" in said
    assert any(
        text.startswith(":red[**⚠ 1 critical · 1 to acknowledge (")
        for text in texts(app, "markdown")
    )
    # A card is its link and one Markdown element (issue #25: 25 cards on every page of
    # the list, on a wide window too): the facts are a line of it, not a caption apart.
    cards = [text for text in texts(app, "markdown") if ":small[" in text]
    assert len(cards) == 3
    assert cards[2].startswith(":red[**⚠ 1 critical")  # the urgent case, last in the list
    assert ":small[71 · Female · Completed · Awaiting review]" in cards[2]
    assert not [text for text in texts(app, "caption") if " · Female · " in text]
    # The wide table is still drawn (the stylesheet chooses by the window's width).
    assert list(app.dataframe[0].value["Patient"]) == [
        "Newest Patient",
        "Calm [Patient]",
        "Urgent Patient",
    ]


def test_a_window_the_browser_said_is_wide_gets_the_table_without_the_cards(
    app: AppTest, clinic: Clinic
) -> None:
    """Issue #25: the 25 cards (75 elements) were drawn on every run of the list, on a
    desk's wide window too, where the stylesheet hides them (under 641 px they show; the
    browser says "wide" from 1,024 px)."""
    from ui.small_screens import WINDOW_KEY

    doctor = sign_up(clinic, "wide@example.com")
    for number in range(3):
        seed_case(clinic, doctor, patient_name=f"Wide Patient {number}")
    sign_in(app, "wide@example.com")
    assert len([link for link in app.get("page_link") if link.label != "New case"]) == 3

    app.session_state[WINDOW_KEY] = {"narrow": False}  # the browser's report
    app.run()
    assert not app.exception
    assert [link.label for link in app.get("page_link")] == ["New case"]
    assert not [text for text in texts(app, "markdown") if ":small[" in text]
    assert len(app.dataframe[0].value) == 3  # the table, as before

    app.session_state[WINDOW_KEY] = {"narrow": True}  # the window narrowed: cards again
    app.run()
    assert len([link for link in app.get("page_link") if link.label != "New case"]) == 3
