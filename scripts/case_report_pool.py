"""The pool of case reports that rules for issue #29 are written from, rebuilt from its source.

usage:
  python scripts/case_report_pool.py cut <MedRBench git dir> <pool dir>
  python scripts/case_report_pool.py read <pool dir> <out.jsonl> [--only PMC1,PMC2]

The pool is MedRBench's 957 open-access case reports (github.com/wumingxin238/MedRBench at
commit 827ee187d7e03a2dd6f735f9f8d676d0ee49ad1e,
``src/Evaluation/acc_results_qwen_judge_paper_957/gemini2-ft/<PMC id>.json``, field
``raw_case``: each article's full text). ``cut`` writes each article's case section, from its
case heading ("Case presentation", "Case report", ...) up to the next discussion, conclusion or
consent heading, the way the case reports of ``tests/clinical`` are cut, as ``<PMC id>.txt``;
beside it ``titles.json`` (each article's title: a proxy for its final diagnosis, never read
by the reader) and ``in_dev.json`` / ``in_test.json`` (the pool's articles already in a split,
found by PMC id in the cases' provenance, without reading any case's text). An article with
no case heading is left out. The whole articles stay in the MedRBench snapshot.

``read`` runs the offline analysis (``benchmarks.clinical.analyse``: the same reader as the
evaluation) over each case section and writes one JSON line a report: its values (analyte,
specimen, value, unit, flag, critical, doubtful, source line) and the primary diagnosis with
its differential. Comparing two such files before and after a rule is how a rule's effect on
the pool is counted. The pool is for writing rules; it is never a figure: the held-out split
is (tests/clinical/README.md).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

COMMIT = "827ee187d7e03a2dd6f735f9f8d676d0ee49ad1e"
FOLDER = "src/Evaluation/acc_results_qwen_judge_paper_957/gemini2-ft/"
CLINICAL = Path(__file__).resolve().parents[1] / "tests" / "clinical"

_CASE_HEADING = re.compile(
    r"(?i)^(?:clinical\s+)?cases?(?:\s+(?:presentations?|reports?|descriptions?|summary"
    r"|history|illustrations?|demonstrations?|details))?$|^presentation\s+of\s+(?:the\s+)?case$"
)
_END_HEADING = re.compile(
    r"(?i)^(?:clinical\s+)?discussions?\b|^conclusions?\b"
    r"|^(?:patient\s+|informed\s+|written\s+informed\s+)?consent\b|^ethics\b"
    r"|^declaration\s+of\s+patient\s+consent|^patient\s+perspective"
)
_HEADING_LENGTH = 60  # a line longer than this is a paragraph, not a heading
_SHORTEST_SECTION = 200  # characters: a heading with a line under it is no case section


def title_of(article: str) -> str:
    """The article's first non-blank line: its title."""
    return next((line.strip() for line in article.splitlines() if line.strip()), "")


def case_section(article: str) -> str | None:
    """The article's case section, its heading first; None when it has none."""
    lines = article.split("\n")
    start = next((i for i, line in enumerate(lines) if _CASE_HEADING.match(line.strip())), None)
    if start is None:
        return None
    end = next(
        (
            i
            for i in range(start + 1, len(lines))
            if len(lines[i].strip()) < _HEADING_LENGTH and _END_HEADING.match(lines[i].strip())
        ),
        len(lines),
    )
    section = "\n".join(lines[start:end]).strip()
    return section if len(section) >= _SHORTEST_SECTION else None


def _split_ids(split: str) -> set[str]:
    """The PMC ids named in the provenance (case.json) of a split's cases."""
    ids: set[str] = set()
    for case_json in (CLINICAL / split).glob("*/case.json"):
        ids |= set(re.findall(r"PMC\d{6,8}", case_json.read_text(encoding="utf-8")))
    return ids


def cut(git_dir: Path, pool: Path) -> int:
    """Write each article's case section, the titles and the split ids; how many were cut."""

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "--git-dir", str(git_dir), *args], capture_output=True, text=True, check=True
        ).stdout

    pool.mkdir(parents=True, exist_ok=True)
    titles: dict[str, str] = {}
    for path in git("ls-tree", "-r", "--name-only", COMMIT, FOLDER).split():
        article = json.loads(git("show", f"{COMMIT}:{path}")).get("raw_case") or ""
        section = case_section(article)
        if section is None:
            continue
        pmc = Path(path).stem
        (pool / f"{pmc}.txt").write_text(section + "\n", encoding="utf-8")
        titles[pmc] = title_of(article)
    (pool / "titles.json").write_text(json.dumps(titles, indent=0), encoding="utf-8")
    for split in ("dev", "test"):
        ids = sorted(_split_ids(split) & set(titles))
        (pool / f"in_{split}.json").write_text(json.dumps(ids), encoding="utf-8")
    return len(titles)


def read(pool: Path, out: Path, only: set[str] | None = None) -> int:
    """Run the offline reader over the pool's case sections; how many were read."""
    from benchmarks.clinical import analyse
    from benchmarks.clinical_scoring import Case

    names = sorted(p.stem for p in pool.glob("PMC*.txt") if not only or p.stem in only)
    with ThreadPoolExecutor(2) as workers, out.open("w", encoding="utf-8") as lines:
        for name in names:
            with tempfile.TemporaryDirectory() as folder:
                Path(folder, "note.txt").write_text((pool / f"{name}.txt").read_text())
                case = Case(
                    name, Path(folder), "case_report", ("note.txt",), None, None, "", (), (), False
                )
                insights = analyse(case, workers)
            diagnosis = insights.primary_diagnosis
            fields = ("analyte", "specimen", "value", "unit", "flag", "critical", "doubtful")
            row = {
                "id": name,
                "primary": [diagnosis.primary_diagnosis, diagnosis.icd_code],
                "differential": [[d.diagnosis, d.icd_code] for d in diagnosis.differential],
                "values": [
                    {**{k: getattr(v, k) for k in fields}, "source_line": v.source_line}
                    for v in insights.lab_values
                ],
            }
            lines.write(json.dumps(row) + "\n")
    return len(names)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    cutting = commands.add_parser("cut", help="cut the case sections out of the snapshot")
    cutting.add_argument("git_dir", type=Path)
    cutting.add_argument("pool", type=Path)
    reading = commands.add_parser("read", help="run the offline reader over the pool")
    reading.add_argument("pool", type=Path)
    reading.add_argument("out", type=Path)
    reading.add_argument("--only", default="", help="comma-separated PMC ids")
    args = parser.parse_args(argv)
    if args.command == "cut":
        print(f"{cut(args.git_dir, args.pool)} case sections written to {args.pool}")
    else:
        only = set(filter(None, args.only.split(","))) or None
        print(f"{read(args.pool, args.out, only)} reports read into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
