"""The API's request-size bound as an ASGI component: an oversized body is refused before
it is read (declared length), or as soon as it grows past the bound (no length)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from api.main import create_app
from api.request_limits import FORM_OVERHEAD, JSON_MAX_BYTES, RequestSizeLimit
from tests.api.conftest import make_clinic

MB = 1024 * 1024


class Client:
    """Feeds a body in 1 MB messages, counting what the server pulled; keeps the answer."""

    def __init__(self, megabytes: int) -> None:
        self.left = megabytes
        self.pulled = 0
        self.sent: list[dict[str, Any]] = []

    async def receive(self) -> dict[str, Any]:
        self.pulled += 1
        self.left -= 1
        return {"type": "http.request", "body": b"x" * MB, "more_body": self.left > 0}

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    @property
    def status(self) -> int:
        return int(self.sent[0]["status"])

    @property
    def detail(self) -> str:
        return str(json.loads(self.sent[1]["body"])["detail"])


async def reads_everything(scope: Any, receive: Any, send: Any) -> None:
    """An app that reads the whole body, then answers 400 (as a cut-off form would get)."""
    while (await receive()).get("more_body"):
        pass
    await send({"type": "http.response.start", "status": 400, "headers": []})
    await send({"type": "http.response.body", "body": b'{"detail": "bad form"}'})


FORM = b"multipart/form-data; boundary=x"


def _scope(length: int | None, content_type: bytes = FORM) -> dict[str, Any]:
    headers = [(b"content-type", content_type)]
    if length is not None:
        headers.append((b"content-length", str(length).encode()))
    return {"type": "http", "method": "POST", "path": "/cases/create_case", "headers": headers}


def test_a_declared_length_over_the_bound_is_refused_unread() -> None:
    limit = RequestSizeLimit(reads_everything, max_bytes=4 * MB)
    client = Client(8)
    asyncio.run(limit(_scope(8 * MB), client.receive, client.send))
    assert client.pulled == 0
    assert (client.status, client.detail) == (413, "At most 4 MB of files can be uploaded at once")


def test_a_body_without_a_length_is_cut_off_once_past_the_bound() -> None:
    limit = RequestSizeLimit(reads_everything, max_bytes=4 * MB)
    client = Client(50)
    asyncio.run(limit(_scope(None), client.receive, client.send))
    assert client.pulled == (4 * MB + FORM_OVERHEAD) // MB + 1  # not one message more
    assert client.status == 413  # the app's own answer (400) never reaches the client


def test_a_body_within_the_bound_passes_untouched() -> None:
    limit = RequestSizeLimit(reads_everything, max_bytes=4 * MB)
    client = Client(3)
    asyncio.run(limit(_scope(3 * MB), client.receive, client.send))
    assert client.pulled == 3
    assert client.status == 400


def test_the_api_applies_the_bound_from_the_settings(tmp_path) -> None:
    clinic = make_clinic(tmp_path / "data", max_request_mb=7)
    try:
        app = create_app(clinic)
        [bound] = [m for m in app.user_middleware if m.cls is RequestSizeLimit]
        assert bound.kwargs == {"max_bytes": 7 * MB}
    finally:
        clinic.close()


def test_a_json_body_of_150_mb_is_refused_unread() -> None:
    """Issue #23: under the upload bound (200 MB), a 150 MB JSON body was read and parsed
    (465 MB) before its refusal; a body that is no upload has a bound of its own."""
    limit = RequestSizeLimit(reads_everything, max_bytes=200 * MB)
    client = Client(150)
    asyncio.run(limit(_scope(150 * MB, b"application/json"), client.receive, client.send))
    assert client.pulled == 0
    assert client.status == 413 and "1024 KB" in client.detail


def test_a_json_body_without_a_length_is_cut_off_past_its_own_bound() -> None:
    limit = RequestSizeLimit(reads_everything, max_bytes=200 * MB)
    for content_type in (b"application/json", b"text/plain"):
        client = Client(150)
        asyncio.run(limit(_scope(None, content_type), client.receive, client.send))
        assert client.pulled == JSON_MAX_BYTES // MB + 1
        assert client.status == 413
