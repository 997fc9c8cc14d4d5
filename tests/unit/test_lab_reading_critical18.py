"""Round eighteen's audit of the critical values over the MedRBench pool (issue #29): a count
written with the cell's own name before the volume, or with its thousand written out, was
in no unit the critical list knows, so a critical count in it was never telephoned."""

from __future__ import annotations

from core.analysis.labs.critical import is_critical
from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _platelets(text: str) -> list[tuple[float, str | None, bool]]:
    return [
        (v.value, v.flag, v.critical) for v in parse_lab_values(text) if v.analyte == "Platelets"
    ]


def test_a_count_named_per_microlitre_is_a_count_per_microlitre() -> None:
    # MedRBench PMC11584938: "platelets/mcL" and "WBCs/mcL"; PMC11378097: "elements/mcL".
    text = (
        "Laboratory workup (Table 1) demonstrated a white blood cell (WBC) count of 18,700 "
        "WBCs/mcL with 83 % neutrophils, platelet count of 842,000 platelets/mcL, hemoglobin "
        "8.1 g/dL."
    )
    assert _platelets(text) == [(842000, "high", False)]
    text = (
        "Blood tests revealed platelet variation (from 98000 elements/mcL to 136000 elements/mcL)."
    )
    assert [flag for _, flag, _ in _platelets(text)] == ["low", "low"]


def test_a_critical_count_named_per_microlitre_is_critical() -> None:
    # The shape of PMC11584938 with a count under the limit of 37 x 10^9/L.
    text = "Laboratory workup demonstrated a platelet count of 24,000 platelets/mcL."
    assert _platelets(text) == [(24000, "low", True)]
    for unit in ("platelets/mcL", "elements/mcL", "platelets/µL", "plts/mm3"):
        count = LabValue(analyte="Platelets", value=24000, unit=unit)
        assert is_critical(count), unit
        assert not is_critical(count.model_copy(update={"value": 240000})), unit


def test_a_thousand_written_out_is_ten_to_the_third() -> None:
    # MedRBench PMC11460625: "platelet count (862 × 1000/mm3, normal range: 150-450 ×
    # 1000/mm3)"; a dev case writes "345 × 1000/μL".
    for unit in ("× 1000/mm3", "x1000/mcL", "× 1000/μL"):
        assert is_critical(LabValue(analyte="Platelets", value=25, unit=unit)), unit
        assert not is_critical(LabValue(analyte="Platelets", value=862, unit=unit)), unit
    assert is_critical(LabValue(analyte="Platelets", value=962, unit="× 1000/mm3"))
