"""A short form a report defines for itself ("androstenedione (A4)") read as that test's name
later in the same report, and only there (issue #29, round eleven, reader-abbr11).

Each sentence is quoted as published in the case reports of CaseReportBench (CC BY-NC 4.0,
cindyzhangxy/CaseReportBench, src/prompting/testing_case_set.json) or the Journal of Medical
Case Reports sections of CUPCase (CC BY), cut to the sentences that hold the class.
"""

from __future__ import annotations

from core.analysis.labs.defined_abbreviations import expand_defined_abbreviations
from core.analysis.labs.parse import parse_lab_values

# CaseReportBench item 96 (a man with congenital adrenal hyperplasia): the first visit
# defines A4 and T, a later visit writes them alone.
_CAH_FOLLOW_UP = (
    "Laboratory evaluation revealed 17-hydroxyprogesterone 13,060 ng/dL (reference: 13 to "
    "120 ng/dL), androstenedione (A4) 1025 ng/dL (reference: 26 to 125 ng/dL), ACTH 866 "
    "pg/mL (reference: 5 to 46 pg/mL), and total testosterone (T) 473 ng/ dL (reference: 240 "
    "to 950 ng/dL). His A4/T ratio of 2.2 (>0.5) with low LH and FSH was suggestive of "
    "TART.\n"
    "Biochemical evaluation showed significant improvement in CAH control, with 0800 "
    "evaluation before medication revealing 17-hydroxyprogesterone 66 ng/dL, A4 16 ng/dL, "
    "ACTH 13.5 pg/mL, PRA 11 ng/mL/h, FSH 5.4 U/L, LH 1 U/L, and T 287 ng/dL ( Table 1 )."
)

# CaseReportBench item 91 (11-beta-hydroxylase deficiency): "cortisol (F)", then "the F
# level was 30 nmol/L".
_CORTISOL_F = (
    "An adrenocorticotropic hormone (ACTH) stimulation test showed a baseline cortisol (F) "
    "level of 28 nmol/L, ACTH of 201 ng/mL (normal, 0–46), 17-OHP of 17 nmol/L and "
    "testosterone (T) of 7 nmol/L. Sixty minutes after the ACTH stimulation test, the F level "
    "was 30 nmol/L, the 11-DOC level was 141 nmol/L (normal, 2.2–6.8)."
)


def _values(text: str, analyte: str) -> list[float]:
    return sorted(v.value for v in parse_lab_values(text) if v.analyte == analyte)


def test_a_short_form_defined_in_brackets_reads_as_its_test_later_on() -> None:
    assert _values(_CAH_FOLLOW_UP, "Androstenedione") == [16.0, 1025.0]
    assert _values(_CAH_FOLLOW_UP, "Testosterone") == [287.0, 473.0]
    # "A4/T ratio of 2.2" is a ratio of the two, no value of either
    assert 2.2 not in _values(_CAH_FOLLOW_UP, "Androstenedione")


def test_a_one_letter_short_form_reads_where_a_fitting_unit_follows() -> None:
    assert _values(_CORTISOL_F, "Cortisol") == [28.0, 30.0]


def test_the_short_form_is_the_documents_own_never_a_synonym() -> None:
    # Without the definition "F" and "A4" name nothing.
    assert _values("Sixty minutes later, the F level was 30 nmol/L.", "Cortisol") == []
    assert _values("The 0800 sample showed A4 16 ng/dL.", "Androstenedione") == []
    # Nor before it is defined.
    text = "The F level was 30 nmol/L. Later a baseline cortisol (F) level of 28 nmol/L."
    assert _values(text, "Cortisol") == [28.0]


def test_a_short_form_that_is_a_unit_a_patient_or_misfits_stays_unread() -> None:
    # "lymphocytes (L) 5%" (CUPCase row 3687): L is a unit, "units/L" keeps its litre.
    text, short = expand_defined_abbreviations(
        "a total leukocyte count (TLC) of 13,200 cells/μL, neutrophils (N) 88%, lymphocytes "
        "(L) 5%, monocytes (M) 4%, aspartate transaminase 228.6 units/L"
    )
    assert "L" not in short.values()
    assert "aspartate transaminase 228.6 units/L" in text
    # "transcutaneous CO2 (TCCO2) ... mean TCCO2 of 53.6 mmHg" (CUPCase row 1581): a
    # pressure is no bicarbonate.
    text, _ = expand_defined_abbreviations(
        "continuous transcutaneous CO2 (TCCO2) was recorded, which revealed mean TCCO2 of "
        "53.6 mmHg with a highest value of 68.6 mmHg."
    )
    assert "mean TCCO2 of 53.6" in text
    # a one-letter form naming a patient, or with a unit that is no cortisol's
    text, _ = expand_defined_abbreviations(
        "baseline cortisol (F) level of 28 nmol/L; weight 8.8 kg in patient F, 9.4 kg in "
        "patient B; F 12 kg."
    )
    assert "patient F" in text and "F 12 kg" in text
