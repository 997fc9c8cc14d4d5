"""The stylesheet for tablets and phones (issue #26), on every page of the dashboard."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

SIDEBAR_PX = 200  # the open sidebar's width: the least Streamlit allows
STYLESHEET = Path(__file__).parent / "assets" / "small_screens.css"
_RULES = STYLESHEET.read_text(encoding="utf-8")  # read once per process


def stylesheet() -> None:
    """Media queries for narrow windows; a style-only st.html takes no room on the page."""
    st.html(f"<style>{_RULES}</style>")
