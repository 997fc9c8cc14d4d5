"""The one place where failures become HTTP answers: JSON ``{"detail": ...}`` with a status.

Domain errors carry their own status and detail (DESIGN.md's error table). Request
validation errors become 400 with a sentence naming the field, never echoing its value
(a form field may hold a patient's name).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from core.errors import FileTooLarge, MedCaseError, NotAuthenticated, TooManyAttempts

log = logging.getLogger(__name__)

_WHOLE_NUMBER_ERRORS = {"int_parsing", "int_type", "int_from_float"}
_OBJECT_ERRORS = {"model_attributes_type", "dict_type"}
_LOCATIONS = {"body", "query", "path", "header", "cookie"}
_BODY = "request body"


def status_of(error: MedCaseError) -> int:
    """HTTP status of a domain error; the core calls an oversized file 400, HTTP says 413."""
    return 413 if isinstance(error, FileTooLarge) else error.status


def _field_name(location: Sequence[Any]) -> str:
    parts = [str(part) for part in location if part not in _LOCATIONS]
    return ".".join(parts) or _BODY


def describe_validation(errors: Sequence[dict[str, Any]]) -> str:
    """A readable sentence for FastAPI's validation errors, one clause per field."""
    clauses: list[str] = []
    for error in errors:
        field = _field_name(error.get("loc", ()))
        kind = error.get("type", "")
        if field == _BODY and kind in _OBJECT_ERRORS:
            clause = "Request body must be a JSON object"
        elif field == _BODY and kind == "missing":
            clause = "Request body is required"
        elif kind == "missing":
            clause = f"{field} is required"
        elif kind in _WHOLE_NUMBER_ERRORS:
            clause = f"{field} must be a whole number"
        elif kind == "json_invalid":
            clause = "Request body is not valid JSON"
        elif kind == "string_type":
            clause = f"{field} must be text"
        elif "UploadFile" in str(error.get("msg", "")):
            clause = f"{field} must be a file part"
        else:
            clause = f"{field}: {error.get('msg', 'invalid value')}"
        if clause not in clauses:
            clauses.append(clause)
    return "; ".join(clauses) or "Invalid request"


def _domain_error(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, MedCaseError)
    headers: dict[str, str] | None = None
    if isinstance(error, NotAuthenticated):
        headers = {"WWW-Authenticate": "Bearer"}
    elif isinstance(error, TooManyAttempts):
        headers = {"Retry-After": str(error.retry_after)}
    return JSONResponse({"detail": error.detail}, status_code=status_of(error), headers=headers)


def _invalid_request(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, RequestValidationError)
    return JSONResponse({"detail": describe_validation(error.errors())}, status_code=400)


def _unexpected(request: Request, error: Exception) -> JSONResponse:
    # The exception's text may quote stored values; only its type goes out or into the log.
    log.error("unexpected %s on %s %s", type(error).__name__, request.method, request.url.path)
    detail = f"Internal server error: unexpected failure ({type(error).__name__})"
    return JSONResponse({"detail": detail}, status_code=500)


def install_error_handlers(app: FastAPI) -> None:
    """Register the translations on ``app`` and make its OpenAPI schema tell the same story."""
    app.add_exception_handler(MedCaseError, _domain_error)
    app.add_exception_handler(RequestValidationError, _invalid_request)
    app.add_exception_handler(Exception, _unexpected)
    _document_400_not_422(app)


def _document_400_not_422(app: FastAPI) -> None:
    """FastAPI documents a 422 on every route with parameters; this API answers those with 400."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        schema = build()
        for operations in schema.get("paths", {}).values():
            for operation in operations.values():
                responses = operation.get("responses", {})
                # FastAPI's own request-validation 422 (a route's documented 422 stays).
                automatic = responses.get("422", {}).get("description") == "Validation Error"
                if automatic and responses.pop("422") and "400" not in responses:
                    responses["400"] = {
                        "description": "Invalid input; the detail says what is wrong",
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/ErrorOut"}
                            }
                        },
                    }
        for unused in ("HTTPValidationError", "ValidationError"):
            schema.get("components", {}).get("schemas", {}).pop(unused, None)
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
