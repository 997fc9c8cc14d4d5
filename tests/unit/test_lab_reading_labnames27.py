"""What real lab reports print that the reader left unread or misread (#29, labnames27).

The shapes are dev's lab documents (reader-labdev27's draw), each quoted as printed:

- Quest's own test names (dev's pdf-quest-result-flag-range-lab-code-four-pages, a Quest
  Diagnostics sample report): "CHOL/HDLC RATIO", "T3 UPTAKE", "FREE T4 INDEX (T7)", "SED
  RATE BY MODIFIED WESTERGREN", "VITAMIN D,25-OH,TOTAL,IA", the race-split eGFR rows, and the
  urinalysis's "BILIRUBIN NEGATIVE";
- a laboratory's interpretive text under a result read as a result (the same report): "a
  glucose value >125 mg/dL indicates ...", "(LDL-C of <70 mg/dL) is considered a therapeutic
  option", "Deficiency: <20 ng/mL", "A1c value between 5.7% and 6.4% is consistent with";
- a text report's "Blood Urea (BUN)" read as urea (dev's
  txt-city-diagnostics-colon-aligned-bracketed-normal-starred-flags);
- the hepatitis B profile printed as numbers (dev's
  scan-drlogy-hepatitis-b-profile-reactive-index-values, Drlogy's sample report).
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _read(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.specimen) for v in parse_lab_values(text)]


def _comparators(text: str) -> list[tuple[str, str | None, float]]:
    return [(v.analyte, v.comparator, v.value) for v in parse_lab_values(text)]


# --- Quest's test names --------------------------------------------------------------------

_QUEST_ROWS = (
    "LIPID PANEL, STANDARD\n"
    "CHOL/HDLC RATIO 4.9 NORMAL <5.0 (calc) 01\n"
    "THYROID PANEL WITH TSH\n"
    "T3 UPTAKE 27 NORMAL 22-35 % 01\n"
    "T4 (THYROXINE), TOTAL 9.7 NORMAL 4.9-10.5 mcg/dL 01\n"
    "FREE T4 INDEX (T7) 2.6 NORMAL 1.4-3.8 01\n"
    "COMPREHENSIVE METABOLIC PANEL\n"
    "eGFR NON-AFR. AMERICAN 88 NORMAL > OR = 60 mL/min/1.73m2 01\n"
    "eGFR AFRICAN AMERICAN 102 NORMAL > OR = 60 mL/min/1.73m2 01\n"
    "SED RATE BY MODIFIED WESTERGREN\n"
    "SED RATE BY MODIFIED WESTERGREN 6 NORMAL < OR = 20 mm/h 01\n"
    "VITAMIN D,25-OH,TOTAL,IA\n"
    "VITAMIN D,25-OH,TOTAL,IA 16 LOW 30-100 ng/mL 02\n"
)


def test_quests_test_names_are_read():
    # dev's pdf-quest-result-flag-range-lab-code-four-pages: none of these read on main.
    read = _read(_QUEST_ROWS)
    for value in (
        ("Cholesterol/HDL ratio", 4.9, None),
        ("T3 uptake", 27.0, None),
        ("Free T4 index", 2.6, None),
        ("eGFR", 88.0, None),
        ("eGFR", 102.0, None),
        ("ESR", 6.0, None),
        ("Vitamin D", 16.0, None),
    ):
        assert value in read, value
    assert ("Total T4", 9.7, None) in read  # guard: the total beside them


def test_the_free_thyroxine_index_is_its_own_test_in_prose():
    # MedRBench PMC11457949: "a low TSH of 0.01 uIU/mL and a free T4 index of 3.8 (normal
    # range 1.4-3.8)"; main set the index aside as no free T4 and read nothing.
    read = _read("a low TSH of 0.01 uIU/mL and a free T4 index of 3.8 (normal range 1.4-3.8)")
    assert ("Free T4 index", 3.8, None) in read
    assert not [a for a, *_ in read if a == "Free T4"]


def test_a_bare_t7_is_no_free_thyroxine_index():
    # Guard: the pools' "T7" is a vertebra ("from T7 to T11", "T4 through T7 laminectomy").
    assert not [a for a, *_ in _read("swelling extending from T7 to T11, T7 2 cm") if "T4" in a]


def test_a_urinalysis_dipstick_bilirubin_is_the_urines():
    # The Quest report's urinalysis: "BILIRUBIN NEGATIVE NORMAL NEGATIVE 01" (main: unread).
    text = (
        "URINALYSIS, COMPLETE\n"
        "GLUCOSE NEGATIVE NORMAL NEGATIVE 01\n"
        "BILIRUBIN NEGATIVE NORMAL NEGATIVE 01\n"
    )
    assert ("Urine bilirubin", 0.0, "urine") in _read(text)


def test_the_serum_bilirubin_stays_the_total():
    # Guard: the same report's chemistry row, before its urinalysis.
    assert ("Total bilirubin", 0.6, None) in _read(
        "COMPREHENSIVE METABOLIC PANEL\nBILIRUBIN, TOTAL 0.6 NORMAL 0.2-1.2 mg/dL 01\n"
    )


# --- a test's name with a bracket that names another test -----------------------------------


def test_blood_urea_bun_is_the_urea_nitrogen():
    # dev's txt-city-diagnostics-colon-aligned-bracketed-normal-starred-flags: main dropped
    # "(BUN)" as the urea's abbreviation and read Urea 18 mg/dL.
    assert _read("Blood Urea (BUN) : 18 mg/dL") == [("BUN", 18.0, None)]


def test_a_name_and_its_own_abbreviation_still_read_as_before():
    # Guards: the bracket dropped where it repeats the name; a plain blood urea stays urea.
    assert _read("thyroid-stimulating hormone (TSH) of 16.75") == [("TSH", 16.75, None)]
    assert _read("UREA NITROGEN (BUN) 19 NORMAL 7-25 mg/dL 01") == [("BUN", 19.0, None)]
    assert _read("blood urea 40 mg/dL") == [("Urea", 40.0, None)]


# --- a laboratory's interpretive text ------------------------------------------------------


def test_a_cut_off_explained_under_a_result_is_no_result():
    # The Quest report's comments, as its text comes out of the PDF (main read Glucose >125,
    # LDL cholesterol <70, Vitamin D <20 and HbA1c 6.4).
    text = (
        "GLUCOSE 140 HIGH 65-99 mg/dL 01\n"
        "Fasting reference interval\n"
        "For someone without known diabetes, a glucose\n"
        "value >125 mg/dL indicates that they may have\n"
        "diabetes and this should be confirmed with a\n"
        "follow-up test.\n"
        "For patients with diabetes plus 1 major ASCVD risk\n"
        "factor, treating to a non-HDL-C goal of <100 mg/dL\n"
        "(LDL-C of <70 mg/dL) is considered a therapeutic\n"
        "option.\n"
        "VITAMIN D,25-OH,TOTAL,IA 16 LOW 30-100 ng/mL 02\n"
        "Vitamin D Status 25-OH Vitamin D:\n"
        "Deficiency: <20 ng/mL\n"
        "Insufficiency: 20 - 29 ng/mL\n"
        "Optimal: > or = 30 ng/mL\n"
        "HEMOGLOBIN A1c 6.3 HIGH <5.7 % of total Hgb 01\n"
        "For someone without known diabetes, a hemoglobin\n"
        "A1c value between 5.7% and 6.4% is consistent with\n"
        "prediabetes and should be confirmed with a\n"
        "follow-up test.\n"
    )
    assert _comparators(text) == [
        ("Glucose", None, 140.0),
        ("Vitamin D", None, 16.0),
        ("HbA1c", None, 6.3),
    ]


def test_a_result_told_with_its_bound_or_its_verdict_is_still_read():
    # Guards: a result below an assay's limit; a case report's past-tense verdict; a
    # present-tense verdict on a plain number (a case report's own result).
    assert _comparators("Troponin I was <0.01 ng/mL.") == [("Troponin I", "<", 0.01)]
    assert _read("A glucose of 300 mg/dL indicated diabetic ketoacidosis.") == [
        ("Glucose", 300.0, None)
    ]
    assert _read("Her HbA1c of 9.1% is consistent with poor control.") == [("HbA1c", 9.1, None)]
    assert _read("Vitamin D deficiency: 25-OH vitamin D 8 ng/mL.") == [("Vitamin D", 8.0, None)]


# --- the hepatitis B profile ----------------------------------------------------------------

_DRLOGY = (
    "HEPATITIS B PROFILE\n"
    "Investigation  Result  Reference Value  Unit\n"
    "Hepatitis B Surface Antigen (HBsAg), Quantitative  1.50  Reactive  < 0.05  IU/mL\n"
    "CMIA\n"
    "Hepatitis B Surface Antibody (Anti-HBs)  15.00  Reactive  < 10.00  mIU/mL\n"
    "CMIA\n"
    "Hepatitis B Core Antibody (Anti- HBc), IgM  2.50  Reactive  < 1.00  Index\n"
    "CMIA\n"
    "Hepatitis B Core Antibody (Anti- HBc), Total  3.50  Reactive  <1.00  Index\n"
    "CMIA\n"
    "Hepatitis Be Antigen (HBeAg)  4.50  Reactive  < 1.00  Index\n"
    "CMIA\n"
    "Hepatitis Be Antibody (Anti-HBe)  0.50  Reactive  Index\n"
    "CMIA  >1.00\n"
)


def test_the_hepatitis_b_profile_is_read_under_its_own_names():
    # dev's scan-drlogy-hepatitis-b-profile-reactive-index-values: 0 of 6 read on main.
    assert _read(_DRLOGY) == [
        ("HBsAg", 1.5, None),
        ("Anti-HBs", 15.0, None),
        ("Anti-HBc IgM", 2.5, None),
        ("Anti-HBc total", 3.5, None),
        ("HBeAg", 4.5, None),
        ("Anti-HBe", 0.5, None),
    ]


def test_serology_told_in_words_gives_no_value():
    # Guards: the pools' serology in words ("Serology was positive for hepatitis B surface
    # antigen (HBsAg) and hepatitis B e antibodies (anti-HBe)"); a pathogen's IgM is still
    # no total IgM and no hepatitis B antibody.
    assert _read("Serology was positive for HBsAg and anti-HBe while HBeAg was negative.") == []
    assert _read("CMV IgM 2.5") == []
