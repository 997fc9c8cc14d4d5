"""How safely the offline analysis reads real documents: the clinical evaluation set.

Each case of tests/clinical/cases (real public documents: lab report PDFs, scanned reports,
transcription notes; see tests/clinical/README.md) goes through the real analysis
(``analyze_case``: extraction of every file, the lab parser, the offline rules engine),
held in memory, no database. The result is scored against the case's truth by
benchmarks.clinical_scoring and one line per case is printed: values missed and extra,
the primary code given and the families accepted, critical values not marked.

Only case ids, analytes and numbers are printed: never a name from a document.
The last line is exactly
``lab_recall=R lab_precision=P plausible_dx=X critical_recall=C``; the exit status is 1
when a figure is under its target.
"""

from __future__ import annotations

import argparse
import mimetypes
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from benchmarks.clinical_scoring import (
    CASES_DIR,
    Case,
    CaseScore,
    Figures,
    TruthValue,
    figures,
    load_cases,
    score_case,
)
from core.analysis.pipeline import analyze_case
from core.analysis.rules.engine import RulesEngine
from core.insights import Insights, LabelledImageAnalysis, LabValue
from core.models import Case as CaseRecord
from core.models import CaseFile, FileCategory, utc_now

TARGETS = Figures(lab_recall=0.95, lab_precision=0.98, plausible_dx=0.90, critical_recall=1.0)
# A name that no document holds, so the scrubber's name redaction changes nothing.
_PATIENT_NAME = "Qzxv Wkjy"
# Neutral stand-ins when a document gives no age or sex; the truth records them as unknown.
_DEFAULT_AGE = 50
_DEFAULT_SEX = "unknown"


def analyse(case: Case, pool: ThreadPoolExecutor) -> Insights:
    """The real offline analysis of one case, its documents read from the case folder."""
    now = utc_now()
    record = CaseRecord(
        case.case_id,
        "benchmark",
        _PATIENT_NAME,
        case.age if case.age is not None else _DEFAULT_AGE,
        case.sex or _DEFAULT_SEX,
        case.notes or None,
        "analyzing",
        now,
        now,
    )
    files = []
    for number, name in enumerate(case.files):
        path = case.folder / name
        mime = mimetypes.guess_type(name)[0] or "application/octet-stream"
        files.append(
            CaseFile(
                f"file-{number}",
                case.case_id,
                "benchmark",
                name,
                mime,
                path.stat().st_size,
                str(path),
                FileCategory.LAB.value,
                now,
            )
        )

    def read_file(file: CaseFile) -> bytes:
        return Path(file.file_url).read_bytes()

    def save(file: CaseFile, text: str | None, reading: LabelledImageAnalysis | None) -> None:
        """Nothing is stored: the benchmark keeps only the insights."""

    return analyze_case(record, files, read_file, RulesEngine(), lambda _: None, save, pool)


def _value(value: LabValue | TruthValue) -> str:
    comparator = value.comparator or ""
    unit = f" {value.unit}" if value.unit else ""
    specimen = f" [{value.specimen}]" if value.specimen else ""
    return f"{value.analyte} {comparator}{value.value:g}{unit}{specimen}"


def report(score: CaseScore) -> list[str]:
    """The lines printed for one case: ids, analytes and numbers only."""
    dx = "plausible" if score.plausible else "NOT plausible"
    accepted = "not determinable" if score.not_determinable else ""
    families = ", ".join(score.accepted_dx)
    accepted = " or ".join(part for part in (accepted, families) if part)
    lines = [
        f"{score.case_id}: {len(score.matched)}/{score.truth_count} values found,"
        f" {len(score.extras)} extra of {score.reported_count} reported;"
        f" dx {score.icd_code or '(none)'} vs {accepted} -> {dx};"
        f" critical {score.critical_found}/{score.critical_total}"
    ]
    if score.missed:
        lines.append("    missed: " + "; ".join(_value(v) for v in score.missed))
    if score.extras:
        lines.append("    extra:  " + "; ".join(_value(v) for v in score.extras))
    if score.critical_missed:
        lines.append(
            "    critical not marked: " + "; ".join(_value(v) for v in score.critical_missed)
        )
    return lines


def run(cases: list[Case], quiet: bool = False) -> tuple[list[CaseScore], Figures]:
    """Analyse and score every case; per-case lines unless ``quiet``."""
    scores: list[CaseScore] = []
    with ThreadPoolExecutor(4) as pool:
        for case in cases:
            insights = analyse(case, pool)
            score = score_case(case, insights.lab_values, insights.primary_diagnosis.icd_code)
            scores.append(score)
            if not quiet:
                print("\n".join(report(score)))
    return scores, figures(scores)


def meets_targets(result: Figures) -> bool:
    return (
        result.lab_recall >= TARGETS.lab_recall
        and result.lab_precision >= TARGETS.lab_precision
        and result.plausible_dx >= TARGETS.plausible_dx
        and result.critical_recall >= TARGETS.critical_recall
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=Path, default=CASES_DIR, help="folder of case folders")
    parser.add_argument("--only", nargs="*", help="case ids to run (default: all)")
    parser.add_argument("--quiet", action="store_true", help="print the figures only")
    args = parser.parse_args(argv)
    cases = load_cases(args.cases)
    if args.only:
        cases = [case for case in cases if case.case_id in set(args.only)]
    _, result = run(cases, quiet=args.quiet)
    kinds: dict[str, int] = {}
    for case in cases:
        kinds[case.kind] = kinds.get(case.kind, 0) + 1
    described = ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items()))
    print(f"{len(cases)} cases ({described}); targets: {TARGETS.line()}")
    print("All targets met." if meets_targets(result) else "Some targets were NOT met.")
    print(result.line())
    return 0 if meets_targets(result) else 1


if __name__ == "__main__":
    sys.exit(main())
