"""Values in case-report prose the reader did not read at all (issue #29, labs16).

Round sixteen counted, over the 882 reports of the new pool (2024 PMC case reports as
MedRBench stores them, wumingxin238/MedRBench @ 827ee187) that are not dev cases, the numbers
with a lab unit in the case sections that the reader left unread, and grouped them by cause.
Each test quotes the real shape with its PMC id.
"""

from __future__ import annotations

from core.analysis.labs.loinc import loinc_for
from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, str | None, float, str | None]]:
    return [(v.analyte, v.comparator, v.value, v.unit) for v in read_lab_text(text).values]


def _specimens(text: str) -> list[tuple[str, str | None, float]]:
    return [(v.analyte, v.specimen, v.value) for v in read_lab_text(text).values]


# --- autoantibodies of the thyroid and rheumatology work-ups --------------------------------


def test_a_tsh_receptor_antibody_is_read_and_not_taken_for_the_tsh() -> None:
    # PMC11372783 and PMC11509281: no catalogue test held the TSH receptor antibody (TRAb)
    text = (
        "FT4 1.95 ng/dL (reference: 0.93–1.7), T3 223 ng/dL (reference: 80–200), TSH receptor "
        "antibodies (TRab) > 40 IU/L (reference <1.75) blood glucose 86 mg/dL"
    )
    assert ("TSH receptor antibody", ">", 40.0, "IU/L") in _read(text)
    assert "TSH" not in {analyte for analyte, *_ in _read(text)}
    text = "TSH 0.18 μIU/mL, free T4 1.07 ng/dL, T3 101 ng/dL, and TRab 22.42 IU/L."
    assert ("TSH receptor antibody", None, 22.42, "IU/L") in _read(text)
    text = (
        "with positive anti-TSH receptor antibody (TRab) determination of 2.12 IU/L (upper "
        "normal value 1.75 IU/L) and thyroid peroxidase antibodies (ATPO) of 64 IU/mL (upper "
        "normal value 34 IU/mL)."
    )
    assert _read(text) == [
        ("TSH receptor antibody", None, 2.12, "IU/L"),
        ("Anti-TPO antibody", None, 64.0, "IU/mL"),
    ]


def test_the_thyroid_antibodies_named_with_prefix_and_noun_are_read() -> None:
    # PMC11520170: "antithyroid peroxidase antibody" and "antithyroglobulin antibody" were
    # each read as far as the prefix's name, and "antibody" then stood between name and value
    text = (
        "Antithyroid peroxidase antibody (46 IU/mL), antithyroglobulin antibody (124 IU/mL) and "
        "SS-A (3.4 AI) came back positive."
    )
    assert _read(text) == [
        ("Anti-TPO antibody", None, 46.0, "IU/mL"),
        ("Thyroglobulin antibody", None, 124.0, "IU/mL"),
        ("Anti-SSA", None, 3.4, "AI"),  # catalog29: the catalogue now holds the SS-A antibody
    ]


def test_an_acetylcholine_receptor_antibody_is_read() -> None:
    # PMC11520170 and PMC11508943: myasthenia gravis work-ups
    text = (
        "Labs were notable for CRP (16.670 mg/L), ESR (80 mm/hr), Acetylcholine receptor "
        "(AchR) binding antibodies 4.97 nmol/L (normal <0.30 nmol/L)."
    )
    assert ("Acetylcholine receptor antibody", None, 4.97, "nmol/L") in _read(text)
    text = (
        "Circulating anti-AChR (Acetylcholine receptor) antibodies were borderline at 0.45 "
        "nmol/L (reference range: <0.40 nmol/L—negative, ≥0.40 to <0.50 nmol/L—borderline)."
    )
    assert _read(text) == [("Acetylcholine receptor antibody", None, 0.45, "nmol/L")]


def test_an_anca_named_by_its_antigen_is_read() -> None:
    # PMC11426170: "PR3-ANCA levels (≥ 350 U/mL; normal, < 3.5 U/mL)"
    text = (
        "serological tests revealed elevated PR3-ANCA levels (≥ 350 U/mL; normal, < 3.5 U/mL) "
        "with negative MPO-ANCA."
    )
    assert _read(text) == [("PR3 antibody", "≥", 350.0, "U/mL")]


def test_a_stain_named_myeloperoxidase_is_no_antibody_value() -> None:
    text = "Myeloperoxidase (MPO) staining on biopsy specimens was positive in 80% of cells."
    assert _read(text) == []


