"""Round sixteen's audit of the critical values over the MedRBench pool of 957 case reports
(issue #29): the classes of false alarms and missed ones that recurred in two or more
reports, each with the shape it was found in."""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def test_a_protein_change_is_no_glucose_of_its_residue_number() -> None:
    # MedRBench PMC11632462: "p.Glu1021Lys" was read as a glucose of 1021, a critical one.
    text = (
        "Results were negative for ALPS and chronic granulomatous disease but revealed a "
        "pathogenic variant in PIK3CD (p.Glu1021Lys), confirming an APDS1 diagnosis. His "
        "blood glucose was 92 mg/dL."
    )
    glucose = [v for v in parse_lab_values(text) if v.analyte == "Glucose"]
    assert [(v.value, v.critical) for v in glucose] == [(92, False)]


def test_protein_changes_in_any_case_and_with_deletions_give_no_values() -> None:
    # MedRBench PMC11571544, PMC11484529, PMC11489862, PMC11631573: "Glu", "Leu" and "Pro" are
    # also the short names of glucose, leukocyte esterase and urine protein.
    text = (
        "This second mutation resulted in the modification of the amino acid sequence "
        "p.Glu548Asp. A deletion in exon 20 (c.2502-2513delTGAAAGTACTTT; p.Glu835-Leu838del). "
        "Variants p.Glu2080Ter, p.Cys426Trp, p.Glu943Ter. The patient had compound "
        "heterozygous variants, c240-246del(p.leu81Profs*54, NM_005149.3) and "
        "c377C>T(p.Pro126leu, NM_005149.3)."
    )
    assert parse_lab_values(text) == []


def test_a_glucose_written_glu_keeps_its_result() -> None:
    text = "Biochemistry: Glu 38 mg/dL, Na 131 mmol/L."
    glucose = [v for v in parse_lab_values(text) if v.analyte == "Glucose"]
    assert [(v.value, v.critical) for v in glucose] == [(38, True)]


def _critical(text: str) -> list[tuple[str, float]]:
    return [(v.analyte, v.value) for v in parse_lab_values(text) if v.critical]


def test_an_earlier_critical_result_recalled_after_a_later_one_is_not_current() -> None:
    # MedRBench PMC11616425: the WBC of 57.6 told again in the discussion, after the 6.8 and
    # 8.6 that followed it; the 8.6 is the current count.
    text = (
        "The complete blood count showed a white blood cell count (WBC) count of 57.6 × "
        "10^9/L, a neutrophil count of 39.9 × 10^9/L. Laboratory tests revealed improvement: "
        "the WBC count was 6.8 ×10^9/L. At a follow-up on the 42nd day of illness, routine "
        "blood tests showed a WBC count of 8.6 × 10^9/L. In this case, the patient's WBC "
        "count was remarkably elevated at 57.6 × 10^9/L on the 4th day after symptom onset."
    )
    assert _critical(text) == []


def test_a_result_told_as_a_lab_error_after_the_right_one_is_not_current() -> None:
    # MedRBench PMC11462689: the outside 4.5 g/dL, the ED's 7.9 g/dL, then "Obviously
    # hemoglobin of 4.5 g/dL was a lab error".
    text = (
        "The blood test showed a hemoglobin of 4.5 g/dL (compared with 7.5 g/dL two days "
        "prior). In ED, blood test showed a hemoglobin of 7.9 g/dL and platelets of 38 × "
        "103/µL. Obviously hemoglobin of 4.5 g/dL was a lab error."
    )
    assert ("Hemoglobin", 4.5) not in _critical(text)


def test_a_result_that_changed_back_to_the_same_number_is_a_new_measurement() -> None:
    text = (
        "His hemoglobin was 6.5 g/dL. After two units of blood his hemoglobin was 8.1 "
        "g/dL.\nOn day 4 his hemoglobin was found to have dropped again to 6.5 g/dL."
    )
    assert set(_critical(text)) == {("Hemoglobin", 6.5)}


def test_the_same_result_told_twice_with_nothing_between_stays_current() -> None:
    text = (
        "Her serum potassium was 7.1 mmol/L. An ECG showed peaked T waves. The potassium of "
        "7.1 mmol/L was treated with calcium gluconate and insulin."
    )
    assert ("Potassium", 7.1) in _critical(text)


def test_todays_result_equal_to_the_historys_stays_current() -> None:
    # MTSamples (dev case mt-metastatic-breast-vomiting-critical-hb): the history's "her
    # hemoglobin is 5.7", the admission's 7.2, then "Today, her hemoglobin is 5.7".
    text = (
        "The patient is anemic and her hemoglobin is 5.7 and she is thrombocytopenic.\n"
        "She came in, white count 9.2, hemoglobin 7.2, hematocrit 22.2, MCV of 87. Today, "
        "her hemoglobin is 5.7, TSH is 1.1."
    )
    assert ("Hemoglobin", 5.7) in _critical(text)


def test_a_result_measured_anew_and_told_again_stays_current() -> None:
    # MedRBench PMC11640520: the troponin "progressively raised from 62.6 ng/L to 560 ng/L"
    # after a first "less than 50 ng/L", then told again: the 560 is current and critical.
    text = (
        "The highly sensitive cardiac troponin I (hs-cTnI) was raised at 560 ng/L.\n"
        "At the first evaluation the hs-cTnI was less than 50 ng/L.\n"
        "The hs-cTnI level progressively raised from 62.6 ng/L to 560 ng/L, without "
        "echocardiographic changes.\n"
        "The rise of the hs-cTnI value to 560 ng/L indicated the possibility of acute "
        "myocardial infarction."
    )
    assert ("Troponin I", 560) in _critical(text)
