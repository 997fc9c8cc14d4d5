"""The pieces an export document is made of, which Markdown and PDF both render."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

BlockKind = Literal["title", "banner", "heading", "subheading", "text", "bullets", "facts"]


@dataclass(frozen=True)
class Block:
    """One piece of the document: a heading, a paragraph, bullets or label/value facts."""

    kind: BlockKind
    text: str = ""
    items: tuple[str, ...] = ()
    facts: tuple[tuple[str, str], ...] = field(default_factory=tuple)
