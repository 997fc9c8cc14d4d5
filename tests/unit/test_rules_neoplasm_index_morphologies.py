"""Tumours the ICD-10-CM index codes by site that the reader did not know as morphologies
(issue #29, twenty-third round): the index's other sarcomas ("Angiosarcoma - see also Neoplasm,
connective tissue, malignant", "Chondrosarcoma - see Neoplasm, cartilage, malignant"), its
tumours of the nervous system with "unspecified site" codes ("Astrocytoma ... unspecified site
C71.9", "Medulloblastoma ... C71.6"), "Seminoma C62.9-", "Neurofibroma - see also Neoplasm,
nerve, benign", "Oncocytoma - see Neoplasm, benign, by site"; and the site of a category that
names several sites ("Malignant neoplasm of heart, mediastinum and pleura" C38): the heart's
own code C38.0, not the category's unspecified C38.3 (the mediastinum's).

Every sentence quotes a case section of the MedRBench pool (wumingxin238/MedRBench @ 827ee187,
'raw_case' of 2024 PMC open-access case reports) unchanged, with its PMC id.
"""

from __future__ import annotations

import pytest

from core.analysis.rules.icd_terms import icd_conditions
from core.analysis.rules.neoplasms import code_set_sites
from tests.unit.notes_reading import stated_codes


def _terms(text: str) -> list[str]:
    return [condition.code for _, _, condition in icd_conditions(text)]


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        # PMC11424893: an angiosarcoma of the heart, no liver's C22 ("Angiosarcoma of liver"
        # gave its head word the liver's category).
        (
            "High grade and stage IV right atrial angiosarcoma with pulmonary metastases was"
            " diagnosed.",
            "C38.0",
        ),
        # PMC11503393: the spleen's.
        (
            "Thus, the final diagnosis was splenic angiosarcoma metastatic to bone marrow.",
            "C26.1",
        ),
        # PMC11509802: "Astrocytoma ... unspecified site C71.9".
        (
            "The histopathological analysis confirmed the sampled tissue to be an astrocytoma"
            " IDH mutant, grade 3.",
            "C71.9",
        ),
        # PMC11513658: "Neurofibroma - see also Neoplasm, nerve, benign" (D36.10 unsited).
        ("Histopathological findings confirmed the diagnosis of neurofibroma.", "D36.10"),
        # PMC11625115: "Chondrosarcoma - see Neoplasm, cartilage, malignant".
        (
            "The final diagnosis was chondrosarcoma grade I involving vertebrae thoracal T4-T6"
            " in the thoracic spine.",
            "C41.9",
        ),
    ],
)
def test_a_tumour_the_index_codes_by_site_is_stated_with_its_code(sentence: str, code: str) -> None:
    assert stated_codes(sentence) == [code]


def test_a_seminoma_is_the_testis_malignant_neoplasm() -> None:
    # PMC11403891: "Seminoma C62.9-".
    sentence = "Microscopic examination diagnosed a testicular seminoma stage pT2."
    assert [code[:3] for code in _terms(sentence)] == ["C62"]


def test_a_ventricle_is_the_brain_s_not_the_heart_s() -> None:
    assert _terms("a fourth ventricular ependymoma") == ["C71.9"]


def test_the_liver_keeps_the_code_set_s_own_angiosarcoma() -> None:
    assert _terms("a hepatic angiosarcoma") == ["C22.3"]
    assert _terms("angiosarcoma of the liver") == ["C22.3"]


@pytest.mark.parametrize(
    ("behaviour", "site", "code"),
    [
        ("malignant", "heart", "C38.0"),
        ("malignant", "cardiac", "C38.0"),
        ("malignant", "retroperitoneum", "C48.0"),
        ("malignant", "spinal cord", "C72.0"),
        ("malignant", "anal canal", "C21.1"),
        ("benign", "pharynx", "D10.9"),
    ],
)
def test_a_site_first_in_a_category_of_several_takes_its_own_code(
    behaviour: str, site: str, code: str
) -> None:
    assert code_set_sites(behaviour)[site] == code


# PMC11625228 (a cavernous hemangioma of the rib): the tissue's result told with a figure's
# reference before its verb; "Fig." ended the sentence there and the result was no statement.
_FIGURE_BEFORE_THE_VERB = "Histopathology slide and result (Fig. 3) showed rib hemangioma."


def test_a_figure_reference_before_the_tissue_s_verb_keeps_the_statement() -> None:
    assert stated_codes(_FIGURE_BEFORE_THE_VERB) == ["D18.0"]
    assert stated_codes("The biopsy (Figure 2A,B) showed a schwannoma.") == ["D36.10"]


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        # PMC11572399: the renal pelvis's adjective, no unsited C80.1.
        (
            "Eventually, nephrectomy was performed, and postoperative pathological examination"
            " revealed renal pelvic urothelial carcinoma with squamous and sarcomatoid"
            " differentiation.",
            "C65.9",
        ),
        # ICD-O-3 8550/3 by its other spelling (PMC11439974 names it).
        ("Histopathology confirmed acinic cell carcinoma of the parotid gland.", "C07"),
    ],
)
def test_a_site_s_other_adjective_and_a_morphology_s_other_spelling(
    sentence: str, code: str
) -> None:
    assert stated_codes(sentence) == [code]


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        # PMC11614790: "Lymphoma (of) (malignant) C85.90", a word under the one-word guard.
        (
            "Once the diagnosis of lymphoma was confirmed, staging investigations were"
            " conducted, including neurological and ophthalmological examinations, which were"
            " normal.",
            "C85.90",
        ),
        # PMC11546450: "Lymphoma, B-cell C85.1-".
        (
            "This was further confirmed through a bone marrow biopsy for low grade B-cell"
            " lymphoma.",
            "C85.10",
        ),
        # The code set's own longer names still win.
        ("The diagnosis was diffuse large B-cell lymphoma.", "C83.3"),
    ],
)
def test_a_lymphoma_named_without_its_kind_is_the_index_s(sentence: str, code: str) -> None:
    assert _terms(sentence) == [code]
