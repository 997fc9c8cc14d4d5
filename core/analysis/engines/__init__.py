"""Choose the insight engine from the settings: the language model when a key is set.

The engines themselves: the protocol they share, the language-model engine with its
prompts and answer schemas; the offline rules engine lives in ``core.analysis.rules``.
"""

from __future__ import annotations

from core.analysis.engines.protocol import InsightEngine
from core.config import Settings


def build_engine(settings: Settings) -> InsightEngine:
    """The OpenAI engine with OPENAI_API_KEY, else the offline rules engine."""
    if settings.uses_model:
        from core.analysis.engines.language_model import OpenAIEngine

        return OpenAIEngine.from_settings(settings)
    from core.analysis.rules.engine import RulesEngine

    return RulesEngine()


def engine_label(engine: InsightEngine) -> str:
    """How the sidebar names the engine that writes the insights."""
    if engine.name == "openai":
        return f"Language model ({engine.model})"
    return "Offline rules engine (no language model)"
