"""Tumours named by their histological type, from the ICD-10-CM index's references to the
Neoplasm Table (reader-morph31, issue #29, thirty-first round).

The index files a type it gives no code of its own as "see Neoplasm, <behaviour>, by site"
("Tumor, Sertoli cell - see Neoplasm, benign, by site") or at one site of the table
("Angioleiomyoma - see Neoplasm, connective tissue, benign");
scripts/build_index_morphologies.py writes those types with their behaviour and their code
with no site named (index_morphologies.tsv), and neoplasms.py reads them with the site the
words name. Sentences quote the MedRBench pool's case sections (wumingxin238/MedRBench @
827ee187, 'raw_case') unchanged, with their PMC ids.
"""

from __future__ import annotations

import pytest

from core.analysis.rules.icd_terms import icd_conditions
from core.analysis.rules.index_morphologies import header, index_morphologies
from core.analysis.rules.neoplasms import every_code, morphology_names, valid
from tests.unit.notes_reading import stated_codes


def _terms(text: str) -> list[str]:
    return [condition.code for _, _, condition in icd_conditions(text)]


def _shipped() -> dict[str, tuple[str, str]]:
    return {name: (behaviour, code) for name, behaviour, code in index_morphologies()}


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        # PMC11540552: "Angioleiomyoma - see Neoplasm, connective tissue, benign" (main read
        # the rectal cancer it was misdiagnosed as, C20).
        (
            "Postoperative pathological diagnosis was: (perirectal) mesenchymal tumor, "
            "consistent with angioleiomyoma with extensive myxoid changes, based on "
            "immunohistochemistry.",
            "D21.9",
        ),
        # PMC11602968: "Angiofibroma, juvenile D10.6" (the nasopharynx's benign code).
        (
            "... the high ADC on imaging ruled out malignant causes in the differential and "
            "confirmed the diagnosis of juvenile nasopharyngeal angiofibroma.",
            "D10.6",
        ),
        # PMC11646801: "Syringoma - see also Neoplasm, skin, benign" (D23.9 with no site).
        (
            "Based on the clinical and histopathological findings, a diagnosis of late-onset "
            "eruptive clear cell syringoma was established.",
            "D23.9",
        ),
        # PMC11406798: "Cystadenocarcinoma - see Neoplasm, malignant, by site" at the trachea.
        (
            "5) revealed a cribriform adenoid cystadenocarcinoma of the trachea, with a maximum "
            "diameter of 1.",
            "C33",
        ),
        # PMC11465214: "Tumor, Sertoli cell - see Neoplasm, benign, by site"; its unspecified
        # site is D27.9 in a woman and D29.20 in a man, so with no site named the benign
        # neoplasm of an unspecified site.
        (
            "The tumor was consistent with a sex-cord stromal tumor, which, based on the "
            "immunoprofile, was compatible with a Sertoli cell tumor.",
            "D36.9",
        ),
        # PMC11530963: "Myoepithelioma - see Neoplasm, benign, by site".
        (
            "Therefore, the final histopathological and immunohistochemistry findings favored "
            "a diagnosis of myoepithelioma.",
            "D36.9",
        ),
    ],
)
def test_a_type_the_index_sends_to_the_table_is_read(sentence: str, code: str) -> None:
    assert code in _terms(sentence)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("a testicular Sertoli cell tumor", "D29.20"),  # the site before the type
        ("a myoepithelioma of the parotid gland", "D11.0"),  # the site after it
        ("primary hepatic epithelioid hemangioendothelioma", "D37.6"),  # uncertain, liver
        ("a hemangiopericytoma", "D48.1"),  # "see also Neoplasm, connective tissue, uncertain"
    ],
)
def test_the_type_takes_the_site_the_words_name(text: str, code: str) -> None:
    assert _terms(text) == [code]


