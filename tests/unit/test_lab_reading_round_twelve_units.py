"""Lab results the offline reader left unread or unflagged in published case reports (issue
#29, round twelve, reader-labu12): enzyme activities in katal, and test names in the plural.

Each test quotes a sentence of a case report as its collection stores it: the Journal of
Medical Case Reports case presentations of CUPCase (felipeocampoos/CUPCase-curhumai-Adversary,
CC BY; the row id is named) and CaseReportBench (cindyzhangxy/CaseReportBench @ 629533d,
item N, 0-based; CC BY-NC 4.0). The audit ran the reader over every report of the round's
three pools (670 reports); the counts of each class are in the round's report.
"""

from __future__ import annotations

from core.analysis.labs.dimensions import katal_range, unit_fits
from core.analysis.labs.parse import read_lab_text
from core.vocabulary.catalog import BY_NAME


def _read(text: str) -> list[tuple[str, float, str | None, str | None]]:
    return [(v.analyte, v.value, v.unit, v.flag) for v in read_lab_text(text).values]


# --- an enzyme's activity in katal per litre (4 of 670 reports) ---------------------------


def test_an_enzyme_in_microkatal_per_litre_is_flagged_against_its_range_in_that_unit() -> None:
    # CUPCase row 3768: the same test normal at the first visit and "elevated" later, both in
    # µkat/L. Read before, but never flagged: the catalogue holds the range in U/L only.
    first = (
        "Laboratory workup results were unremarkable with normal C-reactive protein (< 5 mg/L), "
        "normal angiotensin-converting enzyme (0.50 µkat/L), normal levels of serum calcium "
        "(2.37 mmol/L), magnesium (0.71 mmol/L), potassium (4.9 mmol/L), and sodium (137 mmol/L)."
    )
    later = (
        "Laboratory workup revealed elevated erythrocyte sedimentation (34 mm/h), elevated "
        "C-reactive protein (13 mg/L), elevated angiotensin-converting enzyme (1.46 µkat/L), "
        "elevated chitotriosidase (480 nmol/h ml), and hypercalciuria (4.7 mmol/L) with a urine "
        "calcium/creatinine ratio of 0.96."
    )
    assert ("ACE", 0.5, "µkat/L", None) in _read(first)
    assert ("ACE", 1.46, "µkat/L", "high") in _read(later)


def test_a_creatine_kinase_in_microkatal_keeps_its_unit_and_is_high() -> None:
    # CaseReportBench item 60: the report gives U/L after it, in brackets.
    text = (
        "Serum creatine phosphokinase (CK) and transaminases were elevated and continued to "
        "increase as he clinically deteriorated, with CK peaking at 202 μkat/L (12,086 U/L), "
        "AST at 341 U/L and ALT at 190 U/L."
    )
    assert _read(text)[0] == ("CK", 202.0, "μkat/L", "high")


def test_the_katal_range_is_the_u_per_litre_range_converted_by_ucum() -> None:
    alt = BY_NAME["ALT"]
    in_u = next(r for r in alt.ranges if r.unit == "u/l")
    in_ukat = katal_range(alt, "µkat/L")
    assert in_ukat is not None and in_u.high is not None and in_ukat.high is not None
    assert abs(in_ukat.high * 60 - in_u.high) < 1e-9  # 1 µkat/L is 60 U/L (1 U = 1 µmol/min)
    nkat = katal_range(alt, "nkat/L")
    assert nkat is not None and nkat.high is not None
    assert abs(nkat.high * 0.06 - in_u.high) < 1e-9
    # a katal is an enzyme's unit: no concentration is measured in it, and a unit the
    # analyte is already reported in needs no conversion
    assert unit_fits(alt, "µkat/L") and not unit_fits(BY_NAME["Creatinine"], "µkat/L")
    assert katal_range(alt, "U/L") is None and katal_range(BY_NAME["Sodium"], "mmol/L") is None


def test_the_katal_range_carries_the_published_extreme_scaled_like_its_span() -> None:
    # An LDH of 81,955 IU/L is published (a pool report of round twelve, lactic acidosis with
    # haemolysis); a laboratory reporting in µkat/L writes it as about 1366 µkat/L. The span
    # a number may be guessed in stops at 50,000 U/L (833 µkat/L), the published extreme at
    # 200,000 U/L; a katal unit is always written, so the extreme applies to it.
    ldh = BY_NAME["LDH"]
    in_u = next(r for r in ldh.ranges if r.unit == "u/l")
    in_ukat = katal_range(ldh, "µkat/L")
    assert in_ukat is not None and in_u.extreme is not None and in_ukat.extreme is not None
    assert abs(in_ukat.extreme * 60 - in_u.extreme) < 1e-6
    assert not in_ukat.fits(1366) and in_ukat.fits_written(1366)
    text = "Lactate dehydrogenase was 1366 µkat/L on the second day."
    assert _read(text) == [("LDH", 1366.0, "µkat/L", "high")]
    # beyond the extreme it stays a doubtful read (never critical), and keeps the unit and
    # range written in: an enzyme's katal is no cell count whose unit may be misprinted
    (beyond,) = read_lab_text("LDH was 4000 µkat/L.").values
    assert beyond.doubtful and not beyond.critical
    assert beyond.unit == "µkat/L" and beyond.reference_high is not None
    assert abs(beyond.reference_high * 60 - 280) < 1e-6


# --- a test's name in the plural, its result straight after (3 of 670 reports) ------------


def test_a_name_of_several_words_in_the_plural_before_its_result() -> None:
    # CUPCase row 5261.
    text = (
        "White-cell count was 16,770/cm3, with 80% neutrophils; hemoglobin level was 9.4 g/dL, "
        "hematocrit 28.3%, with a normal mean corpuscular volume and 6% reticulocytes; platelet "
        "count was 240,000/cm3 and erythrocyte sedimentation rates 36 mm/h."
    )
    assert ("ESR", 36.0, "mm/h", "high") in _read(text)


def test_a_plural_in_a_list_of_tests_with_their_results() -> None:
    # CUPCase row 4694: "alkaline phosphates" among the liver tests.
    text = (
        "On admission, laboratory findings revealed leukocytosis, with a white blood cell count "
        "of 12,200/mm3; aspartate aminotransferase, 75 U/L; alanine aminotransferase, 75 U/L; "
        "alkaline phosphates 1913 U/L; γ-glutamyl transferase, 960 U/L; total protein, 7.4 g/dL; "
        "and total bilirubin, 4.4 mg/dL."
    )
    assert ("ALP", 1913.0, "U/L", "high") in _read(text)


def test_a_plural_that_names_no_test_is_not_read() -> None:
    # the plural's stem must be a name the catalogue holds, whole
    assert _read("Blood cultures 3 days apart grew no organism; sessions 2 and 3 were held.") == []


def test_a_plural_before_a_span_of_numbers_reads_no_result() -> None:
    # dev case cr-lcah-neonate-hypoglycaemia-20-to-30s-critical-potassium (CaseReportBench):
    # "20 to 30s" is a span of approximate readings, never a critical glucose of 20
    text = (
        "On the day of delivery, he was found to have persistent hypoglycemia with blood "
        "glucoses of 20 to 30s mg/dL."
    )
    assert _read(text) == []
