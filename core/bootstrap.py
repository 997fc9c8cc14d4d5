"""The one place that wires MedCase together from Settings: backend, engine, analyzer."""

from __future__ import annotations

from dataclasses import dataclass

from core.backends.local import LocalBackendProvider
from core.config import Settings
from core.ports import BackendProvider
from core.services import AnalysisQueue


@dataclass
class Clinic:
    """Everything process-wide that the pages (or an HTTP API) need."""

    settings: Settings
    provider: BackendProvider
    analyzer: AnalysisQueue | None
    engine_label: str  # shown in the sidebar: which engine writes the insights

    @property
    def backend_label(self) -> str:
        return self.provider.name


def build_clinic(settings: Settings) -> Clinic:
    """Choose the backend and analyzer from the settings."""
    if settings.uses_supabase:
        raise NotImplementedError("Supabase mode is not available yet")
    provider = LocalBackendProvider(settings.data_dir, settings.jwt_secret)
    # The analyzer is wired here once core.analysis.runner exists (issue: the analyzer).
    return Clinic(settings=settings, provider=provider, analyzer=None, engine_label="none yet")
