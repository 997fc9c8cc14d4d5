"""The settings as the dashboard reads them: the environment first, then Streamlit's
secrets file. The page script (app.py) and the server around it (serve.py) both read
them here, the only place the dashboard does."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import streamlit as st

from core.config import Settings


def _secrets() -> Mapping[str, Any]:
    """st.secrets as a plain dict; no secrets file is the normal first run."""
    try:
        return st.secrets.to_dict()
    except FileNotFoundError:  # Streamlit's "no secrets found" error is one
        return {}


def current_settings() -> Settings:
    """Settings from the environment and secrets (SettingsError when a value is wrong)."""
    return Settings.from_sources(os.environ, _secrets())
