"""A query key given twice, refused before any route runs (sec17).

``?user_id=mine&user_id=theirs`` is read by FastAPI as its last value, by many proxies,
gateways and logs as the first: what a request is seen to ask need not be what the app
does. No route of this API takes a list in its query string, so a repeated key is never
meant; it is refused as a JSON body's repeated key is (``api/request_text.py``).
"""

from __future__ import annotations

from fastapi import Request

from core.errors import InvalidInput

REPEATED_DETAIL = "The query string repeats the key {key!r}: send each key once"


async def one_value_per_query_key(request: Request) -> None:
    """InvalidInput (400) when the query string names a key more than once."""
    seen: set[str] = set()
    for key, _ in request.query_params.multi_items():
        if key in seen:
            raise InvalidInput(REPEATED_DETAIL.format(key=key[:40]))
        seen.add(key)
