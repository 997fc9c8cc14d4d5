"""The lab values read from the lab files, as a table with abnormal rows highlighted."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pandas as pd
import streamlit as st

from core.analysis.insights import LabValue
from core.analysis.labs.format import format_reference, format_result, is_dipstick
from core.models import CaseFile

if TYPE_CHECKING:  # importing the Styler costs a rerun's worth of time; .style loads it
    from pandas.io.formats.style import Styler

COLUMNS = ("Analyte", "Value", "Unit", "Reference range", "Flag", "File")
# Translucent tints read on light and dark themes alike; the Flag words carry the meaning
# too, so the highlight is never the only signal.
ROW_TINTS = {"High": "rgba(255, 75, 75, 0.18)", "Low": "rgba(28, 131, 225, 0.18)"}


def shown_reference(value: LabValue) -> str:
    return "negative" if is_dipstick(value) else format_reference(value)


def lab_frame(values: Sequence[LabValue], files: Sequence[CaseFile]) -> pd.DataFrame:
    """One row per lab value, in the order the files list them."""
    names = {record.file_id: record.file_name for record in files}
    return pd.DataFrame(
        {
            "Analyte": [v.analyte for v in values],
            "Value": [format_result(v) for v in values],
            "Unit": [v.unit or "" for v in values],
            "Reference range": [shown_reference(v) for v in values],
            "Flag": [(v.flag or "").title() for v in values],
            "File": [names.get(v.source_file_id or "", "") for v in values],
        },
        columns=list(COLUMNS),
    )


def row_styles(row: pd.Series) -> list[str]:
    """CSS for each cell of a row: tinted when the value is outside its reference range."""
    tint = ROW_TINTS.get(str(row["Flag"]))
    return [f"background-color: {tint}" if tint else ""] * len(row)


def styled(frame: pd.DataFrame) -> Styler:
    return frame.style.apply(row_styles, axis=1)


def lab_values_table(values: Sequence[LabValue], files: Sequence[CaseFile]) -> None:
    st.subheader("Lab values")
    if not values:
        st.caption("No lab values were read from the lab files.")
        return
    frame = lab_frame(values, files)
    abnormal = int((frame["Flag"] != "").sum())
    st.caption(f"{len(frame)} value(s) read, {abnormal} outside the reference range (tinted).")
    st.dataframe(styled(frame), key="case_lab_values", hide_index=True)
