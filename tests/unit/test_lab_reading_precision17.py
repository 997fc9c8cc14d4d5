"""Numbers in a published case report read as results that are not (issue #29, round
seventeen, reader-prec17): a rule's bound told in the present, a score or an index named by a
test, a lymphocyte subset, an age after a test's name, a body fluid named by another spelling
of its procedure; and the literature rule kept to running sentences, never a lab table's row.
Each case-report test quotes the real sentence of a 2024 PubMed Central case report as
MedRBench stores it (wumingxin238/MedRBench at 827ee18, src/Evaluation/
reasoning_results_qwen_judge_paper_957/gemini2-ft/PMCnnnn.json, field raw_case), the PMC id
named in each test.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _pairs(values: list[LabValue]) -> list[tuple[str, float]]:
    return [(v.analyte, v.value) for v in values]


def _read(values: list[LabValue]) -> list[tuple[str, str | None, float]]:
    return [(v.analyte, v.specimen, v.value) for v in values]


# A bound whose sentence tells what it means, in the present: a rule, no result.
def test_a_bound_told_as_what_it_means_is_no_result() -> None:
    for sentence in (
        # PMC11462689: a laboratory's flagging rule (a critical WBC of 100 before)
        "(c) we have a flagging system: once Hematology LT/CLS see high WBC (> 100 × 103/µL), "
        "they immediately alert Chemistry LT/CLS who, in turn, tell phlebotomists to redraw "
        "using heparinized whole blood and walk the blood sample to the lab (i.e., not by PTT);",
        # PMC11462689: the same rule in its whole sentence, "our case" told in another clause
        "(b) but that night, the ED lab was closed due to staff shortage, and so all ED blood "
        "samples (the heparinized whole blood in our case) were sent to the main lab via PTT "
        "which was the cause of the problem; (c) we have a flagging system: once Hematology "
        "LT/CLS see high WBC (> 100 × 103/µL), they immediately alert Chemistry LT/CLS who, in "
        "turn, tell phlebotomists to redraw using heparinized whole blood;",
        # PMC11424232
        "Diagnosis of secondary bacterial peritonitis includes at least two of the following "
        "ascitic fluid findings: Total protein greater than 1 g/dL (10 g/L), Glucose less than "
        "50 mg/dL (2.8 mmol/L), or LDH greater than the upper limit of normal for serum [19].",
        # PMC11446622
        "A chylothorax is further defined by a triglyceride level >110 mg/dL in pleural exudate.",
        "Pleural fluid analysis will display a total cholesterol level of <200 mg/dL, low LDH, "
        "and lymphocyte-predominant cells [10].",
        # PMC11458204
        "However, an erythrocyte sedimentation rate >55 mm/h highly suggests an abscess [3].",
        # PMC11488400
        "AFP levels <1000 ng/mL are in the good prognostic category.",
        # PMC11492611
        "Normal methemoglobin (MetHb) levels are less than 1.5 %.",
        # PMC11505315
        "A patient who presents levels of HbA1c ≥7.0 shifts to a rapid grade of progression "
        "of periodontal disease despite other risk factors [54].",
        # PMC11570897
        "Natriuretic peptide levels are associated with the occurrence of cardiac events, with "
        "N-terminal pro-B-type natriuretic peptide (NT-proBNP) levels greater than 128 pg/mL "
        "at 20 weeks of pregnancy being predictive of events later in the pregnancy [6].",
        # PMC11575472
        "When patients present with conjugated bilirubin levels > 3 mg/dL, uncommon causes of "
        "jaundice should be considered such as Epstein-Barr virus.",
        # PMC11593246
        "The severity of this condition is classified as severe, moderate, or mild according "
        "to the FVIII activity level: <1%, 1–5%, and 5–40% of the normal [3].",
        # PMC11624895
        "Basic muscular symptoms are typical, ranging from paresis to complete paralysis, and "
        "are often associated with low blood potassium levels (<3 mmol/l) [8].",
    ):
        assert parse_lab_values(sentence) == [], sentence


def test_the_patient_s_own_bounds_are_still_read() -> None:
    # PMC11419775, PMC11632462: a bound that is this patient's result stays
    assert _pairs(
        parse_lab_values(
            "Biologically, we found an alpha-fetoprotein (AFP) level >20,000 ng/mL and a BHCG "
            "<2.3 mIU/mL."
        )
    ) == [("AFP", 20000), ("hCG", 2.3)]
    assert ("Transferrin", 80) in _pairs(
        parse_lab_values(
            "Hematology tests were notable for low iron (22 µg/dl) and transferrin (<80 mg/dl) "
            "but high soluble transferrin receptor levels (38 nmol/L)."
        )
    )


# A score or an index named by a test, a lymphocyte subset: another measure than the test's.
def test_a_calcium_score_or_a_free_t4_index_is_no_calcium_or_free_t4() -> None:
    # PMC11550582, PMC11432985
    assert parse_lab_values("CTCA revealed a calcium score of 2 Agatston Units (AU).") == []
    assert parse_lab_values("The total Ca score was 7.7 UA and there was a calcific spot") == []
    # PMC11457949 (since labnames27 the index is a test of the catalogue's own, still no
    # free T4)
    assert _pairs(
        parse_lab_values(
            "Laboratory tests obtained at the first visit were remarkable for a low TSH of 0.01 "
            "uIU/mL and a free T4 index of 3.8 (normal range 1.4-3.8) (Table 1)."
        )
    ) == [("TSH", 0.01), ("Free T4 index", 3.8)]
    assert _pairs(parse_lab_values("Serum calcium 2.1 mmol/L, free T4 1.2 ng/dL")) == [
        ("Calcium", 2.1),
        ("Free T4", 1.2),
    ]


def test_a_lymphocyte_subset_is_no_lymphocyte_count() -> None:
    # PMC11489862: the T cells' count; the CD4 count beside it stays
    assert _pairs(
        parse_lab_values(
            "Primary Immunodeficiency disorder workup including lymphocyte subset analysis "
            "showed a normal lymphocyte subpopulation except for borderline low absolute T "
            "lymphocytes (CD3+/CD19-) 1688 cells/ μL (1900-5900 cells/ μL) and low absolute Th "
            "lymphocyte (CD3+/CD4+) 608 cells/μL(1400-4300 cells/ μL)."
        )
    ) == [("CD4 count", 608)]
    # PMC11540929: a CD4+ lymphocyte count is the CD4 count
    assert _pairs(
        parse_lab_values(
            "The HIV test confirmed active HIV infection with a high viral load (559,032 "
            "copies/ml) and a low CD4+ lymphocyte count (42/µl, normal range > 300/μl)."
        )
    ) == [("HIV RNA", 559032), ("CD4 count", 42)]  # the HIV load read since labs18
    assert _pairs(parse_lab_values("CD4+ T lymphocytes were 230 cells/μL")) == [("CD4 count", 230)]


# An age after a test's name (PMC11507581: a critical glucose of 40 before).
def test_an_age_after_a_test_s_name_is_no_result() -> None:
    for sentence in (
        "He was treated with thyroxine and GH for his short stature, with testosterone added "
        "at the age of 15.",
        "He had hypertriglyceridemia until the age of 30 and was noted to have impaired glucose "
        "tolerance at the age of 40, but HbA1c levels remained normal.",
        "GH therapy was continued only until the age of 18 (in the year 1985).",
    ):
        assert parse_lab_values(sentence) == [], sentence
    assert _pairs(parse_lab_values("Her glucose was 5.4 mmol/L at the age of 12.")) == [
        ("Glucose", 5.4)
    ]


# A body fluid named by another spelling of its procedure.
def test_a_fluid_named_by_its_procedure_s_other_spelling_is_no_blood() -> None:
    # PMC11621942
    read = _read(
        parse_lab_values(
            "A diagnostic thoracocentesis produced straw-colored exudate with lymphocytic "
            "predominance and the following test results: lactic dehydrogenase of 113 U/L, "
            "total proteins of 4.51 g/dL, albumin >2.9 g/dL, glucose value of 110 mg/dL, pH "
            "of 7.5, lymphocytes 68%, and polymorphonuclear cells 40%."
        )
    )
    assert ("Glucose", "pleural fluid", 110) in read
    assert ("Lymphocytes", "pleural fluid", 68) in read
    assert all(specimen == "pleural fluid" for _, specimen, _ in read), read
    # PMC11460248 (the report's spelling)
    read = _read(
        parse_lab_values(
            "The lumber puncture performed on admission revealed yellow, clear fluid with a "
            "white blood cell (WBC) count of 18/uL, a red blood cell (RBC) count of 25/uL, "
            "glucose of 29 mg/dL (ref 50-80 mg/dL), and protein of 114 mg/dL (ref 15-45 mg/dL)."
        )
    )
    assert ("WBC", "csf", 18) in read and ("Glucose", "csf", 29) in read
    # PMC11453173: a peritoneal dialysis's fluid
    read = _read(
        parse_lab_values(
            "We performed PD fluid cell count and culture. The white blood cell (WBC) count of "
            "PD fluid was 243 with a predominance of higher monocyte count (86%)."
        )
    )
    assert ("WBC", "peritoneal fluid", 243) in read
    assert all(specimen == "peritoneal fluid" for _, specimen, _ in read), read


# The literature rule asks about a running sentence, never a lab table's row: a row printed
# one cell per line, joined with the note printed under it. The layout of the dev case
# scan-partly-filled-interim-report-six-pages (Z615.pdf, page 2: a high-sensitivity troponin I
# row, its method, then the note "Recommended hsTnl risk stratification cut-off values for
# asymptomatic individuals using"), its row printed as cells, as the one-cell-per-line dev PDFs
# print theirs.
def test_a_lab_table_row_joined_with_its_note_keeps_its_value() -> None:
    report = "\n".join(
        (
            "Test Name  Results  Units  Bio. Ref. Interval",
            "HEART HEALTH SCREEN, ADVANCED",
            "TROPONIN-I, SERUM HIGH SENSITIVE",
            "4",
            "ng/L",
            "(CMIA)",
            "Recommended hsTnl risk stratification cut-off values for asymptomatic individuals "
            "using",
            "ARCHITECT HsTnl assay",
        )
    )
    assert _pairs(parse_lab_values(report)) == [("Troponin I", 4)]
    # the same words in a running sentence still speak of other people
    assert (
        parse_lab_values(
            "Among asymptomatic individuals, a high-sensitivity troponin I of 4 ng/L was "
            "reported as the median."
        )
        == []
    )
