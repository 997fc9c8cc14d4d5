"""A local OpenAI-compatible server for tests and the benchmark: real HTTP on 127.0.0.1.

It speaks ``POST /v1/chat/completions`` as OpenAI does, and answers a structured-output
request (``response_format`` of type ``json_schema``) with JSON that fits the schema,
chosen by the schema's name: ``radiology_image_reading``, ``scanned_lab_page``,
``case_summary`` and ``soap_note_and_diagnosis`` (with a valid ICD-10-CM code) get clinical
answers; any other schema gets a filler answer built from the schema itself. Like OpenAI,
it refuses (HTTP 400) a strict schema whose objects are not closed and complete, and it
needs a bearer token (HTTP 401).

Behaviours, set in the constructor or changed later with ``behave(...)``:

- ``delay``: seconds to wait before every answer (the benchmark's model latency L).
- ``mode="ok"``: answer (the default); ``"error"``: always HTTP 500; ``"hang"``: wait
  ``hang_seconds`` (more than the client's timeout) before answering; ``"invalid_json"``:
  HTTP 200 whose content is not JSON; ``"wrong_schema"``: JSON missing required fields.
- ``fail_first=N`` with ``fail_status`` (429 or 500): the first N requests fail, then it
  answers. Failures carry ``retry-after-ms`` (``retry_after_ms``) so clients retry quickly.
- ``invalid_first=N``: the first N answers are not JSON, then it answers properly.
- ``answers={"case_summary": {...}}``: replace the canned answer for a schema name.

Every request is recorded (``requests``): its JSON body, schema name, model, the status
sent and the seconds it took. ``texts()`` gives each request's text without the image data
(to assert that the patient's name is in none) and ``images()`` the PNG images sent.

    with FakeOpenAI(delay=0.5) as server:
        engine = OpenAIEngine(api_key="test-key", base_url=server.base_url, ...)
"""

from __future__ import annotations

import base64
import json
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

CANNED_ANSWERS: dict[str, dict[str, Any]] = {
    "radiology_image_reading": {
        "findings": "A rounded opacity in the central field with smooth margins.",
        "impression": "Focal rounded opacity; correlate with prior imaging.",
        "key_abnormalities": ["rounded central opacity"],
        "confidence_score": 0.72,
    },
    "scanned_lab_page": {
        "text": "Ferritin 8 ng/mL (15-150) L\nHemoglobin 9.8 g/dL (12.0-16.0) L",
    },
    "case_summary": {
        "comprehensive_summary": "Hyperglycaemia with raised HbA1c, anaemia and leukocytosis.",
        "key_findings": ["HbA1c 8.1 %", "Glucose 182 mg/dL", "Hemoglobin 9.8 g/dL"],
        "lab_summary": "Raised glucose and HbA1c; low haemoglobin; raised white cells.",
        "radiology_summary": "One focal rounded opacity.",
        "confidence_score": 0.81,
    },
    "soap_note_and_diagnosis": {
        "soap_note": {
            "subjective": "Fatigue and thirst as reported in the doctor's notes.",
            "objective": "Glucose 182 mg/dL, HbA1c 8.1 %, hemoglobin 9.8 g/dL.",
            "assessment": "Type 2 diabetes mellitus with hyperglycemia; anaemia to work up.",
            "plan": "Start metformin, repeat HbA1c in 3 months, iron studies.",
            "confidence_score": None,
        },
        "primary_diagnosis": {
            "primary_diagnosis": "Type 2 diabetes mellitus with hyperglycemia",
            "icd_code": "E11.65",
            "description": "HbA1c and fasting glucose above the diagnostic thresholds.",
            "confidence_score": 0.77,
            "supporting_evidence": ["HbA1c 8.1 %", "Glucose 182 mg/dL"],
            "differential": [
                {
                    "diagnosis": "Iron deficiency anaemia",
                    "icd_code": "D50.9",
                    "confidence_score": 0.4,
                    "supporting_evidence": ["Hemoglobin 9.8 g/dL"],
                }
            ],
            "confidence_reason": "HbA1c and glucose both above the diagnostic thresholds.",
        },
    },
}


