"""A pilot's reviewer sees the patient's age as a ten-year band, 90 and over as one
(issue #26; HIPAA's Safe Harbor aggregates ages over 89)."""

from __future__ import annotations

import pytest

from core.pilot.records import CaseView, age_band


@pytest.mark.parametrize(
    ("age", "band"),
    [
        (0, "0-9"),
        (9, "0-9"),
        (10, "10-19"),
        (47, "40-49"),
        (89, "80-89"),
        (90, "90+"),
        (104, "90+"),
    ],
)
def test_age_band(age: int, band: str) -> None:
    assert age_band(age) == band


def test_a_view_enrolled_before_the_bands_still_reads() -> None:
    view = CaseView.model_validate({"notes": "Tired.", "lab_files": [], "lab_values": []})
    assert (view.age_band, view.sex) == (None, None)
