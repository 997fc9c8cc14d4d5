"""Text in a JSON body that no database can store, or that two readers read apart, refused
before any route runs.

JSON may escape half of a UTF-16 pair (``"\\ud800"``); Python's parser turns it into a
str holding a lone surrogate, which passes every check of the core (it is no control or
format character) and then fails the write: SQLite's UTF-8 encoding raised (a 500), and
PostgreSQL refuses it too. Neither a form field, a query string nor a file name can carry
one (their bytes are decoded as UTF-8), so a JSON body is the only door.

A key repeated in one object (``{"decision": "accept", "decision": "reject"}``) is valid
JSON whose meaning the parser picks: Python's keeps the last value, others (proxies, audit
logs, a gateway's rules) the first, so a second value could hide behind the one they
show. The FHIR upload refuses such a file since round sixteen; every JSON body is refused
here the same way (sec17).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request

from core.errors import InvalidInput
from core.json_keys import RepeatedKey, once_each

UNPAIRED_DETAIL = (
    "Text must not contain an unpaired surrogate escape (\\ud800 to \\udfff): "
    "write the character itself, or its pair"
)
REPEATED_DETAIL = "The JSON body repeats the key {key!r} in one object: send each key once"
_FORMS = (b"multipart/form-data", b"application/x-www-form-urlencoded")


async def storable_text(request: Request) -> None:
    """InvalidInput (400) when the request's JSON body repeats a key in one object or holds
    a lone surrogate in any key or value; bodies that are no JSON, or no valid JSON, are
    the route's to answer."""
    media = request.headers.get("content-type", "").encode().lower()
    if media.startswith(_FORMS):
        return
    body = await request.body()  # already read (bounded) for the route; kept by Starlette
    if not body.strip() or b'"' not in body:
        return  # no string, so no key and no escape
    try:
        document = json.loads(body, object_pairs_hook=once_each)
    except RepeatedKey as repeated:
        # The key as written, shortened, its hidden characters escaped by repr.
        raise InvalidInput(REPEATED_DETAIL.format(key=repeated.key[:40])) from None
    except (ValueError, RecursionError):
        return
    if (b"\\u" in body or b"\\U" in body) and _holds_unpaired(document):
        raise InvalidInput(UNPAIRED_DETAIL)


def _holds_unpaired(document: Any) -> bool:
    pending = [document]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False
