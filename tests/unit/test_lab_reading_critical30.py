"""Critical values, thirtieth round (issue #29): guards from case sections no earlier audit read.

The MedRBench pool's cut (`/work/pool/case24`) takes a case section from a heading such as
"Case presentation"; 100 of the 957 articles number their headings ("2. Case Description")
and were never cut, so no critical audit had read them. Cut with the number allowed and read
with main (6eb5325b), they hold 12 critical marks, all right by the truth's convention
(tests/clinical/README.md, "Critical values": the patient's current blood value), and 11
values past a limit left unmarked, all right (another fluid, or a later result of the test
told). No reading changed, so these are guards: each holds a real shape as main reads it, so
that a later rule which moves the current result of a series, or marks an earlier one, fails
here. Only the clinical words needed are quoted.
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _critical(text: str) -> dict[tuple[str, float], bool]:
    """(analyte, value) -> critical, for each value read from ``text``."""
    return {(v.analyte, v.value): v.critical for v in read_lab_text(text).values}


def test_a_potassium_series_told_hour_by_hour_ends_at_its_last_result() -> None:
    # PMC11509281 (hypokalaemic periodic paralysis): 2 mEq/L, then 2.55 "after 4 h", 4 "after
    # 12 h", 6 "after 36 h". The 6 is current and within the limit (> 6.2), so no potassium
    # of the series is an alarm: the 2 and the 2.55 were corrected.
    read = _critical(
        "Initial blood tests in the emergency department showed a potassium level of 2 mEq/L, "
        "with no other significant abnormalities. After 4 h, the potassium level rose to 2.55 "
        "mEq/L, with a significant improvement in muscle strength. After 12 h, the K level "
        "reached 4 mEq/L, the patient regained full muscle strength and the neurological exam "
        "was normal. After 36 h, the patient developed hyperkalemia (K = 6 mEq/L), but without "
        "clinical or ECG changes."
    )
    assert read[("Potassium", 2.0)] is False
    assert read[("Potassium", 2.55)] is False
    assert read[("Potassium", 6.0)] is False


def test_a_neutrophil_count_that_rose_later_is_no_alarm_the_platelets_are() -> None:
    # PMC11537990: "pancytopenia (neutrophils 430/mm3, platelets 13,000/mm3, ...)", then
    # "Five days later, the neutrophil count increased to 900/mm3". The 430 is earlier; the
    # platelets, told once, stay current and critical (< 37 x 10^9/L).
    read = _critical(
        "The patient was found to have pancytopenia (neutrophils 430/mm3, platelets 13,000/mm3, "
        "and hemoglobin 8.1 g/dL), hyperferritinemia (ferritin 1,115 μg/L), and low natural "
        "killer (NK) cell activity. Febuxostat was suspended on suspicion of drug-induced "
        "neutropenia. Five days later, the neutrophil count increased to 900/mm3; 2 weeks later, "
        "it was normal."
    )
    assert read[("Neutrophils", 430.0)] is False
    assert read[("Neutrophils", 900.0)] is False
    assert read[("Platelets", 13000.0)] is True


def test_a_troponin_confirmed_in_a_new_sample_is_current_the_first_earlier() -> None:
    # PMC11593478: "a marked elevated TnI value (1.79 ng/mL; reference limit (RL) < 0.04
    # ng/mL), confirmed in a new sample collected 3 h later (TnI 1.78 ng/mL)".
    read = _critical(
        "The chest pain led to TnI to be assayed with a point-of-care testing analyzer, which "
        "disclosed a marked elevated TnI value (1.79 ng/mL; reference limit (RL) < 0.04 ng/mL), "
        "confirmed in a new sample collected 3 h later (TnI 1.78 ng/mL)."
    )
    assert read[("Troponin I", 1.79)] is False
    assert read[("Troponin I", 1.78)] is True


def test_a_rise_from_one_troponin_to_another_marks_the_second() -> None:
    # PMC11640520: "cTnI level progressively raised from 62.6 ng/L to 560 ng/L".
    read = _critical(
        "cTnI level progressively raised from 62.6 ng/L to 560 ng/L, without echocardiographic "
        "changes."
    )
    assert read[("Troponin I", 62.6)] is False
    assert read[("Troponin I", 560.0)] is True


def test_a_review_of_the_chart_during_the_stay_tells_current_results() -> None:
    # PMC11563708: in the intensive care unit, "A review of the patient's chart revealed ...
    # anemia (6.4 g/dL), and thrombocytopenia (88 K/mm3)": this stay's results, not a history,
    # so the haemoglobin under 7 g/dL is an alarm.
    read = _critical(
        "A review of the patient's chart revealed evidence of hepatosplenomegaly on imaging, "
        "hypertriglyceridemia (379 mg/dL), anemia (6.4 g/dL), and thrombocytopenia (88 K/mm3) "
        "with a normal white blood cell and neutrophil count."
    )
    assert read[("Hemoglobin", 6.4)] is True
    assert read[("Platelets", 88.0)] is False
