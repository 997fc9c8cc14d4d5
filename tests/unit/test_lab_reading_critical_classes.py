"""Every critical value found, no false critical value (issue #29, reader-critical).

Each test quotes a real public document of `tests/clinical/dev/`: MTSamples transcriptions
(terrah27/spider_mtsamples.com @ 7794f006f0) and case sections of PubMed Central open-access
case reports as CaseReportBench stores them (cindyzhangxy/CaseReportBench,
src/prompting/testing_case_set.json @ 629533d91f; CC BY-NC 4.0 as a collection), named by
their dev case or item.
"""

from __future__ import annotations

from core.analysis.labs.critical import CRITICAL_LIMITS
from core.analysis.labs.parse import parse_lab_values
from core.vocabulary.units import unit_key
from tests.unit.test_lab_reading_case_reports import _one, _read


def _told(text: str, name: str) -> list[tuple[float, str | None, bool]]:
    return [(v.value, v.timing, v.critical) for v in parse_lab_values(text) if v.analyte == name]


def test_the_critical_list_is_the_projects_list() -> None:
    # tests/clinical/README.md, "Critical values": Kost's limits with issue #12's haemoglobin
    # and glucose, issue #29's blood gases with Kost's ionised calcium, and four drugs' toxic
    # levels; since round seventeen ARUP's phosphorus, aPTT and fibrinogen and the hospital
    # lists' absolute neutrophil count. A limit the list does not hold would raise alarms the
    # evaluation counts false.
    assert set(CRITICAL_LIMITS) == {
        "Potassium", "Sodium", "Glucose", "Fasting glucose", "Calcium", "Magnesium",
        "Bicarbonate", "Hemoglobin", "Hematocrit", "Platelets", "WBC", "PT", "INR",
        "Blood pH", "pCO2", "pO2", "Ionised calcium", "Lactate",
        "Salicylate", "Paracetamol", "Lithium", "Digoxin",
        "Phosphate", "aPTT", "Fibrinogen", "Neutrophils",
    }  # fmt: skip
    # dev mt-stroke-consult-abg-shorthand-targets-are-not-values: a digoxin level is read,
    # and 1.24 ng/mL is under its toxic limit (4.0).
    values = _read("TSH 2.1, cholesterol 165, Digoxin 1.24, CPK 57. ABG 7.47/32/459 on 100%.")
    assert _one(values, "Digoxin").value == 1.24 and not _one(values, "Digoxin").critical


def test_a_new_measurement_of_the_same_number_supersedes_the_earlier_one() -> None:
    # dev cr-propofol-infusion-syndrome-melas-lactate-mg-dl-creatinine-kinase: lactate 99 mg/dL
    # with the day-5 gas, then 99 mg/dL again on admission to the ICU (day 19) beside a new
    # pyruvic acid and creatine kinase: two measurements, the last one current.
    text = (
        "A laboratory examination showed increased serum pyruvic acid (2.1 mg/dL) and lactate "
        "(75 mg/dL). On day 5, the urine appeared brown and arterial blood gas revealed "
        "metabolic acidosis (pH 7.261, pCO 2 33.0 mmHg, HCO 3 - 14.4 mmol/L, and lactate 99 "
        "mg/dL). Creatinine kinase was elevated at 20,999 U/L. Laboratory findings showed "
        "metabolic acidosis (lactic acid, 99 mg/dL; pyruvic acid, 0.92 mg/dL), creatinine kinase "
        "29,560 U/L, and myoglobin 9,845 ng/mL."
    )
    assert [(v, c) for v, _, c in _told(text, "Lactate")] == [
        (75, False),
        (99, False),
        (99, True),
    ]
    # dev mt-metastatic-breast-vomiting-critical-hb: told in the history without a date,
    # then "Today": the same result told twice stays current (and critical) both times.
    text = (
        "The patient is anemic and her hemoglobin is 5.7 and she is thrombocytopenic with the "
        "platelet count of 34.\n"
        "X-RAY AND LABORATORY DATA:  She came in, white count 9.2, hemoglobin 7.2, hematocrit "
        "22.2, MCV of 87, platelet count is 47,000.  Calcium is 8.1, sodium 134, alkaline "
        "phosphatase is 359.  Today, her hemoglobin is 5.7, TSH is 1.1, platelet count is "
        "34,000, alkaline phosphatase is 303, and bilirubin of 1.7."
    )
    assert [c for v, _, c in _told(text, "Hemoglobin") if v == 5.7] == [True, True]
    # dev mt-high-inr-12-office-told-twice.
    text = (
        "I gave her the Coumadin as an outpatient and then the INR was found to be 12.\n"
        "PLAN:  Her INR at the office was 12.  I will repeat it, and if it is still elevated, I "
        "will give vitamin K 10 mg in 100 mL of D5W."
    )
    assert [c for _, _, c in _told(text, "INR")] == [True, True]


