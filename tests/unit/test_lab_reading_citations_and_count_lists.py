"""Citation marks, count units in a "respectively" list, and a name ending in one letter
(issue #29, fifteenth round).

- A case report's citation marks ("[21]", "[9]") after a word were read as the value of the
  test named before them: over the three pools of published case reports (670 reports) seven
  reports had one such value each (an hCG of 21, a "total protein" of 9, a protein S of 14,
  a thiamine of 2, a galactomannan of 20), every one false.
- "The platelet and white blood cell counts were 12 × 10^9/L and 6.9 × 10^9/L, respectively"
  gave the white cell count the platelets' 12 and lost the platelets: the list's values were
  only seen with a unit starting with a letter, so a count's "× 10^9/L" or "/μL" broke it.
  With "12,300/μL and 150,000/μL" the white cell count became a critical platelet count.
- "hemoglobin, C-reactive protein and ferritin were ..." named a haemoglobin C.
"""

from __future__ import annotations

from core.analysis.labs.parse import parse_lab_values


def _read(text: str) -> list[tuple[str, float, str | None, bool]]:
    return [(v.analyte, v.value, v.unit, v.critical) for v in parse_lab_values(text)]


def test_a_citation_mark_after_a_word_is_no_value() -> None:
    # MedRBench pool, PMC11544788 (discussion of an intraplacental choriocarcinoma)
    assert _read("no metastases were found and only β-hCG levels were checked [21].") == []
    # MedRBench pool, PMC11640908: "expected to disrupt the function of the CTSK protein [9]"
    assert (
        _read("this missense variant is expected to disrupt the function of the CTSK protein [9].")
        == []
    )
    # a list of marks, as PMC11395317 prints them: "[1,2,3]", "[6,21]"
    assert _read("Primary CNS melanoma is accompanied by an NRAS protein [6,21].") == []


def test_a_value_before_its_citation_mark_and_a_range_in_brackets_are_still_read() -> None:
    assert _read("The beta-hCG level was 1250 mIU/mL [21].") == [("hCG", 1250.0, "mIU/mL", False)]
    [alt] = parse_lab_values("ALT 56 U/L [0-40]")
    assert (alt.analyte, alt.value, alt.reference_low, alt.reference_high) == (
        "ALT",
        56.0,
        0.0,
        40.0,
    )


def test_counts_in_a_respectively_list_keep_their_names() -> None:
    # the shape of an EDTA-dependent pseudothrombocytopenia case report (2013): "The platelet
    # and white blood cell counts were 12 × 10^9/L and 6.9 × 10^9/L ..., respectively"
    assert _read(
        "The platelet and white blood cell counts were 12 × 10^9/L and 6.9 × 10^9/L, respectively."
    ) == [("Platelets", 12.0, "×10^9/L", True), ("WBC", 6.9, "×10^9/L", False)]
    assert _read(
        "His white blood cell count and platelet count were 12,300/μL and 150,000/μL, respectively."
    ) == [("WBC", 12300.0, "/μL", False), ("Platelets", 150000.0, "/μL", False)]
    assert _read(
        "WBC, CRP and ferritin were 12.1 ×10^9/L, 45 mg/L and 12 ng/mL, respectively."
    ) == [
        ("WBC", 12.1, "×10^9/L", False),
        ("CRP", 45.0, "mg/L", False),
        ("Ferritin", 12.0, "ng/mL", False),
    ]


def test_a_name_ending_in_one_letter_does_not_take_a_hyphenated_word() -> None:
    assert [
        (a, v)
        for a, v, _, _ in _read(
            "Her hemoglobin, C-reactive protein and ferritin were 9.8 g/dL, 45 mg/L and 12 ng/mL, "
            "respectively."
        )
    ] == [("Hemoglobin", 9.8), ("CRP", 45.0), ("Ferritin", 12.0)]
    # the names themselves still read
    assert [(a, v) for a, v, _, _ in _read("Hemoglobin C 30% on electrophoresis.")] == [
        ("Hemoglobin C", 30.0)
    ]
    assert [(a, v) for a, v, _, _ in _read("Protein C 45%, protein S 60%.")] == [
        ("Protein C", 45.0),
        ("Protein S", 60.0),
    ]


def test_a_csf_value_written_before_its_name_gets_no_blood_range() -> None:
    # Journal of Medical Case Reports (CUPCase row 2660): "His CSF showed borderline results:
    # protein 0.40g/L and 1 mononuclear cell/1mm3" was shown "low" against the blood's share
    # of mononuclear cells (25-55 %)
    values = parse_lab_values(
        "His CSF showed borderline results: protein 0.40g/L and 1 mononuclear cell/1mm3."
    )
    cells = [v for v in values if v.analyte == "Mononuclear cells"]
    assert [(v.specimen, v.reference_low, v.reference_high, v.flag) for v in cells] == [
        ("csf", None, None, None)
    ]
    # a blood value written first still gets the usual range, and its flag
    [sodium, *_] = parse_lab_values("Sodium is 107, with 68 chloride and potassium of 2.8.")
    assert (sodium.reference_low, sodium.reference_high, sodium.flag, sodium.critical) == (
        135.0,
        145.0,
        "low",
        True,
    )


def test_a_target_or_threshold_named_after_the_test_is_no_result() -> None:
    # Triulzi, Hematology Am Soc Hematol Educ Program 2020 (PMC7727555): "A prophylactic
    # platelet-transfusion threshold of <10 × 103/µL has been shown to be safe": read as the
    # patient's platelet count, a critical value
    assert (
        _read(
            "A prophylactic platelet-transfusion threshold of <10 × 10^3/µL has been shown to "
            "be safe in stable hematology/oncology patients."
        )
        == []
    )
    assert _read("Her INR target was 2.0 to 3.0.") == []
    assert _read("The hemoglobin trigger for transfusion was 7 g/dL.") == []
    # the result told beside its target is read
    assert _read("The INR target range was 2.0-3.0; her INR was 6.2.") == [("INR", 6.2, None, True)]
    assert _read("Her platelet count was 8 × 10^3/µL; a platelet transfusion was given.") == [
        ("Platelets", 8.0, "×10^3/µL", True)
    ]
