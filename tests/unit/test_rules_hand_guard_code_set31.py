"""Where the hand list knows a term's words for a code but its guard refuses them in the
sentence, the code set's term of the same code is refused too (issue #29, reader-dxcup31's
Left): "ST-segment depression" is an ECG's sign, never "Depression, unspecified" F32.A."""

from __future__ import annotations

import pytest

from tests.unit.notes_reading import read_codes


@pytest.mark.parametrize(
    "sentence",
    [
        # CUPCase row 4 (an NSTEMI read as depression): "ECG ... slight ST depression"
        "The diagnosis was consistent with slight ST depression in the lateral leads.",
        "The diagnosis was consistent with horizontal ST-segment depression.",
        # a respiratory depression is no mood disorder either
        "The diagnosis was consistent with respiratory depression.",
    ],
)
def test_a_sign_the_hand_list_refuses_is_no_code_set_depression(sentence: str) -> None:
    assert "F32.A" not in read_codes(sentence)


def test_the_mood_disorder_is_still_read() -> None:
    assert read_codes("The diagnosis was consistent with depression.") == ["F32.A"]


def test_influenza_after_a_word_ending_in_h_is_the_flu() -> None:
    # "he was diagnosed again with influenza" (MedRBench PMC11534438): the guard against
    # "H. influenza" (the bacterium) took the "h" of "with" for the genus's initial
    assert read_codes("He was diagnosed with influenza.") == ["J11.1"]
    assert read_codes("Sputum culture grew H. influenza.") == []
