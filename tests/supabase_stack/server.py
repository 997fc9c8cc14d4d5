"""A strict local stand-in for a Supabase project's HTTP APIs, over a real PostgreSQL.

It serves the subset of PostgREST (``/rest/v1``), Auth (``/auth/v1``) and Storage
(``/storage/v1``) that MedCase's backend uses, through the real supabase-py client.
Every data request runs in its own transaction as the caller's role (``anon``,
``authenticated`` or the analyzer's ``medcase_analyzer``) with ``request.jwt.claims`` set,
exactly as PostgREST does, so the migration's row-level security is what keeps doctors
apart, not this server.

Strict: a parameter, header preference, column or body field it does not know is a 400,
never silently ignored, so the backend cannot come to depend on something Supabase would
do differently. See tests/supabase_stack/README.md for the exact surface.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import httpx
import jwt
import psycopg
import uvicorn
from psycopg_pool import ConnectionPool
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount

ACCESS_TOKEN_SECONDS = 3600
# medcase_analyzer: the analyzer's own role (its key is the server's, never a doctor's).
API_ROLES = ("anon", "authenticated", "medcase_analyzer")


class StackError(Exception):
    """An answer other than success, in the wire shape of the API that raises it."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(body)
        self.status = status
        self.body = body

    def response(self) -> JSONResponse:
        return JSONResponse(self.body, status_code=self.status)


class Project:
    """What the three APIs share: the database, the signing secret, the anon key."""

    def __init__(self, conninfo: str, storage_root: Path, jwt_secret: str) -> None:
        self.conninfo = conninfo
        # As many as the stand-in's request threads (anyio's 40) can use at once.
        self._pool = ConnectionPool(conninfo, min_size=2, max_size=40, open=True)
        self.storage_root = storage_root
        self.jwt_secret = jwt_secret
        # PostgREST's db-max-rows (a project's "Max rows" setting): a GET answers at most
        # this many rows, whatever its limit asks; None, as by default, caps nothing.
        self.max_rows: int | None = None
        self.anon_key = self.sign({"role": "anon", "iss": "supabase-test-stack"}, 10 * 365 * 86400)
        # Minted as README says for a project: the role claim, no subject, a long life.
        self.analyzer_key = self.sign(
            {"role": "medcase_analyzer", "iss": "supabase-test-stack"}, 10 * 365 * 86400
        )

    def sign(self, claims: dict[str, Any], lifetime: int) -> str:
        now = int(time.time())
        return jwt.encode(
            {**claims, "iat": now, "exp": now + lifetime}, self.jwt_secret, algorithm="HS256"
        )

    def claims(self, request: Request, expired_code: str) -> dict[str, Any]:
        """The verified claims of the request's bearer token; the apikey must be ours."""
        if request.headers.get("apikey") != self.anon_key:
            raise StackError(401, {"message": "Invalid API key", "code": "invalid_api_key"})
        header = request.headers.get("authorization", "")
        if not header.startswith("Bearer "):
            raise StackError(401, {"message": "No bearer token", "code": "PGRST302"})
        try:
            claims = jwt.decode(
                header.removeprefix("Bearer "),
                self.jwt_secret,
                algorithms=["HS256"],
                options={"require": ["exp", "role"], "verify_aud": False},
            )
        except jwt.ExpiredSignatureError:
            raise StackError(401, {"message": "JWT expired", "code": expired_code}) from None
        except jwt.PyJWTError:
            raise StackError(401, {"message": "JWT invalid", "code": "PGRST301"}) from None
        if claims["role"] not in API_ROLES:
            raise StackError(401, {"message": "JWT role not allowed", "code": "PGRST301"})
        return claims

    def connect(self) -> AbstractContextManager[psycopg.Connection]:
        """A connection for one ``with`` block: committed (or rolled back) at its end and
        given back to the pool, as PostgREST keeps a pool instead of connecting per request.
        State set in a block never outlives it: the roles and claims are ``set local``."""
        return self._pool.connection()

    def close(self) -> None:
        self._pool.close()

    @contextmanager
    def as_caller(self, claims: dict[str, Any]) -> Iterator[psycopg.Connection]:
        """One transaction run as the caller's role with its claims, as PostgREST runs it."""
        with self.connect() as connection, connection.transaction():
            connection.execute(f"set local role {claims['role']}")  # one of API_ROLES
            connection.execute(
                "select set_config('request.jwt.claims', %s, true)", [json.dumps(claims)]
            )
            yield connection


def build_app(project: Project) -> Starlette:
    from tests.supabase_stack import auth_api, rest_api, storage_api

    return Starlette(
        routes=[
            Mount("/rest/v1", routes=rest_api.routes(project)),
            Mount("/auth/v1", routes=auth_api.routes(project)),
            Mount("/storage/v1", routes=storage_api.routes(project)),
        ],
        exception_handlers={StackError: lambda _request, error: error.response()},
    )


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class SupabaseStack:
    """Runs the stand-in on 127.0.0.1 in a background thread (``with SupabaseStack(...)``)."""

    def __init__(self, conninfo: str, storage_root: Path, jwt_secret: str) -> None:
        self.project = Project(conninfo, storage_root, jwt_secret)
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            build_app(self.project),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="off",
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True, name="supabase-stack")

    @property
    def anon_key(self) -> str:
        return self.project.anon_key

    @property
    def analyzer_key(self) -> str:
        """The analyzer's token (role medcase_analyzer), as the app's server holds it."""
        return self.project.analyzer_key

    def rest_as(self, token: str | None) -> httpx.Client:
        """An HTTP client that calls this stack as a browser would: the anon key, and the
        user's own access token when one is given (none: the anonymous role)."""
        headers = {"apikey": self.anon_key}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return httpx.Client(base_url=self.url, headers=headers)

    def start(self) -> SupabaseStack:
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the local Supabase stack did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=10)
        self.project.close()

    def __enter__(self) -> SupabaseStack:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()
