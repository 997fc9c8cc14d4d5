"""Numbers in a published case report that are not this patient's results (issue #29, round
sixteen, reader-prec16): a protein change in a variant's notation ("p.Glu1021Lys"), the
literature a report reviews and the bounds of a rule it teaches. Each test quotes the real
sentence of a 2024 PubMed Central case report as MedRBench stores it
(wumingxin238/MedRBench at 827ee18, src/Evaluation/reasoning_results_qwen_judge_paper_957/
gemini2-ft/PMCnnnn.json, field raw_case), the PMC id named in each test.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values
from core.insights import LabValue


def _pairs(values: list[LabValue]) -> list[tuple[str, float]]:
    return [(v.analyte, v.value) for v in values]


# A variant's protein change: the amino acid glutamate, never a glucose (each was a critical
# glucose above 450 mg/dL before).
def test_a_protein_change_in_a_variant_s_notation_is_no_glucose() -> None:
    for sentence in (
        # PMC11632462
        "Results were negative for ALPS and chronic granulomatous disease but revealed a "
        "pathogenic variant in PIK3CD (p.Glu1021Lys), confirming an APDS1 diagnosis.",
        # PMC11546675: the end of a deleted span
        "One component of the compound heterozygous alterations is a 24-base pair in-frame "
        "deletion coming from the mother: NM_001142864.4:c.2230 _2253del, p.(His744_Glu751del)",
        # PMC11484529: a span written with a hyphen
        "a 12-base-pair deletion in exon 20 (c.2502-2513delTGAAAGTACTTT; p.Glu835-Leu838del).",
        # PMC11571544
        "This second mutation, c.[1644A>T], resulted in the modification of the amino acid "
        "sequence p.Glu548Asp.",
    ):
        assert parse_lab_values(sentence) == [], sentence


def test_a_glucose_abbreviated_glu_is_still_read() -> None:
    assert _pairs(parse_lab_values("Glu 99 mg/dL")) == [("Glucose", 99)]
    assert _pairs(parse_lab_values("GLU 5.6 mmol/L, Na 138 mmol/L")) == [
        ("Glucose", 5.6),
        ("Sodium", 138),
    ]


# The literature a report reviews: an author, patients in the plural, a statistic of a group.
def test_a_group_s_mean_or_median_in_the_literature_is_no_result() -> None:
    # PMC11638744 (discussion)
    assert (
        parse_lab_values(
            "Schon et al. reported AFP levels in 57 A-T patients, with a mean serum AFP of "
            "176 ng/mL (range: 2–600; standard deviation: 146) among 45 individuals."
        )
        == []
    )
    # PMC11365461 (discussion)
    assert (
        parse_lab_values(
            "Hemophagocytic lymphohistiocytosis can be familial or sporadic and is typically "
            "associated with anemia and thrombocytopenia with median hemoglobin of 7.2 g/dl "
            "and median platelets of 69,000/microL [11]."
        )
        == []
    )


# A rule's bounds: diagnostic criteria, a cut-off's performance, what most cases show.
def test_the_bounds_of_a_rule_a_report_teaches_are_no_results() -> None:
    for sentence in (
        # PMC11546350 (introduction)
        "There are no pathognomonic laboratory tests for Kawasaki disease; however, in most "
        "cases, C-reactive protein (CRP) ≥ 3.0 mg/dL and/or erythrocyte sedimentation rate "
        "(ESR) ≥ 40 mm/h are present.",
        # PMC11545733 (methods of a case series)
        "Levels of CEA > 5 ng/mL and CA 19-9 > 37 U/mL were considered elevated.",
        # PMC11638744 (discussion)
        "AFP levels above 65 ng/mL have a specificity of 90%, a positive predictive value "
        "(PPV) of 83%, and a negative predictive value (NPV) of 73% for A-T diagnosis "
        "(Mariani et al., 2017).",
        # PMC11638531 (discussion)
        "Interestingly, the sensitivity of 99mTc- sestamibi SPECT/CT dwindled in patients with "
        "PA length ≤1.3 cm or serum PTH levels ≤252 pg/mL [19].",
        # PMC11462035 (discussion)
        "Up to 90% of patients with CD4 counts less than 200 cells/mm3 will develop CNS "
        "findings related to cryptococcosis.",
    ):
        assert parse_lab_values(sentence) == [], sentence


def test_the_patient_s_own_values_beside_such_words_are_kept() -> None:
    # a bound of the patient's, no rule's words: "CRP > 200 mg/L" stays a result
    assert _pairs(
        parse_lab_values("Laboratory studies showed a WBC of 12,000/µL and CRP > 200 mg/L.")
    ) == [("WBC", 12000), ("CRP", 200)]
    # the sentence names the patient: PMC11490239 (discussion), "whose CD4 count was 219"
    assert ("CD4 count", 219) in _pairs(
        parse_lab_values(
            "The count falls with the CD4 count, perhaps serving as a clue in the diagnosis of "
            "our case, whose CD4 count was 219 and his viral load was undetectable."
        )
    )
    # a test's name holding "sensitivity" or "mean" is a test: PMC11509835
    assert _pairs(
        parse_lab_values(
            "The high-sensitivity C-reactive protein level was 10.2 mg/dL (RR 0–1.0 mg/dL). "
            "Mean corpuscular volume 62 fL."
        )
    ) == [("CRP", 10.2), ("MCV", 62)]


# The lavage of the lungs is no blood: its cell differential is another fluid's.
def test_a_bronchoalveolar_lavage_differential_is_no_blood_count() -> None:
    def fluid(sentence: str) -> list[tuple[str, float, str | None]]:
        return [(v.analyte, v.value, v.specimen) for v in parse_lab_values(sentence)]

    # PMC11546930: the blood's differential first, then the lavage's
    assert fluid(
        "Results of blood tests were as follows: neutrophils, 76 %; eosinophils, 9 %. "
        "Bronchoalveolar lavage fluid (BALF) showed a total cell count of 3.00 × 103/μL, 25 % "
        "eosinophils, and 18 % neutrophils, and the patient was diagnosed with acute "
        "eosinophilic pneumonia (AEP)."
    ) == [
        ("Neutrophils", 76, None),
        ("Eosinophils", 9, None),
        ("Eosinophils", 25, "other fluid"),
        ("Neutrophils", 18, "other fluid"),
    ]
    # PMC11417919 and PMC11645288
    assert {
        s
        for _, _, s in fluid(
            "Bronchoalveolar lavage showed a total cell count of 12 × 106/L, comprising 4.5% "
            "macrophages, 87% lymphocytes, and 8.5% neutrophils."
        )
    } == {"other fluid"}
    assert {
        s
        for _, _, s in fluid(
            "The BALF’s cell counts showed 66% lymphocytes, 6% neutrophils, 18% macrophages, and "
            "10% ciliated columnar epithelial cells."
        )
    } == {"other fluid"}


# A superscript citation flattened after the full stop of a sentence ending in a test's name.
def test_a_superscript_citation_after_a_test_s_name_is_no_value() -> None:
    # PMC11488355 (introduction) and PMC11549693 (discussion)
    assert (
        parse_lab_values(
            "The drug is relatively safe, with mild common adverse reactions, such as increased "
            "triglyceride levels, increased uric acid, and thyroid-stimulating hormone.7 No "
            "serious adverse events were observed during the fasting and feeding studies."
        )
        == []
    )
    assert (
        parse_lab_values(
            "It is characterized by epidermal hyperplasia with inflammatory infiltrates of "
            "dermal dendritic cells, macrophages, T cells, and neutrophils.2,6 This is"
        )
        == []
    )
    # a value ending a sentence keeps its decimal point
    assert _pairs(parse_lab_values("Her potassium was 3.1 mmol/L. Sodium was 131 mmol/L.")) == [
        ("Potassium", 3.1),
        ("Sodium", 131),
    ]