@dataclass
class RecordedRequest:
    body: dict[str, Any]
    schema_name: str | None
    model: str | None
    status: int
    seconds: float
    arrived: float = 0.0  # time.perf_counter() when the request came in (benchmarks)


class _Server(ThreadingHTTPServer):
    # socketserver's backlog of 5 drops connections when many jobs call at once (replicas,
    # parallel rounds), and a dropped SYN costs a one-second retransmit, as if the model were slow.
    request_queue_size = 128


class FakeOpenAI:
    """Start with ``start()`` (or ``with``); ``base_url`` ends in /v1 like OpenAI's."""

    def __init__(self, **behaviour: Any) -> None:
        self.requests: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._served = 0
        self.behave(**behaviour)
        self._server = _Server(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    def behave(
        self,
        *,
        mode: str = "ok",
        delay: float = 0.0,
        hang_seconds: float = 30.0,
        fail_first: int = 0,
        fail_status: int = 500,
        invalid_first: int = 0,
        retry_after_ms: int | None = 20,
        answers: dict[str, dict[str, Any]] | None = None,
    ) -> None:
        if mode not in ("ok", "error", "hang", "invalid_json", "wrong_schema"):
            raise ValueError(f"unknown mode {mode!r}")
        with self._lock:
            self.mode, self.delay, self.hang_seconds = mode, delay, hang_seconds
            self.fail_first, self.fail_status = fail_first, fail_status
            self.invalid_first = invalid_first
            self.retry_after_ms = retry_after_ms
            self.answers = {**CANNED_ANSWERS, **(answers or {})}
            self._served = 0

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def start(self) -> FakeOpenAI:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.release()  # hanging answers give up at once
        self._server.shutdown()
        self._server.server_close()

    def release(self) -> None:
        """End every wait (hang or delay) now and from now on."""
        self._stopping.set()

    def __enter__(self) -> FakeOpenAI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- what was asked ---------------------------------------------------------------

    def texts(self) -> list[str]:
        """Each request body as JSON text, with image data URLs cut out."""
        return [json.dumps(_without_images(r.body), ensure_ascii=False) for r in self.requests]

    def images(self) -> list[bytes]:
        """Every image sent (decoded from its data: URL)."""
        found: list[bytes] = []
        for request in self.requests:
            for url in _image_urls(request.body):
                found.append(base64.b64decode(url.split(",", 1)[1]))
        return found

    def answered(self, schema_name: str | None = None) -> list[RecordedRequest]:
        return [
            r
            for r in self.requests
            if r.status == 200 and (schema_name is None or r.schema_name == schema_name)
        ]

    # --- one request --------------------------------------------------------------------

    def _respond(self, body: dict[str, Any], authorized: bool) -> tuple[int, dict[str, Any]]:
        with self._lock:
            number = self._served
            self._served += 1
            mode, delay, hang = self.mode, self.delay, self.hang_seconds
            fails = number < self.fail_first
            garbled = number < self.invalid_first
        if not authorized:
            return 401, _error("Incorrect API key provided", "invalid_request_error")
        schema_name, problem = _check_request(body)
        if problem:
            return 400, _error(problem, "invalid_request_error")
        if mode == "hang":
            self._stopping.wait(hang)
        elif delay:
            self._stopping.wait(delay)
        if mode == "error" or fails:
            status = 500 if mode == "error" else self.fail_status
            return status, _error("The server had an error", "server_error")
        if mode == "invalid_json" or garbled:
            content = '{"findings": "cut short'
        elif mode == "wrong_schema":
            content = json.dumps({"unexpected": True})
        else:
            content = json.dumps(self._answer(schema_name, body))
        return 200, _completion(body.get("model", "fake-model"), content)

    def _answer(self, schema_name: str | None, body: dict[str, Any]) -> Any:
        if schema_name in self.answers:
            return self.answers[schema_name]
        schema = body.get("response_format", {}).get("json_schema", {}).get("schema", {})
        return _filler(schema)


def _handler_for(server: FakeOpenAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as the openai client expects
        timeout = 60

        def do_POST(self) -> None:  # the name http.server dispatches to
            started = time.perf_counter()
            length = int(self.headers.get("Content-Length", 0))
            raw = self.rfile.read(length)
            if self.path.rstrip("/") != "/v1/chat/completions":
                self._send(404, _error("Unknown path", "invalid_request_error"))
                return
            try:
                body = json.loads(raw)
            except ValueError:
                self._send(400, _error("Body is not JSON", "invalid_request_error"))
                return
            authorized = self.headers.get("Authorization", "").startswith("Bearer ")
            status, answer = server._respond(body, authorized)
            fmt = body.get("response_format") or {}
            record = RecordedRequest(
                body=body,
                schema_name=(fmt.get("json_schema") or {}).get("name"),
                model=body.get("model"),
                status=status,
                seconds=time.perf_counter() - started,
                arrived=started,
            )
            with server._lock:
                server.requests.append(record)
            self._send(status, answer)

        def _send(self, status: int, answer: dict[str, Any]) -> None:
            payload = json.dumps(answer).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                if status >= 400 and server.retry_after_ms is not None:
                    self.send_header("retry-after-ms", str(server.retry_after_ms))
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (its timeout): nothing to answer

        def log_message(self, format: str, *args: Any) -> None:
            pass  # quiet test output

    return Handler


def _check_request(body: dict[str, Any]) -> tuple[str | None, str | None]:
    """(schema name, problem): what OpenAI would refuse with a 400."""
    if not body.get("model") or not isinstance(body.get("messages"), list):
        return None, "model and messages are required"
    fmt = body.get("response_format")
    if not fmt:
        return None, None
    if fmt.get("type") != "json_schema":
        return None, f"unsupported response_format type {fmt.get('type')!r}"
    spec = fmt.get("json_schema") or {}
    if spec.get("strict") and (problem := _strictness_problem(spec.get("schema") or {})):
        return spec.get("name"), problem
    return spec.get("name"), None


def _strictness_problem(schema: dict[str, Any], where: str = "schema") -> str | None:
    if schema.get("type") == "object":
        properties = schema.get("properties", {})
        if schema.get("additionalProperties") is not False:
            return f"{where}: additionalProperties must be false"
        if sorted(schema.get("required", [])) != sorted(properties):
            return f"{where}: every property must be required"
        for name, child in properties.items():
            if problem := _strictness_problem(child, f"{where}.{name}"):
                return problem
    for key in ("items",):
        if isinstance(schema.get(key), dict) and (
            problem := _strictness_problem(schema[key], f"{where}[]")
        ):
            return problem
    for option in schema.get("anyOf", []):
        if problem := _strictness_problem(option, where):
            return problem
    return None


def _filler(schema: dict[str, Any]) -> Any:
    """A value that fits ``schema`` (for schema names without a canned answer)."""
    if "anyOf" in schema:
        return _filler(schema["anyOf"][0])
    kind = schema.get("type")
    if kind == "object":
        return {name: _filler(child) for name, child in schema.get("properties", {}).items()}
    if kind == "array":
        return [_filler(schema.get("items", {}))]
    return {"string": "filler", "number": 0.5, "integer": 1, "boolean": True}.get(kind)


def _completion(model: str, content: str) -> dict[str, Any]:
    return {
        "id": f"chatcmpl-fake-{time.monotonic_ns()}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content, "refusal": None},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
    }


def _error(message: str, kind: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": kind, "param": None, "code": None}}


def _image_urls(node: Any) -> list[str]:
    if isinstance(node, dict):
        if node.get("type") == "image_url":
            return [node["image_url"]["url"]]
        return [url for value in node.values() for url in _image_urls(value)]
    if isinstance(node, list):
        return [url for value in node for url in _image_urls(value)]
    return []


def _without_images(node: Any) -> Any:
    if isinstance(node, dict):
        if node.get("type") == "image_url":
            return {"type": "image_url", "image_url": {"url": "<image>"}}
        return {key: _without_images(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_without_images(value) for value in node]
    return node
