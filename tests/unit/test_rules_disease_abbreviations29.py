"""Round twenty-nine (issue #29): disease abbreviations a case never spells out, widened.

1. The table (scripts/build_disease_abbreviations.py): a meaning no statement of a diagnosis
   can hold ("Foundation Medicine (FM)", "gravida/para/abortus (GPA)") is no rival of the
   disease's meaning; a disease, an organism, a site, a result, a test or a procedure is, and
   such names must stay at most a third of an abbreviation's definitions.
2. A negation of an action not taken ("and cardiac catheterization was not performed") stays
   in its clause: no disease is performed.
The quoted words are the pool reports' own; each test names its report.
"""

from __future__ import annotations

import pytest

from core.analysis.rules.disease_abbreviations import disease_abbreviations, header
from tests.unit.notes_reading import read_codes, stated_codes


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        # PMC11632862 (granulomatosis with polyangiitis; main read an interstitial lung
        # disease): GPA in 4 of 5 defining articles, the fifth "gravida/para/abortus".
        (
            "Given the bony necrosis and respiratory tract involvement, the patient was"
            " diagnosed with ANCA-negative GPA with PG-like cutaneous changes.",
            "M31.3",
        ),
        # PMC11603565 (complete androgen insensitivity syndrome; main read an undescended
        # testicle).
        (
            "The diagnosis of CAIS in the present case was confirmed through an integrated"
            " approach, combining cytogenetic and hormonal analyses with pelvic ultrasonography"
            " and MRI (Figure 1).",
            "E34.51",
        ),
        # PMC11622249 (invasive aspergillosis with fulminant myocarditis): FM in 3 of 4
        # articles, the fourth "Foundation Medicine (FM)", a company.
        (
            "Echocardiography showed diffusely decreased left and right ventricular systolic"
            " function and persistent ventricular tachycardia, consistent with FM.",
            "I51.4",
        ),
    ],
)
def test_an_abbreviation_whose_rivals_name_no_disease_names_its_disease(
    sentence: str, code: str
) -> None:
    assert code in stated_codes(sentence)


def test_the_table_takes_abbreviations_whose_other_meanings_are_no_disease() -> None:
    table = disease_abbreviations()
    assert table["FM"] == "I51.4" and table["GPA"] == "M31.3"
    assert {"CAIS", "MCTD"} <= set(table)


@pytest.mark.parametrize(
    "short",
    [
        "SMA",  # smooth muscle actin 21 articles, the superior mesenteric artery 8
        "LAM",  # lymphangioleiomyomatosis 3, lipoarabinomannan (a test) 2: too many others
        "RA",  # rheumatoid arthritis 6, the right atrium 3: "a thrombus in the RA"
        "CHD",  # congenital heart disease 4, the common hepatic duct 3
        "AF",  # atrial fibrillation 2, an allelic frequency 1: "a variant (AF 0.48)"
        "EES",  # extraskeletal Ewing sarcoma 2, endoscopic endonasal surgery 1
        "MP",  # mesenteric panniculitis 2, Mycoplasma pneumoniae 1: an organism's infection
        "WT",  # Wilms tumour 2, "wild type" 1: a result
    ],
)
def test_a_site_a_test_a_result_or_an_organism_still_rivals_the_disease(short: str) -> None:
    assert short not in disease_abbreviations()


def test_a_site_stated_beside_a_diagnosis_is_not_read_as_a_disease() -> None:
    # The right atrium, not rheumatoid arthritis; the common hepatic duct, not a heart disease.
    read = read_codes(
        "Echocardiography was consistent with a thrombus in the RA and a dilated CHD."
    )
    assert not {"M06", "Q24"} & {c[:3] for c in read}


def test_the_header_tells_the_rule() -> None:
    text = "\n".join(header())
    assert "a statement of a diagnosis can hold" in text
    assert "Foundation Medicine (FM)" in text


# 2. A negation of an action not taken stays in its clause.


def test_an_action_not_taken_after_the_stated_diagnosis_does_not_deny_it() -> None:
    # PMC11624525 (fulminant myocarditis; main read an elevated troponin): the catheterization
    # was not performed, the myocarditis was diagnosed.
    sentence = (
        "Since the patient did not meet the criteria for acute inferior-posterior wall"
        " myocardial infarction, the diagnosis was revised to acute FM and cardiac"
        " catheterization was not performed."
    )
    assert "I51.4" in stated_codes(sentence)
    assert "I40" in stated_codes(
        "The diagnosis was revised to acute myocarditis and a biopsy was not performed."
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "The diagnosis of myocarditis was not confirmed.",
        "The findings were not consistent with myocarditis and a biopsy was not performed.",
        "The diagnosis of myocarditis and pericarditis was not confirmed.",
    ],
)
def test_a_diagnosis_denied_stays_denied(sentence: str) -> None:
    assert not {"I40", "I51", "I30"} & {c[:3] for c in stated_codes(sentence)}
