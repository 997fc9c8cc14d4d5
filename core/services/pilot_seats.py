"""A signed-in account's seats in its pilots: which pilot, in what role, its audit events."""

from __future__ import annotations

import uuid
from typing import Any

from core.audit import AuditAction
from core.errors import CaseNotFound, PermissionDenied
from core.models import Doctor
from core.pilot.errors import EnrolledCaseNotFound, PilotNotFound
from core.pilot.records import Enrolment, PilotRole, PilotSeat
from core.ports import Backend
from core.services.audit import record_event
from core.services.member_lookup_guard import MemberLookupGuard


def checked_uuid(value: Any, missing: type[CaseNotFound]) -> str:
    """The id as a canonical UUID; anything else is the ``missing`` error."""
    try:
        return str(uuid.UUID(str(value)))
    except (ValueError, TypeError, AttributeError):
        raise missing() from None


class PilotSeats:
    """What every pilot operation starts from: the account, its backend, its seat."""

    def __init__(
        self, doctor: Doctor, backend: Backend, lookup_guard: MemberLookupGuard | None = None
    ) -> None:
        self.doctor = doctor
        self.backend = backend
        self.lookup_guard = lookup_guard  # the clinic's, counting e-mails without an account

    @property
    def _me(self) -> str:
        return self.doctor.user_id

    def _event(self, action: AuditAction, case_id: str | None = None, **ids: str | int) -> None:
        """An event on this account's audit trail: ids only, never a name or a text."""
        record_event(self.backend, self.doctor, action, case_id, ids)

    def pilots(self) -> list[PilotSeat]:
        return self.backend.pilots.seats(self._me)

    def seat(self, pilot_id: Any) -> PilotSeat:
        found = self.backend.pilots.seat(self._me, checked_uuid(pilot_id, PilotNotFound))
        if found is None:
            raise PilotNotFound()
        return found

    def _coordinated(self, pilot_id: Any) -> PilotSeat:
        seat = self.seat(pilot_id)
        if seat.role != PilotRole.COORDINATOR:
            raise PermissionDenied()
        return seat

    def enrolled_case(self, enrolment_id: Any) -> Enrolment:
        """An enrolled case with its de-identified view."""
        found = self.backend.pilots.enrolment(
            self._me, checked_uuid(enrolment_id, EnrolledCaseNotFound)
        )
        if found is None:
            raise EnrolledCaseNotFound()
        return found
