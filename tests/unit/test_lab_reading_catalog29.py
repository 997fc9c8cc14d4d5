"""Work-up tests case reports print with a number that the catalogue had no entry for (#29,
catalog29: core.vocabulary.catalog_workup).

Each shape is quoted as printed in a case section of the MedRBench pool (PMC id) or a CUPCase
presentation (row id); each failed on main, where no catalogue name read the test. The guards
quote shapes that must stay unread or keep their old reading.
"""

from __future__ import annotations

from core.analysis.labs.loinc import loinc_for
from core.analysis.labs.parse import parse_lab_values


def _read(text: str) -> list[tuple[str, float, str | None, str | None]]:
    return [(v.analyte, v.value, v.unit, v.specimen) for v in parse_lab_values(text)]


def _names(text: str) -> set[str]:
    return {v.analyte for v in parse_lab_values(text)}


# --- antibodies of a connective-tissue or vasculitis work-up -------------------------------


def test_extractable_nuclear_antigen_antibodies_in_their_units():
    # MedRBench PMC11520170 and CUPCase row 4103
    assert ("Anti-SSA", 3.4, "AI", None) in _read(
        "Antithyroid peroxidase antibody (46 IU/mL), antithyroglobulin antibody (124 IU/mL) "
        "and SS-A (3.4 AI) came back positive."
    )
    assert ("Anti-Scl-70 antibody", 0.1, "AI", None) in _read(
        "Rheumatoid factor (RF) (<14 IU/mL), Anti SCL-70 (<0.1 AI), Anti-smith and anti-dsDNA "
        "(2 IU/mL) were negative."
    )
    text = (
        "A screen for systemic vasculitides revealed an elevated anti-SSA antibody titer of "
        "28.4EU/mL (reference range: neg <16EU/mL, equivocal 16 to 20EU/mL, positive >20EU/mL), "
        "with a normal anti-SSB titer of 0.3EU/mL (reference range: neg <16EU/mL, equivocal 16 "
        "to 20EU/mL, positive >20EU/mL)."
    )
    values = {v.analyte: v for v in parse_lab_values(text)}
    assert (values["Anti-SSA"].value, values["Anti-SSA"].flag) == (28.4, "high")
    assert (values["Anti-SSB"].value, values["Anti-SSB"].flag) == (0.3, None)


def test_anca_patterns_levels_are_read_unitless():
    # MedRBench PMC11421877 (anti-GBM nephritis)
    text = (
        "Immunological tests showed antineutrophil cytoplasmic antibodies - cytoplasmic pattern "
        "(ANCA-C) levels of <3.0 (normal <12) and antineutrophil cytoplasmic antibodies - "
        "perinuclear pattern (ANCA-P) levels of 3.1 (normal = <12)."
    )
    values = parse_lab_values(text)
    assert [(v.analyte, v.value, v.comparator) for v in values] == [
        ("c-ANCA", 3.0, "<"),
        ("p-ANCA", 3.1, None),
    ]


def test_an_antigens_units_beside_an_anca_pattern_are_not_the_patterns():
    # Guard. MedRBench PMC11496249: the 19.0 U/mL is the MPO antibody's (a bare "MPO" is left
    # unread, as it also names a stain), never p-ANCA's
    text = (
        "A comprehensive autoimmunity panel, including antinuclear antibody (ANA), extractable "
        "nuclear antigen (ENA), lupus anticoagulant (LAC), and complement levels, showed only "
        "positivity for p-ANCA and MPO (19.0 U/mL, n.v. <5.0 U/mL) and low C3 levels "
        "(57.0 mg/dL)."
    )
    assert "p-ANCA" not in _names(text)


# --- coagulation, infection and chemistry work-ups ---------------------------------------


