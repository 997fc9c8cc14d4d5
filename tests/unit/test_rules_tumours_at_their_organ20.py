"""Tumours whose name alone is coded at no organ, told at one (issue #29, reader-dx20).

ICD-10-CM's index codes a leiomyoma, a teratoma or a glioma without a site to a catch-all
(D21.9 connective tissue, D48.9 uncertain behaviour, C71.9 brain) and with one by the
Neoplasm Table's row for it; the reader knew the names only by the catch-all. In a random 60
of MedRBench's 957 whole 2024 case reports (seed 20), four primaries were such a tumour at its
organ read at the catch-all. The quoted words are the reports' own.
"""

from __future__ import annotations

import pytest

from core.analysis.rules.icd_terms import icd_conditions
from core.analysis.rules.notes import read_notes
from tests.unit.notes_reading import stated_codes


def _codes(sentence: str) -> list[str]:
    return [condition.code for _, _, condition in icd_conditions(sentence)]


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        # PMC11432985: D21.9 on main.
        ("After the diagnosis of esophageal leiomyoma was made", "D13.0"),
        # PMC11532896: D48.9 on main.
        ("the histopathology confirmed the diagnosis of primary adrenal teratoma.", "D44.10"),
        # PMC11509173: C71.9 on main.
        ("optic nerve glioblastoma, IDH-wildtype, with optic chiasm involvement", "C72.30"),
        # PMC11525155 and PMC11570398: the index's "Leiomyoma, vulva D28.0", the bladder's.
        ("histopathology subsequently revealed a vulvar leiomyoma.", "D28.0"),
        ("Leiomyoma of the bladder: a case report", "D30.3"),
        # PMC11541951: a mature one "see Neoplasm, benign"; main read K09.8 (a jaw's cyst).
        ("pancreatic mature cystic teratoma", "D13.6"),
        # PMC11637885: "mature" before the site, "see Neoplasm, benign"; main read D36.9.
        ("an 18-day-old female infant diagnosed with a mature adrenal teratoma.", "D35.00"),
        # PMC11570408: "Adenoma, liver cell D13.4", not an adenoma of no site (D36.9).
        ("Hepatocellular adenomas (HCAs) are relatively rare benign tumors", "D13.4"),
    ],
)
def test_a_tumour_told_at_its_organ_takes_the_organs_code(sentence: str, code: str) -> None:
    assert code in _codes(sentence)


def test_a_stated_tumour_at_its_organ_replaces_the_catch_all() -> None:
    # PMC11532896's abstract: main stated D48.9, the hand list's unsited teratoma.
    text = (
        "Herein we discuss a nine-month-old female infant presented with an abdominal mass, "
        "following oncological resection, the histopathology confirmed the diagnosis of "
        "primary adrenal teratoma."
    )
    assert stated_codes(text)[:1] == ["D44.10"]


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        # "Leiomyoma, uterus (cervix) (corpus) D25.9": never the table's other benign D26.
        # The plural is read as the singular since the twenty-sixth round: the code set's
        # own category term "Leiomyoma of uterus" (D25), as "a leiomyoma of the uterus" is.
        ("Multiple leiomyomas of the uterus were found", "D25"),
        ("A leiomyoma of the uterus was found", "D25"),
        ("a leiomyoma", "D25"),
        ("a glioma", "C71.9"),
        ("frontal glioblastoma", "C71.9"),
        ("a teratoma", "D48.9"),
        ("a hepatocellular carcinoma", "C22.0"),
    ],
)
def test_the_catch_alls_and_the_uterus_stay(sentence: str, code: str) -> None:
    assert _codes(sentence) == [code]


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        # PMC11368574: the index's "Mucocele, appendix K38.8".
        (
            "He was later diagnosed with appendiceal mucocele by computed tomography (CT) "
            "imaging preoperatively.",
            "K38.8",
        ),
        # PMC11573436: the appendix's neoplasm of uncertain behaviour.
        (
            "The patient was brought to the operating room for an exploratory laparotomy and "
            "right hemicolectomy, revealing low-grade appendiceal mucinous neoplasm.",
            "D37.3",
        ),
    ],
)
def test_the_appendixs_mucocele_and_mucinous_neoplasm_are_read(sentence: str, code: str) -> None:
    facts = read_notes(None, [sentence])
    assert [m.condition.code for m in facts.stated + facts.current][:1] == [code]
