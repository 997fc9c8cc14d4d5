"""How the insights present themselves to a doctor, wherever they are shown or exported.

The wording lives beside the insights, not in one view of them, so the case page, the
chart export and anything later say exactly the same thing.
"""

from __future__ import annotations

ADVISORY = "AI-generated, advisory: requires physician review"


def confidence_percent(score: float) -> str:
    """A confidence score as a doctor reads it: 0.82 as "82%"."""
    return f"{score:.0%}"
