"""Connection pools to the Supabase project, all on one TLS context.

A pool per signed-in session keeps tokens apart, but each new httpx pool would build its
own TLS context, and that loads the whole CA bundle again: 15 to 20 ms of CPU for every
session and every provider. The context holds no secret and no session state (it is
the trusted roots and the protocol settings), so the process builds it once.
"""

from __future__ import annotations

import ssl
from functools import cache

import httpx


@cache
def tls_context() -> ssl.SSLContext:
    """The process's TLS settings, as httpx would build them (certifi's CA bundle, or
    SSL_CERT_FILE / SSL_CERT_DIR when set)."""
    return httpx.create_ssl_context()


def connection_pool(timeout: float) -> httpx.Client:
    """A new pool of connections that shares only the TLS context with the others."""
    return httpx.Client(follow_redirects=True, timeout=timeout, verify=tls_context())
