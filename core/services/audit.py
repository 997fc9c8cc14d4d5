"""Recording events on the audit trail from the services, and reading it back."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from core.audit import AuditAction
from core.models import Doctor
from core.ports import Backend
from core.safe_logging import failure_frames

log = logging.getLogger(__name__)


def record_event(
    backend: Backend,
    doctor: Doctor,
    action: AuditAction,
    case_id: str | None = None,
    details: Mapping[str, Any] | None = None,
) -> None:
    """Append an event for an action that has happened. A trail that cannot be written is
    logged loudly (type and stack, no data), but does not undo what the doctor did."""
    try:
        backend.audit.record(doctor.user_id, action.value, case_id, details)
    except Exception:  # noqa: BLE001 - the action stands; the missing event is reported
        log.error(
            "audit event %s of case %s was not recorded:\n%s",
            action.value,
            case_id,
            failure_frames(),
        )
