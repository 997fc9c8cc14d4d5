"""Lab values CUPCase case presentations tell that the reader missed or misread, by shape
(#29, twenty-sixth round): the highest result told after a comma ("peaking at"), an earlier
result whose time stands between "from" and "to", a bilirubin's fractions told by their
word alone, results excepted from "in the normal range", and, read wrongly, another report's
patient and the next sentence's number. Each test quotes the shape from the CUPCase case
presentation (pool) it was found in; the guards hold what must not be read."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _read(text: str) -> list[tuple[str, float]]:
    return [(v.analyte, v.value) for v in parse_lab_values(text)]


# The highest result told after a comma or as "a peak of"


def test_a_participle_after_the_verdict_hands_the_peak_over():
    # CUPCase row 571: the creatine kinase was unread.
    text = (
        "On hospital day 4, he was noted to have persistently elevated levels of serum "
        "troponin, peaking at 12 ng/mL. His levels of serum creatinine kinase were elevated "
        "as well, peaking at 9262 U/L."
    )
    assert ("CK", 9262.0) in _read(text)
    assert ("Troponin", 12.0) in _read("Troponin was elevated, with a peak of 12 ng/mL.")


def test_a_peak_after_the_first_result_of_a_stimulation_test():
    # CUPCase row 1497: the cortisol's peak (its unit spaced "μg/ dl") was unread.
    text = (
        "There was inadequate cortisol and ACTH response to corticotropin-releasing hormone: "
        "serum cortisol was 5.6 μg/ dl at 60 min and had a peak of 5.7 μg/ dl at 90 min."
    )
    assert {("Cortisol", 5.6), ("Cortisol", 5.7)} <= set(_read(text))


def test_a_peak_told_of_another_measure_is_no_result():
    # guard: a temperature's peak after a comma reads no test
    assert _read("The fever was persistent, with temperatures peaking at 39.5°C.") == []


def test_a_clause_with_another_measure_after_the_comma_is_no_result():
    # guards: MedRBench PMC11587177 and PMC11638211, a comma and "with" before another
    # measure's number (an index, a fluorescence value): no lymphocyte count, no eGFR
    text = (
        "A drug lymphocyte stimulation test for abemaciclib was negative, with a stimulation "
        "index of 912.1 and a maximum response value of 114."
    )
    assert _read(text) == []
    text = (
        "Among the positive biomarkers, EGFR and HLA-E demonstrated clear positivity, with FM "
        "values of 1.6."
    )
    assert _read(text) == []


# An earlier result's time between "from" and "to"


def test_the_earlier_results_time_between_from_and_to():
    # CUPCase row 5391 ("from a baseline level of 2% to 10%"): the later count was unread.
    text = (
        "Interestingly, his eosinophil count had increased from a baseline level of 2% to "
        "10%, although he had no symptoms."
    )
    assert {("Eosinophils", 2.0), ("Eosinophils", 10.0)} <= set(_read(text))
    assert {("Creatinine", 1.2), ("Creatinine", 3.4)} <= set(
        _read("Creatinine rose from 1.2 mg/dL on admission to 3.4 mg/dL.")
    )


def test_the_earlier_result_between_from_and_to_is_the_earlier_one():
    values = parse_lab_values("Creatinine rose from 1.2 mg/dL on admission to 3.4 mg/dL.")
    timing = {v.value: v.timing for v in values}
    assert timing[1.2] == "earlier" and timing[3.4] != "earlier"


def test_a_course_after_two_tests_is_the_one_its_numbers_fit():
    # CUPCase row 2238: read as a BUN of 0.9 and 4.0 (a BUN is never 0.9 mg/dL).
    text = (
        "The patient was found to have elevated blood urea nitrogen and creatinine levels, "
        "which increased from 0.9 to 4.0 mg/dL over a couple of days."
    )
    read = _read(text)
    assert {("Creatinine", 0.9), ("Creatinine", 4.0)} <= set(read)
    assert not any(name == "BUN" for name, _ in read)


def test_a_course_after_two_tests_both_numbers_fit_stays_as_it_was():
    # guards: where both tests could hold the numbers the first name keeps them as before;
    # with "respectively" each test has its own course (MedRBench PMC11614787's shape)
    assert ("Creatinine", 20.0) not in _read("BUN and creatinine went from 20 to 80 mg/dL.")
    text = (
        "Her inflammatory markers, ESR and CRP, decreased from 85 mm/h to 20 mg/dL and from "
        "11.34 mm/h to 0.76 mg/dL, respectively."
    )
    assert ("CRP", 85.0) not in _read(text)


def test_a_monoclonal_immunoglobulins_course_is_no_immunoglobulin_result():
    # guard: CUPCase row 5006, a paraprotein's course; the name written again for the later
    # result must not lose the word "monoclonal"
    text = "His monoclonal IgG had dropped from 65 g/L before treatment to 11 g/L after it."
    assert _read(text) == []


def test_a_dose_changed_from_one_amount_to_another_is_no_result():
    # guard: CUPCase row 1562, "steroids doses were increased from 7.5 mg to 30 mg daily"
    assert _read("Orally administered steroid doses were increased from 7.5 mg to 30 mg.") == []


# A bilirubin's fractions told by their word alone


def test_the_direct_fraction_after_the_total_bilirubin():
    # CUPCase row 3687: the direct bilirubin was unread.
    text = (
        "A liver function test showed bilirubin total 6.2 mg/dL and direct 2.7 mg/dL, "
        "alanine transaminase 72.3 units/L."
    )
    assert {("Total bilirubin", 6.2), ("Direct bilirubin", 2.7)} <= set(_read(text))


def test_both_fractions_in_the_bracket_after_the_disorder():
    # CUPCase row 5735: neither fraction was read.
    text = (
        "On laboratory tests, he showed mild direct bilirubinemia (total: 4 mg/dl; direct: "
        "2.5 mg/dl), but normal hemoglobin."
    )
    assert {("Total bilirubin", 4.0), ("Direct bilirubin", 2.5)} <= set(_read(text))


def test_a_fraction_word_of_another_test_is_not_the_bilirubins():
    # guard: "direct" of a Coombs test, "total" of a protein named after the bilirubin
    from core.analysis.labs.bilirubin_fractions import name_bilirubin_fractions

    assert name_bilirubin_fractions(
        "Total bilirubin was 3.1 mg/dL; direct Coombs test was positive."
    ) == ("Total bilirubin was 3.1 mg/dL; direct Coombs test was positive.")
    line = "bilirubin 3.1 mg/dL, total protein 6.2 g/dL, direct 2.0"
    assert name_bilirubin_fractions(line) == line
    assert ("Direct bilirubin", 2.0) not in _read(line)


# Results excepted from "in the normal range"


def test_the_first_result_excepted_from_in_the_normal_range():
    # CUPCase row 5068: the lactate dehydrogenase, first of the list, was unread.
    text = (
        "His laboratory data were in the normal range except for lactate dehydrogenase "
        "(214 U/L; normal range: 105-210 U/L), γ-glutamyl transpeptidase (88 U/L; normal "
        "range: 11-80 U/L), and triglyceride (199 mg/dL; normal range: 42-168 mg/dL)."
    )
    assert {("LDH", 214.0), ("GGT", 88.0), ("Triglycerides", 199.0)} <= set(_read(text))


def test_a_range_told_as_in_the_normal_range_is_no_result():
    # guard: the bracket after "in the normal range" holds the range itself
    assert _read("Sodium was in the normal range (135-145 mmol/L).") == []


# Read wrongly: another report's patient, the next sentence's number


def test_a_recent_case_reports_patient_is_not_this_one():
    # CUPCase row 3850: "24-hour urine protein 0.01 g/day" was read as the patient's.
    text = (
        "A recent case report described a patient with slight proteinuria (0.01 g/day) who "
        "had a novel heterozygous gene variant of intersectin 2 with thin GBM."
    )
    assert _read(text) == []


def test_the_number_of_the_next_sentence_is_not_the_tests():
    # CUPCase row 3850: "transferrin 0.1" was read from the next sentence's index.
    text = (
        "The selectivity index compares IgG with transferrin (small molecule). A PSI of < "
        "0.1 usually indicates MCD responsive to steroid therapy."
    )
    assert _read(text) == []


def test_a_measure_in_the_sentence_after_a_table_cited_is_not_the_tests():
    # MedRBench PMC11636667: "HbA1c 34" was read from the next sentence's 34 cm.
    text = (
        "Laboratory evaluation included glycated hemoglobin (HBA1c) (Table 1).Esophagogastro"
        "duodenoscopy showed luminal narrowing at 34 cm from incisors."
    )
    assert _read(text) == []


def test_a_value_after_a_full_stop_in_a_label_is_still_read():
    # guard: an abbreviation's full stop before its number ends no sentence
    assert ("Hemoglobin", 12.5) in _read("Hb. 12.5 g/dL.")
    assert ("Potassium", 4.1) in _read("Potassium. 4.1 mmol/L")
