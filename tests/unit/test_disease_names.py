"""The Human Disease Ontology's names as terms of the reader (core/analysis/rules/disease_names.py).

Rows are DO's own (allXREFinDO.tsv and the subset OBO files at commit 9fbefd6); sentences are
the pools' (CUPCase final diagnoses and case sections, MedRBench and CaseReportBench reports).
"""

from __future__ import annotations

import pytest

from core.analysis.rules.conditions import CONDITIONS
from core.analysis.rules.disease_names import (
    agrees,
    disease_names,
    fits_behaviour,
    fits_population,
    header,
    names_a_class,
    names_a_finding,
    names_the_organs_disorders,
    one_code,
    read_names,
    stems,
    usable_name,
)
from core.analysis.rules.icd_terms import code_set_terms, icd_conditions, readable_name, term_key
from core.icd10 import code_set


def test_the_shipped_file_names_its_source_release_and_licence() -> None:
    text = "\n".join(header())
    assert "Human Disease Ontology" in text
    assert (
        "DiseaseOntology/HumanDiseaseOntology commit 9fbefd6651b79526165453395d06c8fd4bfe4247"
        in text
    )
    assert "CC0 1.0" in text
    assert "scripts/build_disease_names.py" in text


def test_every_shipped_name_passes_the_filters_and_its_code_is_in_the_code_set() -> None:
    icd = code_set()
    known = code_set_terms()
    names = disease_names()
    assert len(names) > 1000
    for name, code in names.items():
        assert icd.is_valid_item(code) and icd.is_category_or_subcategory(code), name
        assert readable_name(name), name
        assert fits_behaviour(name, code), name
        assert not code.startswith("R"), name  # a finding, no disease
        assert term_key(name) not in known, name  # the code set gives it already


@pytest.mark.parametrize(
    "name",
    # DO's own synonyms of DOID:0040093 (typed acronyms), and capitals read as common words.
    [
        "DIL",
        "DILE",
        "PAN",
        "MS",
        "AS",
        "BRCA1",
        "CMT 1A",
        "Alzheimer's disease 10",
        "psychopath.personality",
        "hepatitis, autoimmune",
        "acute nasopharyngitis [common cold]",
    ],
)
def test_an_acronym_symbol_locus_or_index_form_is_no_name(name: str) -> None:
    assert not usable_name(name)


@pytest.mark.parametrize(
    "name",
    [
        "drug-induced lupus erythematosus",
        "CHARGE syndrome",
        "Q fever",
        "spinocerebellar ataxia type 3",
        "Mondor's disease",
    ],
)
def test_a_disease_with_its_noun_is_a_name(name: str) -> None:
    assert usable_name(name)


def test_one_word_names_pass_the_code_sets_one_word_guards() -> None:
    assert readable_name("appendicitis")
    assert not readable_name("chikungunya")  # no disease's ending
    assert not readable_name("asthma")  # too short to stand alone
    assert "pellagra" not in disease_names()


def test_a_disease_coded_in_two_categories_names_neither() -> None:
    # DOID:1712 aortic valve stenosis: ICD10CM:Q23.0 (congenital) and ICD10CM:I06.0 (rheumatic).
    assert one_code({"Q23.0", "I06.0"}) is None
    # DOID:8632 Kaposi's sarcoma: C46 and C46.0 to C46.5, the category.
    assert one_code({"C46", "C46.0", "C46.1", "C46.5"}) == "C46"
    # DOID:0050439 Usher syndrome: Q99.81 and Q99.813.
    assert one_code({"Q99.81", "Q99.813"}) == "Q99.81"


def test_a_tumour_not_said_malignant_takes_no_malignant_code() -> None:
    # DO's "testicular cancer" (C62) has the synonym "testicular tumor": "Histopathology of
    # testicular tumor showed spindle, round or ovoid cells" (CUPCase 3410).
    assert not fits_behaviour("testicular tumor", "C62")
    assert fits_behaviour("testicular cancer", "C62")
    assert fits_behaviour("fibroadenoma", "D24")
    assert "testicular tumor" not in disease_names()


def test_a_code_of_pregnancy_the_newborn_or_a_kind_needs_a_name_that_says_so() -> None:
    # "hypercapnia due to muscular respiratory insufficiency" (CaseReportBench item 64) is
    # no bronchopulmonary dysplasia of the perinatal period (P27.1).
    description = "Bronchopulmonary dysplasia originating in the perinatal period"
    assert not fits_population("respiratory insufficiency", "P27.1", description)
    assert fits_population("gestational diabetes", "O24.4", "Diabetes mellitus in pregnancy")
    assert not fits_population("mitral regurgitation", "Q23.3", "Congenital mitral insufficiency")
    assert fits_population(
        "congenital mitral regurgitation", "Q23.3", "Congenital mitral insufficiency"
    )


