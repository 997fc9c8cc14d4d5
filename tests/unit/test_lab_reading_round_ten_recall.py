"""Round ten's recall classes (issue #29): tests the catalogue did not name, counted by a
mechanical audit over whole case reports (numbers with a lab unit that no value read
covers) and fixed where the same test came back in more than one report.

Each sentence is quoted as published: CaseReportBench items (PMC open-access case reports,
CC BY-NC 4.0) and Journal of Medical Case Reports sections (CUPCase rows, CC BY).
"""

from __future__ import annotations

from core.analysis.labs.loinc import loinc_for
from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _read(text: str) -> dict[str, LabValue]:
    values = parse_lab_values(text)
    by_name = {v.analyte: v for v in values}
    assert len(by_name) == len(values), values
    return by_name


# --- Porphyrias: urinary porphyrins ---------------------------------------------------


def test_urinary_total_porphyrins_per_creatinine_are_read_as_a_urine_test() -> None:
    # CaseReportBench item 11 (congenital erythropoietic porphyria)
    values = _read(
        "But, on screening test with a spectrophotometer urinary total porphyrin level was "
        "1023 nmol/mmol of creatinine (normal < 35 nmol/mmol)."
    )
    porphyrins = values["Total porphyrins"]
    assert (porphyrins.value, porphyrins.specimen) == (1023.0, "urine")
    assert porphyrins.flag == "high" and not porphyrins.critical


def test_a_24_hour_porphyrin_fractionation_reads_each_porphyrin_in_moles_per_day() -> None:
    # CaseReportBench item 57 (acute intermittent porphyria); the uroporphyrin in nmol per
    # day was read before only because its unit was unknown, and must stay read
    values = _read(
        "with main elevation in uroporphyrin level, 24,200 nmol/24 hours (normal: ≤30), and "
        "mild elevation in coproporphyrin level, 118 nmol/24 hours (normal: ≤38)."
    )
    assert {name: (v.value, v.specimen) for name, v in values.items()} == {
        "Uroporphyrin": (24200.0, "urine"),
        "Coproporphyrin": (118.0, "urine"),
    }
    assert values["Coproporphyrin"].flag == "high"
    # a 24-hour mass has LOINC's code; moles per day have none, so none is claimed
    assert loinc_for("Coproporphyrin", "ug/24h", "urine").code == "2137-8"  # type: ignore[union-attr]
    assert loinc_for("Coproporphyrin", "nmol/24h", "urine") is None


# --- Cerebrotendinous xanthomatosis: cholestanol ---------------------------------------


def test_cholestanol_is_read_in_either_unit_and_not_from_its_normal_values() -> None:
    # CaseReportBench item 111
    raised = _read("Cholestanol was increased to 64 μmol/L (3.3–12.5 μmol/L).")
    assert (raised["Cholestanol"].value, raised["Cholestanol"].flag) == (64.0, "high")
    normal = _read(
        "Despite normal cholestanol levels (6.18 μmol/L; normal range 3.3–12.5 μmol/L), CDCA "
        "posology was increased to 750 mg/d."
    )
    assert (normal["Cholestanol"].value, normal["Cholestanol"].flag) == (6.18, None)
    assert not _read("Normal values for cholestanol (N: 0–15.45 μmol/L); bile acid (N: 0–10.02")
    # CaseReportBench item 55
    mass = _read(
        "A special test - serum cholestanol level was elevated to 4.37 mg/dL (normal value: "
        "0.02-0.12 mg/dL)."
    )
    assert (mass["Cholestanol"].value, mass["Cholestanol"].unit) == (4.37, "mg/dL")


# --- Fatty-acid oxidation disorders: acylcarnitines ------------------------------------


def test_total_acylcarnitine_is_read_beside_total_and_free_carnitine() -> None:
    # Journal of Medical Case Reports, CUPCase row 1568
    values = _read(
        "At baseline, her CK was 65 IU/L, acylcarnitine profile was normal, total carnitine "
        "was 69 µmol/L (RV, 36–56 µmol/L), free carnitine was 37 µmol/L (RV, 19–35 µmol/L), "
        "and acylcarnitine was 32 µmol/L (RV, 4–14 µmol/L)."
    )
    assert {name: v.value for name, v in values.items()} == {
        "CK": 65.0,
        "Total carnitine": 69.0,
        "Free carnitine": 37.0,
        "Acylcarnitine": 32.0,
    }
    assert values["Acylcarnitine"].flag == "high"


def test_acylcarnitine_species_are_read_by_their_names_never_by_a_carbon_number() -> None:
    # CaseReportBench item 99 (multiple acyl-CoA dehydrogenase deficiency)
    values = _read(
        "The following levels were obtained from the estimation: hexanoylcarnitine (C6)- 0.67 "
        "μmol/L (normal range 0–0.23 μmol/L); decanoylcarnitine (C10)-1.71 μmol/L (normal "
        "range 0–0.5 μmol/L)."
    )
    assert {name: v.value for name, v in values.items()} == {
        "Hexanoylcarnitine": 0.67,
        "Decanoylcarnitine": 1.71,
    }
    # "C8" alone names a cervical root as often as a carnitine
    assert not _read("MRI showed narrowing of the C7-C8 foramen to 4 mm and a C8 root lesion.")


# --- What the new names must not read ---------------------------------------------------


def test_a_stool_porphyrin_is_not_read_as_the_urine_test() -> None:
    # dev case cr-aip-pres-seizures-after-cholecystectomy-urine-pbg: the stool's porphyrins
    # stay unread rather than become urine coproporphyrin
    values = _read(
        "fecal coproporphyrin was 18 nmol/g (reference: 0 to 45 nmol/g), and fecal "
        "protoporphyrin was 10 nmol/g (reference: 0–100 nmol/g)."
    )
    assert "Coproporphyrin" not in values


def test_a_number_that_lost_its_decimal_point_to_a_space_is_not_read() -> None:
    # dev case cr-ctx-preliminary-then-made-lipid-profile-high: 14.1 or 141, never 14
    assert not _read("Serum cholestanol levels were raised (14 1 micromole/liter).")
    assert _read("Serum cholestanol levels were raised (14.1 micromole/liter).")
