"""What PostgREST answers, checked into the shapes the adapters read.

postgrest-py types an answer's ``data`` as any JSON value; the adapters expect rows (a list
of objects) or one object. A different shape is a server fault, not a patient's data, so it
becomes an internal error that names only the shape.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from postgrest import SyncSelectRequestBuilder

from core.backends.supabase_errors import supabase_errors
from core.errors import InternalError

Row = dict[str, Any]
# The rows one request asks for; a Supabase project answers at most its "Max rows" (1000 by
# default), which may be set lower.
PAGE = 1000


def as_rows(data: object) -> list[Row]:
    """The answer as rows (PostgREST's list of objects)."""
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise InternalError(f"the database answered a {type(data).__name__}, not rows")
    return data


def one_object(data: object) -> Row:
    """The answer as one object (an RPC that returns a JSON object)."""
    if not isinstance(data, dict):
        raise InternalError(f"the database answered a {type(data).__name__}, not an object")
    return data


def every_row(next_page: Callable[[list[Row]], SyncSelectRequestBuilder]) -> list[Row]:
    """Every row of a query, page after page until one comes back empty: a project's "Max
    rows" below ``PAGE`` cuts a page short, so a short page does not mean the end.
    ``next_page`` builds the request for the page after the rows read so far (by key, or by
    offset where no column orders the rows uniquely)."""
    rows: list[Row] = []
    while True:
        with supabase_errors():
            found = as_rows(next_page(rows).execute().data)
        if not found:
            return rows
        rows.extend(found)
