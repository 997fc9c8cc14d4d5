"""The doctor's cases as a table: one row per case, newest first."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd
import streamlit as st

from core.models import Case
from ui import formatting

COLUMNS = ("Patient", "Age", "Gender", "Status", "Created", "Updated")
COLUMN_CONFIG = {
    "Age": st.column_config.NumberColumn("Age", format="%d"),
    "Created": st.column_config.DatetimeColumn("Created", format="D MMM YYYY, HH:mm"),
    "Updated": st.column_config.DatetimeColumn("Updated", format="D MMM YYYY, HH:mm"),
}


@dataclass(frozen=True)
class CaseTable:
    """The rows to show and, row for row, the case each one opens."""

    frame: pd.DataFrame
    case_ids: list[str]

    @classmethod
    def of(cls, cases: Sequence[Case]) -> CaseTable:
        newest_first = sorted(cases, key=lambda case: case.created_at, reverse=True)
        frame = pd.DataFrame(
            {
                "Patient": [case.patient_name for case in newest_first],
                "Age": [case.patient_age for case in newest_first],
                "Gender": [case.patient_gender.title() for case in newest_first],
                "Status": [formatting.status_label(case.status) for case in newest_first],
                "Created": [formatting.local_time(case.created_at) for case in newest_first],
                "Updated": [formatting.local_time(case.updated_at) for case in newest_first],
            },
            columns=list(COLUMNS),
        )
        return cls(frame=frame, case_ids=[case.case_id for case in newest_first])


def chosen_case(table: CaseTable, key: str) -> str | None:
    """Show the table; the case whose row the doctor selected, if any."""
    event = st.dataframe(
        table.frame,
        key=key,
        on_select="rerun",
        selection_mode="single-row",
        hide_index=True,
        column_config=COLUMN_CONFIG,
    )
    rows = event.selection.rows
    return table.case_ids[rows[0]] if rows else None
