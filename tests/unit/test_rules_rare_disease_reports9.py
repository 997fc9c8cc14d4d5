"""The diagnosis of a rare disease's case report (issue #29, reader-dx9b).

An audit of the offline engine over 74 "Case Report" sections of PMC open-access case reports
(CaseReportBench, cindyzhangxy/CaseReportBench @ 629533d, src/prompting/testing_case_set.json;
CC BY-NC 4.0) found these recurring ways the disease the section names was lost:

- a word inside a longer term of the code set: "hyperkeratosis" is the head of "Hyperkeratosis
  of yaws" (A66.3) and coded yaws in three reports of genodermatoses; "hearing aids" coded HIV
  disease (AIDS);
- the disorders of the values a sentence gives as grounds ("considering hyponatremia,
  hyperkalemia, metabolic acidosis ... lipoid CAH was diagnosed") led over the disease the same
  sentence states;
- a disease named by a wording the code set lacks: Leber hereditary optic neuropathy (LHON),
  multiple acyl-CoA dehydrogenase deficiency (MADD), 11-hydroxylase deficiency, H syndrome;
  and "Type 1 diabetic" read as type 2 diabetes.

Every sentence quotes a section as the collection stores it (its item number given), unchanged.
"""

from __future__ import annotations

from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.notes import read_notes

# Item 37: Sjögren-Larsson syndrome, its skin biopsy.
_BIOPSY_HYPERKERATOSIS = (
    "Histopathology of the skin biopsy showed hyperkeratosis with keratotic plugging and"
    " parakeratosis consistent with ichthyosis."
)
# Item 72: Papillon-Lefèvre syndrome.
_PALMOPLANTAR = (
    "Case Presentation A 19-year-old female was presented with palmoplantar hyperkeratosis from"
    " the age of 4 years and complete loss of teeth by the age of 14 which was the characteristic"
    " criteria for PLS."
)
# Item 31: lipoid congenital adrenal hyperplasia.
_LIPOID_CAH = (
    "Thereafter, considering hyponatremia, hyperkalemia, metabolic acidosis and decreased"
    " cortisol level and increased ACTH level, lipoid CAH was diagnosed and replacement therapy"
    " with standard doses of glucocorticoid (hydrocortisone) and mineralocorticoid"
    " (fludrocortisone) and sodium chloride was initiated."
)
# Item 40: twins with lipoid CAH.
_EXCEPT_HYPONATREMIA = (
    "Patient B started corticosteroid supplementation before manifestation of severe salt losing"
    " symptoms, except hyponatremia, but she was also diagnosed with CLAH with the same StAR gene"
    " mutation with patient A."
)
# Item 130: H syndrome.
_HEARING_AIDS = (
    "She has also been explored for hearing loss in the early childhood with hearing aids."
)
_H_SYNDROME_DIAGNOSED = (
    "H Syndrome was diagnosed based on histological, immunohistochemical (IHC) examination and"
    " molecular analysis."
)
# Item 62: H syndrome in a man with type 1 diabetes.
_TYPE_1_DIABETIC = (
    "He was diagnosed as Type 1 diabetic 6 years back and was receiving insulin since then."
)
_H_SYNDROME_QUOTED = "A diagnosis of \u201cH syndrome\u201d was made."
# Item 22, item 112, item 99, item 91.
_LHON = "The patient was diagnosed as having LHON plus olivocerebellar degeneration."
_MADD = (
    "This patient was diagnosed with late-onset MADD and treated with riboflavin with a dosage of"
    " 100 mg/day instead of mesalamine and azathioprine."
)
_MADD_IN_FULL = (
    "Estimation of blood levels of free acylcarnitines by tandem mass spectrometry showed"
    " significant elevation of short, medium and long-chain acylcarnitines suggestive of multiple"
    " acyl-CoA dehydrogenase deficiency."
)
_ELEVEN_HYDROXYLASE = (
    "Based on her biochemical and radiological evaluation, she was diagnosed as having"
    " 11-hydroxylase deficiency and was started on hydrocortisone 10 mg twice a day."
)


def _facts(*sentences: str):  # type: ignore[no-untyped-def]
    return read_notes(None, [" ".join(sentences)])


