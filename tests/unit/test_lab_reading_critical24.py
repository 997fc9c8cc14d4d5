"""Critical values, twenty-fourth round (issue #29): a g/dL number printed in g/L."""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _read(text: str) -> list[tuple[str, float, str | None, bool, bool]]:
    return [
        (v.analyte, v.value, v.unit, v.doubtful, v.critical) for v in read_lab_text(text).values
    ]


def test_a_normal_g_per_dl_haemoglobin_printed_in_g_per_l_is_not_telephoned() -> None:
    # PMC11372572: a patient "in good general condition" with "hemoglobin levels of 14 g/l";
    # read on main as 1.4 g/dL and telephoned. Kept as printed, doubtful, never critical.
    text = (
        "On admission, the patient was in good general condition. Laboratory tests showed "
        "hemoglobin levels of 14 g/l, white blood cell count of 7000/mm³."
    )
    assert _read(text)[0] == ("Hemoglobin", 14.0, "g/l", True, False)
    assert _read("Hemoglobin was 12.5 g/L.")[0][3:] == (True, False)


def test_a_low_haemoglobin_in_g_per_l_is_still_critical() -> None:
    # Guards: a real g/L haemoglobin (PMC11385788, "hemoglobin 63 g/L") stays a critical read,
    # a normal one stays normal, and a g/dL number keeps its unit.
    assert _read("She presented with severe anemia (hemoglobin 63 g/L).") == [
        ("Hemoglobin", 63.0, "g/L", False, True)
    ]
    assert _read("Hemoglobin was 140 g/L.") == [("Hemoglobin", 140.0, "g/L", False, False)]
    assert _read("Hemoglobin was 6.5 g/dL.") == [("Hemoglobin", 6.5, "g/dL", False, True)]


def test_a_g_per_l_number_outside_the_g_per_dl_span_is_unchanged() -> None:
    # Guards: only a number inside the g/dL reference span is a slip; an albumin of 25 g/L
    # (a real low albumin) and a CSF protein in g/L are read as before.
    assert _read("Serum albumin was 25 g/L.")[0][:4] == ("Albumin", 25.0, "g/L", False)
    csf = [v for v in read_lab_text("CSF protein was 1.2 g/L.").values]
    assert [(v.value, v.doubtful) for v in csf] == [(1.2, False)]
