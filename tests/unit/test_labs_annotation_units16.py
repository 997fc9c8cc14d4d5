"""A unit that is a UCUM annotation alone ("{COI}", a cut-off index) is unity (issue #29).

pint's UCUM parser leaves such a code a bare token without a dimension, and the unit check
raised: one 2024 case report of the round-sixteen pool (PMC11471678, through MedRBench) was
not read at all, its diagnosis with it.
"""

from __future__ import annotations

from core.analysis.labs.dimensions import dimension_of
from core.analysis.labs.parse import parse_lab_values


def test_a_cut_off_index_is_a_number_without_dimension() -> None:
    assert dimension_of("coi") == "dimensionless"


def test_a_galactomannan_index_in_coi_is_read() -> None:
    # PMC11471678's words.
    text = (
        "The serum level of a β-D glucan level and galactomannan index were 435.8 pg/mL and "
        "0.4 C.O.I., respectively."
    )
    read = {(v.analyte, v.value, v.unit) for v in parse_lab_values(text, "n", age=51)}
    assert ("Galactomannan", 0.4, "COI") in read
