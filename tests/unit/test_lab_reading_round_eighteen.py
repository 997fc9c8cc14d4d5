"""Lab results in case-report prose the reader did not read (issue #29, labs18).

Round eighteen counted again, over the pool's case sections (2024 PMC case reports as
MedRBench stores them, wumingxin238/MedRBench @ 827ee187), the numbers with a lab unit that
the reader left unread, and fixed the shapes that recur. Each test quotes the real shape with
its PMC id.
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, str | None, float, str | None]]:
    return [(v.analyte, v.specimen, v.value, v.unit) for v in read_lab_text(text).values]


# --- a body fluid's count told as a number of cells, without a name ---------------------------


def test_a_fluids_cells_counted_without_a_name_are_its_white_cells() -> None:
    # PMC11512595
    text = (
        "Cerebrospinal fluid (CSF) analysis revealed 29 cells/mm3 (neutrophils, 4%; "
        "lymphocytes, 96%), normal glucose, normal protein levels."
    )
    assert ("WBC", "csf", 29.0, "cells/mm3") in _read(text)
    # PMC11406475: after the colon that opens the fluid's results
    text = (
        "After 6 weeks on Amphotericin B, the patient had partial improvement of CSF features: "
        "53 cells/mm³ (95 % lymphocytes); protein 311 mg/dL; glucose 41 mg/dL."
    )
    assert ("WBC", "csf", 53.0, "cells/mm³") in _read(text)
    # PMC11632747
    text = (
        "In view of suspected meningitis CSF analysis was done which showed 162 cells/cumm, "
        "glucose- 44 mg/dl, protein- 93 mg/dl"
    )
    assert [(a, s, v) for a, s, v, _ in _read(text) if a == "WBC"] == [("WBC", "csf", 162.0)]


def test_cells_counted_without_a_fluid_or_after_their_name_are_no_fluid_count() -> None:
    # no fluid named: a blood count is no CSF count, and is left as it was
    assert _read("Blood tests showed 12000 cells/mm3.") == []
    # PMC11609108: named before its colon, read once, as the blood's
    text = (
        "The laboratory results were as follows: White blood cell count: 7600 cells/µL "
        "(normal), Red blood cell count: 4.1 million cells/µL (normal)"
    )
    assert [(a, s, v) for a, s, v, _ in _read(text) if a == "WBC"] == [("WBC", None, 7600.0)]


# --- the HIV viral load, named or told as a bare "viral load" beside HIV ----------------------


def test_the_hiv_viral_load_is_read_by_its_name_and_as_a_bare_load_beside_hiv() -> None:
    # PMC11540929: named, then bare beside the infection
    text = (
        "One month after the start of antiretroviral therapy, the HIV viral load had "
        "significantly decreased (373 copies/ml), and the number of CD4+ cells had increased "
        "(127/µl)."
    )
    assert ("HIV RNA", None, 373.0, "copies/ml") in _read(text)
    text = (
        "Subsequent blood tests confirmed active HIV infection with a high viral load (559,032 "
        "copies/ml) and a low CD4+ lymphocyte count (42/µl, normal range > 300/µl)."
    )
    assert ("HIV RNA", None, 559032.0, "copies/ml") in _read(text)
    # PMC11647459: beside the CD4 count, in "cp/mL"
    text = (
        "His CD4 + count was low at 12 cells/mm3 (424 – 1509) and viral load was elevated at "
        "548,000 cp/mL."
    )
    assert ("HIV RNA", None, 548000.0, "copies/mL") in _read(text)
    # PMC11609539: thousands set apart after four digits ("6.34 log" is 2.19 million)
    text = (
        "HIV was diagnosed, evidencing a CD4+ T-lymphocyte count of 69 cells/mL (CD4/CD8 ratio: "
        "4%) and a plasma viral load of 2180,000 copies/mL (6.34 log)."
    )
    assert ("HIV RNA", None, 2180000.0, "copies/mL") in _read(text)


def test_another_viruss_load_and_a_load_without_its_unit_are_no_hiv_load() -> None:
    # a hepatitis B load beside HIV stays the hepatitis B load (dev cr8-prec-buschke-...)
    text = (
        "He tested positive for hepatitis B (HBV viral load of 12 IU/mL) and HIV-1 with CD4 "
        "count of 119 cells/mm3."
    )
    assert [a for a, *_ in _read(text)] == ["HBV DNA", "CD4 count"]
    assert _read("CMV reactivation with a viral load of 5000 copies/mL.") == []
    # PMC11520005: "1 million" has no unit and is never a load of 1
    assert _read("At that time, HIV viral load had dropped to 1 million.") == []
