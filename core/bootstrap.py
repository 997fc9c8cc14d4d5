"""The one place that wires MedCase together from Settings: backend, engine, analyzer."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from core.analysis import icd10
from core.analysis.engines import build_engine, engine_label
from core.analysis.runner import AnalysisRunner
from core.backends.local import LocalBackendProvider
from core.backends.supabase import SupabaseBackendProvider
from core.config import Settings
from core.ports import BackendProvider
from core.services import AnalysisQueue

log = logging.getLogger(__name__)


@dataclass
class Clinic:
    """Everything process-wide that the pages (or an HTTP API) need."""

    settings: Settings
    provider: BackendProvider
    analyzer: AnalysisQueue | None
    engine_label: str  # shown in the sidebar: which engine writes the insights
    # What to stop when this clinic is dropped (the analyzer's threads, open clients).
    closers: list[Callable[[], None]] = field(default_factory=list)

    @property
    def backend_label(self) -> str:
        return self.provider.name

    def close(self) -> None:
        """Stop what the clinic started; each closer runs even if an earlier one fails."""
        for closer in self.closers:
            try:
                closer()
            except Exception:  # one failed closer must not keep the others running
                log.exception("closing part of the clinic failed")


def build_clinic(settings: Settings) -> Clinic:
    """Choose the backend and analyzer from the settings."""
    provider: BackendProvider
    closers: list[Callable[[], None]] = []
    if settings.uses_supabase:
        supabase = SupabaseBackendProvider(settings.supabase_url, settings.supabase_anon_key)
        provider, closers = supabase, [supabase.close]
    else:
        provider = LocalBackendProvider(settings.data_dir, settings.jwt_secret)
    engine = build_engine(settings)
    analyzer = AnalysisRunner(engine, workers=settings.analyzer_workers)
    analyzer.start_recovery(provider)  # cases a stopped process left 'analyzing'
    icd10.load_in_background()  # two seconds once per process, not on the first case
    return Clinic(
        settings=settings,
        provider=provider,
        analyzer=analyzer,
        engine_label=engine_label(engine),
        # Running jobs finish in their threads; queued ones are recovered at the next start.
        closers=[lambda: analyzer.shutdown(wait=False), *closers],
    )
