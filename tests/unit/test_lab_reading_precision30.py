"""Numbers in a published case report read as results that are not (issue #29, thirtieth
round, reader-prec30): a karyotype's band level read as a share of band neutrophils, and the
digit of a renal scan's tracer read as a magnesium. Each test quotes the real sentence of a
case section (MedRBench wumingxin238/MedRBench at 827ee18, field raw_case; CUPCase
felipeocampoos/CUPCase-curhumai-Adversary at ccbb10784c, field "clean text"), its id named in
the test; each has a guard that the real values beside the shape stay read.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _read(values: list[LabValue]) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.unit) for v in values]


def test_a_karyotypes_band_resolution_is_no_band_count():
    # MedRBench PMC11384651: read as Bands 550 %
    text = (
        "Karyotyping of peripheral blood via the G-banding technique was performed, and 40 "
        "cells were examined at a band resolution of 450-550 bands per haplotype set."
    )
    assert _read(parse_lab_values(text)) == []


def test_a_band_level_before_karyotype_is_no_band_count():
    # MedRBench PMC11603479: read as Bands 450 %
    text = (
        "Given the suspicion of a genetic developmental and epileptic encephalopathy and a "
        "previous normal 450 bands karyotype, he was referred to the Genetics service."
    )
    assert _read(parse_lab_values(text)) == []


def test_band_neutrophils_written_before_their_name_stay_read():
    # guard: the notes' differential, number first ("7 stabs, 68 segs"), and bands up to 100
    text = "WBC 18.2 with 7 stabs, 68 segs, 15 lymphs, and 9 monos. Repeat count showed 12 bands."
    assert _read(parse_lab_values(text)) == [
        ("WBC", 18.2, None),
        ("Bands", 7.0, "%"),
        ("Neutrophils", 68.0, "%"),
        ("Lymphocytes", 15.0, "%"),
        ("Monocytes", 9.0, "%"),
        ("Bands", 12.0, "%"),
    ]


def test_the_tracer_of_a_nuclear_renogram_is_no_magnesium():
    # Journal of Medical Case Reports, CUPCase row 3500: read as Magnesium 3
    text = (
        "A mercaptoacetyltriglycine (MAG-3) nuclear renogram with furosemide (Lasix) showed "
        "prompt bilateral excretion with no evidence of obstruction."
    )
    assert _read(parse_lab_values(text)) == []


def test_magnesium_written_with_a_dash_or_beside_a_scan_stays_read():
    # guard: "Mag-2.1" of an Indian report, and a result whose sentence goes on to a scan
    assert _read(parse_lab_values("Mag-2.1, K-4.0, Na-140")) == [
        ("Magnesium", 2.1, None),
        ("Potassium", 4.0, None),
        ("Sodium", 140.0, None),
    ]
    text = "Serum magnesium was 1.8 mg/dL (a bone scan was arranged)."
    assert _read(parse_lab_values(text)) == [("Magnesium", 1.8, "mg/dL")]


def test_a_hormones_gradient_between_two_veins_is_no_level():
    # MedRBench PMC11487292 (adrenal venous sampling): read as Cortisol 0.95 and 6.89
    text = (
        "The cortisol gradient from the AV to the IVC was 0.95 on the right side and 6.55 on "
        "the left side. The left AV to right AV gradient of cortisol was 6.89."
    )
    assert _read(parse_lab_values(text)) == []


def test_a_cortisol_level_and_the_gradients_that_are_tests_stay_read():
    # guard: the same report's serum cortisol; a gradient the catalogue names whole
    # (MedRBench PMC11521799, PMC11444809)
    text = (
        "Her serum cortisol level was within the reference range (15.2 μg/dL [419.4 nmol/L], "
        "ref: 5.9-17.0 μg/dL)."
    )
    assert [(a, v) for a, v, _ in _read(parse_lab_values(text))] == [("Cortisol", 15.2)]
    text = "The ascitic fluid was sterile with a serum ascites albumin gradient of 23 g/L."
    assert _read(parse_lab_values(text)) == [("Serum-ascites albumin gradient", 23.0, "g/L")]
    text = "A transtubular potassium gradient of 13.4 indicates significant renal potassium loss."
    assert _read(parse_lab_values(text)) == [("Transtubular potassium gradient", 13.4, None)]
