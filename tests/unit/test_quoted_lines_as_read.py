"""A value's quoted source line never carries the document's direction controls or control
characters (round fourteen): the line is shown on the case page, in the prompt's lab table
and in the exports, where a right-to-left override would show the text reordered."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def test_a_quoted_line_loses_direction_controls_and_keeps_its_value() -> None:
    [value] = parse_lab_values("Potassium 6.8 mmol/L \u202e(3.5-5.1) LOW\u202c checked\x1b")
    assert value.value == 6.8
    assert value.source_line == "Potassium 6.8 mmol/L (3.5-5.1) LOW checked"


def test_a_plain_line_is_quoted_as_printed() -> None:
    [value] = parse_lab_values("Sodium\t128 mmol/L (135-145)")
    assert value.source_line == "Sodium 128 mmol/L (135-145)"
