"""MedCase entrypoint: settings, the process-wide clinic, this session, and navigation."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from core.config import SettingsError
from ui import routes, session, small_screens, widgets
from ui.clinic_cache import clinic_for
from ui.settings_sources import current_settings

# The tab's icon is a file of ours, served by the app: a ":material/...:" page icon is
# fetched from Google's font server, which a clinic without internet cannot reach.
PAGE_ICON = Path(__file__).parent / "ui" / "assets" / "medcase-icon.svg"


def main() -> None:
    """One run of the dashboard for this browser session."""
    # Open at 200 px (not Streamlit's 300, which took 37 % of a tablet in portrait), and
    # closed once the browser says its window is under 1,024 px wide (issue #26): the
    # doctor may open it, or drag it wider.
    st.set_page_config(
        page_title="MedCase",
        page_icon=str(PAGE_ICON),
        layout="wide",
        initial_sidebar_state=small_screens.sidebar_state(),
    )
    small_screens.stylesheet()
    small_screens.window_width()
    # The only place that reads the environment and secrets: the environment wins.
    try:
        settings = current_settings()
    except SettingsError as error:
        st.error(f"MedCase is not configured correctly: {error}")
        st.stop()

    clinic = clinic_for(settings)
    session.init(clinic)
    session.resume()
    session.keep_fresh()
    session.hand_over_browser_id()

    if session.signed_in():
        page = st.navigation(routes.doctor_pages())
        widgets.sidebar(clinic, session.doctor())
        link = session.take_case_link()
        if link:
            routes.open_case(link)
    else:
        session.remember_case_link(routes.linked_case_id())
        page = st.navigation(routes.visitor_pages(), position="hidden")

    page.run()


# Streamlit runs this script as __main__. The analyzer's file-reading children import the
# entry script under another name (multiprocessing's forkserver): for them it must do
# nothing, or every child would try to draw a page and die.
if __name__ == "__main__":
    main()
