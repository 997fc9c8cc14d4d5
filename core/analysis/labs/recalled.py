"""An earlier result recalled after a later one (issue #29, round sixteen).

A narrative tells its results in the order they came, so the last one told is the current
one; but a report also looks back. "A hemoglobin of 4.5 g/dL (compared with 7.5 g/dL two
days prior) ... In ED, blood test showed ... hemoglobin of 7.9 g/dL ... Obviously hemoglobin
of 4.5 g/dL was a lab error" (MedRBench PMC11462689); "a white blood cell count (WBC) count
of 57.6 x 10^9/L ... the WBC count was 6.8 x10^9/L ... 8.6 ... In this case, the patient's
WBC count was remarkably elevated at 57.6 x 10^9/L on the 4th day after symptom onset"
(PMC11616425). The number told last was told before, and another result of the test came
between: it is the earlier result recalled, not a new measurement, and the one between is
current. A result told as a change ("dropped again to 6.5", "rose to 7.1") or dated as a
repeat, or dated today, is a new measurement, and it stays current.
"""

from __future__ import annotations

import re

from core.insights import LabValue

_CHANGE = re.compile(
    r"(?i)\b(?:again|repeat(?:ed)?|re-?(?:measured|checked|tested)|rose|risen|fell|fallen|"
    r"dropped|increased|decreased|declined|recurred|reached|"
    # "Today, her hemoglobin is 5.7" after the history's "her hemoglobin is 5.7" and the
    # admission's 7.2 (MTSamples, dev): today's result, the history told it first
    r"today|now|currently|this\s+morning|latest|most\s+recent)\b"
)


def without_recalled(values: list[LabValue], indexes: list[int]) -> list[int]:
    """``indexes`` (one test's tellings, in the order told) without the tellings of a result
    the last telling recalls; unchanged when the last telling is no recall."""
    while len(indexes) > 1:
        last = values[indexes[-1]]
        tellings = [k for k, i in enumerate(indexes) if values[i].value == last.value]
        # the number measured anew ("progressively raised from 62.6 ng/L to 560 ng/L") is
        # recalled only by a telling after another result that came after that measurement
        measured = [k for k in tellings if _measured(values[indexes[k]])]
        start = measured[-1] if measured else tellings[0]
        between = indexes[start + 1 : -1]
        if start == tellings[-1] or not any(values[i].value != last.value for i in between):
            return indexes
        indexes = [i for i in indexes if values[i].value != last.value]
    return indexes


def _measured(value: LabValue) -> bool:
    return value.timing == "repeat" or bool(_CHANGE.search(value.source_line or ""))
