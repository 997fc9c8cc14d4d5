"""The lab values read from the lab files, as a table with abnormal rows highlighted: each
with its specimen, timing and source (file, page and the quoted line) for the doctor to check,
its LOINC code, and what to check about the read itself ("doubtful read, check the source",
"read by OCR"). Records stored before these fields existed render with them blank."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import pandas as pd
import streamlit as st

from core.analysis.labs.format import (
    READ_BY_OCR,
    format_reference,
    format_result,
    how_read,
    is_dipstick,
)
from core.analysis.labs.loinc import loinc_of
from core.analysis.labs.specimens import shown_analyte, specimen_of
from core.analysis.reading.messages_common import flags_disagree
from core.insights import LabValue
from core.models import CaseFile
from ui.formatting import markdown_text

if TYPE_CHECKING:  # importing the Styler costs a rerun's worth of time; .style loads it
    from pandas.io.formats.style import Styler

COLUMNS = (
    "Analyte",
    "Value",
    "Unit",
    "Reference range",
    "Flag",
    "Specimen",
    "Timing",
    "Read",
    "File",
    "Source line",
    "LOINC",
)
DOUBTFUL = "Doubtful read, check the source"
# A report whose header names another patient (core.insights.LabValue.other_patient).
OTHER_PATIENT = "WRONG PATIENT? The file's header names another patient"
# A collection time after the analysis or before birth (core.insights.CollectionTime.doubt).
COLLECTION_TIME = "COLLECTION TIME? The message's time is"
SENDER_FLAG = "Lab's flag"  # shown only when a structured message sent flags
CRITICAL = "Critical"
# Translucent tints read on light and dark themes alike; the Flag words carry the meaning
# too, so the highlight is never the only signal.
ROW_TINTS = {"High": "rgba(255, 75, 75, 0.18)", "Low": "rgba(28, 131, 225, 0.18)"}
CRITICAL_TINT = "rgba(255, 43, 43, 0.45)"
DOUBTFUL_TINT = "rgba(255, 189, 69, 0.30)"


def shown_reference(value: LabValue) -> str:
    return "negative" if is_dipstick(value) else format_reference(value)


def shown_flag(value: LabValue) -> str:
    """ "High", "Low", or "Critical high" / "Critical low" / "Critical" for a critical value."""
    flag = (value.flag or "").title()
    if value.critical:
        return f"{CRITICAL} {flag.lower()}".strip()
    return flag


def shown_sender_flag(value: LabValue) -> str:
    """The flag the laboratory's message sent ("H"), marked when MedCase reads the range
    otherwise: both are shown, neither hides the other."""
    if not value.sender_flag:
        return ""
    return f"{value.sender_flag} (differs)" if flags_disagree(value) else value.sender_flag


def shown_specimen(value: LabValue) -> str:
    """ "CSF" for an abbreviation, "Pleural fluid", "Serum/plasma", "Whole blood" for words."""
    specimen = specimen_of(value)
    return specimen.upper() if len(specimen) <= 3 else specimen.capitalize()


def shown_read(value: LabValue) -> str:
    """What to check about the read itself: doubtful, read by OCR (with its confidence)."""
    notes = [OTHER_PATIENT] if value.other_patient else []
    if value.collected is not None and value.collected.doubt:
        notes.append(f"{COLLECTION_TIME} {value.collected.doubt}")
    notes += [DOUBTFUL] if value.doubtful else []
    read = how_read(value)
    if read:
        notes.append(read[0].upper() + read[1:])
    return "; ".join(notes)


def shown_loinc(value: LabValue) -> str:
    code = loinc_of(value)
    return code.code if code is not None else ""


def source_file(value: LabValue, names: Mapping[str, str]) -> str:
    """The file a value came from, by the name the doctor uploaded, and its page (how it
    was read, by OCR or doubtful, is the Read column's)."""
    name = names.get(value.source_file_id or "", "")
    if value.source_page is not None:
        name = f"{name}, page {value.source_page}" if name else f"page {value.source_page}"
    return name


def file_names(files: Sequence[CaseFile]) -> dict[str, str]:
    return {record.file_id: record.file_name for record in files}


def lab_frame(values: Sequence[LabValue], files: Sequence[CaseFile]) -> pd.DataFrame:
    """One row per lab value, in the order the files list them."""
    names = file_names(files)
    frame = pd.DataFrame(
        {
            "Analyte": [shown_analyte(v) for v in values],
            "Value": [format_result(v) for v in values],
            "Unit": [v.unit or "" for v in values],
            "Reference range": [shown_reference(v) for v in values],
            "Flag": [shown_flag(v) for v in values],
            "Specimen": [shown_specimen(v) for v in values],
            "Timing": [(v.timing or "").capitalize() for v in values],
            "Read": [shown_read(v) for v in values],
            "File": [source_file(v, names) for v in values],
            "Source line": [v.source_line or "" for v in values],
            "LOINC": [shown_loinc(v) for v in values],
        },
        columns=list(COLUMNS),
    )
    if any(v.sender_flag for v in values):
        frame.insert(COLUMNS.index("Flag") + 1, SENDER_FLAG, [shown_sender_flag(v) for v in values])
    return frame


def row_styles(row: pd.Series) -> list[str]:
    """CSS for each cell of a row: tinted when the value is outside its reference range,
    strongly when it is critical."""
    flag = str(row["Flag"])
    tint = CRITICAL_TINT if flag.startswith(CRITICAL) else ROW_TINTS.get(flag)
    if str(row.get("Read", "")).startswith(DOUBTFUL):
        tint = DOUBTFUL_TINT  # not to be acted on before the source is checked
    return [f"background-color: {tint}" if tint else ""] * len(row)


def styled(frame: pd.DataFrame) -> Styler:
    return frame.style.apply(row_styles, axis=1)


def review_order(values: Sequence[LabValue]) -> list[LabValue]:
    """Critical values first, then the others outside their range, then doubtful reads,
    then the rest; each group in the order the files list them."""

    def rank(value: LabValue) -> int:
        if value.critical:
            return 0
        if value.flag:
            return 1
        return 2 if value.doubtful else 3

    return sorted(values, key=rank)


def lab_values_table(
    values: Sequence[LabValue], files: Sequence[CaseFile], unread: Sequence[str] = ()
) -> None:
    st.subheader("Lab values")
    if unread:
        st.caption("Not read: " + markdown_text("; ".join(unread_test_lines(unread))) + ".")
    if not values:
        st.caption("No lab values were read from the lab files.")
        return
    values = review_order(values)
    frame = lab_frame(values, files)
    abnormal = int((frame["Flag"] != "").sum())
    critical = sum(1 for value in values if value.critical)
    st.caption(f"{len(frame)} value(s) read, {abnormal} outside the reference range (tinted).")
    if critical:
        st.caption(f"{critical} critical value(s): the strongly tinted rows.")
    by_ocr = sum(1 for value in values if value.read_by == "ocr")
    if by_ocr:
        st.caption(
            f"{by_ocr} value(s) {READ_BY_OCR} from scanned pages (Read column): OCR can "
            "misread a digit, so check each against the page."
        )
    doubtful = sum(1 for value in values if value.doubtful)
    if doubtful:
        st.caption(
            f"{doubtful} doubtful read(s), amber: beyond what the body can hold in that "
            "unit, so never flagged critical nor used for the diagnosis. Check the source."
        )
    st.caption("Check each value against its source line.")
    st.dataframe(styled(frame), key="case_lab_values", hide_index=True)


def unread_test_lines(unread: Sequence[str]) -> list[str]:
    return [f"{name} mentioned, value not read" for name in unread]


def unread_tests_note(unread: Sequence[str]) -> None:
    """Tests the files name whose value was not read: the doctor must look at the source."""
    if unread:
        lines = "\n".join(f"- {markdown_text(line)}" for line in unread_test_lines(unread))
        st.warning(
            "**Tests mentioned in the files whose value was not read.** Check them in the "
            f"source documents; no summary here covers them.\n\n{lines}",
            icon=":material/help:",
        )
