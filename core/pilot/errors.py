"""The pilot's own refusals, as clinic errors (the edges translate them like any other)."""

from __future__ import annotations

from core.errors import CaseNotFound, PermissionDenied


class PilotNotFound(CaseNotFound):
    """404: no such pilot, or one the account has no part in (indistinguishable)."""

    default_detail = "Pilot not found"


class EnrolledCaseNotFound(CaseNotFound):
    """404: no such enrolled case, or one the account may not see."""

    default_detail = "Enrolled case not found"


class DiagnosisFirst(PermissionDenied):
    """403: a reviewer asks for the AI draft before recording their own diagnosis."""

    default_detail = "Record your own diagnosis of this case before the AI insights are shown"
