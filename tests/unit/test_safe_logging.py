"""Failures are logged without their message, which may quote patient data."""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest

from core.backends.local import LocalBackendProvider
from core.errors import InternalError
from core.models import NewCase, Upload
from core.safe_logging import failure_frames
from tests.doubles import case_service


def test_frames_name_the_type_and_place_but_not_the_message() -> None:
    record = "Jane Roe's potassium 6.8"
    try:
        raise ValueError(record)
    except ValueError:
        logged = failure_frames()
    assert "ValueError" in logged
    assert "test_frames_name_the_type_and_place" in logged
    assert "Jane" not in logged and "6.8" not in logged


def test_a_storage_failure_is_logged_without_the_file_name(
    tmp_path, caplog: pytest.LogCaptureFixture
) -> None:
    provider = LocalBackendProvider(tmp_path, jwt_secret="x" * 40)
    session = provider.accounts.sign_up("a@clinic.test", "password-1")
    backend = provider.for_session(session)

    class LeakyStore:
        def __getattr__(self, name: str):
            return getattr(backend.blobs, name)

        def put(self, key: str, content: bytes, content_type: str) -> None:
            raise OSError(f"disk full while writing {key}")

    with caplog.at_level(logging.DEBUG), pytest.raises(InternalError) as error:
        case_service(session.doctor, replace(backend, blobs=LeakyStore())).create_case(
            NewCase("Jane Roe", 40, "female"), [Upload("Jane_Roe_labs.txt", b"Glucose 99", "lab")]
        )
    assert "OSError" in caplog.text
    assert "Jane" not in caplog.text and "Roe" not in caplog.text
    assert "Jane" not in error.value.detail
