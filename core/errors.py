"""Domain errors: one type per row of the error table in DESIGN.md.

Every error carries the HTTP-style ``status`` and the user-facing ``detail`` so that any
front end (the Streamlit pages, an HTTP API) can translate it one to one.
"""

from __future__ import annotations

import math


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


class SignUpRefused(InvalidCredentials):
    """400: sign-up with an email that has an account and another password. The words do
    not say whether the email is taken (a new email would have signed in straight away)."""

    default_detail = (
        "Could not create an account with this email and password. "
        "If you already have an account, sign in instead."
    )


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


class PatientNotFound(MedCaseError):
    """404: no such patient, or another doctor's (indistinguishable)."""

    status = 404
    default_detail = "Patient not found"


class MergeRefused(MedCaseError):
    """409: a merge or unmerge that would tangle the records (the detail says why)."""

    status = 409
    default_detail = "These records cannot be merged"


class VersionNotFound(CaseNotFound):
    """404: the case is the doctor's, but its note has no such signed version."""

    default_detail = "Version not found"


class TooManyAttempts(MedCaseError):
    """429: too many sign-in attempts for this account or from this address; ``retry_after``
    says in how many seconds the next attempt is let through."""

    status = 429

    def __init__(self, retry_after: float, detail: str | None = None) -> None:
        self.retry_after = max(1, math.ceil(retry_after))
        super().__init__(
            detail or f"Too many sign-in attempts; try again in {wait_text(self.retry_after)}."
        )


def wait_text(seconds: int) -> str:
    """A wait in words: "40 seconds", "15 minutes", "3 hours"."""
    if seconds < 120:
        return f"{seconds} seconds"
    if seconds < 2 * 3600:
        return f"{math.ceil(seconds / 60)} minutes"
    return f"{math.ceil(seconds / 3600)} hours"


class SignedNoteKept(MedCaseError):
    """409: the case has a signed note, and signed notes are never deleted."""

    status = 409
    default_detail = (
        "This case has a signed note, and signed notes are never deleted: archive the case "
        "instead (the note and its audit trail are kept)"
    )


class EnrolledCaseKept(MedCaseError):
    """409: the case is enrolled in a pilot, whose reviewers read it; never deleted."""

    status = 409
    default_detail = (
        "This case is enrolled in a pilot, whose reviewers read and review it, so it is never "
        "deleted: archive the case instead (the enrolment and its reviews are kept)"
    )


class InternalError(MedCaseError):
    """500: anything else. ``detail`` must never carry patient data."""

    status = 500

    def __init__(self, details: str = "unexpected failure") -> None:
        super().__init__(f"Internal server error: {details}")


class UnknownCommunicationMethod(MedCaseError):
    """422: an acknowledgment names a way of communicating that is not on the list."""

    status = 422
    default_detail = "Unknown communication method"


class CriticalValueNotFound(CaseNotFound):
    """404: the case's current insights hold no such critical value."""

    default_detail = "Critical value not found"


class AlreadyAcknowledged(MedCaseError):
    """409: the critical value has been acknowledged already (once is the record)."""

    status = 409
    default_detail = "This critical value has been acknowledged already"


class CriticalValuesUnacknowledged(MedCaseError):
    """409: a note is signed only once every critical value of its case is acknowledged."""

    status = 409
    default_detail = (
        "Acknowledge the case's critical values first: who took each in, and how it was "
        "communicated"
    )


class SignerNameMissing(InvalidInput):
    """400: a note is signed in the signer's name: set "Name as signed" first (issue #26)."""

    default_detail = (
        "Set your name as signed and your credentials (for example Dr Alice Smith, MD) "
        "before signing: the signature and its attestation carry them, not only your e-mail"
    )


class NoteNotAsReviewed(InvalidInput):
    """400: a note is signed as the doctor decided each section (the AI's text accepted, the
    doctor's version edited, the reason rejected); an amendment's changes are the doctor's."""

    default_detail = (
        "The note to sign is not the review as recorded: each section is signed as you "
        "decided it (the AI's text when accepted, your version when edited, the reason when "
        "rejected), and an amendment's changed sections as your versions. Reload the case "
        "and sign again"
    )