def _codes(*sentences: str) -> list[str]:
    facts = _facts(*sentences)
    return [m.condition.code for m in facts.stated + facts.current + facts.history]


def _primary(*sentences: str) -> str:
    return diagnose([], 30, _facts(*sentences)).diagnosis.icd_code


def test_hyperkeratosis_alone_is_no_yaws() -> None:
    assert not any(code.startswith("A66") for code in _codes(_BIOPSY_HYPERKERATOSIS))
    assert not any(code.startswith("A66") for code in _codes(_PALMOPLANTAR))
    assert _primary(_PALMOPLANTAR) == "K08.1"  # the loss of teeth it names, not yaws


def test_the_code_sets_own_manifestation_of_a_disease_still_names_it() -> None:
    # A guard: the description in full keeps its code.
    sentence = "The lesions were diagnosed as hyperkeratosis of yaws."
    assert "A66.3" in _codes(sentence)


def test_the_disease_a_sentence_states_comes_before_the_disorders_of_its_values() -> None:
    assert _primary(_LIPOID_CAH) == "E25.0"
    assert _primary(_EXCEPT_HYPONATREMIA) == "E25.0"
    ranked = [r.code for r in diagnose([], 0, _facts(_LIPOID_CAH)).ranked]
    assert ranked.index("E25.0") < ranked.index("E87.5") < ranked.index("E87.20")


def test_a_value_disorder_stated_alone_is_still_the_diagnosis() -> None:
    # A guard: with no disease beside it, the hyponatraemia the sentence states leads.
    sentence = "She was diagnosed with severe hyponatremia and admitted to the ward."
    assert _primary(sentence) == "E87.1"


def test_hearing_aids_are_no_aids() -> None:
    assert "B20" not in _codes(_HEARING_AIDS)
    assert "B20" in _codes("He had been diagnosed with AIDS three months ago.")


def test_h_syndrome_is_a_histiocytosis_syndrome() -> None:
    assert _primary(_HEARING_AIDS, _H_SYNDROME_DIAGNOSED) == "D76.3"
    assert _primary(_TYPE_1_DIABETIC, _H_SYNDROME_QUOTED) == "D76.3"


def test_a_type_1_diabetic_has_type_1_diabetes() -> None:
    codes = _codes(_TYPE_1_DIABETIC)
    assert "E10.9" in codes and "E11.9" not in codes


def test_diseases_the_code_set_names_otherwise() -> None:
    assert _primary(_LHON) == "H47.22"
    assert _primary(_MADD) == "E71.313"
    assert _primary(_MADD_IN_FULL) == "E71.313"
    assert _primary(_ELEVEN_HYDROXYLASE) == "E25.0"


# Item 106: cerebrotendinous xanthomatosis, the relatives' history denied.
_CTX_DIAGNOSED = (
    "Based on these clinical, laboratory and radiological findings, the patient was diagnosed"
    " with CTX."
)
_NO_FAMILY_CTX = (
    "There was no apparent family history (parents, child and parent\u2019s siblings) of"
    " neurological disorders, cardiovascular diseases or any lipid storage diseases inducing"
    " xanthomas, including CTX."
)


def test_a_relatives_denied_condition_denies_nothing_of_the_patients() -> None:
    facts = _facts(_CTX_DIAGNOSED, _NO_FAMILY_CTX)
    assert "Cerebrotendinous xanthomatosis" not in facts.negated
    assert diagnose([], 50, facts).diagnosis.icd_code == "E75.5"


def test_the_patients_own_denial_still_denies() -> None:
    # A guard: without a relative, "no ... CTX" is the patient's.
    facts = _facts("There was no evidence of lipid storage diseases, including CTX.")
    assert "Cerebrotendinous xanthomatosis" in facts.negated


def test_a_code_set_term_stated_after_its_name_is_stated() -> None:
    facts = _facts(_H_SYNDROME_DIAGNOSED)
    assert [m.condition.code for m in facts.stated] == ["D76.3"]
    # A guard: a code-set term in a sentence stating nothing stays unread.
    assert _codes("Sarcoidosis and its treatment were discussed with the family.") == []
