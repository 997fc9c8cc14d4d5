"""A main term the ICD-10-CM index writes as one word's forms (reader-names31).

"Paralysis, paralytic (complete) (incomplete)", "Stenosis, stenotic (cicatricial)", "Hernia,
hernial (acquired) (recurrent)": the flattening of the FY2025 index cuts a title at its first
nonessential modifier, and the whole-title test (``whole_title``, which fears "Rocky Mountain
(spotted)" lost its "fever") left out every such main term whose last form has no disease's
ending, with all its subterms: no "facial paralysis", "Spigelian hernia", "aortic stenosis" or
"seropositive rheumatoid arthritis" was an index name. A title of one word's forms loses no
word at the cut; it is read by its noun where that noun names a disease or a lesion.
Sentences are the pools' (MedRBench case sections, CUPCase presentations).
"""

from __future__ import annotations

import pytest

from core.analysis.rules.icd_terms import icd_conditions
from core.analysis.rules.index_names import index_names, named_forms, spelt_forms


def _codes(sentence: str) -> list[str]:
    return [condition.code for _, _, condition in icd_conditions(sentence)]


@pytest.mark.parametrize(
    ("title", "modifier", "own_code", "forms"),
    [
        ("Paralysis, paralytic", "(complete) (incomplete)", "G83.9", ["Paralysis"]),
        ("Hernia, hernial", "(acquired) (recurrent)", "K46.9", ["Hernia"]),
        ("Stenosis, stenotic", "(cicatricial)", "", ["Stenosis"]),  # a lesion's ending
        ("Infection, infected, infective", "(opportunistic)", "B99.9", ["Infection"]),
        ("Arthritis, arthritic", "(acute) (chronic) (subacute)", "M19.90", ["Arthritis"]),
    ],
)
def test_a_title_of_one_words_forms_is_read_by_its_noun(
    title: str, modifier: str, own_code: str, forms: list[str]
) -> None:
    assert spelt_forms(title)
    assert named_forms(title, modifier, own_code) == forms


@pytest.mark.parametrize(
    ("title", "modifier", "own_code"),
    [
        ("Weak, weakening, weakness", "(generalized)", "R53.1"),  # a finding
        ("Difficult, difficulty", "(in)", ""),  # no disease: "difficult delivery"
        ("Puerperal, puerperium", "(complicated by, complications)", ""),
        ("Necrosis, necrotic", "(ischemic)", ""),  # a tissue's look under the microscope
        ("Rocky Mountain", "(spotted)", "A77.0"),  # a title cut before its noun, as before
    ],
)
def test_a_finding_a_word_of_degree_a_tissues_look_or_a_cut_title_is_not(
    title: str, modifier: str, own_code: str
) -> None:
    assert named_forms(title, modifier, own_code) == []


def test_a_whole_title_keeps_its_forms() -> None:
    assert named_forms("Albuminuria, albuminuric", "", "R80.9") == ["Albuminuria", "albuminuric"]
    assert named_forms("Abasia", "(-astasia) (hysterical)", "R26.89") == ["Abasia"]


def test_the_shipped_file_holds_the_subterms_with_the_index_codes() -> None:
    names = index_names()
    assert names["facial paralysis"] == "G51.0"  # Paralysis, facial (nerve)
    assert names["larynx paralysis"] == "J38.00"  # Paralysis, larynx
    assert names["spigelian hernia"] == "K43.9"
    assert names["seropositive rheumatoid arthritis"] == "M05.9"
    assert names["coronary artery anomaly"] == "Q24.5"
    assert names["bowel tuberculosis"] == "A18.32"
    # Guards: the word alone, a tissue's look, a code that leaves its site open, a finding.
    for left_out in ("nephritis", "kidney necrosis", "valve stenosis", "muscle weak"):
        assert left_out not in names, left_out


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        # MedRBench PMC11361325 (botulism): the cranial nerves' examination.
        (
            "Evaluation of cranial nerves was significant for bilateral ptosis (CN III) and "
            "bilateral facial paralysis with garbled speech.",
            "G51.0",
        ),
        # MedRBench PMC11374374: a past repair, read as the hernia (history is the notes').
        (
            "Her past surgical history was remarkable for bilateral salpingo-oophorectomy 20 "
            "years prior, cesarean section, and a left sided Spigelian hernia repair with "
            "intraperitoneal mesh.",
            "K43.9",
        ),
        # MedRBench PMC11555247: an echocardiogram's valve (the code set's name is
        # "Nonrheumatic aortic (valve) stenosis"; "aortic stenosis" was no name).
        (
            "Then, the patient had an echocardiogram, which showed left ventricular hypertrophy "
            "and dilatation, mild aortic stenosis, moderate mitral regurgitation.",
            "I35.0",
        ),
        # MedRBench PMC11489126: M06.9 (rheumatoid arthritis, unspecified) before.
        (
            "Followed up for an erosive seropositive rheumatoid arthritis on Arava 20 mg/day.",
            "M05.9",
        ),
        # MedRBench PMC11550625: histoplasmosis by its agent.
        (
            "The patient had positive complement fixation mycelial antibody titers of 1:32 "
            "indicating strong presumptive evidence of an active Histoplasma infection.",
            "B39.9",
        ),
    ],
)
def test_pool_sentences_read_the_index_subterm(sentence: str, code: str) -> None:
    assert code in _codes(sentence)


def test_bowel_tuberculosis_is_the_intestines_not_the_lungs() -> None:
    # MedRBench PMC11544071 (pulmonary and intestinal tuberculosis): A15.9 (of the lung) before.
    codes = _codes(
        "The bowel wall thickening and gastrointestinal bleeding indicated ulcerative lesions "
        "and granulomatous inflammation characteristic of bowel tuberculosis."
    )
    assert "A18.32" in codes and "A15.9" not in codes


@pytest.mark.parametrize(
    ("sentence", "not_code"),
    [
        # CUPCase 1256 (renal tuberculosis): caseation, no infarct of the kidney (N28.0).
        (
            "Pathology report revealed granulomatous inflammation with central necrosis of the "
            "kidney visualized with hematoxylin and eosin stain.",
            "N28.0",
        ),
        # "valve stenosis" (I38, valve unspecified) would read inside a named valve.
        ("The echocardiogram showed pulmonary valve stenosis.", "I38"),
        # The hand list's lupus nephritis stands; "nephritis" alone is no new name (N05.9).
        ("A renal biopsy showed World Health Organization class IV lupus nephritis.", "N05.9"),
    ],
)
def test_guards(sentence: str, not_code: str) -> None:
    assert not_code not in _codes(sentence)
