"""A test's result told as its peak or as the level an increase came to (issue #29, labr13).

Each test quotes the sentence shape of a published case report in the round-thirteen pools:
Journal of Medical Case Reports case presentations (CUPCase, felipeocampoos/CUPCase-curhumai-
Adversary, CC BY; row named) and "Case Report" sections of PubMed Central open-access reports
as CaseReportBench stores them (cindyzhangxy/CaseReportBench @ 629533d9, CC BY-NC 4.0; item
named).
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.analyte, v.value, v.unit) for v in read_lab_text(text).values]


# --- the peak of a test ---------------------------------------------------------------------


def test_a_hormone_told_with_its_peak_in_a_stimulation_test() -> None:
    # CUPCase row 768: both peaks were unread.
    text = (
        "A gonadotropin-releasing hormone stimulation test to verify ovarian function reported "
        "highly elevated FSH/LH (FSH peak 86.99 mIU/mL, LH peak 72.77 mIU/mL) levels."
    )
    read = _read(text)
    assert ("FSH", 86.99, "mIU/mL") in read
    assert ("LH", 72.77, "mIU/mL") in read


def test_a_peak_at_a_value_is_the_value() -> None:
    # "peaking at" after the name (CaseReportBench item 60's "CK peaking at 202 μkat/L", said
    # of troponin here): read before this round too; kept so the new "peak" words keep it.
    assert _read("Serum troponin I was high, troponin I peaking at 12 ng/mL.") == [
        ("Troponin I", 12.0, "ng/mL")
    ]


def test_a_spectroscopy_peak_in_parts_per_million_is_no_lactate() -> None:
    # CaseReportBench item 69: "a significantly elevated lactate peak at 1.3 ppm" is where
    # the MR spectrum peaks, not a lactate level.
    text = (
        "MR spectroscopy presented a significantly elevated lactate peak at 1.3 ppm in region "
        "of interest (ROI)."
    )
    assert _read(text) == []


# --- the level an increase came to ----------------------------------------------------------


def test_an_increase_with_its_level_in_brackets() -> None:
    # CUPCase row 1521 (an enzyme in katal, round twelve's unit) and row 4873.
    text = (
        "marked anisopoikilocytosis and multiple schistocytes (10%) on peripheral smear, lactate "
        "dehydrogenase (LDH) increase (19.7 μkat/L), haptoglobin less than 1 mg/L."
    )
    assert ("LDH", 19.7, "μkat/L") in _read(text)
    text = (
        "At one month after clopidogrel and pentoxifylline were discontinued, platelet count "
        "continued to increase (155 × 10^9 cells/L with 0.25 mg prednisolone)."
    )
    assert [(a, v) for a, v, _ in _read(text)] == [("Platelets", 155.0)]


def test_a_decrease_of_an_amount_is_still_no_result() -> None:
    # CUPCase row 324: the difference from the baseline, not the ferritin level.
    text = (
        "However, the actual ferritin level decreased (a decrease of 93.5 ng/mL compared with "
        "the baseline level)."
    )
    assert _read(text) == []
