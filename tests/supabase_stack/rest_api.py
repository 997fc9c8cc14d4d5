"""The PostgREST subset: ``/rest/v1/{table}`` with GET, POST (insert, upsert), PATCH, DELETE.

Filters: ``col=eq.v``, ``col=lt.v``, ``col=gt.v``, ``col=is.null`` and ``or=(f,f)``;
``select``, ``order``, ``limit`` (capped by the project's ``max_rows``), ``offset``, ``columns`` and
``on_conflict``; ``Prefer`` return=minimal|representation and
resolution=merge-duplicates. Rows are converted by Postgres itself
(``json_populate_record``, ``json_agg``), as PostgREST does, so types and timestamps come
back in PostgREST's format.
"""

from __future__ import annotations

import json
import re
from typing import Any

import psycopg
from psycopg import sql
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tests.supabase_stack.server import Project, StackError

TABLES = (
    "cases",
    "case_files",
    "case_insights",
    "ai_drafts",
    "section_reviews",
    "signed_notes",
    "audit_events",
    "audit_checkpoints",
    "pilots",
    "pilot_members",
    "pilot_cases",
    "pilot_case_insights",
    "pilot_reviews",
    "pilot_cases_for_review",
    "critical_findings",
    "critical_acknowledgments",
    "patients",
    "doctor_profiles",
)
OPERATORS = {"eq": "=", "lt": "<", "gt": ">"}
_RESERVED = {"select", "order", "or", "columns", "on_conflict", "limit", "offset"}
_ALLOWED = {
    "GET": {"select", "order", "or", "limit", "offset"},
    "POST": {"select", "columns", "on_conflict"},
    "PATCH": {"select", "or"},
    "DELETE": {"select", "or"},
}
_PREFERENCES = {
    "return=minimal",
    "return=representation",
    "resolution=merge-duplicates",
}
# HTTP status PostgREST gives each SQLSTATE class it can raise here.
_STATUS = {"23503": 409, "23505": 409, "23514": 400, "23502": 400, "22P02": 400, "42703": 400}


def http_status(sqlstate: str | None) -> int:
    """PostgREST's status for a SQLSTATE: ``PTnnn`` (raised on purpose) is HTTP nnn."""
    code = sqlstate or ""
    if code.startswith("PT") and code[2:].isdigit():
        return int(code[2:])
    return _STATUS.get(code, 500)


def _bad(message: str, code: str = "PGRST100") -> StackError:
    return StackError(400, {"code": code, "message": message, "details": None, "hint": None})


def _split_outside_quotes(text: str, separator: str) -> list[str]:
    parts, current, quoted = [], "", False
    for char in text:
        if char == '"':
            quoted = not quoted
        if char == separator and not quoted:
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    return parts


