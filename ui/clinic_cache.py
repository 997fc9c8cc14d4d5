"""The process-wide clinic, built once per set of settings and kept for every session.

Defined in a module of its own (imported once per process), not in app.py: the entry
script is executed anew at every run, and a cached function defined there is wrapped
again each time (Streamlit hashes its source to find its cache). The settings are looked
up by their text rather than hashed field by field at every run (issue #25).
"""

from __future__ import annotations

import streamlit as st

from core.bootstrap import Clinic, build_clinic
from core.config import Settings


def clinic_for(settings: Settings) -> Clinic:
    """The clinic built from ``settings``: the same object for equal settings."""
    return _clinic(repr(settings), settings)


@st.cache_resource(show_spinner=False, on_release=Clinic.close)
def _clinic(fingerprint: str, _settings: Settings) -> Clinic:
    # Process-wide and free of user state; keyed by the settings it was built from (their
    # repr names every field; the object itself is left out of Streamlit's hashing).
    return build_clinic(_settings)
