"""Every lab value read from the clinical set quotes a source line that holds its number
(issue #29: in a transcription, PT 83.3 and INR 6.52 cited a sentence with neither)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from benchmarks.clinical import analyse
from benchmarks.clinical_scoring import load_cases
from core.analysis.labs.format import is_dipstick
from core.analysis.labs.lines import holds_number
from core.insights import LabValue


@pytest.fixture(scope="module")
def every_value() -> list[tuple[str, LabValue]]:
    values: list[tuple[str, LabValue]] = []
    with ThreadPoolExecutor(2) as pool:
        for case in load_cases():
            values += [(case.case_id, v) for v in analyse(case, pool).lab_values]
    assert len(values) > 500
    return values


def test_every_quoted_line_holds_its_value(every_value: list[tuple[str, LabValue]]) -> None:
    wrong = [
        f"{case}: {v.analyte} {v.value} quoted as {v.source_line!r}"
        for case, v in every_value
        if not is_dipstick(v) and not holds_number(v.source_line or "", v.value, glued=True)
    ]
    assert not wrong, "\n".join(wrong)
