"""PostgREST's ``POST /rest/v1/rpc/{function}`` for the migration's functions.

The body must name every argument without a default and may leave out those with one,
as PostgREST allows; the call runs as the caller, like every other request, so a SECURITY
INVOKER function reads under the caller's policies.
"""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg import sql
from psycopg.types.json import Jsonb
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tests.supabase_stack.rest_api import _bad, _error_body, _payload, http_status
from tests.supabase_stack.server import Project, StackError

FUNCTIONS = (
    "list_case_page",
    "pilot_account_id",
    "enrol_pilot_case",
    "sign_note",
    "acknowledge_critical_value",
    "merge_patients",
    "unmerge_patient",
    "replace_case_insights",  # the analyzer's role only (sec19)
    # The analyzer's writes to the case row (sec20), its role only
    "take_analysis",
    "claim_case_analysis",
    "beat_analysis",
    "record_analysis_stage",
    "save_draft_section",
    "complete_analysis",
    "fail_analysis",
    # The doctor's changes of a case's status (sec20)
    "request_analysis",
    "archive_case",
    "restore_case",
)


def routes(project: Project) -> list[Route]:
    functions: dict[str, dict[str, str]] = {}
    required: dict[str, set[str]] = {}
    with project.connect() as connection:
        for function in FUNCTIONS:
            signature, defaults = connection.execute(
                "select pg_get_function_identity_arguments(p.oid), p.pronargdefaults"
                " from pg_proc p where p.oid = %s::regproc",
                [f"public.{function}"],
            ).fetchone()
            functions[function] = dict(part.split(" ", 1) for part in signature.split(", "))
            # Arguments with defaults come last (PostgreSQL requires it).
            names = list(functions[function])
            required[function] = set(names[: len(names) - defaults])

    async def rpc(request: Request) -> Response:
        name = request.path_params["function"]
        if name not in functions:
            raise StackError(404, {"code": "PGRST202", "message": f"No function '{name}'"})
        if request.query_params or request.headers.get("prefer"):
            raise _bad("rpc takes no parameters or preferences here")
        claims = project.claims(request, expired_code="PGRST303")
        arguments = _payload(await request.body())
        if (
            not isinstance(arguments, dict)
            or not required[name] <= set(arguments)
            or not set(arguments) <= set(functions[name])
        ):
            raise _bad(
                f"{name} takes {sorted(functions[name])} ({sorted(required[name])} required)",
                "PGRST202",
            )
        given = {arg: kind for arg, kind in functions[name].items() if arg in arguments}
        call = sql.SQL("select to_jsonb(public.{}({}))").format(
            sql.Identifier(name),
            sql.SQL(", ").join(
                sql.SQL("{} => %s::{}").format(sql.Identifier(arg), sql.SQL(kind))
                for arg, kind in given.items()
            ),
        )
        # A JSON object or array for a jsonb argument goes in as JSON, as PostgREST sends it.
        values = [
            Jsonb(arguments[arg])
            if kind == "jsonb" and arguments[arg] is not None
            else arguments[arg]
            for arg, kind in given.items()
        ]
        result = await run_in_threadpool(_call, project, claims, call, values)
        return JSONResponse(result)

    return [Route("/rpc/{function}", rpc, methods=["POST"])]


def _call(project: Project, claims: dict, call: sql.Composable, values: list[Any]) -> Any:
    try:
        with project.as_caller(claims) as connection:
            return connection.execute(call, values).fetchone()[0]
    except psycopg.errors.InsufficientPrivilege as error:
        raise StackError(401 if claims["role"] == "anon" else 403, _error_body(error)) from None
    except psycopg.DatabaseError as error:
        raise StackError(http_status(error.sqlstate), _error_body(error)) from None