def test_readings_the_patient_reports_and_a_visit_elsewhere_are_earlier() -> None:
    # dev mt-dietary-consult-home-glucose-doses: home readings before a DKA admission, told
    # at a later dietary consultation; none is a current laboratory result.
    text = (
        "She indicates that her blood sugar on Friday night was 187 at bedtime and that when "
        "she woke up in the morning her blood sugar was 477.  She gave herself, in smaller "
        "increments, a total of 70 extra units of her Humalog.  Her blood sugar was over 600 "
        "when she went to the hospital later that day."
    )
    assert _told(text, "Glucose") == [
        (187, "earlier", False),
        (477, "earlier", False),
        (600, "earlier", False),
    ]


def test_a_later_result_told_by_a_verb_of_change_supersedes_the_first() -> None:
    # dev mt-lumbar-puncture-child-hb-5-8-serial-wbc.
    text = (
        "Her white count on presentation was significantly elevated at 20,800, subsequently "
        "increased to 24.7 and then decreased to 16.6 while on antibiotics."
    )
    told = _told(text, "WBC")
    assert [v for v, _, _ in told] == [20800, 24.7, 16.6]
    assert [t for _, t, _ in told][1:] == ["earlier", None]


def test_a_bare_ph_beside_a_lactate_is_the_blood_ph() -> None:
    # CaseReportBench item 112 (late-onset multiple acyl-CoA dehydrogenase deficiency).
    values = _read(
        "Other laboratory investigations showed a lactate of 2.9 mmol/L, pH of 7.311, serum "
        "free fatty acid of 2.161 mmol/L."
    )
    assert _one(values, "Blood pH").value == 7.311
    # A fluid's pH keeps its fluid: "Urine pH 6.0" beside a bicarbonate is no blood pH.
    assert "Blood pH" not in _read("Urinalysis: pH 6.0, and serum bicarbonate 20 mmol/L.")


def test_a_narrative_label_ends_the_specimen_a_procedure_named() -> None:
    # dev mt-lumbar-puncture-child-hb-5-8-serial-wbc: the procedure is a lumbar puncture, the
    # indication's white counts are the blood's (a blood count read as CSF is never critical).
    text = (
        "PROCEDURE:  Lumbar puncture with moderate sedation.\n\n"
        "INDICATION:  The patient is a 2-year, 2-month-old little girl who presented to the "
        "hospital with severe anemia, hemoglobin 5.8, elevated total bilirubin.  After "
        "antibiotics were discontinued, she increased over the next 2 days to an elevated "
        "white count of 31,000 with significant bandemia."
    )
    values = _read(text)
    assert _one(values, "WBC").specimen is None
    assert _one(values, "Hemoglobin").critical


def test_litre_written_out_is_a_litre() -> None:
    # CaseReportBench item 10 (dev cr-cah-infant-cholestasis-...): "serum sodium 102 meq/lit".
    assert unit_key("meq/lit") == unit_key("mEq/L")
    assert _one(_read("serum sodium 102 meq/lit."), "Sodium").critical


def test_mm_hg_in_two_words_is_the_gas_unit() -> None:
    # Respiratory failure presenting in H1N1 influenza with Legionnaires disease (J Med Case
    # Reports 2011;5:520), dev cr-h1n1-legionella-creatinine-phosphokinase-pao2. Without its
    # unit a PaO2 may be kPa, and a critical one (< 43 mmHg) would never be marked.
    value = _one(
        _read(
            "He was admitted to the ICU and due to worsening hypoxemia (PaO2 48 mm Hg, while "
            "breathing 50% inspired oxygen), neurologic deterioration."
        ),
        "pO2",
    )
    assert (value.value, unit_key(value.unit)) == (48, "mmhg")


def test_a_plans_aim_is_no_result() -> None:
    # dev mt-stroke-consult-abg-shorthand-targets-are-not-values: the gas is read, the plan's
    # aims ("keep her pH in a normal range", "hyperventilate her to a pCO2 of 30 and a pH of
    # 7.5") are not results.
    values = _read(
        "LABORATORY: Magnesium 1.5. ABG 7.47/32/459 on 100%.\n"
        "3. Respiratory failure requiring ventilator: We will keep her comfortable on the "
        "breathing machine and try to keep her pH in a normal range, around 7.4, and her CO2 in "
        "the 30 to 40 range. If she has brain swelling, we will need to hyperventilate her to a "
        "pCO2 of 30 and a pH of 7.5, to optimize the cardiac arrhythmia potential of alkalosis."
    )
    assert [v.value for v in values["Blood pH"]] == [7.47]
    assert [v.value for v in values["pCO2"]] == [32]
