"""Fixtures shared by every test directory (keep this file small and generic)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fake_openai import FakeOpenAI


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAI]:
    """A local OpenAI-compatible server on 127.0.0.1; change its behaviour with behave()."""
    with FakeOpenAI() as server:
        yield server
