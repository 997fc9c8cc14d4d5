"""A count whose unit names the cells, its power of ten flattened by the source (#29,
twenty-fourth round): "25.3 × 103 cells/µL" is 25.3 × 10^3 per microlitre. The unit was
lost, and each count read as a bare number was shown as a doubtful read."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def test_a_white_cell_count_in_flattened_thousands_of_cells_per_microlitre():
    # MedRBench PMC11528664, three counts of one case section.
    text = (
        "Laboratory investigations were notable for a white blood cell (WBC) count of 25.3 × "
        "103 cells/µL (reference range, 3.5–10.5 × 103 cells/µL), aspartate aminotransferase "
        "(AST) of 40 U/L. At that time, his WBC count was normal (9.8 × 103 cells/µL)."
    )
    values = [v for v in parse_lab_values(text) if v.analyte == "WBC"]
    assert [(v.value, v.flag, v.doubtful) for v in values] == [
        (25.3, "high", False),
        (9.8, None, False),
    ]
    assert all(v.unit and "103" in v.unit for v in values)


def test_a_power_written_with_its_caret_reads_as_before():
    # dev's cr7-labs-arb-thrombocytopenia: "a platelet count of 37×10^9 cells/L".
    (platelets,) = parse_lab_values(
        "Laboratory measurement revealed a platelet count of 37×10^9 cells/L."
    )
    assert (platelets.analyte, platelets.value, platelets.unit) == ("Platelets", 37.0, "×10^9/L")
