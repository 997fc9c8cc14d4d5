"""Property-based run against the OpenAPI schema, signed in: no request may produce a 500.

The schema is loaded at import (schemathesis' fixture-based loader does not run on this
pytest), from an app on a throwaway data folder. Path and form case ids are sometimes
swapped for real cases of the signed-in doctor, so updates and uploads reach the core's
rules instead of stopping at 404.
"""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from api.main import create_app
from core.backends import local_accounts
from tests import samples
from tests.api.conftest import PASSWORD, create_case, make_clinic, sign_up
from tests.conftest import TEST_PASSWORD_HASHING

_DATA = tempfile.TemporaryDirectory(prefix="medcase-fuzz-")  # removed at interpreter exit
# Built at import, before the suite's session fixture swaps in the cheap hashing profile:
# swap it in here too, or every sign-up and sign-in of the run hashes at full cost.
with pytest.MonkeyPatch.context() as _cheap_hashing:
    _cheap_hashing.setattr(local_accounts, "PASSWORD_HASHING", TEST_PASSWORD_HASHING)
    APP = create_app(make_clinic(Path(_DATA.name) / "data"))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@functools.cache
def _signed_in() -> tuple[str, tuple[str, ...]]:
    """A doctor's access token and two of their real case ids, made on first use."""
    with TestClient(APP) as client:
        doctor = sign_up(client, "fuzz@example.org")
        files = [("lab_files", ("cbc.pdf", samples.pdf_bytes(), "application/pdf"))]
        cases = tuple(create_case(client, doctor, files)["case"]["case_id"] for _ in range(2))
    return doctor.access_token, cases


def _another_session() -> str:
    """A second access token of the same doctor, for a request that ends its session."""
    _signed_in()
    # Not the fuzzer's address: its random wrong passwords may have it throttled by now.
    with TestClient(APP, client=("192.0.2.10", 50000)) as client:
        answer = client.post(
            "/auth/v1/token",
            params={"grant_type": "password"},
            json={"email": "fuzz@example.org", "password": PASSWORD},
        )
    return answer.json()["access_token"]


def _maybe_a_real_case(values: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    # Mostly real cases: the coverage phase's generated ids already reach the 404 paths.
    real = st.sampled_from([0, 1]).map(lambda index: {**values, "case_id": _signed_in()[1][index]})
    return st.one_of(real, real, st.just(values))


@schema.hook
def flatmap_path_parameters(context: Any, path_parameters: dict[str, Any]) -> Any:
    # Deleting the real cases would turn every later request into a plain 404.
    if not isinstance(path_parameters, dict) or "case_id" not in path_parameters:
        return st.just(path_parameters)
    if context.operation.method.upper() == "DELETE":
        return st.just(path_parameters)
    return _maybe_a_real_case(path_parameters)


@schema.hook
def flatmap_body(context: Any, body: Any) -> Any:
    if context.operation.path == "/cases/upload" and isinstance(body, dict):
        return _maybe_a_real_case(body)
    return st.just(body)


# No 500s; and every answer is a documented status, in JSON, in the documented shape.
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


@schema.parametrize()
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_no_request_produces_a_server_error(case: schemathesis.Case) -> None:
    token, _ = _signed_in()
    if case.path == "/auth/v1/logout":
        # Logging out the shared session would turn every later request into a 401.
        token = _another_session()
    case.call_and_validate(headers={"Authorization": f"Bearer {token}"}, checks=CHECKS)
