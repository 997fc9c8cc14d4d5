"""Backends free what they hold: a Supabase session's connection pool closes with it."""

from __future__ import annotations

import pytest

from core.backends.local import LocalBackendProvider
from core.backends.supabase import SupabaseBackendProvider
from core.errors import NotAuthenticated
from core.models import AuthSession, Doctor

SESSION = AuthSession(Doctor("u-1", "a@b.org"), "access-token", "refresh-token", 0.0)


def test_a_supabase_session_backend_closes_its_own_connection_pool() -> None:
    provider = SupabaseBackendProvider("http://127.0.0.1:9", "anon-key")
    try:
        backend = provider.for_session(SESSION)
        pool = backend.release.__self__  # the httpx.Client the session's client uses
        assert not pool.is_closed
        backend.close()
        assert pool.is_closed
        # A borrowed copy shares the ports but leaves them open.
        other = provider.for_session(SESSION)
        other.borrowed().close()
        assert not other.release.__self__.is_closed
        other.close()
    finally:
        provider.close()


def test_a_supabase_session_without_a_token_is_refused() -> None:
    provider = SupabaseBackendProvider("http://127.0.0.1:9", "anon-key")
    with pytest.raises(NotAuthenticated):
        provider.for_session(AuthSession(Doctor("u", "e"), "", "", 0.0))
    provider.close()


def test_the_embedded_backend_is_shared_and_its_close_keeps_it_usable(tmp_path) -> None:
    provider = LocalBackendProvider(tmp_path / "data", "a-test-secret-of-at-least-32-bytes!!")
    backend = provider.for_session(SESSION)
    backend.close()
    assert provider.for_session(SESSION) is backend
    assert backend.cases.list_cases("u-1") == []
