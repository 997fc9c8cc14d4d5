"""How safely the offline analysis reads real documents: the clinical evaluation set.

Each case of tests/clinical/dev and tests/clinical/test (real public documents: lab report
PDFs, scanned reports, transcription notes, case reports; see tests/clinical/README.md) goes
through the real analysis
(``analyze_case``: extraction of every file, the lab parser, the offline rules engine),
held in memory, no database. The result is scored against the case's truth by
benchmarks.clinical_scoring and one line per case is printed: values missed and extra,
the primary code given and the families accepted, critical values not marked.

Only case ids, analytes and numbers are printed: never a name from a document.
The last two lines are exactly
``split=dev lab_recall=R lab_precision=P plausible_dx=X critical_recall=C false_critical=N``
and the same for ``split=test``. The exit status is 1 when ``dev`` misses its targets or
``test`` falls under the floor measured when the split was made (it can only improve); the
issue's targets for ``test`` are printed beside it.
"""

from __future__ import annotations

import argparse
import json
import mimetypes
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from benchmarks import clinical_readings
from benchmarks.clinical_scoring import (
    CLINICAL_DIR,
    SPLITS,
    Case,
    CaseScore,
    Figures,
    TruthValue,
    figures,
    flag_agreement,
    load_cases,
    load_split,
    score_case,
    withheld_dx,
)
from core.analysis.pipeline import analyze_case
from core.analysis.rules.engine import RulesEngine
from core.insights import Insights, LabelledImageAnalysis, LabValue
from core.models import Case as CaseRecord
from core.models import CaseFile, FileCategory, utc_now

