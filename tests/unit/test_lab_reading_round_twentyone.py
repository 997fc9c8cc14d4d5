"""Lab results in case-report prose the reader did not read (issue #29, labs21).

Round twenty-one counted, over the pool's case sections (2024 PMC case reports as MedRBench
stores them, wumingxin238/MedRBench @ 827ee187), the patient's numbers with a lab unit that the
reader left unread, and fixed the shapes that recur. Each test quotes the real shape with its
PMC id.
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, str | None, float, str | None]]:
    return [(v.analyte, v.specimen, v.value, v.unit) for v in read_lab_text(text).values]


# --- a result excepted from "within normal range" / "within reference ranges" -------------


def test_a_result_excepted_from_the_normal_range_far_after_within_is_read() -> None:
    # PMC11626718: "within" stands more than forty characters before the test's name
    text = (
        "His routine blood tests were within normal range except for an elevated CRP level at "
        "40mg/L."
    )
    assert _read(text) == [("CRP", None, 40.0, "mg/L")]


def test_a_result_excepted_from_the_reference_ranges_is_read() -> None:
    # PMC11491145
    text = (
        "The other test values including albumin fraction, α-1 globulin, α-2 globulin, β "
        "globulin, and A/G ratio were within reference ranges except for the γ-globulin value "
        "of 5.05 g/dL (Table 3)."
    )
    assert _read(text) == [("Gamma globulin", None, 5.05, "g/dL")]


def test_a_reference_range_itself_stays_no_result() -> None:
    # the bracket after "within the reference range" still holds a range, not results
    assert _read("Her CRP was within the reference range (CRP < 5 mg/L).") == []
    assert _read("The reference range for CRP is < 5 mg/L.") == []


# --- the lymphocyte subsets counted beside CD4 -------------------------------------------


def test_the_lymphocyte_subsets_counted_per_microlitre_are_read() -> None:
    # PMC11622249
    text = (
        "decreased levels of CD3 cells (422/μL), CD4 cells (221/μL), CD8 cells (188/μL), NK "
        "cells (20/μL), CD19 cells (49/μL)"
    )
    read = {a: v for a, _, v, _ in _read(text)}
    assert read == {
        "CD3 count": 422.0,
        "CD4 count": 221.0,
        "CD8 count": 188.0,
        "NK cell count": 20.0,
        "CD19 count": 49.0,
    }
    # PMC11353823
    text = (
        "Immunophenotype on peripheral blood was normal, with a mild decrease in "
        "CD3-CD16+CD56+ NK-cells (70/μL, normal 100–200)."
    )
    assert _read(text) == [("NK cell count", None, 70.0, "/μL")]


def test_the_subsets_told_respectively_go_each_to_its_own_name() -> None:
    # PMC11483140: with "B cells" unknown, main read the four counts as four CD4 counts
    text = (
        "Lymphocyte proportion in peripheral blood was only 0.3%, while CD4+ T cells, CD8+ T "
        "cells, B cells, and natural killer (NK) cells count were as low as 0.001 × 109/L, "
        "0.002 × 109/L, 0.000 × 109/L, and 0.0003 × 109/L, respectively."
    )
    assert [(a, v) for a, _, v, _ in _read(text)] == [
        ("CD4 count", 0.001),
        ("CD8 count", 0.002),
        ("CD19 count", 0.0),
        ("NK cell count", 0.0003),
    ]


def test_a_stain_or_a_subsets_percentage_is_no_count() -> None:
    # a pathology report names the markers of a stain; a percentage is no count per volume
    assert _read("The tumour cells were positive for CD3 and CD8, and NK cells were absent.") == []
    # ... and a subset's percentage is its share of the lymphocytes, no count (recall28)
    assert _read("Flow cytometry: CD3 cells 60%, CD8+ cells 20%.") == [
        ("CD3 percentage", None, 60.0, "%"),
        ("CD8 percentage", None, 20.0, "%"),
    ]
    assert _read("Immunohistochemistry showed B cells positive for CD20.") == []


# --- glucagon -----------------------------------------------------------------------------


def test_glucagon_in_a_mass_unit_per_volume_is_read() -> None:
    # PMC11532648
    text = "with normal glucagon (57 pg/mL [57 ng/L]; reference: 50-150 pg/mL)."
    assert ("Glucagon", None, 57.0, "pg/mL") in _read(text)
    # PMC11642278
    text = "Similarly, glucagon levels were 147 pg/mL, falling within the normal range."
    assert _read(text) == [("Glucagon", None, 147.0, "pg/mL")]


def test_glucagon_given_as_a_drug_is_no_result() -> None:
    assert _read("Glucagon 1 mg was given intramuscularly for hypoglycaemia.") == []
    assert _read("She was started on a glucagon-like peptide-1 agonist, 0.25 mg weekly.") == []


# --- a bracket opened by the level the result stood at or came to ------------------------


def test_a_bracket_opened_by_at_or_reaching_holds_the_result() -> None:
    # PMC11550105: the disorder names its test
    text = (
        "On the second day of admission, the patient had worsening hyponatremia (at 124 mEq/L) "
        "and anemia (Hb, 10.6 g/dL)."
    )
    assert ("Sodium", None, 124.0, "mEq/L") in _read(text)
    # PMC11631160
    text = (
        "which was evidenced by (1) an increasing white blood cell (WBC) count (reaching 22.6 × "
        "103/μL) and (2) concerning imaging findings"
    )
    assert [(a, v) for a, _, v, _ in _read(text)] == [("WBC", 22.6)]


def test_a_bracket_opened_by_a_time_stays_no_result() -> None:
    # "(at 3 months)" is when, not what: the result after it is still read
    assert _read("Creatinine (at 3 months) was 1.2 mg/dL.") == [("Creatinine", None, 1.2, "mg/dL")]
    assert _read("The sodium was low (at 10-20 mmol/L).") == []
