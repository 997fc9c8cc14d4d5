"""Catalogue classes of reader-catalogue4 (issue #29): a blood gas's SaO2 against a pulse
oximeter's saturation, cell counts per microlitre or cubic millimetre written out, red cells
per 10^4/µL. Each line is quoted from a real, openly licensed case report.

Sources: the Journal of Medical Case Reports case presentations (BioMed Central, open
access under CC BY) collected in the CUPCase dataset, repository
felipeocampoos/CUPCase-curhumai-Adversary, commit ccbb10784c3e99694a8df0176c2f537c2cba14a3,
gpt_and_med_lm_evaluation/datasets/CUPCASE_RTEST_eval.csv, by the row's ``id`` column.
"""

from __future__ import annotations

from core.analysis.labs.loinc import loinc_of
from core.analysis.labs.parse import parse_lab_values
from core.analysis.labs.ucum import ucum_code
from core.insights import LabValue


def _read(text: str) -> dict[str, LabValue]:
    return {value.analyte: value for value in parse_lab_values(text)}


def _code(value: LabValue) -> str | None:
    code = loinc_of(value)
    return code.code if code is not None else None


def test_sao2_of_an_arterial_blood_gas_is_a_lab_value_with_the_arterial_code() -> None:
    # CUPCase id 285 (rasburicase-induced methaemoglobinaemia in G6PD deficiency, JMCR, CC BY):
    # the gas's co-oximetry saturation is a result; the pulse oximeter's 86 % is not.
    found = _read(
        "After intubation, arterial blood gas analysis showed PaO2 of 197 mmHg and SaO2 of "
        "100%, despite a pulse oximetry reading of 86% saturation."
    )
    assert set(found) == {"pO2", "Oxygen saturation"}
    saturation = found["Oxygen saturation"]
    assert (saturation.value, saturation.unit) == (100.0, "%")
    assert _code(saturation) == "2708-6"  # Oxygen saturation in Arterial blood


def test_a_saturation_among_the_vital_signs_is_no_lab_value() -> None:
    # CUPCase id 3433 (hereditary haemorrhagic telangiectasia, JMCR, CC BY): SaO2 as the
    # admission's bedside reading, no blood gas named.
    assert (
        parse_lab_values(
            "At hospital admission, his general condition was slightly disturbed; he was "
            "hypoxic at rest (saturation level of oxygen in hemoglobin (SaO2) 92%), without "
            "improvement to oxygen supplemental therapy."
        )
        == []
    )
    # dev case cr-distal-rta-sjogren-bicarbonate-loading-respectively-serial-sodium: SpO2 is a
    # pulse oximeter's even when the sentence reports a blood gas.
    found = _read(
        "Blood gas analysis revealed a pH of 7.194, PCO2 of 19.5 mmHg, PO2 of 67.8 mmHg, and "
        "SpO2 of 90.2%, suggesting metabolic acidosis."
    )
    assert set(found) == {"Blood pH", "pCO2", "pO2"}


def test_counts_per_cubic_millimetre_or_microlitre_written_out_keep_their_unit() -> None:
    # CUPCase id 980 (brain abscesses, JMCR, CC BY)
    wbc = _read(
        "In a blood examination, her white blood cell count (12,720 per mm3 with a left shift) "
        "and C-reactive protein level (1.23 mg/ml) were slightly elevated."
    )["WBC"]
    assert (wbc.value, wbc.unit, wbc.flag) == (12720.0, "/mm3", "high")
    # CUPCase id 5100 (Eisenmenger syndrome, JMCR, CC BY)
    found = _read(
        "She had a white-cell count of 7600 per mm3, a hematocrit value of 57% and her "
        "platelet count was 108,000 per mm3."
    )
    assert (found["WBC"].value, found["WBC"].unit, found["WBC"].flag) == (7600.0, "/mm3", None)
    platelets = found["Platelets"]
    assert (platelets.value, platelets.unit, platelets.flag) == (108000.0, "/mm3", "low")
    # CUPCase id 2711 (Kleine-Levin syndrome with ITP, JMCR, CC BY)
    platelets = _read("The laboratory results showed a platelet level of 25,000 per microliter.")[
        "Platelets"
    ]
    assert (platelets.value, platelets.unit, platelets.flag) == (25000.0, "/µL", "low")
    # UCUM: a microlitre is a cubic millimetre; the count per µL is the catalogue's /µL key
    assert ucum_code(platelets.unit) == ucum_code("/mm3") == "/uL"
    assert _code(platelets) == "26515-7"


def test_red_cells_counted_per_ten_thousand_per_microlitre_are_read() -> None:
    # CUPCase id 2693: Hirosaki et al., J Med Case Rep 2015;9:90, doi:10.1186/s13256-015-0544-5
    # (CC BY). 688 x 10^4/µL is 6.88 x 10^12/L: a haemoconcentrated count, flagged high.
    found = _read(
        "Laboratory data obtained on admission showed the following values: white blood cells "
        "30,600/μL with a normal fraction, red blood cells 688×10^4/μL, hematocrit 67.2%, "
        "hemoglobin 22.1g/dL, C-reactive protein 4.6mg/dL"
    )
    red = found["RBC"]
    assert (red.value, red.unit, red.flag) == (688.0, "×10^4/μL", "high")
    assert _code(red) == "26453-1"
    assert ucum_code(red.unit) == "10*4/uL"
