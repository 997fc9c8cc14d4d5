"""Translate PostgREST, Storage and Auth failures into the clinic's errors (DESIGN.md).

Details never carry what the server said about a row: only codes and exception names,
so no patient data can leak into an error message or a log line.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import httpx
from postgrest.exceptions import APIError
from storage3.exceptions import StorageApiError
from supabase_auth.errors import AuthApiError, AuthError, AuthRetryableError

from core.errors import (
    CaseNotFound,
    CriticalValueNotFound,
    CriticalValuesUnacknowledged,
    FileTooLarge,
    InternalError,
    InvalidInput,
    MedCaseError,
    NotAuthenticated,
    NoteNotAsReviewed,
    PermissionDenied,
    TooManyAttempts,
)

# PostgREST's JWT family (PGRST300-303: missing secret, invalid, anonymous, expired/claims).
_JWT_CODES = ("PGRST301", "PGRST302", "PGRST303")
# SQLSTATEs: insufficient_privilege covers an RLS "with check" failure too.
_DENIED = "42501"
_MISSING_PARENT = "23503"  # foreign key: the case is gone (or hidden)
_RULE_BROKEN = ("23514", "23502", "22P02", "23505")
# The migrations' own refusals, told apart by their hint (20261126030000: critical results).
_HINTED: dict[str, type[MedCaseError]] = {
    "critical_values_unacknowledged": CriticalValuesUnacknowledged,
    "critical_value_not_found": CriticalValueNotFound,
    # 20261128010000: sign_note signs the sections as the doctor decided them.
    "signed_not_as_reviewed": NoteNotAsReviewed,
}
# Raised on purpose (PostgREST answers HTTP 429): the member lookup's misses, counted per
# hour and per day (migration 20261126040100); the hour is the nearest wait to name.
_THROTTLED = "PT429"


def from_postgrest(error: APIError) -> MedCaseError:
    code = error.code or ""
    message = (error.message or "").lower()
    if code in _JWT_CODES or "jwt" in message:
        return NotAuthenticated()
    hinted = _HINTED.get(str(error.hint or ""))
    if hinted is not None:
        return hinted()
    if code == _DENIED:
        return PermissionDenied()
    if code == _MISSING_PARENT:
        return CaseNotFound()
    if code in _RULE_BROKEN:
        return InvalidInput(f"The database refused the change (code {code})")
    if code == _THROTTLED:
        return TooManyAttempts(3600, "Too many e-mails without an account; try again later.")
    return InternalError(f"database request failed (code {code or 'unknown'})")


def from_storage(error: StorageApiError) -> MedCaseError:
    status = str(error.status)
    message = (error.message or "").lower()
    # Storage answers a bad token and an RLS refusal alike ("403", "Unauthorized"): only
    # the message tells them apart.
    if status == "401" or "jwt" in message or "token" in message:
        return NotAuthenticated()
    if status == "404" or "not found" in message:
        return CaseNotFound()
    if status == "403":
        return PermissionDenied()
    # The bucket's own limits (migration 20261123000300): the app checks first, so these
    # mean its settings and the bucket's disagree.
    if status == "413":
        return FileTooLarge("The file is larger than the storage bucket accepts")
    if status == "415":
        return InvalidInput("The storage bucket does not accept this type of file")
    return InternalError(f"storage request failed (status {status})")


def from_auth(error: AuthError) -> MedCaseError:
    if isinstance(error, AuthRetryableError):
        return InternalError("the sign-in service could not be reached")
    if isinstance(error, AuthApiError) and error.status in (401, 403):
        return NotAuthenticated()
    return InternalError(f"sign-in service error ({error.code or type(error).__name__})")


@contextmanager
def supabase_errors() -> Iterator[None]:
    """Run one Supabase call; anything it raises leaves as a MedCaseError."""
    try:
        yield
    except APIError as error:
        raise from_postgrest(error) from None
    except StorageApiError as error:
        raise from_storage(error) from None
    except AuthError as error:
        raise from_auth(error) from None
    except httpx.HTTPError as error:
        raise InternalError(f"Supabase could not be reached ({type(error).__name__})") from None
