"""Haptoglobin (a haemolysis work-up) and apolipoprotein B are catalogue analytes (#29).

The haptoglobin line is quoted from a published case report: "A Case of Hemolytic Uremic
Syndrome Caused by Escherichia coli O104:H4", Yonsei Medical Journal, PMC2688167 (CC BY-NC),
as stored in adahealth/medical_case_report_corpus @ 2388336135.
"""

from __future__ import annotations

from core.analysis.labs.loinc import LOINC
from core.analysis.labs.parse import parse_lab_values

HUS_LINE = (
    "count 19,000/mm 3 , corrected reticulocyte count 5.4%, lactate dehydrogenase 3150 IU/L, "
    "haptoglobin 7.69 mg/dL, total bilirubin 1.6 mg/dL"
)


def test_a_low_haptoglobin_in_a_haemolysis_work_up_is_read_beside_its_neighbours() -> None:
    found = {v.analyte: v for v in parse_lab_values(HUS_LINE)}

    haptoglobin = found["Haptoglobin"]
    assert (haptoglobin.value, haptoglobin.unit, haptoglobin.flag) == (7.69, "mg/dL", "low")
    assert found["LDH"].value == 3150
    assert not haptoglobin.critical


def test_haptoglobin_in_grams_per_litre_and_apolipoprotein_b_in_both_units() -> None:
    found = parse_lab_values(
        "Haptoglobin 1.2 g/L. Apolipoprotein B 46 mg/dL. ApoB 1.6 g/L (0.4-1.3)."
    )
    assert [(v.analyte, v.value, v.unit, v.flag) for v in found] == [
        ("Haptoglobin", 1.2, "g/L", None),  # within range: no flag
        ("Apolipoprotein B", 46, "mg/dL", None),
        ("Apolipoprotein B", 1.6, "g/L", "high"),
    ]


def test_both_are_coded_for_the_fhir_export_in_mass_per_volume() -> None:
    assert LOINC["Haptoglobin"].default.code == "4542-7"
    assert LOINC["Apolipoprotein B"].default.code == "1884-6"


# A published case report of anaesthesia in a patient with MELAS, as stored in
# cindyzhangxy/CaseReportBench @ 629533d91f (testing_case_set.json, item 0; CC BY-NC 4.0).
MELAS_LINE = (
    "The operation was performed successfully, and there was an increase in the lactic acid "
    "test, which measured 3.6 mM/L. Three days after the operation, the patient showed"
)


def test_a_relative_clause_hands_the_value_to_the_test_it_follows() -> None:
    [lactate] = parse_lab_values(MELAS_LINE)
    assert (lactate.analyte, lactate.value, lactate.unit, lactate.flag) == (
        "Lactate",
        3.6,
        "mM/L",
        "high",
    )


def test_measured_after_a_test_hands_over_no_duration() -> None:
    # "measured 2 hours later" is when, not what: no potassium of 2.
    assert not [v for v in parse_lab_values("Potassium measured 2 hours later.") if v.value == 2]
    [creatinine] = parse_lab_values("The creatinine measured 1.9 mg/dL on admission.")
    assert (creatinine.analyte, creatinine.value) == ("Creatinine", 1.9)