# The dev split's targets (issue #12): the rules were written from these documents.
# Dev's truth marks issue #12's narrower critical list, so false criticals are counted there
# but are no dev target (None).
TARGETS = Figures(
    lab_recall=0.95, lab_precision=0.98, plausible_dx=0.90, critical_recall=1.0, false_critical=None
)
# What dev may not fall under (2026-11-27, thirteenth round of issue #29). Dev has grown from
# 40 to 540 cases, harder ones each round; with issue #12's targets as floors, a branch
# chose the cases it added by whether the reader did well on them. Each earlier dev case is
# now held to its own recorded reading (benchmarks.clinical_readings: no case reads worse),
# so the totals may fall only by honest new cases: recall and plausible diagnoses keep a
# margin under the targets; precision and critical recall do not. Fifteenth round: 15 new
# cases, chosen before the reader ran on them, hold 9 honest misses of the diagnosis, and the
# 562 earlier cases still read at 0.883 plausible: the plausible floor went from 0.88 to 0.86.
# Sixteenth round: 14 new cases (a new pool), chosen the same way, hold 6 honest misses of the
# diagnosis, and the 577 earlier cases read as recorded or better: the floor went to 0.85.
# Nineteenth round: 4 new cases, chosen the same way, are 4 honest misses of the diagnosis
# (0.851 to 0.843), and the 597 earlier cases read as recorded or better: the floor went to
# 0.84. Twentieth round: 11 new cases, chosen the same way, hold 8 honest misses of the
# diagnosis (0.843 to 0.830), and the 601 earlier cases read as recorded: the floor went to
# 0.82. Twenty-first round: of 4 new cases, one (reader-crit21's
# cr21-crit-kawasaki-cardiac-arrest-troponin-156-then-maximum-1559-ng-l) holds a critical value
# the reader misses: a troponin's later maximum told in brackets after "the maximum", without
# the test's name, so the earlier 156 ng/L is read as current. Dev critical recall is 0.996
# (224 of 225): the floor went to 0.99, and the case's recorded reading keeps it from worsening.
# Twenty-second round: reader-serial22 reads that maximum (a series' extreme told in brackets),
# dev critical recall is 1.0 again and so is the floor; 6 new cases, chosen the same way, hold
# 3 honest misses of the diagnosis (0.823 to 0.819), and the 616 earlier cases read as recorded
# or better: the plausible floor went to 0.81.
DEV_FLOORS = Figures(
    lab_recall=0.94,
    lab_precision=0.98,
    plausible_dx=0.81,
    critical_recall=1.0,
    false_critical=None,
)
# The held-out split's targets (issue #29), not met yet: printed beside the test line.
TEST_TARGETS = Figures(
    lab_recall=0.93, lab_precision=0.98, plausible_dx=0.88, critical_recall=1.0, false_critical=0
)
# What the engine measures on the test split (59 cases, 434 values, 29 critical) after the
# engine work of issue #29 (2026-11-25), rounded down: the figures may rise, never fall under
# these, and false criticals never rise over the 4 measured. When the split was made the
# engine read recall 0.615, precision 0.914, plausible 0.610, critical recall 0.483 and 1
# false critical: recall and critical recall rose, precision fell 0.005 and 3 false
# criticals came with the wider reading (blood gases, toxicology, SI limits). Raised to
# Measured 2026-11-26 after dev grew to 100 cases (prose case reports, radiology impressions,
# pictures and forms): recall 0.770, precision 0.930, plausible 0.763; each floor is set a
# little under (0.01; 0.005 for precision) so that OCR timing on a loaded machine does not
# fail the suite, while a lost class of documents does. Raised again after dev grew to 127
# cases (2026-11-26, branches reader-prose and reader-dx of the second round): recall 0.797,
# precision 0.933, plausible 0.763, critical recall 0.793, 2 false criticals. Raised after
# the fourth round (dev 288 cases): recall 0.839, precision 0.938, plausible 0.780. Raised
# after the fifth round (dev 339 cases): recall 0.841, precision 0.936, plausible 0.797.
# Raised after the eighth round (dev 472 cases): recall 0.866, precision 0.945, plausible
# 0.831, critical recall 0.867 (26 of 30), 1 false critical. Raised after the tenth round
# (dev 517 cases): recall 0.869, precision 0.947, plausible 0.847 (50 of 59). Precision
# raised after the twelfth round (dev 537 cases): recall 0.871, precision 0.952. Plausible
# raised after the fourteenth round (dev 562 cases): 0.864 (51 of 59). Raised after the
# seventeenth round (dev 593 cases): recall 0.882, precision 0.955. Recall raised after the
# twentieth round (dev 612 cases): 0.887.
# Set anew in the twenty-first round, when the split grew from 59 to 85 cases (26 published
# case reports drawn at random from the held-out source, 738 more values, 14 more critical):
# the 85 read recall 0.649, precision 0.922, plausible 0.729, critical recall 0.818 (36 of 44)
# and 10 false criticals; the first 59 still read 0.887 / 0.955 / 0.864 / 0.867 / 1 and the 26
# new ones 0.509 / 0.890 / 0.423 / 0.714 / 9. The floors sit a little under the 85's figures.
# Raised after the twenty-second round (dev 622 cases; flattened lab tables, serial courses):
# recall 0.703, precision 0.933, plausible 0.729, critical recall 0.841, 7 false criticals.
# False criticals lowered after the twenty-fourth round (dev 622 cases; a g/L haemoglobin
# under a slipped unit, results dated before the visit): 6 (the random 26: 6 to 5).
# Set anew in the twenty-seventh round, when the split grew from 85 to 100 cases (15 lab
# documents drawn at random from 11 more repositories, 163 values, none critical): the 100
# read recall 0.784, precision 0.957, plausible 0.760, critical recall 0.841 (37 of 44), 6
# false criticals; the first 85 read 0.759 / 0.958 / 0.729 / 0.841 / 6 (tables laid out by
# specimen, by date, in panels and on their side: the random 26 0.595 -> 0.683 recall).
TEST_FLOORS = Figures(
    lab_recall=0.77,
    lab_precision=0.945,
    plausible_dx=0.75,
    critical_recall=0.84,
    false_critical=6,
)
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
        f" critical {score.critical_found}/{score.critical_total},"
        f" {len(score.false_critical)} false"
    ]
    if score.missed:
        lines.append("    missed: " + "; ".join(_value(v) for v in score.missed))
    if score.extras:
        lines.append("    extra:  " + "; ".join(_value(v) for v in score.extras))
    if score.critical_missed:
        lines.append(
            "    critical not marked: " + "; ".join(_value(v) for v in score.critical_missed)
        )
    if score.false_critical:
        lines.append(
            "    critical raised, not critical in the truth: "
            + "; ".join(_value(v) for v in score.false_critical)
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


def meets_targets(result: Figures, targets: Figures = TARGETS) -> bool:
    """Whether every figure is at or past its target (false criticals at or under it)."""
    return (
        result.lab_recall >= targets.lab_recall
        and result.lab_precision >= targets.lab_precision
        and result.plausible_dx >= targets.plausible_dx
        and result.critical_recall >= targets.critical_recall
        and (
            targets.false_critical is None or (result.false_critical or 0) <= targets.false_critical
        )
    )


def _described(cases: list[Case]) -> str:
    kinds: dict[str, int] = {}
    for case in cases:
        kinds[case.kind] = kinds.get(case.kind, 0) + 1
    return ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items()))


def by_kind(cases: list[Case], scores: list[CaseScore]) -> dict[str, Figures]:
    """The figures of each kind of document (case_report, lab_pdf, ...): aggregates only,
    so that a held-out split shows where it falls short without a case being read."""
    kinds: dict[str, list[CaseScore]] = {}
    for case, score in zip(cases, scores, strict=True):
        kinds.setdefault(case.kind, []).append(score)
    return {kind: figures(part) for kind, part in sorted(kinds.items())}


DRAWS_FILE = "draws.json"  # in a split's folder: the draws it grew by, in order


