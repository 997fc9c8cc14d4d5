"""Lab documents of layouts dev did not hold (#29, twenty-seventh round, labdev27).

Two shapes of real lab reports read wrongly on main:

- a serology row that prints the antibody's class after the antibody's own name ("Hepatitis
  B Core Antibody (Anti- HBc), IgM  2.50  Reactive  < 1.00  Index", Drlogy's hepatitis B
  profile in Uman-66/Livora-Ai, tests/sample_hepatitis.pdf): the twenty-fourth round's class
  (an immunoglobulin class told as an antibody's class is no total immunoglobulin, MedRBench
  PMC11461972 and PMC11437612) in the order a report's row writes it;
- a urinalysis followed by a panel whose heading names a test ("URINALYSIS, COMPLETE" ...
  "CBC (INCLUDES DIFF/PLT)", a Quest Diagnostics sample report in Waheexd/Medical-Report-Hub,
  data/sample-report.pdf): the heading ends the urine's rows, so the CBC's white cells, red
  cells and haemoglobin are the blood's.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _read(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.specimen) for v in parse_lab_values(text)]


# --- the antibody's class after its name ------------------------------------------------


def test_a_serology_rows_class_after_the_antibody_is_no_total_igm():
    # The OCR line of the Drlogy hepatitis B profile: read as IgM 2.5 (a serum total) on main.
    text = "Hepatitis B Core Antibody (Anti- HBc), IgM  2.50  Reactive  < 1.00  Index"
    assert [a for a, *_ in _read(text) if a in {"IgA", "IgG", "IgM"}] == []


def test_anti_and_pathogen_names_before_the_class_are_no_totals():
    # The same rows as other serology reports print them.
    for text in ("Anti-HAV IgM 3.2 Index", "anti-HBc IgM 2.5 S/CO", "CMV IgM 2.5"):
        assert [a for a, *_ in _read(text) if a in {"IgA", "IgG", "IgM"}] == [], text


def test_a_catalogued_antibody_keeps_its_result_when_its_class_follows():
    # "anti-dsDNA IgG 45 IU/mL": the class word no longer hides the antibody's own name.
    assert ("Anti-dsDNA", 45.0, None) in _read("anti-dsDNA IgG 45 IU/mL")


def test_the_serum_totals_are_still_read_beside_an_antibody():
    # Guards: the totals in g/L (CUPCase row 288's shape), and one beside an antibody.
    read = _read("IgG 5.96 g/L, IgA 1.91 g/L, IgM 0.34 g/L, C3 0.83 g/L, C4 0.29 g/L;")
    assert ("IgG", 5.96, None) in read
    assert ("IgM", 0.34, None) in read
    assert ("IgM", 3.1, None) in _read("Serum IgM was 3.1 g/L and anti-HBs 15 mIU/mL.")


# --- a panel heading that names a test ends the urinalysis --------------------------------

_QUEST = (
    "URINALYSIS, COMPLETE\n"
    "COLOR YELLOW NORMAL YELLOW 01\n"
    "SPECIFIC GRAVITY 1.018 NORMAL 1.001-1.035 01\n"
    "WBC NONE SEEN NORMAL < OR = 5 /HPF 01\n"
    "CBC (INCLUDES DIFF/PLT)\n"
    "WHITE BLOOD CELL COUNT 5.8 NORMAL 3.8-10.8 Thousand/uL 01\n"
    "RED BLOOD CELL COUNT 5.06 NORMAL 4.20-5.80 Million/uL 01\n"
    "HEMOGLOBIN 15.5 NORMAL 13.2-17.1 g/dL 01\n"
)


def test_the_cbc_after_a_urinalysis_is_the_bloods():
    # The Quest sample report's rows: on main the three were lost (read in the urine).
    read = _read(_QUEST)
    assert ("WBC", 5.8, None) in read
    assert ("RBC", 5.06, None) in read
    assert ("Hemoglobin", 15.5, None) in read
    assert ("Urine specific gravity", 1.018, "urine") in read


def test_a_urine_heading_does_not_end_the_urine_section():
    # Guard: "Urine chemistry" is another urine heading, its sodium the urine's.
    read = _read("Urinalysis\nProtein NEGATIVE\nUrine chemistry\nSodium 40 mmol/L\n")
    assert ("Sodium", 40.0, "urine") in read


def test_a_dipstick_row_naming_no_panel_stays_in_the_urine():
    # Guard: a row with no number inside the urinalysis ("HEMOGLOBIN NEGATIVE") is no
    # heading of another panel.
    read = _read("URINALYSIS\nHEMOGLOBIN NEGATIVE\nPROTEIN NEGATIVE\n")
    assert all(specimen == "urine" for _, _, specimen in read)


# --- what the urine section had hidden: the lab code and the red cells' content ---------------


def test_the_performing_laboratorys_code_closing_a_row_is_no_result():
    # The Quest report's rows end in the performing laboratory's code (01 to 03, named on
    # its page 4). With the urinalysis ended, main's reading of these lines gave a WBC and a
    # haemoglobin of 1, both critical.
    assert [a for a, *_ in _read("NUCLEATED RBC DNR NORMAL 0 /100 WBC 01")] == []
    read = _read("HEMOGLOBIN A1c 6.3 HIGH <5.7 % of total Hgb 01")
    assert read == [("HbA1c", 6.3, None)]


def test_a_result_before_the_code_is_still_read():
    # Guards: the result of a coded row, and a leading zero that a unit follows.
    assert ("WBC", 5.8, None) in _read("WHITE BLOOD CELL COUNT 5.8 NORMAL 3.8-10.8 Thousand/uL 01")
    assert ("Eosinophils", 2.0, None) in _read("Eosinophils 02 %")


def test_the_red_cells_magnesium_is_no_red_cell_count():
    # "MAGNESIUM, RBC 4.3 NORMAL 4.0-6.4 mg/dL 03" (the Quest report): no RBC of 4.3.
    assert [a for a, *_ in _read("MAGNESIUM, RBC 4.3 NORMAL 4.0-6.4 mg/dL 03")] == []
    # Guard: a red cell count after another result's comma.
    assert ("RBC", 4.5, None) in _read("Hemoglobin 13.1 g/dL, RBC 4.5 million/uL")
