"""Every setting is documented in a configuration table (the README's, or a docs/ topic
file's for settings added since the README's split) with its default, and the limits
added for hostile files reach the parts that enforce them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core.bootstrap import reading_limits
from core.config import DEFAULTS, Settings, SettingsError

ROOT = Path(__file__).resolve().parents[2]
TABLES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_every_setting_is_in_the_readme_table_with_its_default() -> None:
    rows = {
        match.group(1): match.group(2)
        for table in TABLES
        for match in re.finditer(r"^\| `([A-Z_]+)` \| ([^|]+) \|", table.read_text(), re.M)
    }
    for name, default in DEFAULTS.items():
        assert name in rows, f"{name} is missing from the configuration tables"
        if default is not None:
            if isinstance(default, bool):
                shown = str(default).lower()  # as the environment writes it: `true`
            elif isinstance(default, float):
                shown = f"{default:g}"
            else:
                shown = str(default)
            assert shown in rows[name], f"{name}: README says {rows[name]!r}"


def test_the_request_and_reading_limits_come_from_the_environment() -> None:
    settings = Settings.from_sources(
        {
            "MEDCASE_MAX_FILES_PER_REQUEST": "5",
            "MEDCASE_MAX_REQUEST_MB": "80",
            "MEDCASE_FILE_READING_SECONDS": "12.5",
            "MEDCASE_FILE_READING_MB": "300",
            "MEDCASE_FILE_READERS": "1",
        }
    )
    assert (settings.max_files_per_request, settings.max_request_mb) == (5, 80)
    limits = reading_limits(settings)
    assert (limits.seconds, limits.memory_bytes, limits.processes) == (12.5, 300 * 2**20, 1)
    defaults = reading_limits(Settings.from_sources({}))
    assert (defaults.seconds, defaults.memory_bytes, defaults.processes) == (60, 512 * 2**20, 2)
    with pytest.raises(SettingsError, match="MEDCASE_FILE_READING_MB"):
        Settings.from_sources({"MEDCASE_FILE_READING_MB": "10"})