def test_the_new_autoantibodies_take_the_codes_of_loincs_order_file() -> None:
    def code(analyte: str, unit: str) -> str | None:
        found = loinc_for(analyte, unit, None)
        return found.code if found else None

    assert code("TSH receptor antibody", "u/l") == "57416-0"
    assert code("Acetylcholine receptor antibody", "nmol/l") == "11034-6"
    assert code("PR3 antibody", "u/ml") == "6968-2"
    assert code("MPO antibody", "u/ml") == "6969-0"
    assert code("Acetylcholine receptor antibody", "u/ml") is None  # the blocking test's


# --- a body fluid's cell count named by the fluid alone -------------------------------------


def test_a_csf_cell_count_is_the_fluids_white_cell_count() -> None:
    # PMC11438534, PMC11472140, PMC11534418: the CSF's count named "(total) cell count"
    text = (
        "The cerebrospinal fluid (CSF) analysis showed neutrophilic pleocytosis with a total "
        "cell count of 11,342 cells/µL, a protein level of 230 mg/dL."
    )
    assert _specimens(text) == [("WBC", "csf", 11342.0), ("Total protein", "csf", 230.0)]
    text = (
        "Cerebrospinal fluid (CSF) analysis revealed a cell count of 5 cells/µL, a protein level "
        "of 92 mg/dL."
    )
    assert ("WBC", "csf", 5.0) in _specimens(text)
    text = (
        "The cerebrospinal fluid (CSF) analysis showed a total count of 1692 cells/mm3 and "
        "differential count showed 80% neutrophils."
    )
    assert ("WBC", "csf", 1692.0) in _specimens(text)


def test_an_ascitic_total_nucleated_count_is_the_fluids_white_cell_count() -> None:
    # PMC11424232
    text = (
        "Ascitic fluid analysis revealed cloudy fluid with a total nucleated count of 49,300 "
        "cells/mm3 and neutrophil predominance."
    )
    assert _specimens(text) == [("WBC", "peritoneal fluid", 49300.0)]


def test_a_pleural_fluids_nucleated_cells_are_its_white_cells() -> None:
    # CUPCase row 1986 (dev case cr6-prec-pcv13-pleuropericarditis-...): "nucleated cells" beside
    # the fluid's red cells
    text = (
        "Pleural fluid appeared bloody and was exudative by Light's criteria (serum lactate "
        "dehydrogenase [LDH] 765 U/L, serum total protein 7.7 g/dL; pleural LDH 749 U/L, red "
        "blood cells 320,000/uL, nucleated cells 3368/uL [PMN 62%, lymphocytes 22%])."
    )
    read = _specimens(text)
    assert ("RBC", "pleural fluid", 320000.0) in read
    assert ("WBC", "pleural fluid", 3368.0) in read


def test_a_count_named_by_its_cell_or_outside_a_fluid_keeps_its_reading() -> None:
    text = "The CSF showed a red blood cell count of 50 cells/µL and a white blood cell count of 3."
    assert _specimens(text) == [("RBC", "csf", 50.0), ("WBC", "csf", 3.0)]
    # PMC11615976: the specimen named last before the count is the serum's, so the count is
    # no fluid's (and no blood white count either)
    text = (
        "(pleural fluid protein/ serum protein ~0.68, pleural fluid lactate dehydrogenase "
        "(LDH)/serum LDH ~0.98, and pleural fluid LDH >2/3 of upper limit of normal (ULN) of "
        "serum LDH), with increased lymphocytes (total cells 3300/mm3 with differential 51% "
        "lymphocytes, 37% polymorphonucleocytes)"
    )
    assert "WBC" not in {analyte for analyte, *_ in _read(text)}
    # no fluid named: a blood "cell count" is no fluid's white count; the disorder before it
    # names its cells (recall30: CUPCase row 448's lymphocytes, as recall29's dev truth holds)
    assert "WBC" not in {
        analyte for analyte, *_ in _read("lymphocytopenia with a cell count of 470/µl")
    }


# --- a unit that is only a UCUM annotation ---------------------------------------------------


def test_a_cut_off_index_beside_another_tests_value_does_not_stop_the_reading() -> None:
    # PMC11471678: "1.0 C.O.I." (a cut-off index, UCUM "{COI}") raised an AttributeError in
    # the unit check, and the whole report read nothing
    text = (
        "The serum level of β-D glucan and the galactomannan index were 58.3 pg/mL (normal "
        "range, <20 pg/mL) and 1.0 C.O.I. (normal range, <0.5), respectively."
    )
    assert ("Beta-D-glucan", None, 58.3, "pg/mL") in _read(text)
