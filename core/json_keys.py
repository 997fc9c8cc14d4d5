"""JSON objects that name each key once.

A key repeated in one object is valid JSON whose meaning the parser picks: Python's json
keeps the last value, other readers (a proxy, an audit log, a gateway, another system
showing a lab file) the first, so a second value could hide behind the one they show. A
FHIR lab file and an API body are both refused when they repeat a key; ``once_each`` is the
one check, each caller says it in its own words.
"""

from __future__ import annotations

from typing import Any


class RepeatedKey(ValueError):
    """A JSON object named ``key`` twice."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def once_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``json.loads``' ``object_pairs_hook``: the object, or RepeatedKey naming the key."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise RepeatedKey(key)
        found[key] = value
    return found
