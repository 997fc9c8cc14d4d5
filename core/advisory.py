"""How the insights present themselves to a doctor, wherever they are shown or exported.

The wording lives beside the insights, not in one view of them, so the case page, the
chart export and anything later say exactly the same thing.
"""

from __future__ import annotations

ADVISORY = "AI-generated, advisory: requires physician review"
RULES_ADVISORY = (
    "Draft written by the offline rules engine, not by a language model: "
    "advisory, requires physician review"
)


def advisory_for(engine: str) -> str:
    """The banner over a draft, naming honestly what wrote it: the rules engine's output
    is not called AI-generated text from a language model."""
    return RULES_ADVISORY if engine == "rules" else ADVISORY


def confidence_percent(score: float) -> str:
    """A confidence score as a doctor reads it: 0.82 as "82%"."""
    return f"{score:.0%}"
