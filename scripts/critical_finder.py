"""Which numbers past a critical limit stand in case reports, and how the reader took them.

usage:
  python scripts/critical_finder.py <dir of .txt files> <reading.jsonl> [--all-numbers]

A rough finder for the critical-value audits of issue #29 (reader-crit26, -crit28, -crit29):
every name or alias the catalogue gives a test on the critical list (and a bare "pH"), then
the first number of its clause within 50 characters (``--all-numbers``: every number within
60), judged with the project's own ``is_critical`` in the unit written after it (a bare number
must be critical in every unit system it fits, as the reader judges one). Each hit is classed
against the reading of its report, one JSON line per report as ``/work/pool/tools/snap.py``
writes it (analyte, specimen, value, unit, critical, doubtful, source_line):

- ``marked``: the reading holds the value and marks it critical;
- ``specimen:<name>``: read as another fluid's (a CSF glucose, a urine sodium);
- ``doubtful``: read as a doubtful number (a unit no body holds), never telephoned;
- ``not current``: read as the blood's but not marked, a later result of the test told;
- ``other number``: the reading holds another number of that line for the test (the finder
  took a range's end, an index's or a neighbour's number);
- ``unread``: no value of the test with that number.

The finder knows no time, no person and no sentence's sense: every ``not current`` and
``unread`` row is to be read in its report. It prints one tab-separated row a hit that is not
``marked`` (report, class, test, number, unit, the words around it), then the counts.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.analysis.labs.critical import CRITICAL_LIMITS, is_critical
from core.insights import LabValue
from core.vocabulary.catalog import BY_NAME

_NUMBER = re.compile(
    r"(?<![\w.])(?P<bound>[<>≤≥]\s*)?(?P<number>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*"
    r"(?P<unit>[A-Za-zµμ%/^\d×x.*]{0,14}(?:/[A-Za-zµμ]+)?)"
)
_CLAUSE_END = re.compile(r"(?<!\d)\.(?!\d)|;|\n")


def _names() -> list[tuple[re.Pattern[str], str]]:
    """(pattern, test) for every name of a test on the list, the longest first; a short name
    in capitals ("K", "Na", "Hb") is matched in its own case only."""
    names = {("pH", "Blood pH")}
    for test in CRITICAL_LIMITS:
        analyte = BY_NAME.get(test)
        names |= {(alias, test) for alias in (analyte.aliases if analyte else ())} | {(test, test)}
    patterns = []
    for alias, test in sorted(names, key=lambda pair: -len(pair[0])):
        exact = len(alias) <= 4 and any(c.isupper() for c in alias)
        pattern = r"(?<![A-Za-z0-9])" + re.escape(alias) + r"(?![A-Za-z0-9])"
        patterns.append((re.compile(pattern, 0 if exact else re.IGNORECASE), test))
    return patterns


def hits(text: str, all_numbers: bool = False) -> Iterator[dict[str, object]]:
    """The numbers past a critical limit after a critical test's name in ``text``."""
    taken: list[tuple[int, int]] = []
    for pattern, test in _names():
        for name in pattern.finditer(text):
            if any(start <= name.start() < end for start, end in taken):
                continue  # a longer name holds this one ("ionized calcium" over "calcium")
            taken.append((name.start(), name.end()))
            window = text[name.end() : name.end() + 80]
            end = _CLAUSE_END.search(window)
            clause = window[: end.start()] if end else window
            for number in _NUMBER.finditer(clause):
                if number.start() > (60 if all_numbers else 50):
                    break
                value = float(number.group("number").replace(",", ""))
                unit = number.group("unit").strip().rstrip(".,)") or None
                bound = (number.group("bound") or "").strip() or None
                try:
                    past = is_critical(
                        LabValue(analyte=test, value=value, unit=unit, comparator=bound)
                    )
                except ValueError:
                    past = False
                if past:
                    around = text[max(0, name.start() - 60) : name.end() + number.end() + 20]
                    yield {"test": test, "value": value, "unit": unit, "around": around}
                if not all_numbers:
                    break


def verdict(hit: dict[str, object], values: list[dict[str, object]]) -> str:
    """How the reading took the hit (see the module's docstring)."""
    test, number = hit["test"], hit["value"]
    same = [v for v in values if v["analyte"] == test and v["value"] == number]
    if any(v["critical"] for v in same):
        return "marked"
    if same:
        if same[0]["specimen"]:
            return f"specimen:{same[0]['specimen']}"
        return "doubtful" if same[0]["doubtful"] else "not current"
    written = f"{number:g}"
    if any(v["analyte"] == test and written in str(v["source_line"] or "") for v in values):
        return "other number"
    return "unread"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", type=Path, help="a folder of .txt case reports")
    parser.add_argument("reading", type=Path, help="snap.py's JSON lines for those reports")
    parser.add_argument("--all-numbers", action="store_true", help="every number of the clause")
    args = parser.parse_args()
    readings = {}
    for line in args.reading.read_text().splitlines():
        row = json.loads(line)
        readings[row["id"]] = row["values"]
    counts: Counter[str] = Counter()
    for path in sorted(args.reports.glob("*.txt")):
        if path.stem not in readings:
            continue
        for hit in hits(path.read_text(errors="replace"), args.all_numbers):
            kind = verdict(hit, readings[path.stem])
            counts[kind] += 1
            if kind != "marked":
                around = " ".join(str(hit["around"]).split())
                print(path.stem, kind, hit["test"], hit["value"], hit["unit"], around, sep="\t")
    print(dict(counts.most_common()), file=sys.stderr)


if __name__ == "__main__":
    main()
