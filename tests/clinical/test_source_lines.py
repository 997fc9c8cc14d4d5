"""Every lab value read from the clinical set quotes a source line that holds its number
(issue #29: in a transcription, PT 83.3 and INR 6.52 cited a sentence with neither)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from benchmarks.clinical import analyse
from benchmarks.clinical_scoring import CLINICAL_DIR, load_cases
from core.analysis.labs.format import is_dipstick
from core.analysis.labs.lines import holds_number
from core.insights import LabValue
from core.vocabulary.analytes import BLOOD_COUNT
from core.vocabulary.catalog import BY_NAME


def _a_count(value: LabValue) -> bool:
    analyte = BY_NAME.get(value.analyte)
    return analyte is not None and analyte.panel == BLOOD_COUNT


@pytest.fixture(scope="module")
def every_value() -> list[tuple[str, LabValue]]:
    values: list[tuple[str, LabValue]] = []
    with ThreadPoolExecutor(2) as pool:
        # Every case of both splits: scoring the held-out split reads none of its text into
        # a rule; it only checks that what is quoted holds what is shown.
        for case in load_cases(CLINICAL_DIR / "dev") + load_cases(CLINICAL_DIR / "test"):
            values += [(case.case_id, v) for v in analyse(case, pool).lab_values]
    assert len(values) > 500
    return values


def test_every_quoted_line_holds_its_value(every_value: list[tuple[str, LabValue]]) -> None:
    wrong = [
        f"{case}: {v.analyte} {v.value} quoted as {v.source_line!r}"
        for case, v in every_value
        if not is_dipstick(v)
        and not holds_number(v.source_line or "", v.value, glued=True)
        # a count per microlitre shown in 10^9/L: "116,000/mm3" holds platelets 116
        and not (_a_count(v) and holds_number(v.source_line or "", v.value * 1000))
    ]
    # Only dev's lines are shown: the held-out split's documents are never printed.
    dev_ids = {case.case_id for case in load_cases(CLINICAL_DIR / "dev")}
    shown = [line for line in wrong if line.split(":", 1)[0] in dev_ids]
    assert not wrong, f"{len(wrong)} quoted lines, {len(wrong) - len(shown)} of them on test\n" + (
        "\n".join(shown)
    )
