"""A reload or a new tab of the same browser stays signed in until sign-out (the browser's
id comes from its HttpOnly cookie; here the test plays the browser)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from core.bootstrap import Clinic
from core.browser_sessions import new_browser_id
from core.errors import NotAuthenticated
from tests.app.conftest import new_app, seed_case, sign_in, sign_up, texts
from ui.session import SIGNED_OUT_ELSEWHERE

EMAIL = "dr.kept@example.com"


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> str:
    """This browser's id, as the page's cookie would give it to every tab."""
    browser_id = new_browser_id()
    monkeypatch.setattr("ui.session.browser_id", lambda: browser_id)
    return browser_id


def test_a_reload_and_a_new_tab_on_a_case_link_stay_signed_in(
    app: AppTest, clinic: Clinic, browser: str
) -> None:
    auth = sign_up(clinic, EMAIL)
    case = seed_case(clinic, auth, patient_name="Kept Patient")
    sign_in(app, EMAIL)
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
    app: AppTest, clinic: Clinic, browser: str
) -> None:
    sign_up(clinic, EMAIL)
    sign_in(app, EMAIL)
    other_tab = new_app().run()
    held = other_tab.session_state["auth_session"]
    assert texts(other_tab, "title") == ["Cases"]

    app.sidebar.button(key="sign_out").click().run()
    assert texts(app, "title") == ["MedCase"]
    assert clinic.browser_sessions is not None
    assert clinic.browser_sessions.find(browser) is None
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