def test_a_dilute_russell_viper_venom_time_in_seconds():
    # MedRBench PMC11531318
    text = (
        "A hexagonal phase phospholipid panel was performed, revealing prolonged partial "
        "thromboplastin time (PTT) with a lupus anticoagulant time of 43.9 seconds and a "
        "significantly prolonged dilute Russell viper venom time (DRVVT) of 64.2 seconds; "
        "however, confirmatory repeat testing was negative later in the hospital course."
    )
    assert ("dRVVT", 64.2, "seconds", None) in _read(text)


def test_quantiferon_antigen_concentrations_respectively():
    # MedRBench PMC11614787
    text = (
        "Only pertinent positive finding was a strong QUANTIFERON TB Gold+ results with 2 "
        "antigen concentrations of 2.07 IU/mL and 1.75 IU/mL respectively (reference range of "
        "< 0.35 IU/mL)."
    )
    read = _read(text)
    assert ("QuantiFERON", 2.07, "IU/mL", None) in read
    assert ("QuantiFERON", 1.75, "IU/mL", None) in read
    assert len(read) == 2  # never the "2" of "2 antigen concentrations"


def test_an_interferon_gamma_release_assay_told_in_words_stays_unread():
    # Guard. MedRBench PMC11550494
    assert _read("The QuantiFERON test was positive, serum angiotensin was normal.") == []


def test_a_plasma_ebv_load_with_its_bound():
    # MedRBench PMC11483140
    values = parse_lab_values("Plasma EBV-DNA quantification was less than 1,000 copies/mL.")
    assert [(v.analyte, v.value, v.comparator) for v in values] == [("EBV DNA", 1000.0, "<")]


def test_proinsulin_in_picomoles():
    # MedRBench PMC11532648 and PMC11630748
    assert ("Proinsulin", 4.5, "pmol/L", None) in _read(
        "At fast termination, there was appropriate suppression of insulin (2.3 μIU/mL [16 "
        "pmol/L]; reference range for prolonged fast: <3 μIU/mL [20.8 pmol/L]), proinsulin (4.5 "
        "pmol/L; reference: <5 pmol/L), and C-peptide (0.55 ng/mL [0.18 nmol/L]; reference: "
        "<0.2 nmol/L [0.6 ng/mL])."
    )
    assert ("Proinsulin", 23.0, "pmol/L", None) in _read(
        "... notably increased plasma insulin levels at 50 to 58 mIU/L (347-403 pmol/L) "
        "(reference range: 2.6-24.9 mIU/L; 35-174 pmol/L) and plasma proinsulin 23 to 33 pmol/L "
        "(reference range: 3.3-28 pmol/L)."
    )


def test_serotonin_and_a_24_hour_urine_5_hiaa():
    # MedRBench PMC11363995 (a carcinoid work-up)
    text = (
        "Laboratory results showed a serum chromogranin A level of 213 (normal <317), serum "
        "serotonin level of 257 ng/mL (reference range 55–245 ng/mL), and a 24-hour urine "
        "5-hydroxyindolacetic acid (5-HIAA) level of 2.6 mg/24 h (reference range ≤ 5.0 mg/24 h)."
    )
    read = _read(text)
    assert ("Serotonin", 257.0, "ng/mL", None) in read
    assert ("5-HIAA", 2.6, "mg/24h", "urine") in read


def test_free_psa_is_not_the_total_psa():
    # MedRBench PMC11529157: main read the free PSA's 11.59 as the total PSA
    text = (
        "procalcitonin (PCT) was 55.86 µg/L, total PSA (TPSA) was 50.96 ng/mL, and free PSA "
        "(FPSA) was 11.59 ng/ml; blood urea 9.93 mmol/L."
    )
    read = _read(text)
    assert ("PSA", 50.96, "ng/mL", None) in read
    assert ("Free PSA", 11.59, "ng/ml", None) in read
    assert ("PSA", 11.59, "ng/ml", None) not in read


