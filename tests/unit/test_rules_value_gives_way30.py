"""reader-dxdev30 (issue #29): dev case reports whose primary is read but ranked below another.

Guards of what a critical value's disorder must keep (both rules tried this round were
reverted, docs/clinical-rounds.md reader-dxdev30): a disease a test's result names does not
take the critical value's place (a first run read dev's digoxin toxicity, potassium 9.3
mmol/L, as the atrial fibrillation the ECG showed), and nothing found leaves the value first.

Lines are quoted from the pools: the CUPCase texts (felipeocampoos/CUPCase-curhumai-Adversary
@ ccbb10784c, "clean text", row id given) and MedRBench's case sections (wumingxin238/MedRBench
@ 827ee187d7, raw_case, PMC id given).
"""

from __future__ import annotations

from core.analysis.rules.diagnosis import diagnose
from core.insights import LabValue
from tests.unit.notes_reading import note_facts

_SODIUM_102 = LabValue(
    analyte="Sodium",
    value=102,
    unit="mmol/L",
    reference_low=135,
    reference_high=145,
    flag="low",
    critical=True,
)


def _ranked_codes(values: list[LabValue], text: str) -> list[str]:
    return [r.code for r in diagnose(values, 40, note_facts(text)).ranked]


def test_guard_the_critical_value_leads_where_the_test_found_nothing() -> None:
    text = (
        "His serum sodium was 102 mmol/l. "
        "Magnetic resonance imaging of his brain demonstrated no abnormality."
    )
    assert _ranked_codes([_SODIUM_102], text)[0] == "E87.1"


def test_guard_a_disease_a_test_found_does_not_take_the_critical_value_s_place() -> None:
    # CUPCase row 3749 (dev cr4-crit-digoxin-*): digoxin toxicity, a potassium of 9.3 mmol/L;
    # the ECG's atrial fibrillation is no disease that explains the value.
    potassium = LabValue(
        analyte="Potassium",
        value=9.3,
        unit="mmol/L",
        reference_low=3.5,
        reference_high=5.1,
        flag="high",
        critical=True,
    )
    text = "Her potassium was 9.3 mmol/L. An electrocardiogram showed atrial fibrillation."
    assert _ranked_codes([potassium], text)[0] == "E87.5"
