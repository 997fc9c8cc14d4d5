"""A patient's values over time, twenty-second round (issue #29): serial courses."""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, float, str | None, str | None, bool]]:
    return [(v.analyte, v.value, v.unit, v.timing, v.critical) for v in read_lab_text(text).values]


def test_a_course_written_with_arrows_ends_on_the_current_result() -> None:
    # PMC11352915: main read the CK of 11,480 and the myoglobin of 1297.6 as current and lost
    # the 28,045 and the 8987.9 they rose to.
    text = (
        "Increasing levels of CK 11,480→28,045 IU/L (normal range 54–269 IU/L) and myoglobin "
        "1297.6→8987.9 µg/L (normal range 0–73 µg/L) were observed (Figure 2)."
    )
    assert _read(text) == [
        ("CK", 11480.0, "IU/L", "earlier", False),
        ("CK", 28045.0, "IU/L", None, False),
        ("Myoglobin", 1297.6, "µg/L", "earlier", False),
        ("Myoglobin", 8987.9, "µg/L", None, False),
    ]


def test_an_old_critical_value_before_an_arrow_raises_no_alarm() -> None:
    text = "After insulin and glucose her potassium went 7.1 → 5.9 → 4.2 mmol/L over the night."
    assert _read(text) == [
        ("Potassium", 7.1, "mmol/L", "earlier", False),
        ("Potassium", 5.9, "mmol/L", "earlier", False),
        ("Potassium", 4.2, "mmol/L", None, False),
    ]


def test_the_maximum_told_after_the_first_result_is_the_current_one() -> None:
    # PMC11546350 (dev case cr21-crit-kawasaki-...): main kept the first troponin of 156 as
    # current and critical and missed the maximum of 1559.
    text = (
        "The first troponin level 1.5 h after cardiac arrest was 156 ng/L, and the maximum "
        "(1559 ng/L) was recorded 14 h after the incident (troponin level norm < 11 ng/L)."
    )
    assert sorted(_read(text)) == [
        ("Troponin", 156.0, "ng/L", "earlier", False),
        ("Troponin", 1559.0, "ng/L", None, True),
    ]
    text = "Lactate was 8.2 mmol/L on arrival, and a peak of 11.3 mmol/L was seen at 4 hours."
    assert sorted(_read(text)) == [
        ("Lactate", 8.2, "mmol/L", "earlier", False),
        ("Lactate", 11.3, "mmol/L", None, True),
    ]


def test_the_time_told_with_the_first_result_of_a_series_is_not_the_lasts() -> None:
    # main read "4.1 mmol/L on day 3" as the admission value.
    for text in (
        "Potassium was 6.9 mmol/L on admission and 4.1 mmol/L on day 3.",
        "On admission, potassium was 6.9 mmol/L and 4.1 mmol/L on day 3.",
    ):
        assert _read(text) == [
            ("Potassium", 6.9, "mmol/L", "earlier", False),
            ("Potassium", 4.1, "mmol/L", None, False),
        ]
    # a sentence of one time keeps it
    assert _read("On admission, his potassium was 6.9 mmol/L.") == [
        ("Potassium", 6.9, "mmol/L", "admission", True)
    ]


def test_from_x_to_y_in_one_unit_gives_both_results_the_unit() -> None:
    # PMC11521799 and PMC11550057: main read the earlier result without a unit.
    text = (
        "The proteinuria progressed to nephrotic syndrome with serum creatinine increasing "
        "from 0.7 to 1.8 mg/dL."
    )
    assert _read(text) == [
        ("Creatinine", 0.7, "mg/dL", "earlier", False),
        ("Creatinine", 1.8, "mg/dL", None, False),
    ]
    text = "the postoperative anemia, indicated by a drop in hemoglobin levels from 9.6 to 8.3 g/dL"
    assert [v[:3] for v in _read(text)] == [
        ("Hemoglobin", 9.6, "g/dL"),
        ("Hemoglobin", 8.3, "g/dL"),
    ]
    text = "except a significant increase of hemoglobin (from 90 to 119 g/L), which declined"
    assert [v[:3] for v in _read(text)] == [
        ("Hemoglobin", 90.0, "g/L"),
        ("Hemoglobin", 119.0, "g/L"),
    ]
