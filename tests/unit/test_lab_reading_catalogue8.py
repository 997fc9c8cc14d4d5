"""Tests the eighth round's recall audit found case reports naming that the catalogue could
not read (issue #29): carnitine, plasma catecholamines, complement 3 and 4 written out, the
aPTT misnamed "partial thrombin time". The sentences are Journal of Medical Case Reports case
sections (CC BY 4.0, BioMed Central) as felipeocampoos/CUPCase-curhumai-Adversary @ ccbb1078
stores them (gpt_and_med_lm_evaluation/datasets/CUPCASE_RTEST_eval.csv, 'clean text'; the
row id is given)."""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.unit) for v in read_lab_text(text).values]


def test_total_and_free_carnitine_are_read_beside_an_acylcarnitine_profile() -> None:
    # Row 1568.
    read = _read(
        "At baseline, her CK was 65 IU/L, acylcarnitine profile was normal, total carnitine"
        " was 69 µmol/L (RV, 36–56 µmol/L), free carnitine was 37 µmol/L (RV, 19–35 µmol/L)."
    )
    assert ("Total carnitine", 69.0, "µmol/L") in read
    assert ("Free carnitine", 37.0, "µmol/L") in read
    assert ("CK", 65.0, "IU/L") in read


def test_a_plasma_catecholamine_is_read_and_the_drug_never() -> None:
    # Row 2259: measured; rows 1276, 4831, 2564: the vasopressor given.
    assert ("Norepinephrine", 0.38, "ng/mL") in _read(
        "Plasma levels of noradrenaline (0.38 ng/mL) were normal."
    )
    for given in (
        "In the following hours, antibiotics, additional fluids, high-dose norepinephrine"
        " (80 μg/min), and hydrocortisone were administered.",
        "To prevent hypotension after tumor ligation, the patient was administered IV"
        " norepinephrine (10 mg/50 mL), which could be stopped at the end of the operation.",
        "A vasopressor was administered with intravenous norepinephrine at an infusion rate"
        " of 4μg/min for 2 days through the central venous line.",
    ):
        assert not [r for r in _read(given) if r[0] in ("Norepinephrine", "Epinephrine")], given


def test_complement_3_and_4_written_out_and_the_misnamed_aptt() -> None:
    # Row 2690; the aPTT's name as row 1822 misspells it ("activated partial thrombin time was
    # prolonged"), its value put after it.
    read = _read(
        "Laboratory investigation revealed raised lactate dehydrogenase (314U/L) and low"
        " levels of complement 3 (55.5mg/dL) and complement 4 (10mg/dL)."
    )
    assert ("Complement C3", 55.5, "mg/dL") in read
    assert ("Complement C4", 10.0, "mg/dL") in read
    assert ("aPTT", 57.7, "s") in _read(
        "Coagulation parameters showed activated partial thrombin time was 57.7 s."
    )


def test_the_international_unit_written_ui_is_the_iu() -> None:
    # A PMC-Patients note (MedCalc-Bench, CC BY-SA 4.0; dev case cr7-crit-lemierre-*): "UI"
    # is the unité internationale. Read as an unknown unit, the adult interval was not
    # applied and the raised transaminases went unflagged.
    values = read_lab_text(
        "creatinine 0.9 mg/dL, AST 150 UI/L, ALT 79 UI/L. The nasopharyngeal swab testing"
        " for SARS-CoV-2 was negative (RT-PCR)."
    ).values
    flags = {v.analyte: (v.value, v.flag) for v in values}
    assert flags["AST"] == (150.0, "high")
    assert flags["ALT"] == (79.0, "high")
