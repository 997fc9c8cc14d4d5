"""What may hide in typed text: invisible characters and text-direction controls.

A name that looks the same on screen must be the same string: otherwise two patients
"Ada Lovelace" (one with a zero-width space) are different cases to a search, and a
right-to-left override makes "invoice\u202efdp.exe" display as "invoiceexe.pdf".
"""

from __future__ import annotations

import re
import unicodedata

# Invisible joiners and spaces: they change a string without changing how it looks.
ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")
# Embeddings, overrides and isolates: they reorder how the text around them is shown.
BIDI_CONTROLS = frozenset(
    [chr(code) for code in range(0x202A, 0x202F)] + [chr(code) for code in range(0x2066, 0x206A)]
)
# The implicit direction marks (Arabic letter mark, left-to-right and right-to-left marks):
# invisible, they too move the neutral characters beside them.
DIRECTION_MARKS = frozenset("\u061c\u200e\u200f")


# Control characters typed text never needs: all but tab and line ends. A terminal's
# escape hides what follows it in an exported file; no FHIR string may hold one.
_TEXT_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def has_direction_controls(text: str) -> bool:
    """Whether ``text`` holds an embedding, override or isolate (``BIDI_CONTROLS``)."""
    return any(ch in BIDI_CONTROLS for ch in text)


def has_control_characters(text: str) -> bool:
    """Whether ``text`` holds a control character other than tab, line feed, return."""
    return _TEXT_CONTROLS.search(text) is not None


def normalised(text: str) -> str:
    """NFKC (compatibility forms such as full-width letters become the usual ones), with
    zero-width characters removed."""
    folded = unicodedata.normalize("NFKC", text)
    return "".join(ch for ch in folded if ch not in ZERO_WIDTH)


def hidden_characters(text: str) -> str | None:
    """What kind of hidden character ``text`` holds, in words; None when it holds none."""
    for ch in text:
        if ch in BIDI_CONTROLS:
            return "text-direction control characters"
        category = unicodedata.category(ch)
        if category in ("Cc", "Cs"):
            return "control characters"
        if category == "Cf":
            return "invisible formatting characters"
    return None


def without_hidden_characters(text: str) -> str:
    """``text`` with control, format (zero-width, direction) characters removed."""
    return "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf", "Cs"))


def shown_as_read(text: str) -> str:
    """``text`` without direction controls and control characters (tab and line ends kept):
    what a model wrote reaches the doctor, and a signed note, in the order it is stored."""
    return _TEXT_CONTROLS.sub("", "".join(ch for ch in text if ch not in BIDI_CONTROLS))