def test_a_name_that_shares_no_word_with_its_code_is_dos_slip_unless_an_eponym() -> None:
    # DOID:9667 placental abruption -> ICD10CM:O20.0 "Threatened abortion".
    icd = code_set()
    words = stems(icd.get_description("O20.0"))
    for code in icd.get_descendants("O20"):
        words |= stems(icd.get_description(code))
    assert not agrees("placental abruption", ["abruptio placenta"], words)
    assert "placental abruption" not in disease_names()
    # DOID:13241 Behcet's disease -> M35.2 "Behçet's disease": an eponym, and its accent folded.
    assert agrees("Behcet's disease", [], stems("Behçet's disease"))


def test_a_class_of_diseases_is_no_diagnosis() -> None:
    # "kidney disease" (DOID:557): narrower diseases coded in chapters 14, 17 and 4.
    assert names_a_class({"14", "17", "4"}, {"N18", "Q61", "E72"})
    assert not names_a_class({"2"}, {"C18", "C19", "C20"})
    for broad in ("kidney disease", "eye disease", "malignant tumor", "vascular disease"):
        assert broad not in disease_names()


def test_read_names_skips_the_header() -> None:
    assert read_names(["# DO\n", "mondor's disease\tI80.8\n", "\n"]) == {
        "mondor's disease": "I80.8"
    }


def _codes(sentence: str) -> list[str]:
    return [condition.code for _, _, condition in icd_conditions(sentence)]


def test_a_final_diagnosis_do_names_is_read() -> None:
    # CUPCase final diagnoses the code set's terms could not name.
    assert _codes("Neonatal SARS-CoV-2 infection (COVID-19)")[0] == "U07.1"
    assert "E28.3" in _codes("46,XX primary ovarian insufficiency")
    # "the final diagnosis was para-adrenal Castleman disease (giant lymph node hyperplasia)"
    # (MedRBench PMC11421273): DO's synonym gives Castleman disease's code.
    assert _codes("giant lymph node hyperplasia") == ["D47.Z2"]


def test_a_longer_do_name_reads_over_the_code_sets_shorter_head() -> None:
    # CUPCase final diagnosis "Takayasu arteritis": the head "arteritis" (I77.6) before, DO's
    # name of M31.4 "Aortic arch syndrome [Takayasu]" now.
    assert _codes("Takayasu arteritis") == ["M31.4"]


def test_the_code_sets_own_terms_and_index_names_keep_precedence() -> None:
    # The hand-kept index name, not DO's wording; the code set's "Hemangioma" (D18.0) is no
    # longer taken by DO's "capillary hemangioma" filed under Q82.5, a congenital nevus.
    assert _codes("Mondor's disease") == ["I80.8"]
    assert _codes("consistent with a capillary hemangioma with eroded surface") == ["D18.0"]


def test_a_function_lost_or_weakened_is_a_finding() -> None:
    # "Early and accurate diagnosis is essential ... to prevent long-term visual impairment"
    # (MedRBench PMC11558034) took H54 over the case's congenital vitreous malformation; an
    # examination "suggestive of spastic diplegia" (CaseReportBench item 33) took G80.1.
    for finding in ("visual impairment", "vision loss", "spastic diplegia", "facial paralysis"):
        assert names_a_finding(finding)
        assert finding not in disease_names()
    assert not names_a_finding("spastic paraplegia type 4 disease")


def test_an_organs_disease_under_its_residual_disorders_is_no_diagnosis() -> None:
    # "Koilonychia ... is a nail disease commonly seen in hypochromic anemia" (CUPCase 494).
    assert names_the_organs_disorders("nail disease", "Nail disorders")
    assert not names_the_organs_disorders("alexander disease", "Alexander disease")
    assert "nail disease" not in disease_names()


def test_a_kind_of_code_the_name_does_not_say_is_not_its_code() -> None:
    # "past medical history of fatty liver disease" (CUPCase 289): DO's K70.0 is alcoholic.
    assert not fits_population("fatty liver disease", "K70.0", "Alcoholic fatty liver")
    assert "fatty liver disease" not in disease_names()


def test_a_name_holding_a_more_specific_term_is_left_to_that_term() -> None:
    # "lipoid CAH was diagnosed" (CaseReportBench item 31): the hand list's CAH is E25.0, DO's
    # "lipoid CAH" only E25.
    assert "lipoid cah" not in disease_names()
    hand = [c.code for c in CONDITIONS if c.pattern.search("lipoid CAH was diagnosed")]
    assert hand == ["E25.0"]
