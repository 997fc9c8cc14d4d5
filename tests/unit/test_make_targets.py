"""The two commands serve on this machine only unless told otherwise."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def dry_run(*arguments: str) -> str:
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")
    answer = subprocess.run(
        [make, "-n", "-C", str(ROOT), *arguments], capture_output=True, text=True, check=True
    )
    return answer.stdout


def test_make_run_and_make_api_listen_on_localhost_by_default() -> None:
    assert "--server.address=127.0.0.1" in dry_run("run")
    assert "--host 127.0.0.1" in dry_run("api")


def test_host_exposes_them_when_asked() -> None:
    assert "--server.address=0.0.0.0" in dry_run("run", "HOST=0.0.0.0")
