"""The analyzer's seal on the insights it writes, so that forged or altered insights show.

In Supabase mode a doctor's own token may write the insights row of their case (the
analyzer runs with it), so the database alone cannot tell the analyzer's insights from a
record the doctor wrote through PostgREST. The analyzer therefore seals each record with an
HMAC-SHA256 over the case id and the whole record, keyed by a secret only the app servers
hold (``MEDCASE_INSIGHTS_KEY``, never sent to a browser or the database). The page and the
API show a record whose seal is missing or wrong as not verified.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
from collections.abc import Mapping
from typing import Any


def _payload(case_id: str, insights: Mapping[str, Any]) -> bytes:
    record = copy.deepcopy(dict(insights))
    provenance = record.get("provenance")
    if isinstance(provenance, dict):
        provenance.pop("seal", None)
    canonical = json.dumps(
        {"case_id": case_id, "insights": record},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return canonical.encode("utf-8")


def seal(case_id: str, insights: Mapping[str, Any], key: bytes) -> str:
    """The seal of a stored insights record (its ``provenance.seal`` left out)."""
    return hmac.new(key, _payload(case_id, insights), hashlib.sha256).hexdigest()


def sealed(case_id: str, insights: Mapping[str, Any], key: bytes) -> dict[str, Any]:
    """A copy of the record with its seal in ``provenance.seal``."""
    record = copy.deepcopy(dict(insights))
    provenance = record.setdefault("provenance", {})
    provenance["seal"] = seal(case_id, record, key)
    return record


def is_sealed_by(case_id: str, insights: Mapping[str, Any], key: bytes) -> bool:
    """Whether the record carries the analyzer's seal and is unchanged since."""
    provenance = insights.get("provenance")
    given = provenance.get("seal") if isinstance(provenance, Mapping) else None
    if not isinstance(given, str):
        return False
    return hmac.compare_digest(given, seal(case_id, insights, key))
