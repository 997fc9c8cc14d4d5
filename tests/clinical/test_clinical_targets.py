"""The offline analysis meets the issue's targets on the clinical set (tests/clinical/cases).

Runs every case through the real extraction, lab parser and rules engine
(benchmarks.clinical), the same run as ``python -m benchmarks.clinical``.
"""

from __future__ import annotations

import pytest

from benchmarks.clinical import TARGETS, run
from benchmarks.clinical_scoring import Figures, load_cases


@pytest.fixture(scope="module")
def result() -> Figures:
    cases = load_cases()
    assert len(cases) >= 40, "the set needs at least 40 cases"
    _, figures = run(cases, quiet=True)
    return figures


def test_lab_values_are_read_with_high_recall(result: Figures) -> None:
    assert result.lab_recall >= TARGETS.lab_recall, result.line()


def test_lab_values_read_are_nearly_all_real(result: Figures) -> None:
    assert result.lab_precision >= TARGETS.lab_precision, result.line()


def test_primary_diagnoses_are_plausible(result: Figures) -> None:
    assert result.plausible_dx >= TARGETS.plausible_dx, result.line()


def test_every_critical_value_is_marked(result: Figures) -> None:
    assert result.critical_recall == TARGETS.critical_recall, result.line()
