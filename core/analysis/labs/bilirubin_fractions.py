"""A bilirubin's fractions told after its name by the fraction's word alone.

"A liver function test showed bilirubin total 6.2 mg/dL and direct 2.7 mg/dL" (J Med Case
Rep, CUPCase row 3687), "mild direct bilirubinemia (total: 4 mg/dl; direct: 2.5 mg/dl)"
(CUPCase row 5735): once the bilirubin is named, "direct", "indirect", "conjugated",
"unconjugated" and "total" before a number name its fraction; unread, the direct bilirubin
(and, in the bracket, both fractions) were lost. Only in the clause the bilirubin opens: up
to the end of its sentence or of its bracket, and never past another test's name, so "direct
Coombs test" or a "total" of another test is not taken for it.
"""

from __future__ import annotations

import re

from core.analysis.labs.patterns import ANALYTE_NAME

# The bilirubin named, or its disorder ("bilirubinemia", "hyperbilirubinemia").
_BILIRUBIN = re.compile(r"(?i)\b(?:hyper)?bilirubin(?:a?emia)?\b")
# The fraction's word right before its number, a colon or "of" between them.
_FRACTION = re.compile(
    r"(?i)\b(?P<word>total|direct|indirect|conjugated|unconjugated)\b"
    r"(?!\s+bilirubin)(?P<gap>\s*(?::|=|of)?\s*)(?=[<>]?\s*\d)"
)


def _named_fractions(clause: str) -> str:
    out, pos = [], 0
    for fraction in _FRACTION.finditer(clause):
        if not clause[: fraction.start()].strip():
            continue  # "bilirubin total 6.2": the name as written, read already
        if ANALYTE_NAME.search(clause[pos : fraction.start()]):
            break  # another test named: its "total" is its own
        out.append(clause[pos : fraction.start()])
        out.append(f"{fraction.group('word')} bilirubin ")
        pos = fraction.end()
    out.append(clause[pos:])
    return "".join(out)


def name_bilirubin_fractions(line: str) -> str:
    """``line`` with each bare fraction word after a bilirubin's name written as its test."""
    if not _BILIRUBIN.search(line):
        return line
    out, pos = [], 0
    for named in _BILIRUBIN.finditer(line):
        if named.start() < pos:
            continue
        end = _clause_end(line, named.end())
        out.append(line[pos : named.end()])
        out.append(_named_fractions(line[named.end() : end]))
        pos = end
    out.append(line[pos:])
    return "".join(out)


def _clause_end(line: str, start: int) -> int:
    """Where the clause after a bilirubin's name ends: the sentence's full stop, or the close
    of a bracket opened before the name."""
    depth = 0
    for i in range(start, len(line)):
        c = line[i]
        if c == "(":
            depth += 1
        elif c == ")":
            if depth == 0:
                return i
            depth -= 1
        elif c == "." and (i + 1 == len(line) or line[i + 1].isspace()) and depth == 0:
            return i
    return len(line)
