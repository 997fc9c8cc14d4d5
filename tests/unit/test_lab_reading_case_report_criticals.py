"""Blood gases, electrolytes and critical marks in the prose of published case reports
(issue #29, reader-prose, 2026-11-26).

Each test quotes a sentence of an open-access case report as CaseReportBench stores it
(cindyzhangxy/CaseReportBench, src/prompting/testing_case_set.json @ 629533d91f; PubMed
Central open-access subset, CC BY-NC 4.0 as a collection), named by its dev case in
tests/clinical/dev, or an MTSamples transcription of dev (terrah27/spider_mtsamples.com).
"""

from __future__ import annotations

from core.analysis.labs.critical import mark_critical
from core.analysis.rules.conditions import CONDITIONS
from core.insights import LabValue
from tests.unit.test_lab_reading_case_reports import _one, _read


def test_a_disorder_named_before_its_value_is_that_tests_value() -> None:
    # dev cr-porphyria-seizures-critical-hyponatraemia-104 (acute intermittent porphyria).
    values = _read(
        "Except for remarkable hyponatremia of 104 mmol/L, her serum potassium was 3.0 mmol/L, "
        "aspartate transaminase 243 U/L, alanine transaminase 142 U/L, and total bilirubin "
        "37 μmol/L."
    )
    sodium = _one(values, "Sodium")
    assert (sodium.value, sodium.critical) == (104, True)
    assert not _one(values, "Potassium").critical  # 3.0 is not under 2.8
    # dev cr-melas-appendectomy-serial-arterial-gases and
    # cr-late-onset-otc-deficiency-serial-ammonia-misprinted-unit.
    values = _read(
        "The laboratory results showed hyponatremia (126 mEq/L), hyperglycemia (257 mg/dl), "
        "and light metabolic acidosis (pH 7.346, PaCO 2 36.3 mmHg, HCO 3 20.1 mM/L)."
    )
    assert _one(values, "Sodium").value == 126
    assert _one(values, "Glucose").value == 257
    assert _one(values, "Blood pH").value == 7.346
    values = _read("Serum electrolyte analysis showed mild hypernatremia (149 mEq sodium/L).")
    assert (_one(values, "Sodium").value, _one(values, "Sodium").unit) == (149, "mEq/L")
    # A disorder without a value after it names nothing.
    assert _read("The hyponatraemia and hyperkalaemia were out of proportion.") == {}


def test_an_ions_charge_set_apart_is_no_sign() -> None:
    # dev cr-melas-appendectomy-serial-arterial-gases.
    values = _read(
        "Thirty minutes after inducing anesthesia, the arterial blood gas study showed pH 7.44, "
        "PaCO 2 32 mmHg, PaO 2 299 mmHg, HCO 3 23.3 mM/L, BE -2.1 mM/L; her electrolytes were "
        "Na + 125 mEq/L, K + 3.8 mEq/L, Cl - 88 mEq/L; and her blood sugar was 176 mg/dl."
    )
    assert _one(values, "Sodium").value == 125
    assert _one(values, "Potassium").value == 3.8
    assert _one(values, "Chloride").value == 88  # not -88
    assert _one(values, "Base excess").value == -2.1  # a real minus sign stays one
    assert _one(values, "pO2").value == 299


def test_a_name_a_comma_then_its_value_closing_the_clause() -> None:
    # Neonatal haemochromatosis (CaseReportBench item 41, left out of dev, see below).
    values = _read(
        "The initial laboratory findings after birth showed the following increased values on "
        "the liver function test: aspartate aminotransferase (AST), 176 U/L; alanine "
        "aminotransferase (ALT), 106 U/L; total bilirubin, 1.76 mg/dL; and direct bilirubin, "
        "1.2 mg/dL."
    )
    assert {n: v[0].value for n, v in values.items()} == {
        "AST": 176,
        "ALT": 106,
        "Total bilirubin": 1.76,
        "Direct bilirubin": 1.2,
    }
    # dev cr-propofol-infusion-syndrome-melas-lactate-mg-dl-creatinine-kinase.
    values = _read(
        "Laboratory findings showed metabolic acidosis (lactic acid, 99 mg/dL; pyruvic acid, "
        "0.92 mg/dL), creatinine kinase 29,560 U/L, and myoglobin 9,845 ng/mL."
    )
    lactate = _one(values, "Lactate")
    assert (lactate.value, lactate.unit, lactate.critical) == (99, "mg/dL", True)  # 11 mmol/L
    assert _one(values, "Pyruvate").value == 0.92
    assert _one(values, "CK").value == 29560  # "creatinine kinase" is CK
    # A count written before its name keeps the comma's meaning: "0 PMNs, 100% lymphocytes".
    values = _read("CSF: 5 RBCs (0 PMNs, 100% lymphocytes).")
    assert _one(values, "Neutrophils").value == 0
    assert _one(values, "Lymphocytes").value == 100


