"""How well identifiers are kept out of what a model sees, and clinical text kept in.

Runs the scrubbing used before every model call (``CaseScrubber``) over the
de-identification set in tests/deid/deid_set.json and prints, per kind of identifier,
recall: the share of identifier strings no longer in the output. A string counts as
removed only when none of its words or numbers (two characters or more) survives beyond
what the rest of the text already held, so "555 [IDENTIFIER]" is a miss. It also prints
clinical_kept, the share of clinical lines left exactly as they were, and the time to
scrub a 50-page lab report.

The scrubber is not told any patient's name, so the name figures are what the labelled-
name patterns find on their own; except for the texts and lines that carry a
``patient_name`` (a name typed with accents, printed without; a patient called "Li Na"
beside "Na 128 mmol/L"), which are scrubbed by a scrubber told that name. The last line is exactly
``deid_recall_min=R clinical_kept=K``; the exit status is 1 when any kind's recall or
clinical_kept is under 0.98.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from core.privacy.redaction import CaseScrubber

DEID_SET = Path(__file__).resolve().parents[1] / "tests" / "deid" / "deid_set.json"
TARGET = 0.98
_TOKEN = re.compile(r"\w{2,}")


@dataclass
class Scores:
    """Per kind: identifiers found and removed; clinical lines seen and kept; the misses."""

    found: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    removed: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    clinical_lines: int = 0
    clinical_unchanged: int = 0
    misses: list[str] = field(default_factory=list)

    def recall(self) -> dict[str, float]:
        return {kind: self.removed[kind] / self.found[kind] for kind in sorted(self.found)}

    def overall(self) -> float:
        return sum(self.removed.values()) / sum(self.found.values())

    def clinical_kept(self) -> float:
        return self.clinical_unchanged / self.clinical_lines


def _words(text: str) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for word in _TOKEN.findall(text.lower()):
        counts[word] += 1
    return counts


def leaked(identifier: str, text: str, scrubbed: str) -> bool:
    """Whether any word of ``identifier`` is in ``scrubbed`` more often than in the rest
    of ``text`` (the text with the identifier taken out)."""
    rest = _words(text.replace(identifier, " "))
    after = _words(scrubbed)
    return any(after[word] > rest[word] for word in _words(identifier))


def evaluate(deid_set: dict, scrub: CaseScrubber | None = None) -> Scores:
    """Score ``scrub`` (by default one that knows no patient name) on ``deid_set``."""
    scrub = scrub or CaseScrubber("", {})
    scores = Scores()
    for item in deid_set["positives"]:
        scrubbed = _scrubber(item, scrub)(item["text"])
        for identifier in item["remove"]:
            kind = identifier["kind"]
            scores.found[kind] += 1
            if leaked(identifier["text"], item["text"], scrubbed):
                scores.misses.append(f"{kind}: {item['text']!r} -> {scrubbed!r}")
            else:
                scores.removed[kind] += 1
    for entry in deid_set["negatives"]:
        line = entry if isinstance(entry, str) else entry["text"]
        scores.clinical_lines += 1
        scrubbed = _scrubber(entry, scrub)(line)
        if scrubbed == line:
            scores.clinical_unchanged += 1
        else:
            scores.misses.append(f"clinical: {line!r} -> {scrubbed!r}")
    return scores


def _scrubber(entry: str | dict, scrub: CaseScrubber) -> CaseScrubber:
    """The scrubber told the entry's patient name, if it carries one."""
    if isinstance(entry, dict) and entry.get("patient_name"):
        return CaseScrubber(entry["patient_name"], {})
    return scrub


def lab_report(pages: int = 50) -> str:
    """The text of a long lab report: a header, forty results and a signature per page."""
    header = [
        "St Elsewhere Hospital Laboratory   Tel 020 7946 0958",
        "Patient: DOE, JANE   MRN: 00482913   DOB: 03/14/1961   NHS No: 943 476 5919",
        "Address: 1420 Maple Avenue, Apt 3B, Springfield, IL 62704",
        "Collected: 2026-01-05 08:14   Reported: 2026-01-05 11:45",
    ]
    results = [
        f"{name} {value} {unit} ({low}-{high})"
        for name, value, unit, low, high in (
            ("Hemoglobin", 9.8, "g/dL", 12.0, 16.0),
            ("WBC", 14.2, "x10^9/L", 4.0, 11.0),
            ("Platelets", 250, "x10^9/L", 150, 400),
            ("Sodium", 140, "mmol/L", 135, 145),
            ("Potassium", 4.1, "mmol/L", 3.5, 5.1),
            ("Glucose", 182, "mg/dL", 70, 99),
            ("Creatinine", 0.9, "mg/dL", 0.6, 1.2),
            ("ALT", 45, "U/L", 7, 56),
        )
    ]
    footer = ["Electronically signed by Dr Alan Grant on 2026-01-05 14:22", f"Page {{}} of {pages}"]
    lines: list[str] = []
    for page in range(1, pages + 1):
        lines += header + results * 5 + [footer[0], footer[1].format(page)]
    return "\n".join(lines)


def time_scrubbing(text: str, runs: int) -> float:
    """Median seconds to scrub ``text`` (after one warm-up run that loads the recognisers)."""
    scrub = CaseScrubber("Jane Doe", {})
    scrub(text)
    timings = []
    for _ in range(runs):
        began = time.perf_counter()
        scrub(text)
        timings.append(time.perf_counter() - began)
    return statistics.median(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--show-misses", action="store_true")
    options = parser.parse_args()

    deid_set = json.loads(DEID_SET.read_text(encoding="utf-8"))
    scores = evaluate(deid_set)
    print(f"de-identification set: {len(deid_set['positives'])} texts, ", end="")
    print(f"{sum(scores.found.values())} identifiers, {scores.clinical_lines} clinical lines")
    for kind, recall in scores.recall().items():
        print(f"  {kind:<12} recall {recall:.3f}  ({scores.removed[kind]}/{scores.found[kind]})")
    print(f"  {'overall':<12} recall {scores.overall():.3f}")
    print(f"  clinical_kept {scores.clinical_kept():.3f}")
    if options.show_misses:
        for miss in scores.misses:
            print(f"  miss {miss}")

    report = lab_report()
    seconds = time_scrubbing(report, options.runs)
    print(
        f"scrubbing a 50-page lab report ({len(report):,} characters): "
        f"{seconds * 1000:.0f} ms, median of {options.runs}"
    )
    lowest = min(scores.recall().values())
    met = lowest >= TARGET and scores.clinical_kept() >= TARGET
    print(
        f"target: every kind's recall and clinical_kept >= {TARGET}: {'met' if met else 'MISSED'}"
    )
    print(f"deid_recall_min={lowest:.3f} clinical_kept={scores.clinical_kept():.3f}")
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
