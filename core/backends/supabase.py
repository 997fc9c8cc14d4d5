"""The Supabase backend: Auth for accounts, PostgREST under RLS for cases, Storage for files.

The process holds the public anon key and the analyzer's key. Each signed-in session gets
its own supabase-py client whose requests carry that doctor's access token, so every query
runs as the doctor and the database's policies decide what it may touch. Clients are never
shared between sessions; a refreshed token gets a new client (the UI asks for one).

An analysis job's backend reads as the doctor too, but writes what only the analyzer
writes (drafts, insights, critical findings, a file's reading, the analyzer's own audit
events) with the analyzer's key,
a token of the database role ``medcase_analyzer`` that no doctor's token can take
(supabase/migrations/20261128020000_the_analyzers_own_role.sql). Only jobs get it.
"""

from __future__ import annotations

import httpx
from supabase import Client, ClientOptions, create_client

from core.backends.connection_pools import connection_pool
from core.backends.supabase_accounts import SupabaseAccounts
from core.backends.supabase_audit import SupabaseAuditTrail
from core.backends.supabase_blobs import SupabaseBlobStore
from core.backends.supabase_cases import SupabaseCaseRepository
from core.backends.supabase_critical import SupabaseCriticalResults
from core.backends.supabase_patients import SupabasePatientRepository
from core.backends.supabase_pilots import SupabasePilotRepository
from core.backends.supabase_reviews import SupabaseReviewRepository
from core.errors import NotAuthenticated
from core.models import AuthSession
from core.ports import Backend, UnfinishedAnalysis

REQUEST_TIMEOUT_SECONDS = 30


class SupabaseBackendProvider:
    """Process-wide: the project's address and anon key; a Backend per signed-in session."""

    name = "Supabase"

    def __init__(self, url: str, anon_key: str, analyzer_key: str | None = None) -> None:
        self.url = url.rstrip("/")
        self._anon_key = anon_key
        self._analyzer_key = analyzer_key
        # Only the connection pool is shared between sessions, never a token.
        self._http = connection_pool(REQUEST_TIMEOUT_SECONDS)
        self.accounts = SupabaseAccounts(self.url, anon_key, self._http)

    def session_client(self, session: AuthSession, pool: httpx.Client | None = None) -> Client:
        """A supabase-py client acting as this doctor (no refresh thread, nothing persisted).

        ``pool`` is its connection pool; the caller closes it (a new one when not given).
        """
        if not session.access_token:
            raise NotAuthenticated()
        return self._client(session.access_token, pool or _session_pool())

    def _client(self, token: str, pool: httpx.Client) -> Client:
        options = ClientOptions(
            auto_refresh_token=False,
            persist_session=False,
            headers={"Authorization": f"Bearer {token}"},
            # This session's own connection pool: tokens travel per request, never in it.
            httpx_client=pool,
        )
        # With the Authorization header given, create_client makes no request of its own.
        return create_client(self.url, self._anon_key, options=options)

    def for_session(self, session: AuthSession) -> Backend:
        return self._backend(session, analyzing=False)

    def for_analysis(self, session: AuthSession) -> Backend:
        """An analysis job's backend: reads as the doctor, writes the analysis as the
        analyzer (without the analyzer's key those writes fail with the reason)."""
        return self._backend(session, analyzing=True)

    def _backend(self, session: AuthSession, *, analyzing: bool) -> Backend:
        pool = _session_pool()
        try:
            client = self.session_client(session, pool)
            analyzer = (
                self._client(self._analyzer_key, pool).postgrest
                if analyzing and self._analyzer_key
                else None
            )
        except BaseException:
            pool.close()
            raise
        return Backend(
            name=self.name,
            cases=SupabaseCaseRepository(client.postgrest, analyzer),
            blobs=SupabaseBlobStore(client.storage),
            reviews=SupabaseReviewRepository(client.postgrest),
            audit=SupabaseAuditTrail(client.postgrest, analyzer),
            pilots=SupabasePilotRepository(client.postgrest),
            critical=SupabaseCriticalResults(client.postgrest),
            patients=SupabasePatientRepository(client.postgrest),
            release=pool.close,
        )

    def unfinished_analyses(self) -> list[UnfinishedAnalysis]:
        # Under RLS only a doctor's own token sees their cases: recovery happens when the
        # doctor signs in, opens the case or an API client polls it (core.jobs.recovery).
        return []

    def close(self) -> None:
        self._http.close()


def _session_pool() -> httpx.Client:
    return connection_pool(REQUEST_TIMEOUT_SECONDS)