class Table:
    def __init__(self, name: str, columns: dict[str, str]) -> None:
        self.name = name
        self.columns = columns  # name -> Postgres type

    def column(self, name: str) -> sql.Identifier:
        if name not in self.columns:
            raise _bad(f"Column '{name}' of '{self.name}' does not exist", "42703")
        return sql.Identifier(name)

    def condition(self, column: str, expression: str) -> tuple[sql.Composable, list[Any]]:
        operator, _, value = expression.partition(".")
        if operator == "is" and value == "null":
            return sql.SQL("{} is null").format(self.column(column)), []
        if operator not in OPERATORS:
            raise _bad(f"Unsupported operator '{operator}'")
        if len(value) >= 2 and value[0] == value[-1] == '"':
            value = value[1:-1]
        typed = sql.SQL("{} {} %s::{}").format(
            self.column(column), sql.SQL(OPERATORS[operator]), sql.SQL(self.columns[column])
        )
        return typed, [value]

    def where(self, request: Request) -> tuple[sql.Composable, list[Any]]:
        conditions: list[sql.Composable] = []
        params: list[Any] = []
        for key, value in request.query_params.multi_items():
            if key == "or":
                if not (value.startswith("(") and value.endswith(")")):
                    raise _bad("or= needs parentheses")
                branches = []
                for branch in _split_outside_quotes(value[1:-1], ","):
                    column, _, expression = branch.partition(".")
                    condition, values = self.condition(column, expression)
                    branches.append(condition)
                    params.extend(values)
                conditions.append(sql.SQL("({})").format(sql.SQL(" or ").join(branches)))
            elif key not in _RESERVED:
                condition, values = self.condition(key, value)
                conditions.append(condition)
                params.extend(values)
        if not conditions:
            return sql.SQL("true"), params
        return sql.SQL(" and ").join(conditions), params

    def selection(self, request: Request) -> sql.Composable:
        names = request.query_params.get("select", "*")
        if names == "*":
            return sql.SQL("*")
        return sql.SQL(", ").join(self.column(name) for name in names.split(","))

    def ordering(self, request: Request) -> sql.Composable:
        spec = request.query_params.get("order")
        if not spec:
            return sql.SQL("")
        terms = []
        for term in spec.split(","):
            column, _, direction = term.partition(".")
            if direction not in ("asc", "desc"):
                raise _bad(f"Unsupported order '{term}'")
            terms.append(sql.SQL("{} {}").format(self.column(column), sql.SQL(direction)))
        return sql.SQL(" order by ") + sql.SQL(", ").join(terms)

    def limiting(self, request: Request, max_rows: int | None) -> sql.Composable:
        raw = request.query_params.get("limit")
        if raw is not None and not raw.isdigit():
            raise _bad(f"Unsupported limit '{raw}'")
        caps = [int(raw)] if raw is not None else []
        if max_rows is not None:
            caps.append(max_rows)
        start = request.query_params.get("offset")
        if start is not None and not start.isdigit():
            raise _bad(f"Unsupported offset '{start}'")
        skip = sql.SQL(" offset {}").format(sql.Literal(int(start))) if start else sql.SQL("")
        if not caps:
            return skip
        return sql.SQL(" limit {}").format(sql.Literal(min(caps))) + skip


def _preferences(request: Request) -> set[str]:
    """The request's Prefer tokens, after checking its reserved parameters suit its method."""
    allowed = _ALLOWED[request.method]
    for key in request.query_params:
        if key in _RESERVED and key not in allowed:
            raise _bad(f"'{key}' is not supported on {request.method}")
    preferences = {
        item.strip() for item in request.headers.get("prefer", "").split(",") if item.strip()
    }
    unknown = preferences - _PREFERENCES
    if unknown:
        raise _bad(f"Unsupported Prefer: {sorted(unknown)}")
    return preferences


def _answer(rows_json: Any, preferences: set[str], status: int) -> Response:
    if "return=representation" in preferences:
        return JSONResponse(rows_json, status_code=status)
    return Response(status_code=204 if status == 200 else status)


def routes(project: Project) -> list[Route]:
    tables: dict[str, Table] = {}
    with project.connect() as connection:
        for table in TABLES:
            rows = connection.execute(
                "select column_name, format_type(atttypid, atttypmod) from"
                " information_schema.columns c join pg_attribute a"
                " on a.attrelid = ('public.' || c.table_name)::regclass"
                " and a.attname = c.column_name"
                " where c.table_schema = 'public' and c.table_name = %s",
                [table],
            ).fetchall()
            tables[table] = Table(table, dict(rows))

    async def endpoint(request: Request) -> Response:
        name = request.path_params["table"]
        if name not in tables:
            raise StackError(404, {"code": "PGRST205", "message": f"No table '{name}'"})
        claims = project.claims(request, expired_code="PGRST303")
        body = await request.body()
        return await _run(project, tables[name], request, claims, body)

    from tests.supabase_stack import rest_rpc  # it imports helpers from this module

    return [
        *rest_rpc.routes(project),
        Route("/{table}", endpoint, methods=["GET", "POST", "PATCH", "DELETE"]),
    ]


async def _run(
    project: Project, table: Table, request: Request, claims: dict, body: bytes
) -> Response:
    return await run_in_threadpool(_execute, project, table, request, claims, body)


