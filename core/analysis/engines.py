"""Choose the insight engine from the settings: the language model when a key is set."""

from __future__ import annotations

from core.analysis.engine import InsightEngine
from core.config import Settings


def build_engine(settings: Settings) -> InsightEngine:
    """The OpenAI engine with OPENAI_API_KEY, else the offline rules engine."""
    if settings.uses_model:
        from core.analysis.openai_engine import OpenAIEngine

        return OpenAIEngine.from_settings(settings)
    from core.analysis.rules_engine import RulesEngine

    return RulesEngine()


def engine_label(engine: InsightEngine) -> str:
    """How the sidebar names the engine that writes the insights."""
    if engine.name == "openai":
        return f"Language model ({engine.model})"
    return "Offline rules engine (no language model)"
