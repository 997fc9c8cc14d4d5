"""Connection pools to Supabase: one per session, one TLS context for all of them."""

from __future__ import annotations

import ssl

import pytest

from core.backends import connection_pools
from core.backends.supabase import SupabaseBackendProvider
from core.models import AuthSession, Doctor


def _session(number: int) -> AuthSession:
    doctor = Doctor(user_id=f"00000000-0000-4000-8000-{number:012d}", email=f"d{number}@x.test")
    return AuthSession(doctor, f"token-{number}", f"refresh-{number}", 2e9)


def test_sessions_get_their_own_pools_but_the_ca_bundle_is_loaded_once(
    monkeypatch: pytest.MonkeyPatch,
):
    connection_pools.tls_context.cache_clear()
    loads: list[object] = []
    real_load = ssl.SSLContext.load_verify_locations

    def counted(context: ssl.SSLContext, *args: object, **kwargs: object) -> None:
        loads.append(context)
        real_load(context, *args, **kwargs)

    monkeypatch.setattr(ssl.SSLContext, "load_verify_locations", counted)
    provider = SupabaseBackendProvider("https://project.supabase.test", "anon-key")
    backends = [provider.for_session(_session(number)) for number in range(5)]
    try:
        pools = {id(backend.release.__self__) for backend in backends}  # type: ignore[union-attr]
        assert len(pools) == 5  # never a pool shared between two doctors
        assert len(loads) == 1
    finally:
        for backend in backends:
            backend.release()
        provider.close()


def test_the_shared_context_still_checks_certificates_and_host_names():
    context = connection_pools.tls_context()
    assert context.verify_mode is ssl.CERT_REQUIRED
    assert context.check_hostname
