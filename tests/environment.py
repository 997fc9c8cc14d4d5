"""Tests that need a machine dependency (Chromium, PostgreSQL) skip without it on a
developer's machine, but under CI=true a missing dependency fails the run."""

from __future__ import annotations

import os

import pytest


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def require(available: bool, reason: str) -> None:
    """Skip (or, in CI, fail) when a dependency the test needs is missing."""
    if available:
        return
    if in_ci():
        pytest.fail(f"CI must provide this: {reason}", pytrace=False)
    pytest.skip(reason)
