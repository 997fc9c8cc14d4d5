""" "CBG", a capillary blood glucose at the bedside, is the glucose (#29, twenty-fourth round):
defined once in a case section ("capillary blood glucose (CBG) 373 mg/dL"), the later readings
were lost (MedRBench PMC11625412)."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def test_the_later_bedside_glucoses_are_read():
    text = (
        "Despite treatment with insulin and oral antidiabetic drugs, his blood sugar level "
        "remained uncontrolled (CBG 280 mg/dL). Initial CBG was low but improved to 109 mg/dL "
        "after administration of 25% dextrose."
    )
    assert [(v.analyte, v.value) for v in parse_lab_values(text)] == [
        ("Glucose", 280.0),
        ("Glucose", 109.0),
    ]


def test_home_monitoring_named_cbg_gives_no_value():
    # Guard, same report: a plan of monitoring holds no number.
    text = "He was advised for self-monitoring of CBG at home upon discharge."
    assert parse_lab_values(text) == []
