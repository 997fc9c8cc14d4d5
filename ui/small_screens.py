"""The stylesheet for tablets and phones (issue #26), on every page of the dashboard, and
the sidebar closed on a tablet in portrait."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import streamlit as st
import streamlit.components.v2 as components

SIDEBAR_PX = 200  # the open sidebar's width: the least Streamlit allows
# Below this width the sidebar starts closed: a tablet in portrait (768-834 px, up to an
# iPad Pro's 1,024) keeps the case list's Status, Review and Diagnosis columns on screen.
# Streamlit's own "auto" closes it only up to 768 px.
SIDEBAR_CLOSED_BELOW_PX = 1024
WINDOW_KEY = "small_screens_window"  # the browser's report: {"narrow": bool}
STYLESHEET = Path(__file__).parent / "assets" / "small_screens.css"
_RULES = STYLESHEET.read_text(encoding="utf-8")  # read once per process

# Says, once on loading and again when the window crosses the width, whether the window is
# narrower than SIDEBAR_CLOSED_BELOW_PX; nothing drawn (an st.components.v2 component
# runs in the page itself, no frame).
_WINDOW_JS = f"""
export default function (component) {{
  const {{ setStateValue }} = component;
  let said = null;
  const say = () => {{
    const narrow = window.innerWidth < {SIDEBAR_CLOSED_BELOW_PX};
    if (narrow !== said) {{
      said = narrow;
      setStateValue("narrow", narrow);
    }}
  }};
  say();
  window.addEventListener("resize", say);
  return () => window.removeEventListener("resize", say);
}}
"""
_window = components.component("medcase_window_width", js=_WINDOW_JS)


def stylesheet() -> None:
    """Media queries for narrow windows; a style-only st.html takes no room on the page."""
    st.html(f"<style>{_RULES}</style>")


def sidebar_state() -> int | Literal["collapsed"]:
    """How the sidebar starts, for st.set_page_config: closed once the browser has said
    its window is narrower than SIDEBAR_CLOSED_BELOW_PX, else open at SIDEBAR_PX (until it
    has said, as on a desk). Streamlit applies a change at once, unless the doctor opened
    or closed the sidebar themselves (the browser remembers that choice, which wins)."""
    said = st.session_state.get(WINDOW_KEY)
    narrow = bool(said.get("narrow")) if isinstance(said, dict) else False
    return "collapsed" if narrow else SIDEBAR_PX


def window_is_wide() -> bool:
    """Whether the browser has said its window is at least SIDEBAR_CLOSED_BELOW_PX wide:
    then the phone's layout (under 641 px, the stylesheet) cannot show. False until it
    has said (a page's first run, a test)."""
    said = st.session_state.get(WINDOW_KEY)
    return isinstance(said, dict) and said.get("narrow") is False


def window_width() -> None:
    """The browser's report of its window's width (the next run's ``sidebar_state``)."""
    with st.container(key="small_screens_probe"):
        _window(key=WINDOW_KEY, default={"narrow": None}, on_narrow_change=_noop, height=0)


def _noop() -> None:
    """A state change reruns the script; nothing else to do."""