def test_the_hearts_isoenzymes_beside_ck_mb():
    # MedRBench PMC11624525
    text = (
        "Re-examination of indicators showed LDH 138.6 U/L; LDH1 86.7 U/L; CK 180.5 U/L; CK-MB "
        "24 U/L; CTnI 1.25 ng/mL; αHBDH 176.2 U/L; AST 36.4 U/L."
    )
    read = _read(text)
    assert ("LDH", 138.6, "U/L", None) in read
    assert ("LDH1", 86.7, "U/L", None) in read
    assert ("Alpha-hydroxybutyrate dehydrogenase", 176.2, "U/L", None) in read


def test_a_faecal_calprotectin_without_its_unit_is_the_stools():
    # MedRBench PMC11512651
    text = (
        "other pertinent labs such as an elevated fecal calprotectin of 83 (borderline elevated "
        "> 50-120), and normal pancreatic fecal elastase of 330 (normal > 200)"
    )
    assert ("Fecal calprotectin", 83.0, None, "stool") in _read(text)


def test_vegf_with_its_bound_and_an_anti_vegf_drug_unread():
    # CUPCase row 2693; guard: CUPCase row 682's intravitreal drug and its year
    assert ("VEGF", 20.0, "pg/ml", None) in _read(
        "The laboratory test performed later showed that monoclonal immunoglobulin G (IgG), "
        "rheumatoid factor, antinuclear antibody, and vascular endothelial growth factor (VEGF) "
        "(<20pg/ml) were undetectable."
    )
    assert (
        _read(
            "She had received an intravitreal anti-vascular endothelial growth factor (anti-VEGF) "
            "injection in 2016."
        )
        == []
    )


def test_a_cd45_count_in_a_lymphocyte_subset_panel_and_a_stain_unread():
    # MedRBench PMC11622249; guard: PMC11540108's immunohistochemistry
    assert ("CD45 count", 505.0, "/μL", None) in _read(
        "decreased levels of CD3 cells (422/μL), CD19 cells (49/μL), CD45 cells (505/μL), "
        "complement C3 (0.718 g/L)"
    )
    assert "CD45 count" not in _names(
        "IHC markers were positive for CD20, CD3, CD15, CD45, and Ki‐67 (65-70%)."
    )


def test_a_urine_histoplasma_antigen_is_the_urines():
    # the name as MedRBench PMC11647459 writes it ("urine histoplasma antigen ... returned
    # positive at > 25 ng/mL"), its value told beside it
    assert _read("Urine histoplasma antigen was positive at > 25 ng/mL.") == [
        ("Histoplasma antigen", 25.0, "ng/mL", "urine")
    ]


def test_a_24_hour_urinary_free_cortisol_stays_cortisol_in_urine():
    # Guard. MedRBench PMC11487292: dev's truths name it "Cortisol" in urine
    assert ("Cortisol", 302.0, "μg/day", "urine") in _read(
        "24-hour urinary free cortisol was markedly elevated at 302 μg/day (833.2 nmol/day, "
        "ref: 11.2-80.3 μg/day [30.9-221.6 nmol/day])."
    )


# --- LOINC codes --------------------------------------------------------------------------


def test_the_work_up_tests_take_loincs_code_of_their_unit_or_none():
    # each code as LOINC's Universal Lab Order Codes value set or its group file gives it
    # (docs/clinical-rounds.md, "reader-catalog29")
    assert loinc_for("Anti-SSA", "eu/ml", None).code == "17792-3"  # type: ignore[union-attr]
    assert loinc_for("Anti-SSB", "ai", None).code == "17791-5"  # type: ignore[union-attr]
    assert loinc_for("Anti-Scl-70 antibody", "ai", None).code == "27416-7"  # type: ignore[union-attr]
    assert loinc_for("Proinsulin", "pmol/l", "plasma").code == "27882-0"  # type: ignore[union-attr]
    assert loinc_for("LDH1", "u/l", None).code == "2537-9"  # type: ignore[union-attr]
    assert loinc_for("Fecal calprotectin", "ug/g", "stool").code == "38445-3"  # type: ignore[union-attr]
    assert loinc_for("Anti-SSA", "", None) is None  # an index printed without its unit
    assert loinc_for("Fecal calprotectin", "ug/g", None) is None  # not the blood's
