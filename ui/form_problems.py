"""What is wrong with a form, said where the eye is: under each field, and in a short
summary beside its submit button (not only as a tooltip of a red field)."""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui.formatting import markdown_text


class FormProblems:
    """Slots drawn under a form's fields, filled after a submit that broke a rule."""

    def __init__(self, labels: Mapping[str, str]) -> None:
        self._labels = dict(labels)  # field name -> the label the doctor reads
        self._slots: dict[str, DeltaGenerator] = {}
        self._summary: DeltaGenerator | None = None

    def slot(self, field: str) -> None:
        """Reserve the place under ``field`` (call right after drawing it)."""
        self._slots[field] = st.empty()

    def summary_slot(self) -> None:
        """Reserve the place for the summary (call right after the submit button)."""
        self._summary = st.empty()

    def show(self, problems: Mapping[str, str]) -> bool:
        """Say each problem under its field and sum them up; True if there were any."""
        if not problems:
            return False
        for field, message in problems.items():
            slot = self._slots.get(field)
            if slot is not None:
                slot.error(markdown_text(message), icon=":material/error:")
        if self._summary is not None:
            fields = ", ".join(self._labels.get(field, field) for field in problems)
            plural = "s" if len(problems) > 1 else ""
            self._summary.warning(f"Please correct {len(problems)} field{plural}: {fields}.")
        return True
