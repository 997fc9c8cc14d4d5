"""How PostgREST, Storage and Auth failures become the clinic's errors (no server needed)."""

from __future__ import annotations

import httpx
import pytest
from postgrest.exceptions import APIError
from storage3.exceptions import StorageApiError
from supabase_auth.errors import AuthApiError, AuthRetryableError

from core.backends.supabase_errors import supabase_errors
from core.errors import (
    CaseNotFound,
    InternalError,
    InvalidInput,
    NotAuthenticated,
    PermissionDenied,
)

PATIENT = "Zoltan Kowalczyk"


@pytest.mark.parametrize(
    ("raised", "expected"),
    [
        (APIError({"code": "PGRST303", "message": "JWT expired"}), NotAuthenticated),
        (APIError({"code": "PGRST301", "message": "JWSError"}), NotAuthenticated),
        (
            APIError({"code": "42501", "message": "new row violates row-level security"}),
            PermissionDenied,
        ),
        (APIError({"code": "23503", "message": "violates foreign key"}), CaseNotFound),
        (APIError({"code": "23514", "message": "patient_gender cannot be changed"}), InvalidInput),
        (APIError({"code": "XX000", "message": f"boom near {PATIENT}"}), InternalError),
        (StorageApiError("jwt expired", "Unauthorized", "403"), NotAuthenticated),
        (
            StorageApiError("new row violates row-level security policy", "Unauthorized", "403"),
            PermissionDenied,
        ),
        (StorageApiError("Object not found", "not_found", "404"), CaseNotFound),
        (StorageApiError("disk full", "InternalError", 500), InternalError),
        (AuthApiError("invalid JWT", 403, "bad_jwt"), NotAuthenticated),
        (AuthRetryableError("unreachable", 0), InternalError),
        (httpx.ConnectError("refused"), InternalError),
    ],
)
def test_each_failure_becomes_one_clinic_error(raised: Exception, expected: type) -> None:
    with pytest.raises(expected) as error, supabase_errors():
        raise raised
    assert type(error.value) is expected
    assert PATIENT not in error.value.detail  # server messages never reach the detail


def test_the_clinics_own_errors_pass_through_unchanged() -> None:
    with pytest.raises(CaseNotFound), supabase_errors():
        raise CaseNotFound()
