"""A reload or a new tab of the same browser stays signed in until sign-out (the browser's
id comes from its HttpOnly cookie; here the test plays the browser)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.errors import NotAuthenticated
from tests.app.conftest import new_app, seed_case, sign_in, sign_up, texts
from ui.session import SIGNED_OUT_ELSEWHERE

EMAIL = "dr.kept@example.com"


class Browser:
    """The browser's cookie as every tab's handshake carries it, and the page's part of a
    hand-over (posting the token; the server's answer sets the new id)."""

    def __init__(self, clinic: Clinic) -> None:
        assert clinic.browser_sessions is not None
        self.store = clinic.browser_sessions
        self.id: str | None = self.store.issue()

    def follow(self, tab: AppTest) -> None:
        token = tab.session_state["browser_hand_over"]
        assert token is not None, "the page was given no hand-over"
        self.id = self.store.take_hand_over(token, self.id)
        assert self.id is not None


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch, clinic: Clinic) -> Browser:
    """This browser, as the page's cookie would give its id to every tab."""
    held = Browser(clinic)
    monkeypatch.setattr("ui.session.browser_id", lambda: held.id)
    return held


def test_a_reload_and_a_new_tab_on_a_case_link_stay_signed_in(
    app: AppTest, clinic: Clinic, browser: Browser
) -> None:
    auth = sign_up(clinic, EMAIL)
    case = seed_case(clinic, auth, patient_name="Kept Patient")
    sign_in(app, EMAIL)
    browser.follow(app)
    assert texts(app, "title") == ["Cases"]

    reloaded = new_app().run()  # a new Streamlit session, as a reload makes
    assert not reloaded.exception
    assert texts(reloaded, "title") == ["Cases"]
    assert EMAIL in texts(reloaded.sidebar, "text")

    tab = new_app()
    tab.query_params["case_id"] = case.case.case_id
    tab.run()
    tab.switch_page("app_pages/case.py").run()
    assert not tab.exception
    assert texts(tab, "title") == ["Kept Patient"]


def test_sign_out_ends_the_kept_session_everywhere(
    app: AppTest, clinic: Clinic, browser: Browser
) -> None:
    sign_up(clinic, EMAIL)
    sign_in(app, EMAIL)
    browser.follow(app)
    other_tab = new_app().run()
    held = other_tab.session_state["auth_session"]
    assert texts(other_tab, "title") == ["Cases"]

    app.sidebar.button(key="sign_out").click().run()
    assert texts(app, "title") == ["MedCase"]
    assert clinic.browser_sessions is not None
    assert clinic.browser_sessions.find(browser.id) is None
    browser.follow(app)  # and the browser has a new id, under which nothing is kept
    assert clinic.browser_sessions.find(browser.id) is None
    assert texts(new_app().run(), "title") == ["MedCase"]  # a reload after sign-out
    other_tab.run()  # the other tab's next action
    assert texts(other_tab, "title") == ["MedCase"]
    assert SIGNED_OUT_ELSEWHERE in texts(other_tab, "info")
    # The other tab's tokens were revoked at the backend: its next action signs it out.
    with pytest.raises(NotAuthenticated):
        clinic.provider.accounts.refresh(held.refresh_token)


def test_without_the_cookie_a_reload_signs_out(app: AppTest, clinic: Clinic) -> None:
    sign_up(clinic, EMAIL)
    sign_in(app, EMAIL)
    assert texts(new_app().run(), "title") == ["MedCase"]


def test_an_id_planted_before_sign_in_never_leads_to_the_session(
    app: AppTest, clinic: Clinic, browser: Browser
) -> None:
    """Issue #23 (session fixation): an id the server issued to someone else and planted
    in this browser; the doctor signs in; the planted id leads nowhere."""
    assert clinic.browser_sessions is not None
    planted = browser.id
    sign_up(clinic, EMAIL)
    sign_in(app, EMAIL)
    assert clinic.browser_sessions.find(planted) is None
    browser.follow(app)
    assert browser.id != planted
    kept = clinic.browser_sessions.find(browser.id)
    assert kept is not None and kept.doctor.email == EMAIL
    # Signing out hands the browser yet another id.
    signed_in_id = browser.id
    app.sidebar.button(key="sign_out").click().run()
    browser.follow(app)
    assert browser.id not in (planted, signed_in_id)
