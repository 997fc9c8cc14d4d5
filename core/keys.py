"""Secrets the app keeps for itself: configured, or generated once and kept owner-only."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from core.private_files import private_folder


def kept_secret(path: Path, configured: str | None) -> str:
    """``configured`` when set; else the secret in ``path``, made on first use (mode 0600)."""
    if configured:
        return configured
    private_folder(path.parent)
    if not path.exists():
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass  # another process won the race; use its secret
        else:
            with os.fdopen(descriptor, "w") as stream:
                stream.write(secrets.token_urlsafe(48))
    return path.read_text().strip()
