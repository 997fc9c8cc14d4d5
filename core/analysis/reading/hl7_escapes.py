"""HL7 v2 escape sequences (chapter 2, "Use of escape sequences in text fields") decoded
with the message's own delimiters, as MSH-1 and MSH-2 declare them.

``\\F\\ \\S\\ \\T\\ \\R\\ \\E\\`` stand for the field, component, subcomponent, repetition and
escape characters; ``\\Xhh..\\`` for bytes (UTF-8, else ISO 8859-1, as the file itself is read);
``\\.br\\`` (and ``\\.sp\\``, ``\\.ce\\``) for a new line; ``\\H\\`` and ``\\N\\`` start and end
highlighting, which plain text does not show. Locally defined (``\\Z..\\``) and character
set switches (``\\C..\\``, ``\\M..\\``) carry no text here and are dropped, as are sequences
the standard does not define. Nothing is logged: these are a patient's fields.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SPACE = re.compile(r"\.sp([+-]?\d*)")
_SKIP = re.compile(r"\.sk([+-]?\d*)")
_HEX = re.compile(r"X((?:[0-9A-Fa-f]{2})+)")
_MAX_REPEAT = 20  # a "\.sp999999\" adds a few lines, not a megabyte


@dataclass(frozen=True)
class Delimiters:
    """The five characters MSH-1 and MSH-2 declare (``|`` and ``^~\\&`` usually)."""

    field: str = "|"
    component: str = "^"
    repetition: str = "~"
    escape: str = "\\"
    subcomponent: str = "&"

    @classmethod
    def of(cls, msh: str) -> Delimiters:
        """The delimiters of an MSH segment whose first eight characters were checked."""
        return cls(msh[3], msh[4], msh[5], msh[6], msh[7])


def unescape(text: str, delimiters: Delimiters) -> str:
    """``text`` (one field, component or whole segment) with its escape sequences decoded."""
    escape = delimiters.escape
    if escape not in text:
        return text
    sequence = re.compile(f"{re.escape(escape)}([^{re.escape(escape)}\r\n]*){re.escape(escape)}")
    return sequence.sub(lambda match: _meaning(match.group(1), delimiters), text)


def _meaning(sequence: str, delimiters: Delimiters) -> str:
    named = {
        "F": delimiters.field,
        "S": delimiters.component,
        "T": delimiters.subcomponent,
        "R": delimiters.repetition,
        "E": delimiters.escape,
        "H": "",
        "N": "",
        ".br": "\n",
        ".ce": "\n",
    }
    if sequence in named:
        return named[sequence]
    if match := _HEX.fullmatch(sequence):
        return _hex_text(bytes.fromhex(match.group(1)))
    if match := _SPACE.fullmatch(sequence):
        return "\n" * _count(match.group(1))
    if match := _SKIP.fullmatch(sequence):
        return " " * _count(match.group(1))
    return ""  # layout commands, \Z..\, \C..\, \M..\ and undefined sequences


def _count(written: str) -> int:
    digits = written.lstrip("+-")
    return min(max(int(digits) if digits else 1, 1), _MAX_REPEAT)


def _hex_text(raw: bytes) -> str:
    """Hex data as the file itself is read: UTF-8 when the bytes are UTF-8, else ISO
    8859-1 (HL7's single-byte default); control characters other than tab and line dropped."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    return "".join(c for c in text if c >= " " or c in "\t\n")
