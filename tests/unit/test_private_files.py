"""The data folder and what is in it are the owner's only, whatever the umask."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.backends.local import LocalBackendProvider
from core.keys import kept_secret


@pytest.fixture
def usual_umask() -> Iterator[None]:
    previous = os.umask(0o022)  # the common default: new files 0644, folders 0755
    try:
        yield
    finally:
        os.umask(previous)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_data_folder_is_owner_only(tmp_path: Path, usual_umask: None) -> None:
    data = tmp_path / "data"
    provider = LocalBackendProvider(data)
    session = provider.accounts.sign_up("a@clinic.test", "correct horse battery")
    key = f"{session.doctor.user_id}/case/file/report.txt"
    provider.backend.blobs.put(key, b"Hemoglobin 9.8 g/dL", "text/plain")
    kept_secret(data / "insights_key", None)

    assert _mode(data) == 0o700
    assert _mode(data / "files") == 0o700
    for name in ("medcase.sqlite3", "medcase.sqlite3-wal", "medcase.sqlite3-shm"):
        assert _mode(data / name) == 0o600, name
    assert _mode(data / "jwt_secret") == 0o600
    assert _mode(data / "insights_key") == 0o600
    stored = data / "files" / key
    assert _mode(stored) == 0o600
    for folder in stored.relative_to(data / "files").parents:
        assert _mode(data / "files" / folder) == 0o700, folder


def test_a_data_folder_from_an_older_version_is_tightened(
    tmp_path: Path, usual_umask: None
) -> None:
    data = tmp_path / "data"
    LocalBackendProvider(data).accounts.sign_up("a@clinic.test", "correct horse battery")
    for path in (data, data / "files"):
        path.chmod(0o755)
    for name in ("medcase.sqlite3", "medcase.sqlite3-wal", "medcase.sqlite3-shm"):
        if (data / name).exists():
            (data / name).chmod(0o644)

    LocalBackendProvider(data)

    assert _mode(data) == 0o700
    assert _mode(data / "files") == 0o700
    assert _mode(data / "medcase.sqlite3") == 0o600
