"""Seconds per scanned page read by OCR: the clinical set's scanned cases (kind scanned_pdf).

Each case's files are extracted as the offline engine extracts them
(``extract_lab_document``, no vision model: every page without a text layer is rendered
and read by OCR), in this process, after one untimed page that loads the OCR models (what
each reading child pays once, at its first page; printed first). Per case: the
pages read, the wall and processor seconds, and the lines OCR found. Prints no document
text. The last line is exactly ``seconds_per_page=S cpu_seconds_per_page=C pages=N``.
"""

from __future__ import annotations

import argparse
import time

from benchmarks.clinical_scoring import Case, load_cases
from core.analysis.reading.extraction import extract_lab_document


def _read(case: Case) -> tuple[int, int, float, float]:
    """Pages read by OCR, lines found, wall and processor seconds for one case's files."""
    pages = lines = 0
    wall = cpu = 0.0
    for number, name in enumerate(case.files):
        content = (case.folder / name).read_bytes()
        started, started_cpu = time.perf_counter(), time.process_time()
        document = extract_lab_document(f"file-{number}", f"Lab file {number + 1}", name, content)
        wall += time.perf_counter() - started
        cpu += time.process_time() - started_cpu
        pages += len({line.page for line in document.ocr_lines})
        lines += len(document.ocr_lines)
    return pages, lines, wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1, help="read every case this many times")
    rounds = parser.parse_args().rounds
    cases = [case for case in load_cases() if case.kind == "scanned_pdf"]
    if not cases:
        raise SystemExit("no scanned_pdf case in tests/clinical/dev")

    started, started_cpu = time.perf_counter(), time.process_time()
    _read(cases[0])  # imports and loads the models: once per reading child in the analyzer
    print(
        f"first page: {time.perf_counter() - started:.2f} s"
        f" ({time.process_time() - started_cpu:.2f} s processor), imports and models included"
    )

    pages = 0
    wall = cpu = 0.0
    for _ in range(rounds):
        for case in cases:
            read, lines, seconds, processor = _read(case)
            print(
                f"{case.case_id}: {read} page(s), {lines} lines, {seconds:.2f} s"
                f" ({processor:.2f} s processor)"
            )
            pages += read
            wall += seconds
            cpu += processor
    if not pages:
        raise SystemExit("OCR read no page")
    print(
        f"seconds_per_page={wall / pages:.2f} cpu_seconds_per_page={cpu / pages:.2f} pages={pages}"
    )


if __name__ == "__main__":
    main()
