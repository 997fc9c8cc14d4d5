"""The HTTP API's entrypoint: ``uvicorn api.main:app`` (``make api``).

``create_app`` takes a ready Clinic (tests pass one built on a temporary data folder);
without one it reads the settings from the environment, the only place the API does.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import Depends, FastAPI
from fastapi.middleware.cors import CORSMiddleware

from api import (
    routes_audit,
    routes_auth,
    routes_cases,
    routes_critical,
    routes_export,
    routes_patients,
    routes_pilots,
    routes_profile,
    routes_review,
    routes_trends,
)
from api.errors import install_error_handlers
from api.request_limits import RequestSizeLimit
from api.request_query import one_value_per_query_key
from api.request_text import storable_text
from core.bootstrap import Clinic, build_clinic
from core.config import Settings

DESCRIPTION = """
The MedCase case service over HTTP: cases, their lab files and radiology images, and the
advisory AI insights the background analyzer writes.

Every case route needs `Authorization: Bearer <access token>`. In embedded mode get one
from `POST /auth/v1/signup` or `POST /auth/v1/token?grant_type=password`; with Supabase,
from your project's Supabase Auth. Errors are `{"detail": "..."}`.
"""


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    yield
    # A clinic the app built is the app's to stop (the analyzer's threads); one passed in
    # belongs to the caller.
    if app.state.owns_clinic:
        app.state.clinic.close()


def create_app(clinic: Clinic | None = None) -> FastAPI:
    """The FastAPI application serving ``clinic`` (built from the environment when None)."""
    owns_clinic = clinic is None
    if clinic is None:
        clinic = build_clinic(Settings.from_sources(os.environ))
    app = FastAPI(
        title="MedCase API",
        version="1.0.0",
        description=DESCRIPTION,
        lifespan=_lifespan,
        # A JSON body's text that no database stores, and a key repeated in it or in the
        # query string, is refused before any route runs.
        dependencies=[Depends(one_value_per_query_key), Depends(storable_text)],
    )
    app.state.clinic = clinic
    app.state.owns_clinic = owns_clinic
    install_error_handlers(app)
    if not clinic.settings.uses_supabase:
        app.include_router(routes_auth.router)
    app.include_router(routes_cases.router)
    app.include_router(routes_review.router)
    app.include_router(routes_profile.router)
    app.include_router(routes_critical.router)
    app.include_router(routes_audit.router)
    app.include_router(routes_export.router)
    app.include_router(routes_pilots.router)
    app.include_router(routes_patients.router)
    app.include_router(routes_trends.router)
    # Outermost but CORS: an oversized body is refused before anything reads it.
    app.add_middleware(RequestSizeLimit, max_bytes=clinic.settings.max_request_mb * 1024 * 1024)
    if clinic.settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(clinic.settings.cors_origins),
            allow_methods=["GET", "POST", "PUT", "DELETE"],
            allow_headers=["Authorization", "Content-Type"],
        )
    return app


_app: FastAPI | None = None


def __getattr__(name: str) -> Any:
    # ``app`` is built on first access, not at import, so importing this module (tests,
    # tools) never creates a data folder or reads the environment.
    global _app
    if name == "app":
        if _app is None:
            _app = create_app()
        return _app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
