"""Domain errors: one type per row of the error table in DESIGN.md.

Every error carries the HTTP-style ``status`` and the user-facing ``detail`` so that any
front end (the Streamlit pages, an HTTP API) can translate it one to one.
"""

from __future__ import annotations


class MedCaseError(Exception):
    """Base class of every failure a user can cause."""

    status: int = 500
    default_detail: str = "Internal server error"

    def __init__(self, detail: str | None = None) -> None:
        self.detail = detail or self.default_detail
        super().__init__(self.detail)


class InvalidInput(MedCaseError):
    """400: the input is wrong; ``detail`` says what, in words."""

    status = 400
    default_detail = "Invalid input"


class NothingToUpdate(InvalidInput):
    """400: an update that changes nothing."""

    default_detail = "No data provided for update"


class FileTooLarge(InvalidInput):
    """400 in the core (an HTTP edge may answer 413): a file over the size limit."""


class InvalidCredentials(InvalidInput):
    """400: sign-in with an unknown email or a wrong password (one message for both)."""

    default_detail = "Invalid email or password"


class NotAuthenticated(MedCaseError):
    """401: not signed in, or a bad or expired token."""

    status = 401
    default_detail = "Invalid authentication credentials"


class PermissionDenied(MedCaseError):
    """403: signed in, but not allowed."""

    status = 403
    default_detail = "Insufficient permissions to access this resource"


class CaseNotFound(MedCaseError):
    """404: no such case, or it belongs to another doctor (indistinguishable)."""

    status = 404
    default_detail = "Case not found"


class VersionNotFound(CaseNotFound):
    """404: the case is the doctor's, but its note has no such signed version."""

    default_detail = "Version not found"


class InternalError(MedCaseError):
    """500: anything else. ``detail`` must never carry patient data."""

    status = 500

    def __init__(self, details: str = "unexpected failure") -> None:
        super().__init__(f"Internal server error: {details}")
