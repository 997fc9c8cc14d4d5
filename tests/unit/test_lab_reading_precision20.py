"""Numbers in a published case report read as results that are not the patient's, or read as
another test (issue #29, round twenty, reader-prec20): a plural or a staining marker read as
protein S, a case of the literature told over several sentences, and the lipoproteins' names
spelt out read as a total cholesterol or as the LDL. Each test quotes the real sentences of a
2024 PubMed Central case report as MedRBench stores it (wumingxin238/MedRBench at 827ee18,
src/Evaluation/reasoning_results_qwen_judge_paper_957/gemini2-ft/PMCnnnn.json, field
raw_case), the PMC id named in each test.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _pairs(values: list[LabValue]) -> list[tuple[str, float]]:
    return [(v.analyte, v.value) for v in values]


def test_a_plural_or_the_s100_protein_is_no_protein_s() -> None:
    # PMC11593470: "proteins" ends a sentence, the next one's prevalence is no protein S
    text = (
        "Muscular dystrophies are caused by defects in the structural proteins. BM has a "
        "prevalence of 0.7 in 100,000 people, while UCMD affects 0.3 in 100,000 [4]."
    )
    assert [v for v in parse_lab_values(text) if v.analyte == "Protein S"] == []
    # PMC11608915: a melanoma's staining marker
    text = (
        "Positive expression of protein S-100, melanoma antigen HMB-45, and vimentin is "
        "commonly observed in malignant melanoma."
    )
    assert [v for v in parse_lab_values(text) if v.analyte == "Protein S"] == []


def test_the_patients_own_values_beside_them_are_still_read() -> None:
    # PMC11593470, the sentence before the family's history
    text = (
        "The serum creatine kinase (CK) level was abnormally high at 335 U/L (reference range "
        "39–308 U/L)."
    )
    assert ("CK", 335.0) in _pairs(parse_lab_values(text))
    # PMC11580626: a short symbol takes its letter glued; only a whole word's "s" is a plural
    text = "Hemoglobin electrophoresis revealed HbF at 10.8%, Hb A2 at 1.7%, and HbA at 87.5%."
    pairs = _pairs(parse_lab_values(text))
    assert ("Hemoglobin A2", 1.7) in pairs and ("Hemoglobin A", 87.5) in pairs


def test_a_case_of_the_literature_told_over_several_sentences_is_anothers() -> None:
    # PMC11629470: the case's opening names its authors; "In this case" is theirs
    text = (
        "In a case reported by Maria Lúcia Moleiro et al., metastasis to the supraclavicular "
        "lymph node was the initial symptom of fallopian tube cancer [17]. In this case, pelvic "
        "imaging did not reveal an obvious primary lesion. Therefore, biopsy of the para-aortic "
        "lymph node was performed, which confirmed metastasis of high-grade serous carcinoma "
        "(HGSC). An elevated CA125 level (898 U/mL) was also observed."
    )
    assert parse_lab_values(text) == []
    # PMC11646740: the opening names the other patient by age
    text = (
        "In another report,8, a 46-year-old female patient presented with right flank pain, "
        "nausea, and vomiting that persisted for two weeks. All laboratory findings were "
        "normal, except for elevated fasting blood glucose levels (11.79 mmol/L)."
    )
    assert parse_lab_values(text) == []


def test_the_patients_values_after_the_literatures_case_are_read() -> None:
    # PMC11629470's own case, and a sentence naming "our case" ends the other case's run
    text = (
        "Blood tests revealed elevated levels of cancer antigen 19-9 (CA19-9) (45.1 U/mL; "
        "reference range: <37U/mL), and cancer antigen 125 (CA125) (524 U/mL; reference "
        "range: <35 U/mL)."
    )
    assert ("CA-125", 524.0) in _pairs(parse_lab_values(text))
    text = (
        "In a case reported by Moleiro et al., an elevated CA125 level (898 U/mL) was "
        "observed. In our case, the CA125 level was 524 U/mL."
    )
    assert _pairs(parse_lab_values(text)) == [("CA-125", 524.0)]


def test_the_lipoproteins_spelt_out_are_their_own_cholesterols() -> None:
    # PMC11348727: no total cholesterol of 4.38
    text = (
        "Lactate dehydrogenase (LDH) reached 541U/L and low-density lipoprotein cholesterol "
        "(LDL-C) was 4.38 mmol/L."
    )
    assert ("LDL cholesterol", 4.38) in _pairs(parse_lab_values(text))
    assert "Total cholesterol" not in [v.analyte for v in parse_lab_values(text)]
    # PMC11416827: the VLDL is no LDL, the LDL named around its abbreviation no total
    text = (
        "The lipid profile revealed a total cholesterol level of 225 mg/dL (normal < 200 "
        "mg/dL), very low-density lipoprotein (VLDL) of 30 mg/dL (normal < 30 mg/dL), and "
        "low-density lipoprotein (LDL) cholesterol levels of 171 mg/dL (normal < 100 mg/dL)."
    )
    pairs = _pairs(parse_lab_values(text))
    assert ("VLDL cholesterol", 30.0) in pairs and ("LDL cholesterol", 171.0) in pairs
    assert ("Total cholesterol", 225.0) in pairs and len(pairs) == 3
    # PMC11593385: the total cholesterol beside them stays a total cholesterol
    text = (
        "A laboratory examination showed significantly elevated concentrations of total "
        "cholesterol (17.96 mmol/L) and LDL-C (16.88 mmol/L), along with normal values of "
        "triglycerides (0.038 mmol/L) and high-density lipoprotein cholesterol (HDL-C, 2.71 "
        "mmol/L)."
    )
    pairs = _pairs(parse_lab_values(text))
    assert ("Total cholesterol", 17.96) in pairs and ("LDL cholesterol", 16.88) in pairs
    assert ("HDL cholesterol", 2.71) in pairs
