"""How clinic values read on screen: times, sizes, statuses, safe Markdown."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st

from core.files import FILE_KINDS, extension_of
from core.models import CaseStatus

STATUS_LABELS: dict[str, str] = {
    CaseStatus.PENDING.value: "Pending",
    CaseStatus.ANALYZING.value: "Analyzing",
    CaseStatus.PROCESSING.value: "Processing",
    CaseStatus.COMPLETED.value: "Completed",
    CaseStatus.FAILED.value: "Failed",
    CaseStatus.ARCHIVED.value: "Archived",
}
STATUS_COLORS: dict[str, str] = {
    CaseStatus.PENDING.value: "gray",
    CaseStatus.ANALYZING.value: "blue",
    CaseStatus.PROCESSING.value: "blue",
    CaseStatus.COMPLETED.value: "green",
    CaseStatus.FAILED.value: "red",
    CaseStatus.ARCHIVED.value: "violet",
}

# Names and file names are the doctor's text: Markdown in them must show, not render.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:])")


def markdown_text(text: str) -> str:
    """``text`` escaped so that st.markdown shows it literally."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def status_label(status: str) -> str:
    return STATUS_LABELS.get(status, status.title())


def viewer_zone() -> ZoneInfo:
    """The browser's time zone when Streamlit knows it, else UTC."""
    name = st.context.timezone
    if name:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    return ZoneInfo("UTC")


def local_time(moment: datetime) -> datetime:
    """``moment`` in the viewer's zone, without tzinfo (for tables)."""
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return aware.astimezone(viewer_zone()).replace(tzinfo=None)


def when(moment: datetime) -> str:
    """A time as a doctor reads it: ``22 Nov 2026, 14:05``."""
    return local_time(moment).strftime("%d %b %Y, %H:%M")


def file_size(size: int) -> str:
    if size < 1024:
        return f"{size} B"
    value = size / 1024
    for unit in ("KB", "MB"):
        if value < 1024:
            return f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} GB"


def file_kind(file_name: str, mime_type: str) -> str:
    """A file type in words (``PDF``, ``PNG image``), falling back to the MIME type."""
    kind = FILE_KINDS.get(extension_of(file_name))
    return kind.label if kind else mime_type
