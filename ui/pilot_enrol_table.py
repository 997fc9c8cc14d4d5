"""The coordinator's (and an enrolling doctor's) list of cases to enrol in a pilot (issue
#26): each row says enough to choose by (age band, sex, diagnosis and its ICD-10 code, the
note's state, the date), a filter narrows the rows, and the rows are ticked in a table
whose header tick box selects every row shown; nothing is ticked for the doctor."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import streamlit as st

from core.lifecycle import REVIEW_STATE_LABELS
from core.models import CaseRow
from core.pilot.records import age_band
from core.spelling import fold_spelling

TABLE = "pilots_enrol_table"
FILTER = "pilots_enrol_filter"
_FILTERED = "pilots_enrol_filtered"  # the filter the table's ticks were made under


def enrol_rows(rows: Sequence[CaseRow]) -> pd.DataFrame:
    """One line per case, as the table shows it."""
    return pd.DataFrame(
        [
            {
                "Patient": row.case.patient_name,
                "Age band": age_band(row.case.patient_age),
                "Sex": (row.case.patient_gender or "").title(),
                "Diagnosis": row.primary_diagnosis or "",
                "ICD-10": row.icd_code or "",
                "Note": REVIEW_STATE_LABELS.get(row.case.review_state or "", ""),
                "Created": row.case.created_at.date(),
            }
            for row in rows
        ],
        columns=["Patient", "Age band", "Sex", "Diagnosis", "ICD-10", "Note", "Created"],
    )


def matching(rows: Sequence[CaseRow], words: str) -> list[CaseRow]:
    """The rows holding every word typed, in any column (spellings folded)."""
    wanted = fold_spelling(words).split()
    if not wanted:
        return list(rows)
    table = enrol_rows(rows).astype(str)
    found = []
    for row, (_, line) in zip(rows, table.iterrows(), strict=True):
        text = fold_spelling(" ".join(line.tolist()))
        if all(word in text for word in wanted):
            found.append(row)
    return found


def picked_cases(rows: Sequence[CaseRow]) -> list[str]:
    """The filter, the table of ``rows`` it keeps, and the case ids ticked in it."""
    words = st.text_input(
        "Filter the cases",
        key=FILTER,
        placeholder="e.g. D50, anaemia, female, 60-69, signed, 2026-11",
    )
    if st.session_state.get(_FILTERED) != words:
        # Ticks are rows of the table shown: a new filter shows other rows, so they go.
        st.session_state.pop(TABLE, None)
        st.session_state[_FILTERED] = words
    shown = matching(rows, words)
    if not shown:
        st.caption("No case matches the filter.")
        return []
    st.caption(
        f"{len(shown)} of {len(rows)} cases. Tick the cases to enrol; the tick box above "
        "the rows selects every case shown."
    )
    event = st.dataframe(
        enrol_rows(shown),
        hide_index=True,
        on_select="rerun",
        selection_mode="multi-row",
        key=TABLE,
        column_config={"Created": st.column_config.DateColumn("Created", format="YYYY-MM-DD")},
    )
    ticked = event.selection.rows if event is not None else []  # type: ignore[attr-defined]
    return [shown[i].case.case_id for i in ticked if 0 <= i < len(shown)]