def _execute(
    project: Project, table: Table, request: Request, claims: dict, body: bytes
) -> Response:
    preferences = _preferences(request)
    target = sql.SQL("public.{}").format(sql.Identifier(table.name))
    params: list[Any] = []
    if request.method == "GET":
        condition, params = table.where(request)
        statement = sql.SQL("select {} from {} where {}{}{}").format(
            table.selection(request),
            target,
            condition,
            table.ordering(request),
            table.limiting(request, project.max_rows),
        )
        wrapped = sql.SQL("select coalesce(json_agg(r), '[]') from ({}) r").format(statement)
        preferences = preferences | {"return=representation"}
        status = 200
    else:
        wrapped, params, status = _mutation(table, target, request, preferences, body)
    try:
        with project.as_caller(claims) as connection:
            rows = connection.execute(wrapped, params).fetchone()[0]
    except psycopg.errors.InsufficientPrivilege as error:
        status_code = 401 if claims["role"] == "anon" else 403
        raise StackError(status_code, _error_body(error)) from None
    except psycopg.DatabaseError as error:
        raise StackError(http_status(error.sqlstate), _error_body(error)) from None
    return _answer(rows, preferences, status)


def _error_body(error: psycopg.DatabaseError) -> dict[str, Any]:
    diagnostic = error.diag
    return {
        "code": error.sqlstate,
        "message": diagnostic.message_primary,
        "details": diagnostic.message_detail,
        "hint": diagnostic.message_hint,
    }


def _payload(body: bytes) -> Any:
    try:
        return json.loads(body)
    except ValueError:
        raise _bad("Body is not JSON", "PGRST102") from None


def _mutation(
    table: Table, target: sql.Composable, request: Request, preferences: set[str], body: bytes
) -> tuple[sql.Composable, list[Any], int]:
    # As PostgREST: a minimal answer reads no column back (a role that may write a column
    # but not read the row, the analyzer's, is not refused for a RETURNING it never asked).
    returning = (
        sql.SQL("returning {}").format(table.selection(request))
        if "return=representation" in preferences
        else sql.SQL("returning 1")
    )
    if request.method == "DELETE":
        if body and _payload(body) != {}:  # postgrest-py sends "{}"; PostgREST ignores it
            raise _bad("DELETE takes no body")
        condition, params = table.where(request)
        change = sql.SQL("delete from {} where {} {}").format(target, condition, returning)
        status = 200
    elif request.method == "PATCH":
        values = _payload(body)
        if not isinstance(values, dict) or not values:
            raise _bad("PATCH needs a JSON object")
        names = [table.column(name) for name in values]
        condition, where_params = table.where(request)
        change = sql.SQL(
            "update {} set ({}) = (select {} from json_populate_record(null::{}, %s::json))"
            " where {} {}"
        ).format(
            target,
            sql.SQL(", ").join(names),
            sql.SQL(", ").join(names),
            target,
            condition,
            returning,
        )
        params = [json.dumps(values), *where_params]
        status = 200
    else:
        change, params = _insert(table, target, request, preferences, body, returning)
        status = 201
    wrapped = sql.SQL("with changed as ({}) select coalesce(json_agg(c), '[]') from changed c")
    return wrapped.format(change), params, status


def _insert(
    table: Table,
    target: sql.Composable,
    request: Request,
    preferences: set[str],
    body: bytes,
    returning: sql.Composable,
) -> tuple[sql.Composable, list[Any]]:
    if any(key not in _RESERVED for key in request.query_params):
        raise _bad("POST takes no filters")
    payload = _payload(body)
    rows = payload if isinstance(payload, list) else [payload]
    if not rows or not all(isinstance(row, dict) and row for row in rows):
        raise _bad("POST needs a JSON object or a list of them")
    names = sorted({name for row in rows for name in row})
    declared = request.query_params.get("columns")
    if declared is not None and sorted(re.sub(r'"', "", declared).split(",")) != names:
        raise _bad("columns= does not match the body")
    columns = sql.SQL(", ").join(table.column(name) for name in names)
    conflict = sql.SQL("")
    if "resolution=merge-duplicates" in preferences:
        key = request.query_params.get("on_conflict")
        if not key:
            raise _bad("merge-duplicates needs on_conflict")
        updates = sql.SQL(", ").join(
            sql.SQL("{0} = excluded.{0}").format(table.column(name)) for name in names
        )
        conflict = sql.SQL(" on conflict ({}) do update set {}").format(table.column(key), updates)
    elif "on_conflict" in request.query_params:
        raise _bad("on_conflict without merge-duplicates")
    change = sql.SQL(
        "insert into {} ({}) select {} from json_populate_recordset(null::{}, %s::json){} {}"
    ).format(target, columns, columns, target, conflict, returning)
    return change, [json.dumps(rows)]