def test_the_last_result_a_narrative_tells_is_the_current_one() -> None:
    # dev cr-lipoid-cah-follow-up-supersedes-hyperkalaemia: potassium 6.61 at 11 months,
    # 4.8 at the two-year follow-up; only a current value can be critical.
    values = _read(
        "Her plasma sodium level was 131.7 mmol/L (normal: 135–145 mmol/L) with potassium "
        "concentration of 6.61 mmol/L (normal: 3.5–5.5 mmol/L).\n"
        "At follow-up for 2 years, the patient is now 104.5 cm tall and weighs 23.3 kg at the "
        "age of 4 years old. Her plasma sodium level is 138 mmol/L with a normal potassium "
        "concentration of 4.8 mmol/L."
    )
    assert [(v.value, v.critical) for v in values["Potassium"]] == [(6.61, False), (4.8, False)]
    # MTSamples (dev mt-itp-platelets-earlier-critical): 10, then the repeat's 43.
    values = _read(
        "Her platelets fell to 10 on 01/09/07 and shortly after learning of that result, I "
        "increased her prednisone to 60 mg a day. Repeat on 01/16/07 revealed platelets up at 43."
    )
    assert [(v.value, v.critical) for v in values["Platelets"]] == [(10, False), (43, False)]
    # A table's rows keep their order unread (a cumulative table prints the newest first).
    rows = mark_critical(
        [
            LabValue(analyte="Potassium", value=6.8, unit="mmol/L", source_line="Potassium 6.8"),
            LabValue(analyte="Potassium", value=4.0, unit="mmol/L", source_line="Potassium 4.0"),
        ]
    )
    assert [v.critical for v in rows] == [True, False]


def test_a_sentence_ending_on_a_past_day_dates_every_result_in_it() -> None:
    # MTSamples (dev mt-inr-thrombocytosis-haematology): PT 44.9 today, 65.0 yesterday.
    values = _read(
        "PT has been markedly elevated and today is 44.9 with an INR of 5.0. The PT is slightly "
        "improved over the last few days, being high at 65.0 with an INR of 7.3 yesterday."
    )
    assert [(v.value, v.timing, v.critical) for v in values["PT"]] == [
        (44.9, None, True),
        (65.0, "earlier", False),
    ]
    assert [(v.value, v.critical) for v in values["INR"]] == [(5.0, False), (7.3, False)]
    # Two times compared in one sentence: the value of today stays current.
    assert _one(_read("Potassium today is 6.9, up from 5.0 yesterday."), "Potassium").critical


def test_magnesium_in_milliequivalents_is_judged_against_its_limit() -> None:
    # dev cr-porphyria-electrolytes-ionised-calcium-mg-dl-urine-osmolarity.
    values = _read(
        "The initial results of laboratory investigation revealed marked electrolyte "
        "disturbances; sodium level: 108 milliequivalents per liter (mEq/L), potassium level: "
        "2.7 mEq/L, total calcium level: 4.9 mg/dl, ionized calcium level: 3.5 mg/dl, magnesium "
        "level: 0.7 mEq/L, and phosphorus level: 2.1 mEq/L ( table 1 )."
    )
    assert _one(values, "Magnesium").critical  # 0.7 mEq/L is 0.85 mg/dL, under 1.0
    assert _one(values, "Calcium").critical  # 4.9 mg/dL, under 6.6
    assert _one(values, "Potassium").critical  # 2.7, under 2.8
    assert not _one(values, "Ionised calcium").critical  # 3.5 mg/dL is 0.87 mmol/L


