"""Tumours a case report names by their morphology, which the ICD-10-CM tabular list does not
hold (issue #29, reader-dxn10): the index's "see Neoplasm, <behaviour>, by site", read as
core.analysis.rules.neoplasms does it (ICD-O-3 behaviour, the code set's own site words); and
a description's other name in brackets ("[MALT-lymphoma]").

Every sentence quotes a real openly licensed document unchanged, with its provenance in a
comment: the round-ten pools (MedRBench @ 827ee187 'raw_case' of PMC open-access articles;
CaseReportBench @ 629533d9 testing_case_set.json, CC BY-NC 4.0).
"""

from __future__ import annotations

import pytest

from core.analysis.rules.icd_terms import icd_conditions
from core.analysis.rules.neoplasms import MORPHOLOGIES, every_code, valid
from tests.unit.notes_reading import stated_codes


def _terms(text: str) -> list[str]:
    return [condition.code for _, _, condition in icd_conditions(text)]


# CaseReportBench item 100 (0-based), "Case Presentation" of a cardiac paraganglioma
# (PMC open access): "Paraganglioma ... unspecified site D44.7" (uncertain behaviour, 8680/1).
_PARAGANGLIOMA = (
    "These findings and the immunohistochemical studies were compatible with a paraganglioma."
)
# MedRBench PMC11342857 (gastric schwannoma, 2024): a benign nerve-sheath tumour (9560/0) at a
# site the connective-tissue list of the Neoplasm Table does not hold: the stomach's benign code.
_GASTRIC_SCHWANNOMA = (
    "This report presents the case of a 32-year-old female patient who experienced severe"
    " periumbilical pain, nausea, and vomiting, ultimately diagnosed with gastric schwannoma."
)
# MedRBench PMC11456814 (parotid MALT lymphoma, 2024): C88.4's bracketed name.
_MALT = (
    "Left superficial parotidectomy was performed and pathological findings confirmed MALT"
    " lymphoma with extensive amyloid deposition."
)
# CUPCase (Journal of Medical Case Reports, CC BY) row 579's case presentation: a urothelial
# carcinoma (8120/3) with its site after it.
_UROTHELIAL = "urothelial carcinoma in the right ureter"


def test_a_morphology_with_no_site_is_coded_as_the_index_sends_it() -> None:
    assert stated_codes(_PARAGANGLIOMA) == ["D44.7"]


def test_a_morphology_with_its_site_before_it_is_coded_by_that_site() -> None:
    assert stated_codes(_GASTRIC_SCHWANNOMA) == ["D13.1"]  # benign neoplasm of stomach


def test_a_morphology_with_its_site_after_it_is_coded_by_that_site() -> None:
    assert _terms(_UROTHELIAL) == ["C66.9"]  # malignant neoplasm of ureter


@pytest.mark.parametrize(
    ("words", "code"),
    [
        ("leiomyosarcoma of the uterus", "C55"),  # malignant: the site's C code
        ("uterine leiomyosarcoma", "C55"),
        ("leiomyosarcoma", "C49.9"),  # unsited: "see Neoplasm, connective tissue, malignant"
        ("solitary fibrous tumor of the pleura", "D38.2"),  # uncertain: the site's D37-D48
        ("carotid body paraganglioma", "D44.6"),
        ("Parathyroid adenoma", "D35.1"),  # benign: the site's D10-D36
        ("Inflammatory myofibroblastic tumor (IMT) of the liver", "D37.6"),  # its abbreviation
        ("Primitive neuroectodermal tumor (PNET) of the cervix", "C53.9"),
        ("yolk sac tumor of the vagina", "C52"),
    ],
)
def test_behaviour_and_site_give_the_code(words: str, code: str) -> None:
    assert _terms(words) == [code]


def test_a_morphology_inside_a_longer_term_of_its_own_is_that_term() -> None:
    # "Myeloid sarcoma" is the code set's C92.3 whatever site follows; "Kaposi's sarcoma of
    # skin" is C46.0: neither is a sarcoma of connective tissue at the site.
    assert _terms("myeloid sarcoma of the orbit") == ["C92.3"]
    assert _terms("Kaposi sarcoma of the skin") == ["C46.0"]


def test_a_bracketed_other_name_of_a_description_is_a_term() -> None:
    assert stated_codes(_MALT) == ["C88.4"]
    assert _terms("gastric MALT-lymphoma") == ["C88.4"]
    # a bracketed qualifier is no name: "[any part, except buttock]", "[ventilator]"
    assert _terms("any part except buttock") == []


def test_every_code_a_morphology_can_give_is_in_the_code_set() -> None:
    codes = every_code()
    assert len(codes) > 100
    assert all(valid(code) for code in codes), sorted(c for c in codes if not valid(c))


def test_every_morphology_states_an_icd_o_behaviour_digit_that_matches() -> None:
    digit = {"benign": "0", "uncertain": "1", "in situ": "2", "malignant": "3"}
    for morphology in MORPHOLOGIES:
        assert morphology.icd_o.endswith("/" + digit[morphology.behaviour]), morphology.names
