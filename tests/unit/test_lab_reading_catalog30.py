"""Analytes and titres case reports print that the catalogue lacked or misnamed (#29,
catalog30: core.vocabulary.catalog_workup, catalog_common, catalog; core.analysis.labs.
light_chains and titres).

Each shape is quoted as printed in a case section of the MedRBench pool (PMC id) or a CUPCase
presentation (row id); each failed on main, where the test was unread or read under another
name. The guards quote look-alikes that must stay unread or keep their old reading.
"""

from __future__ import annotations

from core.analysis.labs.loinc import loinc_for, loinc_of
from core.analysis.labs.parse import parse_lab_values


def _read(text: str) -> list[tuple[str, float, str | None, str | None, str | None]]:
    return [(v.analyte, v.value, v.unit, v.specimen, v.flag) for v in parse_lab_values(text)]


def _names(text: str) -> set[str]:
    return {v.analyte for v in parse_lab_values(text)}


# --- vitamin D's short names -----------------------------------------------------------------


def test_25ohd_is_vitamin_d_in_a_respectively_list():
    # MedRBench PMC11549668: the number glued to "OHD" is the name's own, not a value
    read = _read("Serum 25OHD and iPTH were 116 nmol/l and 4.07pmol/l, respectively.")
    assert ("Vitamin D", 116.0, "nmol/l", None, None) in read
    assert ("PTH", 4.07, "pmol/l", None, None) in read
    read = _read("Serum iPTH and 25OHD were 4.42 pmol/l and 72.19 nmol/l, respectively.")
    assert [(name, value) for name, value, *_ in read] == [("PTH", 4.42), ("Vitamin D", 72.19)]


def test_25_hydroxyvitamin_d2d3_is_vitamin_d():
    # CUPCase row 3204
    read = parse_lab_values(
        "her plasmatic 25-hydroxyvitamin D2D3 was below 6ng/mL (normal range 30 to 50ng/mL)."
    )
    assert [(v.analyte, v.value, v.comparator, v.flag) for v in read] == [
        ("Vitamin D", 6.0, "<", "low")
    ]


def test_a_number_glued_to_an_abbreviation_that_names_no_test_stays_no_value():
    # guard: "17OHD" (17-hydroxylase deficiency) is no 17 of anything
    assert not _read("She was diagnosed with 17OHD in childhood.")


# --- C-peptide by its assay's name, and a day's urine -------------------------------------------


def test_c_peptide_reactivity_and_a_urinary_cpr():
    # CUPCase row 1240 (Japanese reports name C-peptide immunoreactivity "CPR")
    assert ("C-peptide", 0.04, "ng/mL", None, "low") in _read(
        "with random sample glucose of 427 mg/dL, C-peptide reactivity (CPR) of 0.04 ng/mL, "
        "arterial pH of 6.91"
    )
    assert ("C-peptide", 0.5, "μg/day", "urine", None) in _read(
        "the glycated hemoglobin (HbA1c) value was within the normal range (6.2%), and urinary "
        "CPR was extremely low at 0.5 μg/day."
    )


def test_a_24_hour_urine_c_peptide_is_the_urines():
    # CUPCase row 5083 (its unit printed as mg/day, a slip for micrograms: read as printed)
    read = parse_lab_values(
        "her post-meal C-peptide levels were undetectable (below 0.1 ng/ml) and 24-hour urine "
        "C-peptide levels were below 1.1 mg/day (normal range, 20.1 to 155 mg/day)."
    )
    assert [(v.analyte, v.value, v.specimen) for v in read] == [
        ("C-peptide", 0.1, None),
        ("C-peptide", 1.1, "urine"),
    ]
    # a day's urine holds no blood code
    assert loinc_for("C-peptide", "ug/24h", "urine") is None


def test_cpr_alone_is_resuscitation():
    # guard: a bare "CPR" is never C-peptide
    assert "C-peptide" not in _names("CPR was started for 20 minutes; glucose 100 mg/dL.")


# --- immunoglobulin light chains ---------------------------------------------------------------


def test_free_light_chains_told_head_first():
    # CUPCase row 887
    read = _read(
        "β2-microglobulin 3.0 mg/L, lactate dehydrogenase 301 U/L, free light chains kappa "
        "41.1 mg/L and lambda 10.9 mg/L, and free light chain ratio of 3.77."
    )
    assert ("Kappa free light chains", 41.1, "mg/L", None, "high") in read
    assert ("Lambda free light chains", 10.9, "mg/L", None, None) in read
    assert ("Kappa/lambda ratio", 3.77, None, None, "high") in read