def draws_of(folder: Path) -> list[tuple[str, frozenset[str]]]:
    """The draws a split grew by, in the order they were added: (name, case ids)."""
    path = folder / DRAWS_FILE
    if not path.exists():
        return []
    listed = json.loads(path.read_text(encoding="utf-8"))["draws"]
    return [(draw["name"], frozenset(draw["cases"])) for draw in listed]


def by_draw(cases: list[Case], draws: list[tuple[str, frozenset[str]]]) -> dict[str, list[Case]]:
    """The split as it stood before each draw ("first59", "first85", ...; the whole split is
    the run's own line), then each draw alone: a figure quoted in an earlier round stays
    comparable."""
    groups: dict[str, list[Case]] = {}
    for count in range(len(draws)):
        later = {case_id for _, ids in draws[count:] for case_id in ids}
        stage = [case for case in cases if case.case_id not in later]
        groups[f"first{len(stage)}"] = stage
    for name, ids in draws:
        groups[name] = [case for case in cases if case.case_id in ids]
    return groups


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=SPLITS, nargs="*", help="splits to run (default: both)")
    parser.add_argument("--cases", type=Path, help="a folder of case folders instead of a split")
    parser.add_argument("--only", nargs="*", help="case ids to run (default: all)")
    parser.add_argument("--quiet", action="store_true", help="print the figures only")
    parser.add_argument(
        "--by-kind", action="store_true", help="also print each kind of document's figures"
    )
    parser.add_argument(
        "--by-draw",
        action="store_true",
        help="also print the figures of each draw the split grew by (its draws.json)",
    )
    parser.add_argument(
        "--record-readings",
        action="store_true",
        help="write each dev case's reading to tests/clinical/dev_readings.json (dev only)",
    )
    args = parser.parse_args(argv)
    status_worse = 0
    if args.record_readings and (args.cases or args.only or args.split != ["dev"]):
        parser.error("--record-readings records the whole dev split: use it with --split dev")
    if args.cases is not None:
        runs = {args.cases.name: load_cases(args.cases)}
    else:
        runs = {split: load_split(split) for split in (args.split or SPLITS)}
    results: dict[str, Figures] = {}
    for split, cases in runs.items():
        if args.only:
            cases = [case for case in cases if case.case_id in set(args.only)]
        if not args.quiet:
            print(f"== {split}: {len(cases)} cases ({_described(cases)})")
        scores, results[split] = run(cases, quiet=args.quiet)
        if split == "dev" and args.cases is None:
            worse, better = clinical_readings.compared(scores)
            for case_id, found in sorted(worse.items()):
                print(f"split=dev: reads worse than recorded: {case_id}: {'; '.join(found)}")
            for case_id in sorted(better):
                print(f"split=dev: reads better than recorded: {case_id}")
            if worse and not args.record_readings:
                status_worse = 1
        if args.record_readings:
            clinical_readings.record(scores)
            print(f"recorded {len(scores)} dev cases' readings in {clinical_readings.RECORD}")
        withheld, plausible = withheld_dx(scores)
        if withheld:
            print(
                f"split={split}: {withheld} cases whose source took the diagnosis out are not in"
                f" plausible_dx (the engine's code is plausible on {plausible} of them)"
            )
        agreeing, found = flag_agreement(scores)
        print(
            f"split={split}: the flag (high, low or none) agrees with the truth's on {agreeing}"
            f" of {found} values found ({agreeing / found if found else 1.0:.3f})"
        )
        if args.by_kind:
            for kind, result in by_kind(cases, scores).items():
                count = sum(case.kind == kind for case in cases)
                print(f"kind={kind} cases={count} {result.line(split)}")
        if args.by_draw and args.cases is None:
            scored = dict(zip((case.case_id for case in cases), scores, strict=True))
            for name, group in by_draw(cases, draws_of(CLINICAL_DIR / split)).items():
                part = [scored[case.case_id] for case in group]
                print(f"draw={name} cases={len(group)} {figures(part).line(split)}")
                if args.by_kind:
                    for kind, result in by_kind(group, part).items():
                        count = sum(case.kind == kind for case in group)
                        print(f"draw={name} kind={kind} cases={count} {result.line(split)}")
    status = status_worse
    for split, result in results.items():
        # the held-out split against issue #29's targets; dev (or a folder) against #12's
        issue, targets, floors = (
            ("#29", TEST_TARGETS, TEST_FLOORS) if split == "test" else ("#12", TARGETS, DEV_FLOORS)
        )
        held = meets_targets(result, floors)
        print(
            f"{split} targets (issue {issue}): {targets.line()}: "
            + ("met" if meets_targets(result, targets) else "NOT met")
            + f"; floor {floors.line()}: "
            + ("held" if held else "FELL UNDER")
        )
        status |= 0 if held else 1
    for split, result in results.items():
        print(result.line(split))
    return status


if __name__ == "__main__":
    sys.exit(main())
