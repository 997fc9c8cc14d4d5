"""Fixtures shared by every test directory (keep this file small and generic)."""

from __future__ import annotations

import dataclasses
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.backends import local_accounts
from tests.fake_openai import FakeOpenAI

# argon2id with the production salt and hash lengths but one pass over 8 KiB: a sign-up
# costs microseconds instead of ~0.2 s. Only this process's accounts use it; the production
# profile is checked in a fresh process (tests/unit/test_password_hashing.py).
TEST_PASSWORD_HASHING = dataclasses.replace(
    local_accounts.PASSWORD_HASHING, time_cost=1, memory_cost=8, parallelism=1
)


@pytest.fixture(scope="session", autouse=True)
def cheap_password_hashing() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(local_accounts, "PASSWORD_HASHING", TEST_PASSWORD_HASHING)
        yield


@pytest.fixture(autouse=True)
def own_main_module() -> Iterator[None]:
    """Each test ends with the process's own ``__main__``. Streamlit's AppTest runs its script
    as a new ``__main__`` module (a temporary file) and leaves it in ``sys.modules``; a reading
    child started later in the same process would be told to run that script again
    (multiprocessing prepares each child from the parent's ``__main__``) and die at once, so
    that every file read after an AppTest on the same worker failed (an order-dependent
    failure of tests/unit/test_reading_isolation.py after tests/app/test_progress_poll.py)."""
    main = sys.modules.get("__main__")
    yield
    if main is not None:
        sys.modules["__main__"] = main


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAI]:
    """A local OpenAI-compatible server on 127.0.0.1; change its behaviour with behave()."""
    with FakeOpenAI() as server:
        yield server


# The browser journeys (tests/e2e) start first: they are the longest tests, so the other
# worker takes the rest meanwhile instead of waiting for them at the end. Each worker that
# runs one has its own app server and browser, and each journey its own screenshot folder.
# (pytest-xdist's xdist_group does not group anything under pytest 9 here: its node-id
# suffix never reached the scheduler, so nothing may rely on two tests sharing a worker.)
_FIRST_FOLDERS = (Path(__file__).with_name("e2e"),)


def _unique_node_ids(items: list[pytest.Item]) -> None:
    """schemathesis names its items by operation but gives them all the test's node id;
    pytest-xdist tells items apart by node id (it would run one of them), so name them."""
    counts = Counter(item.nodeid for item in items)
    for item in items:
        if counts[item.nodeid] > 1 and item.parent is not None:
            item._id = item.parent.id.child(item.name)  # how pytest names any other item


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    _unique_node_ids(items)
    first = [i for i in items if any(i.path.is_relative_to(f) for f in _FIRST_FOLDERS)]
    rest = [i for i in items if not any(i.path.is_relative_to(f) for f in _FIRST_FOLDERS)]
    items[:] = first + rest
