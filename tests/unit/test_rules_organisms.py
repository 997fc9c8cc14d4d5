"""The classes of reader-casedx5 (issue #29): what a case presentation concludes.

Every quoted line is from a Journal of Medical Case Reports case presentation (CC BY 4.0), the
"clean text" field of the CUPCase dataset, felipeocampoos/CUPCase-curhumai-Adversary @
ccbb10784c3e99694a8df0176c2f537c2cba14a3, gpt_and_med_lm_evaluation/datasets/
CUPCASE_RTEST_eval.csv; the row id is given beside each line (the dev cases cr4-labs-* hold
the whole case presentations).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.icd_terms import icd_conditions
from core.analysis.rules.notes import _concludes, _statement, read_notes
from core.analysis.rules.organisms import ORGANISMS, found_organisms
from core.icd10 import code_set

DEV = Path(__file__).resolve().parents[1] / "clinical" / "dev"


def test_every_organism_names_a_valid_icd10_cm_code() -> None:
    icd = code_set()
    assert all(icd.is_valid_item(organism.code) for organism in ORGANISMS)


@pytest.mark.parametrize(
    ("line", "code"),
    [
        # row 5537
        (
            "Polymerase chain reaction (PCR) for (CMV) was also positive in the serum and the CSF.",
            "B25.9",
        ),
        (
            "A serology test for CMV confirmed acute infection, with a 10-fold rise in "
            "CMV-specific IgM.",
            "B25.9",
        ),
        # row 4564
        (
            "No sputum could be obtained for culture, but his test for Legionella antigenuria was "
            "positive.",
            "A48.1",
        ),
        # row 885
        (
            "Pleural fluid culture and blood culture grew S. constellatus, which was sensitive to "
            "linezolid, penicillin G, cefotaxime, vancomycin, and cefuroxime.",
            "B95.4",
        ),
        # row 285
        ("SARS-CoV-2 testing was positive by polymerase chain reaction (PCR).", "U07.1"),
        # row 1169 (cr5-dx-secondary-syphilis-*): the assay's abbreviation after the organism
        ("A Microhemagglutination Assay for Treponema pallidum (MHA-TP) was positive.", "A53.9"),
        # row 205 (cr5-dx-hepatitis-b-myositis-*)
        (
            "As reported in the tables, the patient’s lab results demonstrated that the virology "
            "test for HBV Ag was positive with a high viral load level; however, the tests for "
            "other hepatitis viruses and HBV Ab were negative ().",
            "B19.10",
        ),
        # row 1442 (cr5-dx-toxoplasmic-retinochoroiditis-*): the binomial abbreviated
        (
            "Serology for T. gondii (IgM and IgG) was positive, but it was negative for other "
            "common uveal infections.",
            "B58.9",
        ),
        # row 5485: the stain was negative, the culture grew it
        (
            "A Ziehl-Neelsen stain for acid-fast bacilli (AFB) was negative, but the culture grew "
            "Mycobacterium complex.",
            "A31.9",
        ),
        # MedRBench PMC11621671 (Lyme disease with dysphagia): the disease's own name before
        # the serology that confirmed it
        ("Lyme disease serology later confirmed IgG 1:32 and IgM 1:16.", "A69.20"),
        # MedRBench PMC11501102 (pulmonary nocardiosis): what the cultures "reported"
        (
            "Sputum cultures in Mexico reported unspeciated Nocardia, confirmed as Nocardia "
            "cyriageorgica via repeat culture performed upon repatriation.",
            "A43.9",
        ),
        # MedRBench PMC11596152 (Toxocara canis eosinophilic pneumonia): "which confirmed"
        (
            "Due to persistent eosinophilia and elevated IgE levels, parasitological "
            "diagnostics were conducted, which confirmed Toxocara canis infection.",
            "B83.0",
        ),
    ],
)
def test_an_organism_a_test_found_is_the_infection(line: str, code: str) -> None:
    assert [c.code for _, _, c in found_organisms(line)] == [code]


@pytest.mark.parametrize(
    "line",
    [
        # row of cr4-labs-valproate-*: excluded by serology
        "Serological tests excluded cytomegalovirus, Epstein-Barr virus, hepatitis B and C, "
        "parvovirus B19, and toxoplasmosis infections.",
        # row 885: a negative test
        "Hepatitis B antigen and human immunodeficiency virus (HIV) antigen test results were "
        "all negative.",
        # row 5485
        "Serologic tests for hepatitis A, B, and C viruses and HIV were negative.",
        # row 2891 (cr5-dx-vaccination-granuloma-*): grown, but not the case's disease
        "Wound bacterial culture grew 1+ Klebsiella pneumoniae, considered a secondary infection.",
        # MedRBench PMC11621671: the diseases only tested for
        "And blood tests for neurosarcoidosis, rheumatoid conditions, and infections like "
        "tuberculosis and Lyme disease were conducted.",
    ],
)
def test_an_organism_tested_for_and_not_found_is_no_infection(line: str) -> None:
    assert found_organisms(line) == []


def test_a_proven_infection_is_the_diagnosis_where_the_case_names_no_other() -> None:
    # row 5537 (cr4-labs-cmv-encephalitis-*): the case names no disease but the organism's
    # tests; the code set's "acute infection" (an inclusion term of T80) is CMV's infection.
    note = DEV / "cr4-labs-cmv-encephalitis-range-and-unit-inside-brackets-csf" / "note.txt"
    facts = read_notes(None, [note.read_text()])
    assert diagnose([], 50, facts).diagnosis.icd_code == "B25.9"
    assert "T80" not in {m.condition.code for m in facts.stated}


def test_an_organism_met_on_the_way_comes_after_the_disease_the_case_names() -> None:
    # cr-aip-constipation-siadh-*: "suggestive of a biochemical diagnosis of AIP", then "Rapid
    # stool studies ... returned positive for Clostridium difficile antigen and toxin A&B"
    note = DEV / "cr-aip-constipation-siadh-hyponatraemia-urine-pbg-ala" / "note.txt"
    facts = read_notes(None, [note.read_text()])
    assert "A04.72" in {m.condition.code for m in facts.stated}
    assert diagnose([], 22, facts).diagnosis.icd_code == "E80.21"


@pytest.mark.parametrize(
    ("text", "complication"),
    [
        # row 3019 (cr4-labs-warm-aiha-*)
        (
            "His treatment course was complicated by cryptococcal meningitis in April of 1997 and "
            "refractory cutaneous warts secondary to chronic immunosuppression.",
            "B45.1",  # the code set's cryptococcal meningitis, closer than G03.9 (round 16)
        ),
        # row 4255 (cr4-labs-post-transfusion-purpura-*)
        (
            "His ICU course was further complicated by Moraxella catarrhalis pneumonia, for which "
            "he completed a course of imipenem.",
            "J18.9",
        ),
    ],
)
def test_what_a_course_was_complicated_by_is_no_current_diagnosis(
    text: str, complication: str
) -> None:
    facts = read_notes(None, [text])
    assert complication not in {m.condition.code for m in facts.stated + facts.current}
    assert complication in {m.condition.code for m in facts.history}


@pytest.mark.parametrize(
    ("line", "finding"),
    [
        # row 487 (cr4-labs-splenic-abscess-*)
        (
            "Gross inspection of the spleen revealed a 300 mL splenic abscess, grade IV splenic "
            "laceration that led to formation of a large subcapsular splenic hematoma.",
            "a 300 mL",
        ),
        # Journal of Medical Case Reports 3:135 (doi:10.1186/1752-1947-3-135, CC BY 2.0; dev
        # case cr-postmenopausal-ovarian-endometrioma-provisional-then-confirmed)
        (
            "Laparoscopy revealed a cystic left adnexal mass; no adhesions or other pelvic "
            "endometriotic lesions were observed.",
            "a cystic",
        ),
    ],
)
def test_what_the_organ_showed_at_operation_concludes(line: str, finding: str) -> None:
    before = line[: line.index(finding)]
    statement = _statement(before)
    assert statement is not None and _concludes(statement, line[len(before) :])


def test_a_condition_named_by_an_earlier_admission_is_history() -> None:
    # row 487 (cr4-labs-splenic-abscess-*)
    line = (
        "Repeat CT abdomen 5 months after the initial episode, or 2 months after his diabetic "
        "ketoacidosis admission, revealed no change in size of the pancreatic pseudocyst."
    )
    facts = read_notes(None, [line])
    assert "Diabetic ketoacidosis" not in {m.condition.name for m in facts.stated + facts.current}
    assert "Diabetic ketoacidosis" in {m.condition.name for m in facts.history}


def test_an_external_cause_term_names_no_condition_of_the_patient() -> None:
    # row 1169 (cr5-dx-secondary-syphilis-*): the code set's Y07 (perpetrator of assault) has
    # partners among its inclusion terms; chapter 20 is never a first-listed diagnosis.
    line = (
        "He also admitted to multiple sexual partners in the past but stated that he had been "
        "sexually active with only one female partner during the previous year."
    )
    assert [c.code for _, _, c in icd_conditions(line) if c.code[0] in "VWXY"] == []


# reader-dxdev28 (issue #29): the code set's B95-B97 are supplementary codes "to identify the
# infectious agent(s) in diseases classified elsewhere", never the first-listed diagnosis.
@pytest.mark.parametrize(
    ("text", "primary"),
    [
        # MedRBench PMC11514712 (cr22-other-mixed-bacterial-meningitis-*): the culture names
        # the agents of the meningitis the child was admitted for (G03.9 on the branch; the
        # enterococcus B95.2 led on main).
        (
            "A 35-month-old boy was admitted for meningitis as he presented with a fever of 6 "
            "days duration. CSF culture revealed Enterococcus avium (E. avium) and Proteus "
            "Vulgaris (P. vulgaris) on day 5.",
            "G03.9",
        ),
        # MedRBench PMC11578613 (cr18-crit-dka-epidural-abscess-*): the staphylococcus of the
        # abscess comes after the ketoacidosis the case presented with.
        (
            "Ultimately, the patient was found to be in a severe DKA and leukocytosis. Surgical "
            "cultures were positive for Staphylococcus aureus.",
            "E10.10",
        ),
    ],
)
def test_an_infectious_agent_comes_after_the_disease_it_is_the_agent_of(
    text: str, primary: str
) -> None:
    facts = read_notes(None, [text])
    assert {m.condition.code for m in facts.stated} & {"B95.2", "B95.61"}  # still read
    ranked = diagnose([], 3, facts).ranked
    assert ranked[0].code == primary
    assert ranked[-1].code.startswith(("B95", "B96"))


def test_an_infectious_agent_alone_is_still_the_diagnosis() -> None:
    # Guard: CUPCase row 885's culture, with nothing else named, still leads (as it did).
    line = (
        "Pleural fluid culture and blood culture grew S. constellatus, which was sensitive to "
        "linezolid, penicillin G, cefotaxime, vancomycin, and cefuroxime."
    )
    assert diagnose([], 50, read_notes(None, [line])).diagnosis.icd_code == "B95.4"
