"""Critical lab values, shown as urgent at the top of the case page, before anything else."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from core.analysis.labs.format import format_result
from core.insights import LabValue
from core.models import CaseFile
from ui.formatting import markdown_text
from ui.lab_table import OTHER_PATIENT, file_names, source_file

CRITICAL_TITLE = "Critical values: act now"


def critical_line(value: LabValue, names: dict[str, str]) -> str:
    """ "Potassium 6.8 mmol/L (high) · cbc.pdf, page 2: "K 6.8 H"", for the banner."""
    unit = f" {value.unit}" if value.unit else ""
    flag = f" ({value.flag})" if value.flag else ""
    specimen = f", {value.specimen}" if value.specimen else ""
    timing = f", {value.timing}" if value.timing else ""
    where = source_file(value, names)
    quoted = f': "{value.source_line}"' if value.source_line else ""
    source = f" · {where}{quoted}" if where or quoted else ""
    other = f" · {OTHER_PATIENT}" if value.other_patient else ""
    return f"{value.analyte} {format_result(value)}{unit}{flag}{specimen}{timing}{source}{other}"


def critical_banner(values: Sequence[LabValue], files: Sequence[CaseFile]) -> None:
    """An urgent banner listing every critical value with its source; nothing when none."""
    critical = [value for value in values if value.critical]
    if not critical:
        return
    names = file_names(files)
    lines = "\n".join(f"- {markdown_text(critical_line(value, names))}" for value in critical)
    st.error(
        f"**{CRITICAL_TITLE}** ({len(critical)} on the critical-value list). Confirm each "
        f"against its source and act on it before reading on.\n\n{lines}",
        icon=":material/warning:",
    )
