"""Streamlit helpers shared by the pages: session, navigation, widgets, formatting, errors."""
