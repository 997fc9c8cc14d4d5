"""Labs told in the prose of full case sections of published case reports (issue #29,
reader-caselabs7).

Each test quotes a sentence of a real Journal of Medical Case Reports case presentation (BioMed
Central, CC BY 4.0), as the CUPCase dataset stores it in
felipeocampoos/CUPCase-curhumai-Adversary @ ccbb10784c,
gpt_and_med_lm_evaluation/datasets/CUPCASE_RTEST_eval.csv (row id named in each test). Each
article is a dev case of tests/clinical/dev named in the test.
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text
from core.analysis.labs.respectively import spell_out_immunoglobulins


def _read(text: str) -> list[tuple[str, float, str | None, str | None]]:
    return [(v.analyte, v.value, v.unit, v.specimen) for v in read_lab_text(text).values]


# --- a 24-hour collection's amount told in words ---------------------------------------


def test_a_24_hour_urine_protein_in_grams_per_day_is_the_24_hour_protein() -> None:
    # Row 2057 (cr7-labs-gpa-myelitis-24h-urinary-protein-grams-per-day-csf-rbc-mm3): it was
    # a spot urine protein of 3.9 with no unit.
    text = (
        "His 24-hour urinary total protein was 3.9 grams per day, suggestive of nephrotic "
        "range proteinuria."
    )
    [value] = read_lab_text(text).values
    assert (value.analyte, value.value, value.specimen) == ("24-hour urine protein", 3.9, "urine")
    assert value.unit is not None and value.unit.replace(" ", "") == "g/24h"
    assert value.flag == "high"


def test_a_drugs_daily_dose_is_no_24_hour_amount() -> None:
    # Row 1770 (dev): "Steroid therapy with prednisone (60 mg per day) was started" names no
    # collection; the dose stays a dose.
    text = (
        "Steroid therapy with prednisone (60 mg per day) was started, but without adequate "
        "response."
    )
    assert read_lab_text(text).values == []


def test_a_24_hour_urinary_free_cortisol_per_day_is_a_urine_cortisol() -> None:
    # Row 1622 (cr6-labs-cushing-myeloma-respectively-cortisol-ufc-free-light-chains-ratio-colon):
    # the urine's amount per day fitted none of cortisol's blood units and was dropped.
    text = (
        "The provisional diagnosis was confirmed by a 24-hour urinary free cortisol (UFC) level "
        "of 529.4 μg/day, serum cortisol levels after 1 and 4 mg dexamethasone suppression of 26 "
        "and 25.7 mcg/dL, respectively, and a loss of physiologic diurnal variation."
    )
    values = _read(text)
    assert ("Cortisol", 529.4, "μg/day", "urine") in values
    assert ("Cortisol", 25.7, "mcg/dL", None) in values
    urine = next(v for v in read_lab_text(text).values if v.specimen == "urine")
    assert not urine.critical and not urine.doubtful


# --- immunoglobulin classes by their letters around one noun ----------------------------


def test_immunoglobulin_letters_sharing_one_noun_take_their_values_respectively() -> None:
    # Row 728 (cr6-labs-gamma-heavy-chain-g-per-l-counts-immunoglobulins-g-a-m-respectively):
    # the three values were not read.
    text = "G, A, and M immunoglobulins assays were 14.9, 2.4 and 1.96 g/l respectively"
    assert _read(text) == [
        ("IgG", 14.9, "g/l", None),
        ("IgA", 2.4, "g/l", None),
        ("IgM", 1.96, "g/l", None),
    ]


def test_immunoglobulin_letters_after_the_noun_are_spelt_out_too() -> None:
    # The noun and its letters become the three tests the catalogue names.
    spelt = spell_out_immunoglobulins("Serum immunoglobulins G, A and M were 12.0, 3.0 and 0.8 g/L")
    assert spelt == "Serum IgG, IgA and IgM were 12.0, 3.0 and 0.8 g/L"
    # A letter list without the noun is left alone ("grades A and B").
    assert spell_out_immunoglobulins("grades G, A and M were") == "grades G, A and M were"


# --- names and verbs of prose panels -------------------------------------------------------


def test_packed_cell_volume_is_the_haematocrit() -> None:
    # Row 2057: "packed cell volume 36%" was not read between the haemoglobin and the count.
    text = (
        "Blood investigations showed: hemoglobin 12.1 gm/dl, packed cell volume 36%, white blood "
        "cells 17190/mm3 (neutrophil 82%, lymphocytes 16%, eosinophils 1%), and platelets "
        "213,000/mm3."
    )
    values = _read(text)
    assert ("Hematocrit", 36, "%", None) in values
    assert ("Hemoglobin", 12.1, "gm/dl", None) in values


def test_a_count_that_improved_to_a_value_is_that_value() -> None:
    # Row 3276 (cr7-labs-arb-thrombocytopenia-...): the recovery's count was not read.
    text = (
        "The patient's platelet count recovered upon valsartan discontinuation and in four "
        "weeks, his platelet count improved to 214×10^9 cells/L (Figure 2)."
    )
    assert [(a, v) for a, v, _, _ in _read(text)] == [("Platelets", 214)]


def test_a_differential_told_as_percentages_of_named_cells_in_her_blood() -> None:
    # Row 5241 (cr7-labs-myelofibrosis-semicolon-her-level-was-lists-two-admissions-counts-mm3):
    # the neutrophils ("polymorphonuclear cells in her blood") and the bands ("stab cells")
    # were not read.
    text = (
        "her white blood cell count was 32.4 × 10^3/mm^3; the percentage of polymorphonuclear "
        "cells in her blood was 71%; the percentage of lymphocytes was 13%; the percentage of "
        "monocytes was 5%; the percentage of myelocytes was 1%; the percentage of stab cells was "
        "9%; and the percentage of metamyelocytes was 1%."
    )
    values = {(a, v) for a, v, _, _ in _read(text)}
    assert {("Neutrophils", 71), ("Lymphocytes", 13), ("Monocytes", 5), ("Bands", 9)} <= values
    assert ("Bands", 1) in {(a, v) for a, v, _, _ in _read("the percentage of band cells was 1%;")}


def test_short_names_of_a_japanese_panel_e2_and_cre() -> None:
    # Row 600 (dev case cr7-prec-ovarian-rupture-ivf-serial-hormones-husband-semen-analysis-
    # doses-iu-day-follicle-mm): "E2" (estradiol) and "Cre" (creatinine) were not read.
    text = (
        "hormone levels were further elevated (E2: 1550 pg/mL, LH: 1.6 mIU/m, FSH: 16.4 mU/mL, "
        "P4: 2.23 ng/mL)."
    )
    assert ("Estradiol", 1550, "pg/mL", None) in _read(text)
    text = (
        "(WBC: 9400/μL, Hb: 12.7 g/dL, Hct: 36.4%, TP: 6.3 g/dL, Alb: 3.9 g/dL, Cre: 0.48 mg/dL, "
        "APTT: 30.7 seconds, PT: 12.9 seconds, PT%: 93)."
    )
    assert ("Creatinine", 0.48, "mg/dL", None) in _read(text)
    # The receptor named in the same section is no estradiol value.
    assert _read("since her tumor was E2 receptor-positive.") == []


def test_a_myeloproliferative_platelet_peak_over_2000_is_a_count_and_critical() -> None:
    # Row 3580 (cr7-labs-cml-trauma-initial-wbc-pc-lipase-peaked-on-pod-counts-10-9): the
    # peak of 2293 × 10^9/L was kept as a doubtful read and never telephoned.
    text = (
        "Leukocytosis peaked at 69.6 × 10^9/L on POD-9 and thrombocytosis peaked at 2293 × "
        "10^9/L on POD-12."
    )
    values = {v.analyte: v for v in read_lab_text(text).values}
    assert values["Platelets"].value == 2293
    assert values["Platelets"].critical and not values["Platelets"].doubtful
    assert values["WBC"].critical
