"""A venous sample's oxygen tension is never judged against the arterial critical limit
(issue #29, thirtieth round).

Kost's pO2 limit (< 43 mmHg) is an arterial one: a venous pO2 normally runs at 30-50 mmHg and
tells nothing of the patient's oxygenation. tables30 found a serial gas table whose venous
column's pO2 of 29 mmHg was telephoned (Breathe, the European Respiratory Society's journal,
table 14124: "8 h, venous blood on room air"), and left the same value told in prose. Authors
also write "PaO2" for a venous gas (dev's ethylene glycol case), so only the words "arterial"
or "ABG" make a line that says "venous" an arterial sample's.
"""

from __future__ import annotations

from core.analysis.labs.parse import read_lab_text


def _oxygen_tensions(text: str) -> list[tuple[float, bool]]:
    return [(v.value, v.critical) for v in read_lab_text(text).values if v.analyte == "pO2"]


def test_a_venous_gas_s_oxygen_tension_is_no_critical_value() -> None:
    text = "A venous blood gas showed pH 7.31, pCO2 48 mmHg and pO2 29.0 mmHg."
    assert _oxygen_tensions(text) == [(29.0, False)]


def test_a_venous_gas_written_with_arterial_symbols_is_still_venous() -> None:
    # The shape of dev's ethylene glycol case: "The venous blood gas analysis results showed
    # pH 6.90, PaCO2 34 mmHg, PaO2 25 mmHg".
    text = "The venous blood gas analysis results showed pH 7.30, PaCO2 34 mmHg, PaO2 25 mmHg."
    assert _oxygen_tensions(text) == [(25.0, False)]


def test_an_arterial_or_untold_gas_s_low_oxygen_tension_stays_critical() -> None:
    arterial = "Arterial blood gas showed pH 7.31, pCO2 48 mmHg and pO2 39 mmHg."
    untold = "Blood gas analysis showed pH 7.31, pCO2 48 mmHg and pO2 39 mmHg."
    assert _oxygen_tensions(arterial) == [(39.0, True)]
    assert _oxygen_tensions(untold) == [(39.0, True)]
    # "arterial" beside "venous" in one line: the arterial sample's alarm is kept
    both = "ABG: pO2 38 mmHg (a venous sample earlier had been clotted)."
    assert _oxygen_tensions(both) == [(38.0, True)]
