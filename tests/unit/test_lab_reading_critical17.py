"""Round seventeen's critical values (issue #29): the limits a hospital laboratory telephones
that the list lacked (phosphorus, aPTT, fibrinogen, the absolute neutrophil count, an
infant's bilirubin), each with a shape of the MedRBench pool of 957 case reports or of dev."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _marks(text: str, name: str, age: int | None = None) -> list[tuple[float, bool]]:
    return [(v.value, v.critical) for v in parse_lab_values(text, age=age) if v.analyte == name]


def test_a_fibrinogen_under_one_gram_per_litre_is_critical() -> None:
    # MedRBench PMC11622249: a DIC's fibrinogen of 0.63 g/L (ARUP: < 100 mg/dL).
    text = (
        "Coagulation tests showed activated partial thromboplastin time (APTT) of 56.4 s, "
        "fibrinogen (Fib) of 0.63 g/L, and platelet (PLT) count 29 × 109/L, indicating DIC."
    )
    assert _marks(text, "Fibrinogen") == [(0.63, True)]
    assert _marks(text, "aPTT") == [(56.4, False)]
    # MedRBench PMC11483140: low but above the limit.
    text = "Coagulation function was within normal range, except fibrinogen (1.68 g/L)."
    assert _marks(text, "Fibrinogen") == [(1.68, False)]


def test_an_aptt_beyond_85_seconds_is_critical() -> None:
    # MedRBench PMC11631590: a factor deficiency's "prolonged APTT of 95.7 s"; dev
    # cr8-prec-acquired-haemophilia-...: an inhibitor's aPTT of 119 s.
    text = (
        "Coagulation studies revealed deficiencies in factors II (9.6%), VII (8.7%), IX (1.4%), "
        "and X (1.2%), alongside a prolonged APTT of 95.7 s, while factors V, VIII, and XI "
        "were found normal."
    )
    assert _marks(text, "aPTT") == [(95.7, True)]


def test_an_absolute_neutrophil_count_under_500_is_critical_a_fraction_never() -> None:
    # MedRBench PMC11537990: "pancytopenia (neutrophils 430/mm3, platelets 13,000/mm3, ...)".
    text = (
        "The patient was found to have pancytopenia (neutrophils 430/mm3, platelets "
        "13,000/mm3, and hemoglobin 8.1 g/dL)."
    )
    assert _marks(text, "Neutrophils") == [(430, True)]
    # A bare number may be a fraction of the white cells: never telephoned as a count.
    text = "White cells 2.1 × 10^9/L with neutrophils 0.4 and lymphocytes 0.5."
    assert _marks(text, "Neutrophils") == [(0.4, False)]
    # MedRBench PMC11593246: a neutrophilia in the same unit.
    text = "A white blood cell count of 19,590/mm3 with neutrophils of 14,950/mm3."
    assert _marks(text, "Neutrophils") == [(14950, False)]


def test_an_undetectable_phosphorus_is_critical() -> None:
    # dev web-multiple-electrolyte-emergencies-ionised-calcium-in-mg-dl (Cadacio et al.,
    # Case Rep Nephrol 2017:4521319, CC BY): "hypophosphatemia ("undetectable," <1.0 mg/dL)"
    # is below ARUP's limit of 1.0 mg/dL whatever the true number.
    text = (
        "She presented with severe hyponatremia (serum sodium concentration 107 mEq/L), "
        'hypophosphatemia ("undetectable," <1.0 mg/dL), and hypokalemia (2.2 mEq/L).'
    )
    assert _marks(text, "Phosphate") == [(1.0, True)]
    assert _marks("Serum phosphorus was 2.3 mg/dL.", "Phosphate") == [(2.3, False)]


def test_an_infants_bilirubin_over_15_mg_dl_is_critical_an_adults_not() -> None:
    # MedRBench PMC11534593: a newborn "at 9 h and 18 min of age" with total bilirubin 271
    # umol/L (15.8 mg/dL) and an exchange transfusion.
    text = (
        "Laboratory results showed total bilirubin 271 μmol/L, and indirect bilirubin 256.9 μmol/L."
    )
    assert _marks(text, "Total bilirubin", age=0) == [(271, True)]
    # MedRBench PMC11424902: an adult's cholestasis, not on an adult list.
    text = "Total Bilirubin of 23.2 mg/dL (Reference 0-1.0)."
    assert _marks(text, "Total bilirubin", age=38) == [(23.2, False)]
