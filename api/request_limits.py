"""A request body bigger than one upload request may be is refused before it is read.

The case service checks every request's files (``core.services.upload_limits``), but only
once the server has spooled the whole multipart body to disk: this stops an oversized body
at its declared length, or as soon as a body without one grows past the bound.

Only a multipart form carries files. Any other body (JSON) is read whole into memory and
parsed, at about three times its size (a 150 MB JSON body cost 465 MB before its refusal),
so it has a bound of its own, ``JSON_MAX_BYTES``, far above any field the API accepts.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# Room for the form's text fields and the multipart boundaries around the files.
FORM_OVERHEAD = 1024 * 1024
# Any body that is not a multipart form: a review's sections, a case's fields, ids.
JSON_MAX_BYTES = 1024 * 1024
JSON_DETAIL = (
    f"A request body other than a file upload may hold at most {JSON_MAX_BYTES // 1024} KB"
)


class _TooLarge(Exception):
    pass


class RequestSizeLimit:
    """ASGI middleware: 413 for a body over ``max_bytes`` (plus the form's overhead)."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes + FORM_OVERHEAD
        self.detail = f"At most {max_bytes / (1024 * 1024):g} MB of files can be uploaded at once"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        is_form = headers.get(b"content-type", b"").lower().startswith(b"multipart/form-data")
        bound, detail = (self.max_bytes, self.detail) if is_form else (JSON_MAX_BYTES, JSON_DETAIL)
        declared = headers.get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > bound:
            await self._refuse(send, detail)
            return
        received = 0
        over = False  # the body passed the bound: whatever the app answers becomes a 413
        refused = False

        async def counted_receive() -> Message:
            nonlocal received, over
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > bound:
                    over = True
                    raise _TooLarge()
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal refused
            if not over:
                await send(message)
            elif not refused:  # the app's answer to a cut-off body (a parse error, say)
                refused = True
                await self._refuse(send, detail)

        try:
            await self.app(scope, counted_receive, guarded_send)
        except _TooLarge:
            if not refused:
                refused = True
                await self._refuse(send, detail)

    async def _refuse(self, send: Send, detail: str) -> None:
        body = json.dumps({"detail": detail}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