def test_a_number_glued_to_an_abbreviation_is_no_value() -> None:
    # dev cr-lipoid-cah-follow-up-supersedes-hyperkalaemia: "17OHD" is 17-hydroxylase
    # deficiency, not a progesterone of 17; a unit in capitals still follows its value.
    assert (
        _read(
            "Lacking hypertension and hypopotassemia, the clinical presentation of salt loss and "
            "decreased progesterone also did not support the diagnosis of 17OHD."
        )
        == {}
    )
    assert _one(_read("CRP 12MG/L"), "CRP").value == 12


def test_adrenal_and_pituitary_hormones_are_read() -> None:
    # dev cr-lipoid-cah-follow-up-supersedes-hyperkalaemia and
    # cr-lipoid-adrenal-hyperplasia-short-bowel-cortisol-acth-last-evaluation.
    values = _read(
        "ACTH was >1250 pg/mL (0–46 pg/mL) with a morning cortisol of 1.23 μg/dL (normal: "
        "4–22 μg/dL). Meanwhile, he presented a normal 17-hydroxyprogesterone level (0.42 "
        "ng/mL)."
    )
    acth = _one(values, "ACTH")
    assert (acth.comparator, acth.value) == (">", 1250)
    assert _one(values, "17-hydroxyprogesterone").value == 0.42
    assert _one(values, "Cortisol").value == 1.23
    # Two values, each with its range, "respectively"; renin activity "ng/mL/hr".
    values = _read(
        "Plasma renin activity and aldosterone levels were 7.28 ng/mL/hr (normal range, "
        "1.0–6.5 ng/mL/hr) and 0.1 ng/dL (normal range, 3–35 ng/dL), respectively."
    )
    assert _one(values, "Renin activity").value == 7.28
    assert _one(values, "Aldosterone").value == 0.1


def test_the_inborn_errors_case_reports_name() -> None:
    def codes(text: str) -> set[str]:
        return {c.code for c in CONDITIONS if c.pattern.search(text)}

    # dev cr-porphyria-seizures-critical-hyponatraemia-104 and
    # cr-porphyria-siadh-urine-sodium-porphobilinogen-24h-uroporphyrin.
    assert "E80.21" in codes("AIP was confirmed by 3 repeated urine Watson–Schwartz tests.")
    assert "E80.21" in codes("Given suspicion of acute porphyria, urine porphobilinogen was")
    assert "E80.21" not in codes("autoimmune pancreatitis (aip)")  # only the capitals
    assert "E22.2" in codes(
        "A diagnosis of Syndrome of Inappropriate Antidiuretic Hormone secretion (SIADH) was made"
    )
    # dev cr-lipoid-cah-follow-up-supersedes-hyperkalaemia, cr-lipoid-adrenal-...-evaluation.
    assert "E25.0" in codes("The genogram of LCAH in this family is presented in Fig. 2.")
    assert "E27.1" in codes(
        "fludrocortisone were started as therapy for primary adrenal insufficiency"
    )


def test_prothrombin_time_in_seconds_beside_the_inr() -> None:
    # Neonatal haemochromatosis (CaseReportBench item 41, left out of dev: its disease is
    # named only "NH"): the PT past 27 s is critical, the INR of 3.02 is not.
    values = _read(
        "The albumin level was 2.4 g/dL, and the ammonia level was increased to 149 µg/dL. The "
        "prothrombin time was 31.2 seconds, and the international normalized ratio was 3.02. "
        "The initial laboratory examination showed a white blood cell count of 13,600/µL, a "
        "hemoglobin level of 10.1 g/dL and a thrombocyte count of 93,000/µL."
    )
    pt, inr = _one(values, "PT"), _one(values, "INR")
    assert (pt.value, pt.critical) == (31.2, True)
    assert (inr.value, inr.critical) == (3.02, False)
    assert _one(values, "Platelets").value == 93000


def test_a_psoas_abscess_is_named() -> None:
    # dev cr-psoas-abscess-groin-pain-crp-wbc (PMC1681640): "psoas abscess" is the code set's
    # "Psoas muscle abscess" (K68.12).
    codes = {c.code for c in CONDITIONS if c.pattern.search("CT revealed a left psoas abscess")}
    assert "K68.12" in codes
