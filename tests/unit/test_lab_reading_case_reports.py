"""Lab values in the prose of published case reports (issue #29, reader-prose).

Each test quotes a sentence of an open-access case report as it is stored in the
adahealth/medical_case_report_corpus BioC collection (commit 2388336135, the text of the PMC
or publisher page), with the article named beside it. Several are dev cases of
tests/clinical/dev; the others are articles of the same corpus whose diagnosis the offline
engine cannot name yet, kept here for their lab sentences.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.analysis.rules.notes import read_notes
from core.insights import LabValue


def _read(text: str) -> dict[str, list[LabValue]]:
    by_name: dict[str, list[LabValue]] = {}
    for value in parse_lab_values(text):
        by_name.setdefault(value.analyte, []).append(value)
    return by_name


def _one(values: dict[str, list[LabValue]], name: str) -> LabValue:
    assert len(values.get(name, [])) == 1, values
    return values[name][0]


def test_a_subscript_set_apart_by_typesetting_is_part_of_the_gas_name() -> None:
    # Respiratory failure presenting in H1N1 influenza with Legionnaires disease (J Med Case
    # Reports 2011;5:520, doi:10.1186/1752-1947-5-520), dev case
    # cr-h1n1-legionella-creatinine-phosphokinase-pao2.
    values = _read(
        "Within 18 hours after arrival, tachypnea and hypoxemia (PaO  2 : 58 mm Hg, while "
        "breathing 50% oxygen) increased further requiring intubation and mechanical ventilation."
    )
    assert set(values) == {"pO2"}
    assert _one(values, "pO2").value == 58
    # A subscript is joined only where the gas's value follows: "PO 2 tablets" is a route.
    assert _read("metoprolol 25 mg PO 2 tablets daily") == {}
    # "vitamin B 12" likewise (dry beriberi, J Med Case Reports 2010;4:409).
    b12 = _one(
        _read("Vitamin B 12  deficiency (191 ng/L, normal range 200-900 ng/L) had been identified"),
        "Vitamin B12",
    )
    assert (b12.value, b12.flag) == (191, "low")


def test_creatinine_phosphokinase_in_a_semicolon_list_is_ck() -> None:
    # Same article: the admission values in one semicolon list.
    values = _read(
        "On admission main laboratory examations were as follows: white blood cell count (WBC) "
        "was 9.8 K/mL (87% neutrophils, 4% lymphocytes); C-reactive protein 205 mg/L; serum "
        "sodium 132 mEq/L; serum phosphorus 2.3 mg/dL; serum glutamate pyruvate transaminase "
        "(SGPT) 175 IU/L; serum oxaloacetate transaminase (SGOT) 184 IU/L; serum ferritin 4100 "
        "ng/mL; creatinine phosphokinase (CPK) 241 IU/L."
    )
    assert "Creatinine" not in values
    assert _one(values, "CK").value == 241
    assert {n: _one(values, n).value for n in ("Sodium", "ALT", "AST", "Ferritin")} == {
        "Sodium": 132,
        "ALT": 175,
        "AST": 184,
        "Ferritin": 4100,
    }


def test_an_abbreviation_in_brackets_names_the_test_before_it() -> None:
    # Myxedematous Coma: A Case Report (JSM Clin Case Rep 2013;1(1):1008), dev case
    # cr-myxedema-coma-reference-in-sentence: "(T4)" is the free thyroxin's abbreviation.
    values = _read(
        "Thyroid function was altered with thyroid-stimulating hormone (TSH) of 16.75 mU/L and "
        "free thyroxin (T4) of 0.59 ng/dl."
    )
    assert set(values) == {"TSH", "Free T4"}
    assert (_one(values, "Free T4").value, _one(values, "Free T4").flag) == (0.59, "low")


def test_two_names_with_abbreviations_then_two_values_respectively() -> None:
    # A case report of chronic granulomatous disease presenting with aspergillus pneumonia in
    # a 2-month old girl (Korean J Pediatr, PMC2994132).
    values = _read(
        "Her total leucocyte count was 10,500/µL, with 34% neutrophils and 52% lymphocytes. "
        "Aspartate aminotransferase (AST) and alanine aminotransferase (ALT) levels were raised "
        "(174 IU/L and 398 IU/L, respectively)."
    )
    assert {n: _one(values, n).value for n in ("AST", "ALT", "WBC")} == {
        "AST": 174,
        "ALT": 398,
        "WBC": 10500,
    }


def test_one_bound_for_both_tests_and_a_drug_level_as_a_bound() -> None:
    # Accidental staggered paracetamol overdose (PMC3157131), dev case
    # cr-staggered-paracetamol-less-than-bounds.
    values = _read(
        "Investigations including serum paracetamol level was less than 10 μg/ml and liver "
        "function tests both aspartate aminotransferase and alanine aminotransferase were less "
        "than 50 IU/l."
    )
    assert {n: (_one(values, n).comparator, _one(values, n).value) for n in values} == {
        "Paracetamol": ("<", 10),
        "AST": ("<", 50),
        "ALT": ("<", 50),
    }


def test_a_later_value_in_the_same_unit_is_the_same_test_and_the_first_is_earlier() -> None:
    # Churg-Strauss syndrome following cessation of allergic desensitization vaccination
    # (J Med Case Reports 2010;4:188, doi:10.1186/1752-1947-4-188).
    values = _read(
        "Our patient's erythrocyte sedimentation rate (ESR) was 3mm/h 15 days prior to "
        "admission and 14mm/h at the hospital."
    )
    assert [(v.value, v.timing) for v in values["ESR"]] == [(3, "earlier"), (14, None)]
    # Two values of two tests in one unit stay two tests: "(174 IU/L and 398 IU/L,
    # respectively)" is read as a pair (above), and another name in between ends the run.
    other = _read("AST was 40 U/L on admission, ALT 35 U/L and 50 U/L later")
    assert [v.value for v in other["AST"]] == [40]


def test_names_written_in_a_translators_order_or_spelling() -> None:
    # Liver abscess caused by Klebsiella pneumoniae: two case reports (Cases Journal 2009,
    # doi:10.1186/1757-1626-0002-0000006879), the second case.
    values = _read(
        "Laboratory tests revealed elevated C Reactive Protein (31 mg/dl; normal value<1), "
        "abnormal serum creatinine (1.8 mg/dl), aspartate transferase (139 U/L), alanine "
        "transferase (110 U/L), phosphatase alkaline (823 U/L) and total bilirubin (2.12 mg/dl)."
    )
    assert {n: _one(values, n).value for n in values} == {
        "CRP": 31,
        "Creatinine": 1.8,
        "AST": 139,
        "ALT": 110,
        "ALP": 823,
        "Total bilirubin": 2.12,
    }
    # Colonic tuberculosis mimicking Crohn's disease (BMC Gastroenterol 2002;2:10) and SAPHO
    # (PMC4079404): "neutrophilic leukocytes" are neutrophils, not a second white count.
    counts = _read(
        "slight increases in the number of leukocytes (10.14×10 9 /l, normal range "
        "4.00–10.00×10 9 /l), neutrophilic leukocytes (7.09×10 9 /l, normal range "
        "2.00–7.00×10 9 /l)"
    )
    assert (_one(counts, "WBC").value, _one(counts, "Neutrophils").value) == (10.14, 7.09)


def test_ascitic_albumin_gradient_is_the_fluids_and_no_serum_albumin() -> None:
    # A Case Report of Peritoneal Tuberculosis: A Challenging Diagnosis (PMC5821965), dev
    # case cr-peritoneal-tb-values-before-ranges-saag.
    values = _read(
        "According to the laboratory results, serum albumin ascites gradient was <1.1, and this "
        "showed us that the fluid was exudate. CRP was 39 (normal range: 0–5 mg/L) and "
        "erythrocyte sedimentation level was 42 (normal range: 0–20 mm/h). CA15-3 level 26.15 "
        "(normal range: 0–26.4 U/mL)"
    )
    assert "Albumin" not in values
    saag = _one(values, "Serum-ascites albumin gradient")
    assert (saag.comparator, saag.value, saag.specimen) == ("<", 1.1, "peritoneal fluid")
    assert {n: _one(values, n).value for n in ("CRP", "ESR", "CA 15-3")} == {
        "CRP": 39,
        "ESR": 42,
        "CA 15-3": 26.15,
    }


def test_a_time_between_commas_and_a_unit_glued_to_the_value() -> None:
    # A large gastrointestinal stromal tumor of the duodenum (J Med Case Reports 2013;7:184),
    # dev case cr-duodenal-gist-haemoglobin-glued-unit: 7.0 is at the limit, not beyond it.
    hb = _one(_read("Her hemoglobin, on admission, was 7.0g/dL."), "Hemoglobin")
    assert (hb.value, hb.unit, hb.critical) == (7.0, "g/dL", False)


def test_a_multiple_of_the_normal_level_is_no_value() -> None:
    # Medullary carcinoma of thyroid (J Head Neck Physicians Surg 2016;4:80), dev case
    # cr-medullary-thyroid-carcinoma-thyroid-tests-in-brackets.
    values = _read(
        "She had raised levels of thyroid-stimulating hormone being 9.92 μIU/ml with normal "
        "levels of free T3 (2.38 pg/ml) and free T4 (1.18 ng/ml). Serum calcitonin was raised "
        "100 times above the normal level being 1404 pg/ml."
    )
    assert _one(values, "TSH").value == 9.92
    assert all(v.value != 100 for v in values.get("Calcitonin", []))


def test_the_disease_a_case_report_names_is_read_past_its_quirks() -> None:
    # Myxedematous Coma (above): "free thyroxin" denies nothing (NegEx reads "free" as
    # "pain free"), and an analysis that "dismissed the hypothesis of meningitis" denies it.
    facts = read_notes(
        "",
        [
            "Spinal fluid analysis dismissed the hypothesis of meningitis as well sepsis with "
            "the previous laboratorial findings. Once the hypothesis of myxedema coma came up, "
            "supplementation with an attack dose of 200 mcg of levothyroxin was started, after "
            "the analysis of the thyroid stimulating hormone and free thyroxin levels."
        ],
    )
    assert facts.knows("Myxedema coma")
    assert "Meningitis" in facts.negated and not facts.knows("Meningitis")
    # Dry beriberi (above): "consistent with long standing type 2 DM" is history, not the
    # diagnosis stated; so is the "chronic alcohol abuse" beside it (the code set's term).
    beriberi = read_notes(
        "",
        [
            "Initial studies demonstrated a mild sensory peripheral polyneuropathy (consistent "
            "with long standing type 2 DM and chronic alcohol abuse)."
        ],
    )
    assert [m.condition.name for m in beriberi.history] == [
        "Type 2 diabetes mellitus",
        "Alcohol abuse",
    ]
    assert not beriberi.stated


def test_a_poisonings_levels_are_their_own_tests() -> None:
    # MTSamples "MRI Brain - CO poisoning", dev case mt-carbon-monoxide-abg-slash: the
    # carboxyhaemoglobin was no test of the catalogue and went unread.
    values = _read(
        "Initial Carboxyhemoglobin level was 24% (normal < 1.5%) and ABG 7.41/30/370 with O2Sat "
        "75% on 10"
    )
    cohb = _one(values, "Carboxyhemoglobin")
    assert (cohb.value, cohb.unit, cohb.flag) == (24, "%", "high")
    # Methanol causes severe anion gap metabolic acidosis - a case study (acutecaretesting.org
    # journal scan of BMJ Case Reports 2016, doi:10.1136/bcr-2015-213259; the sentence
    # abridged, and its "-hydroxybutyrate", whose beta the page lost, spelled out): a ketone
    # body. "Alcohol" as a habit (colonic TB case above) is no ethanol level.
    ketone = _read(
        "The lady's diabetic history, severe acidosis, increased blood glucose (20 mmol/L) and "
        "anion gap (29 mmol/L) initially suggested diabetic ketoacidosis, but this was excluded "
        "by the finding of normal blood ketone concentration (beta-hydroxybutyrate 0.28 mmol/L)."
    )
    assert _one(ketone, "Beta-hydroxybutyrate").value == 0.28
    assert "Ethanol" not in _read("He had been drinking alcohol (50–60 g/d) for 25 years")
    poisoning = _read("Serum ethanol was 254 mg/dL and methanol 45 mg/dL.")
    assert {n: _one(poisoning, n).value for n in poisoning} == {"Ethanol": 254, "Methanol": 45}
