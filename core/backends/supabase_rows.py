"""What PostgREST answers, checked into the shapes the adapters read.

postgrest-py types an answer's ``data`` as any JSON value; the adapters expect rows (a list
of objects) or one object. A different shape is a server fault, not a patient's data, so it
becomes an internal error that names only the shape.
"""

from __future__ import annotations

from typing import Any

from core.errors import InternalError

Row = dict[str, Any]


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