def test_total_light_chains_beside_the_immunoglobulins():
    # CUPCase row 3524: total (bound and free) chains in mg/dL, not the free chains
    read = _read(
        "IgG 2030.00mg/dL (reference range: 700 to 1600mg/dL), Ig light-chain kappa "
        "432.00mg/dL (reference range: 170 to 370mg/dL), and Ig light-chain lambda 249.00mg/dL "
        "(reference range: 90 to 210mg/dL)."
    )
    assert ("Kappa light chains", 432.0, "mg/dL", None, "high") in read
    assert ("Lambda light chains", 249.0, "mg/dL", None, "high") in read
    kappa = loinc_for("Kappa light chains", "mg/dl", None)
    assert kappa is not None and kappa.code == "11050-2"


def test_a_free_chain_stays_free_and_a_stain_holds_no_value():
    # guards: CUPCase row 1622's free chains keep their names; a stain's or a clone's
    # "kappa" (row 1622's figure legend, MedRBench PMC11555245) is no value
    read = _read(
        "The serum free kappa light chain level was 3540 mg/L, while the serum free lambda "
        "light chain level was 6.7 mg/L."
    )
    assert [name for name, *_ in read] == ["Kappa free light chains", "Lambda free light chains"]
    assert not _read("Kappa-positive plasma cells (immunostained for kappa, × 10).")
    assert not _read("numerous CD138+ plasma cells with kappa light chain restriction.")


# --- a gas's standard bicarbonate ----------------------------------------------------------


def test_standard_bicarbonate_is_not_a_second_bicarbonate():
    # MedRBench PMC11628383: actual bicarbonate and total CO2 stay the bicarbonate
    read = _read(
        "oxygen saturation of 85.9%, actual bicarbonate of 12.2 mmol/L, standard bicarbonate "
        "of 15.4mmol/L, and total carbon dioxide of 12.9mmol/L."
    )
    assert ("Standard bicarbonate", 15.4, "mmol/L", None, "low") in read
    assert [value for name, value, *_ in read if name == "Bicarbonate"] == [12.2, 12.9]
    # CUPCase row 758
    read = _read(
        "His arterial blood gas demonstrated a pH of 7.22 (acidotic), PO2 13.8 KPa, PCO2 4.82 "
        "KPa, standard HCO3 15.1 mmol/L, and base excess –12.3 mmol/L"
    )
    assert ("Standard bicarbonate", 15.1) in [(name, value) for name, value, *_ in read]
    assert "Bicarbonate" not in [name for name, *_ in read]


def test_standard_bicarbonate_takes_the_plasma_or_the_arterial_code():
    plasma = loinc_for("Standard bicarbonate", "mmol/l", None)
    assert plasma is not None and plasma.code == "69964-5"
    (value,) = parse_lab_values("Arterial blood gas: standard bicarbonate 15.4 mmol/L.")
    arterial = loinc_of(value)
    assert value.analyte == "Standard bicarbonate"
    assert arterial is not None and arterial.code == "19230-2"


# --- RPR titres ------------------------------------------------------------------------------


def test_rpr_titres_by_the_titre_convention():
    # MedRBench PMC11392505 (a 63-character gap), PMC11625107; CUPCase row 1169 ("reactive")
    assert _read(
        "The syphilis rapid plasma reagin (RPR) test was ordered and came back positive with a "
        "titer value of 1:128."
    ) == [("RPR", 128.0, "titer", None, "high")]
    assert _read(
        "At her six-month follow-up, the patient had an RPR titer value of 1:16 and did not "
        "report any recurrence of symptoms."
    ) == [("RPR", 16.0, "titer", None, None)]
    assert _read(
        "serological testing revealed a positive nontreponemal test (RPR) with a titer of 1:128."
    ) == [("RPR", 128.0, "titer", None, "high")]
    assert _read("Rapid plasma reagin (RPR) was reactive with a titer of 1:512.") == [
        ("RPR", 512.0, "titer", None, "high")
    ]
    # a nonreactive RPR is not called positive
    assert _read("RPR was nonreactive at 1:1.") == [("RPR", 1.0, "titer", None, None)]
    code = loinc_for("RPR", "titer", None)
    assert code is not None and code.code == "31147-2"


def test_rpr_guards():
    # a treponemal test's words hold no titre; a VDRL is no catalogue titre; an RPR told in
    # words, or a bare number after its name, holds no value
    assert not _read("A Microhemagglutination Assay for Treponema pallidum (MHA-TP) was positive.")
    assert not _read("The CSF VDRL was reactive at 1:4.")
    assert not _read("The RPR was reactive.")
    assert not _read("RPR 16.")