def test_a_stated_diagnosis_of_a_type_is_read_by_the_notes() -> None:
    # PMC11646801, as the notes reader takes a statement.
    text = (
        "Based on the clinical and histopathological findings, a diagnosis of late-onset "
        "eruptive clear cell syringoma was established."
    )
    assert "D23.9" in stated_codes(text)


def test_the_shipped_vocabulary() -> None:
    shipped = _shipped()
    assert len(shipped) > 500
    assert shipped["sertoli cell tumor"] == ("benign", "")  # unspecified site by sex: none
    assert shipped["hemangiopericytoma"] == ("uncertain", "D48.1")
    assert shipped["malignant schwannoma"] == ("malignant", "C47.9")
    assert shipped["prolactinoma"] == ("benign", "D35.2")
    assert any("Source: github.com/wbdill/Python-sandbox01" in line for line in header())


@pytest.mark.parametrize(
    "name",
    [
        "cylindroma",  # malignant by site but "skin - see Neoplasm, skin, benign": two types
        "adnexal tumor",  # "Tumor, adnexal (skin)": an ovary's adnexal tumour is none
        "malignant tumor",  # generic words alone
        "nevus",  # not a tumour's ending: "Nevus" is read by the code set's terms
        "myoma",  # the uterus's fibroid is D25, not the table's benign uterus
        "malignant mass",  # "Mass, malignant": a lesion by its look, not a type
        "adenoma",  # the hand-kept morphology's
    ],
)
def test_names_left_out_of_the_vocabulary(name: str) -> None:
    assert name not in _shipped()


def test_the_hand_kept_morphology_comes_first() -> None:
    # "Giant cell tumor" is the hand list's uncertain D48.0-; the index's is not read over it.
    assert morphology_names()[("giant", "cell", "tumor")].icd_o == "9250/1"


def test_every_code_is_in_the_code_set() -> None:
    assert all(valid(code) for code in every_code())


@pytest.mark.parametrize(
    "sentence",
    [
        # PMC11387543: "cylindroma" alone is no malignant neoplasm of an unnamed site.
        "... focally containing hyalin globules, consistent with a cylindroma (Fig.",
        # A cell, not a tumour: "Sertoli cell" alone names none.
        "Sertoli cells lined the seminiferous tubules.",
        # PMC11474483's shape: an adnexal (ovarian) tumour is no skin appendage tumour.
        "a malignant adnexal tumor",
    ],
)
def test_guards_no_type_read(sentence: str) -> None:
    assert not any(code.startswith(("C", "D")) for code in _terms(sentence))


def test_a_type_denied_is_not_stated() -> None:
    assert "D48.1" not in stated_codes("There was no evidence of hemangiopericytoma.")


def test_a_type_in_a_differential_is_no_stated_diagnosis() -> None:
    # PMC11530963: the types a provisional diagnosis lists as its differential.
    text = (
        "A provisional diagnosis of a benign parotid tumor in the right superficial lobe was "
        "made with a differential diagnosis of myoepithelioma, pleomorphic adenoma, oncocytoma, "
        "or Warthin's tumor."
    )
    assert "D36.9" not in stated_codes(text)


@pytest.mark.parametrize(
    "sentence",
    [
        # PMC11378093, PMC11609554, PMC11532899: a pseudotumour at a site other than the brain
        # is no pseudotumor cerebri (G93.2's inclusion "Pseudotumor" is its shorthand).
        "Histopathology revealed a mesenteric inflammatory pseudotumor (Fig. 3).",
        "... consistent with the diagnosis of benign paratesticular inflammatory pseudotumor.",
        "Histopathological examination establishes the diagnosis of a pseudotumor.",
    ],
)
def test_a_pseudotumour_elsewhere_is_no_pseudotumor_cerebri(sentence: str) -> None:
    assert "G93.2" not in _terms(sentence)


def test_pseudotumor_cerebri_is_still_read() -> None:
    assert "G93.2" in _terms("The findings were consistent with pseudotumor cerebri.")
