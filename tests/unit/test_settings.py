"""Every setting is documented in the configuration table of docs/operations.md with its
default (and the table names nothing else), and the limits added for hostile files reach
the parts that enforce them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core.bootstrap import reading_limits
from core.config import DEFAULTS, Settings, SettingsError

OPERATIONS = Path(__file__).resolve().parents[2] / "docs" / "operations.md"


def configuration_table(markdown: str) -> dict[str, str]:
    """The rows of the table under "## Configuration": setting name -> its default cell."""
    section = markdown.split("\n## Configuration\n", 1)[1].split("\n## ", 1)[0]
    return {
        match.group(1): match.group(2).strip()
        for match in re.finditer(r"^\| `([A-Z0-9_]+)` \| ([^|]+) \|", section, re.M)
    }


def shown(default: object) -> str:
    """A default as the environment writes it: `true`, `60`, `data`."""
    if isinstance(default, bool):
        return str(default).lower()
    if isinstance(default, float):
        return f"{default:g}"
    return str(default)


def test_the_configuration_table_lists_every_setting_with_its_default_and_nothing_else() -> None:
    rows = configuration_table(OPERATIONS.read_text(encoding="utf-8"))
    assert set(rows) == set(DEFAULTS), (
        f"missing from docs/operations.md: {sorted(set(DEFAULTS) - set(rows))}; "
        f"not settings of core/config.py: {sorted(set(rows) - set(DEFAULTS))}"
    )
    for name, default in DEFAULTS.items():
        if default is None:
            # No value: the cell says what happens instead (none, generated, OpenAI's).
            assert "`" not in rows[name], f"{name}: no default, the table says {rows[name]!r}"
        else:
            assert rows[name] == f"`{shown(default)}`", f"{name}: the table says {rows[name]!r}"


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
    assert (defaults.seconds, defaults.memory_bytes, defaults.processes) == (60, 1024 * 2**20, 2)
    with pytest.raises(SettingsError, match="MEDCASE_FILE_READING_MB"):
        Settings.from_sources({"MEDCASE_FILE_READING_MB": "10"})


def test_trusted_proxies_are_addresses_or_networks_and_none_by_default() -> None:
    assert Settings.from_sources({}).trusted_proxies == ()
    chosen = Settings.from_sources({"MEDCASE_TRUSTED_PROXIES": "127.0.0.1, 10.0.0.0/8"})
    assert chosen.trusted_proxies == ("127.0.0.1", "10.0.0.0/8")
    with pytest.raises(SettingsError, match="MEDCASE_TRUSTED_PROXIES"):
        Settings.from_sources({"MEDCASE_TRUSTED_PROXIES": "proxy.local"})
