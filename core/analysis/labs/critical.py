"""The critical-value list: blood results a laboratory telephones to the doctor at once.

Source: Kost GJ. "Critical limits for urgent clinician notification at US medical centers."
JAMA 1990;263(5):704-7 (PMID 2296127), the national survey's mean adult critical limits,
as tabulated again in Kost GJ, Hale KN, "Table of Critical Limits", MLO (Medical Laboratory
Observer). Where issue #12's clinical list differs from Kost's means, the wider (more
cautious) limit is used: hemoglobin < 7 g/dL (Kost 6.6), glucose > 450 mg/dL (Kost 484),
sodium > 158 mmol/L (Kost; the issue says 160). Two entries are not in Kost's survey:
INR > 5 (the usual hospital limit for bleeding risk on warfarin) and troponin above the
assay's 99th-percentile upper reference limit (Fourth Universal Definition of Myocardial
Infarction, Thygesen et al., Circulation 2018;138:e618-51), which the report's own range
gives and the catalog's default range stands in for.

Only blood values are judged here: a CSF glucose of 40 mg/dL or a urine sodium of 20 are
not blood values and are never critical by this list.

This is the project's list: Kost's adult limits, issue #12's haemoglobin and glucose, issue
#29's blood gases, the toxic levels of four drugs (Mayo Clinic Laboratories), and since the
seventeenth round ARUP's phosphorus, aPTT and fibrinogen, the hospital lists' absolute
neutrophil count and an infant's bilirubin. A lithium
of 3 or a paracetamol of 211 ug/mL is telephoned in every hospital; tests/clinical/README.md
("Critical values") writes the evaluation's truth against the same list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.analysis.labs.context import TIMING_ORDER
from core.analysis.labs.conversion import amount, converter
from core.analysis.labs.format import format_result
from core.analysis.labs.recalled import without_recalled
from core.analysis.labs.reference import Patient
from core.analysis.labs.specimens import venous_gas
from core.insights import LabValue
from core.vocabulary.catalog import BY_NAME

CRITICAL_LIST_SOURCE = (
    "critical limits of Kost, JAMA 1990;263:704-7 (INR > 5 and troponin above the "
    "99th-percentile limit added; phosphorus, aPTT, fibrinogen and neutrophils from "
    "hospital laboratory lists)"
)


@dataclass(frozen=True)
class CriticalLimit:
    unit: str  # the unit key the limits are written in (core.vocabulary.units)
    below: float | None  # critical when the value is below this
    above: float | None  # critical when the value is above this
    # Judged only when the report writes a unit: a bare "neutrophils 0.4" may be a fraction
    # of the white cells as well as a count.
    unit_written: bool = False


# fmt: off
CRITICAL_LIMITS: dict[str, CriticalLimit] = {
    "Potassium": CriticalLimit("mmol/l", 2.8, 6.2),
    "Sodium": CriticalLimit("mmol/l", 120, 158),
    "Glucose": CriticalLimit("mg/dl", 46, 450),
    "Fasting glucose": CriticalLimit("mg/dl", 46, 450),
    "Calcium": CriticalLimit("mg/dl", 6.6, 12.9),
    "Magnesium": CriticalLimit("mg/dl", 1.0, 4.9),
    "Bicarbonate": CriticalLimit("mmol/l", 11, 40),
    "Hemoglobin": CriticalLimit("g/dl", 7.0, 19.9),
    "Hematocrit": CriticalLimit("%", 18, 61),
    "Platelets": CriticalLimit("10^9/l", 37, 910),
    "WBC": CriticalLimit("10^9/l", 2.0, 37.0),
    "PT": CriticalLimit("s", None, 27),
    "INR": CriticalLimit("", None, 5.0),
    # Blood gases (issue #29). pH < 7.2 or > 7.6: the limits, a hair wider than
    # Kost's survey means (7.21 / 7.59). pCO2 < 19 or > 67 mmHg, pO2 < 43 mmHg and ionised
    # calcium < 0.78 or > 1.58 mmol/L: Kost 1990's means. Bicarbonate stays at Kost's 11 / 40
    # above. Lactate > 4 mmol/L: the Surviving Sepsis Campaign's limit for hypoperfusion
    # (Evans et al., Crit Care Med 2021;49:e1063-143), a little above Kost's 3.4 mmol/L.
    "Blood pH": CriticalLimit("", 7.2, 7.6),
    "pCO2": CriticalLimit("mmhg", 19, 67),
    "pO2": CriticalLimit("mmhg", 43, None),
    "Ionised calcium": CriticalLimit("mmol/l", 0.78, 1.58),
    "Lactate": CriticalLimit("mmol/l", None, 4.0),
    # Toxicology: the critical values of the Mayo Clinic Laboratories test catalogue
    # (salicylate > 30 mg/dL, acetaminophen > 150 ug/mL, lithium > 1.6 mmol/L, digoxin
    # > 4.0 ng/mL); a paracetamol level is judged against the Rumack-Matthew line by the
    # doctor, with the time of ingestion, which no limit here knows.
    "Salicylate": CriticalLimit("mg/dl", None, 30),
    "Paracetamol": CriticalLimit("ug/ml", None, 150),
    "Lithium": CriticalLimit("mmol/l", None, 1.6),
    "Digoxin": CriticalLimit("ng/ml", None, 4.0),
    # Coagulation, phosphorus and the neutrophil count (issue #29, seventeenth round): tests
    # every hospital laboratory list telephones that Kost's 1990 means leave out. Phosphorus
    # < 1.0 mg/dL, aPTT > 85 s and fibrinogen < 100 mg/dL: ARUP Laboratories' critical
    # values list (CORP-APPEND-0104A rev. 26, April 2017, the list tests/clinical/README.md
    # cites for dev); fibrinogen < 100 mg/dL (1.0 g/L) is the limit of every list found
    # (ARUP; Te Matau a Māui Laboratory Services, Hawke's Bay, "Haematology Critical
    # Ranges"; Citilab's panic values). Absolute neutrophil count < 0.5 x 10^9/L (500/uL):
    # Hawke's Bay's hospital limit, South Tees NHS's "Classification of Critical Results"
    # (new neutrophils < 0.5 x 10^9/L) and Citilab's ANC <= 0.5 K/uL; judged only as a count
    # the report writes with its unit, never a percentage.
    "Phosphate": CriticalLimit("mg/dl", 1.0, None),
    "aPTT": CriticalLimit("s", None, 85),
    "Fibrinogen": CriticalLimit("mg/dl", 100, None),
    "Neutrophils": CriticalLimit("/ul", 500, None, unit_written=True),
}
# fmt: on
# An infant's total bilirubin > 15 mg/dL (256 umol/L), the limit of ARUP's list above and of
# the neonatal rows of hospital lists (Citilab: > 15 mg/dL from 2 to 30 days of life, lower
# in the first two days): kernicterus threatens a newborn, not an adult, whose bilirubin of
# 20 mg/dL most adult lists do not telephone. The reader knows the age in whole years, so
# the limit holds for a patient under one year.
INFANT_LIMITS: dict[str, CriticalLimit] = {
    "Total bilirubin": CriticalLimit("mg/dl", None, 15),
}
_TROPONINS = {"Troponin I", "Troponin T", "Troponin"}
BLOOD = None  # LabValue.specimen for blood, serum or plasma


def is_critical(value: LabValue, patient: Patient | None = None) -> bool:
    """True when a blood value is beyond a critical limit (or a troponin above its limit);
    ``patient`` adds the limits of an infant's list."""
    if value.specimen is not BLOOD or value.doubtful:
        return False  # a doubtful read is shown for checking, never telephoned
    if value.analyte in _TROPONINS:
        # A "<0.01" troponin is below the limit whatever the limit is.
        return value.flag == "high" and value.comparator not in ("<", "≤")
    if value.analyte == "pO2" and venous_gas(value):
        # A venous sample's oxygen tension (normally 30-50 mmHg) tells nothing of the
        # patient's oxygenation; the limit (< 43 mmHg) is an arterial one.
        return False
    limit = CRITICAL_LIMITS.get(value.analyte)
    if limit is None and patient is not None and patient.age == 0:
        limit = INFANT_LIMITS.get(value.analyte)
    if limit is None:
        return False
    if limit.unit_written and not value.unit:
        return False
    measured = amount(value, limit.unit)
    if measured is None:
        return False
    if not _beyond(value, limit, measured):
        return False
    # Written without a unit, the number must be critical in every unit system it fits:
    # "calcium 2.1" may be 2.1 mmol/L (normal) as well as 2.1 mg/dL, so it is never
    # telephoned; "potassium 7.1" fits mmol/L alone and is.
    return bool(value.unit) or all(
        _beyond(value, limit, reading) for reading in _unwritten_readings(value, limit.unit)
    )


def _unwritten_readings(value: LabValue, unit: str) -> list[float]:
    """A number written without a unit in ``unit``, once per unit system it fits."""
    analyte = BY_NAME.get(value.analyte)
    if analyte is None:
        return []
    readings = []
    for fitting in analyte.ranges:
        if fitting.written_only or not fitting.fits(value.value):
            continue
        convert = converter(value.analyte, fitting.unit, unit)
        if convert is not None:
            readings.append(convert(value.value))
    return readings


def _beyond(value: LabValue, limit: CriticalLimit, measured: float) -> bool:
    """True when ``measured`` (the value in the limit's unit) is beyond the limit."""
    below_bound = value.comparator in ("<", "≤")
    above_bound = value.comparator in (">", "≥")
    # "<2.0" may be far lower: a bound below the low limit is critical; ">5" above 5 is too,
    # and "<1.0" at a limit of "below 1.0" ("undetectable," <1.0 mg/dL) is below it.
    if (
        limit.below is not None
        and not above_bound
        and (measured < limit.below or (value.comparator == "<" and measured <= limit.below))
    ):
        return True
    if limit.above is not None and (
        measured > limit.above or (above_bound and measured >= limit.above)
    ):
        return not below_bound
    return False


def mark_critical(
    values: list[LabValue],
    prose: set[int] | None = None,
    sentences: dict[int, tuple[int, int]] | None = None,
    history: set[int] | None = None,
    patient: Patient | None = None,
) -> list[LabValue]:
    """The values with ``critical`` set from the list. Only a test's current value can be
    critical: a result that one of a later time supersedes (an earlier INR beside today's,
    platelets 19,000 that "rose to 299,000") is history, not an alarm. Results of the same
    time are all current where they stand in a table: a table's order is not always the
    order of time (a cumulative table prints the newest first). A narrative tells its
    results in the order they came (issue #29): when every result of a test is in running
    sentences, the last one told is the current one ("Her plasma sodium level was 131.7 ...
    with potassium concentration of 6.61", then at the follow-up "Her plasma sodium level is
    138 mmol/L with a normal potassium concentration of 4.8"). ``prose`` holds the indexes of
    the values read from running sentences, when the reader knows them (its whole line, not
    the quoted sentence); otherwise each value's quoted line decides. ``sentences`` names the
    sentence each of those values was read from, when the reader knows it; otherwise the
    quoted line stands for it. ``history`` holds the values told as the patient's account or
    a visit elsewhere, never critical. ``patient`` (age) adds an infant's limits."""
    by_test: dict[tuple[str, str | None], list[int]] = {}
    for index, value in enumerate(values):
        by_test.setdefault((value.analyte, value.specimen), []).append(index)
    # A narrative tells its results in the order they came, so there "on admission" is no
    # earlier than a result told before it without a time word: "During that hospitalization
    # he had ... a hemoglobin (Hb)/hematocrit (Hct) nadir of 5.8/17 ... His discharge
    # hemoglobin was 6.6 ... Admission laboratory test data included ... Hb 8.7g/dL, Hct 26
    # percent" (J Med Case Rep, CUPCase row 4112): the admission's 8.7 and 26 are current,
    # the earlier stay's 6.6 and 17 are not (and a critical admission value is not outranked
    # by an untimed earlier one).
    narrated = {
        key
        for key, indexes in by_test.items()
        if prose is not None and len(indexes) > 1 and all(i in prose for i in indexes)
    }

    def rank(index: int) -> int:
        value = values[index]
        if (
            value.timing in ("admission", "discharge")
            and (
                value.analyte,
                value.specimen,
            )
            in narrated
        ):
            # Nor is "at discharge" later than a follow-up told after it: "At discharge, her
            # potassium was 2.5 mmol/L. At follow-up two weeks later, ... 4.0 mmol/L".
            return TIMING_ORDER[None]
        told_in_prose = index in prose if prose is not None else _in_prose(value)
        if value.timing == "repeat" and told_in_prose:
            # In a narrative a repeat is later than what came before it, not than what is
            # told after it: "His platelet count increased to 44 ..., but it subsequently
            # decreased again to 32 × 10^9 platelets/L (30th day). Prednisolone was given
            # ... and four days later (34th day) his platelet count was 85 × 10^9 cells/L"
            # (J Med Case Rep, CUPCase row 4873): the 85 is current, the 32 history.
            return _rank(value.model_copy(update={"timing": None}))
        return _rank(value)

    latest: dict[tuple[str, str | None], int] = {}
    for index, value in enumerate(values):
        key = (value.analyte, value.specimen)
        latest[key] = max(latest.get(key, 0), rank(index))
    current: dict[tuple[str, str | None], list[int]] = {}
    for index, value in enumerate(values):
        key = (value.analyte, value.specimen)
        if rank(index) == latest[key]:
            current.setdefault(key, []).append(index)
    for key, indexes in current.items():
        told = [values[i] for i in indexes]
        in_prose = (
            all(i in prose for i in indexes) if prose is not None else all(map(_in_prose, told))
        )
        if len(told) > 1 and in_prose:
            indexes = without_recalled(values, indexes)
            last = values[indexes[-1]]
            # The same result told again ("the potassium of 9.7 was treated") stays current,
            # unless its last telling is a new measurement (see _measured_again).
            same = [i for i in indexes if values[i].value == last.value]
            # A new measurement of the same number: the earlier telling is dated on its own
            # ("On day 5, ... lactate 99 mg/dL") and the last one's sentence measures
            # another test anew. Undated ("her hemoglobin is 5.7" in the history, then
            # "Today, her hemoglobin is 5.7"), it is the same result told twice.
            dated = any(_DATED.search(values[i].source_line or "") for i in same[:-1])
            again = dated and _measured_again(values, indexes[-1], sentences or {})
            current[key] = [indexes[-1]] if again else same
            if not again:
                current[key] += _other_analyser(values, indexes, current[key], sentences or {})
    # A reading the patient reports or one dated by a visit elsewhere (``history``) is never
    # current. Other "earlier" results stay critical when nothing later of the test is told:
    # the reader's time words are broad ("A previously healthy man ... pH of 6.92", "diagnosed
    # 10 years ago and presented with a blood glucose of 1680"), and a missed alarm is worse.
    told_before = history or set()
    now = {i for indexes in current.values() for i in indexes if i not in told_before}
    return [
        v.model_copy(update={"critical": i in now and is_critical(v, patient)})
        for i, v in enumerate(values)
    ]


# A blood gas told beside the laboratory's chemistry: "Her initial investigations were as
# follows: ... serum bicarbonate, 1mmol/L ...; serum glucose, 2.3mmol/L; ... Venous blood gas
# measurements revealed ...: pH, 6.58; ... HCO3, 3.6mmol/L; glucose, 2.0mmol/L" (Ncomanzi
# et al., J Med Case Rep 2014;8:159, CC BY). The analyser's result and the laboratory's are
# two measurements of the same moment, not a later result replacing an earlier one: both
# are current, unless the later telling is dated after the first.
_GAS_TOLD = re.compile(
    r"(?i)\bblood\s+gas(?:es)?\b|\b[av]bgs?\b|\bgas\s+analys[ie]s\b|\bco-?oximetry\b"
)
_TOLD_LATER = re.compile(
    r"(?i)\b(?:after|later|subsequent(?:ly)?|following|repeat(?:ed)?|then|follow[-\s]?up|next|"
    r"again|post\w*|day)\b"
)
_SAME_MOMENT_SENTENCES = 3  # how far apart the two tellings may stand in one paragraph


def _other_analyser(
    values: list[LabValue],
    indexes: list[int],
    chosen: list[int],
    sentences: dict[int, tuple[int, int]],
) -> list[int]:
    """The telling of the same test by the other analyser (a blood gas beside the
    laboratory's chemistry) in the sentences just before the current one, when nothing
    dates the current one later: it is current too."""
    last = chosen[-1]
    if last not in sentences:
        return []

    def told_with(i: int) -> list[LabValue]:  # the values read from i's sentence
        return [v for k, v in enumerate(values) if sentences.get(k) == sentences[i]]

    def is_gas(i: int) -> bool:
        together = told_with(i)
        return any(v.analyte in _GAS_RESULTS for v in together) or any(
            _GAS_TOLD.search(v.source_line or "") for v in together
        )

    if any(_TOLD_LATER.search(v.source_line or "") for v in told_with(last)):
        return []
    gas = is_gas(last)
    for j in reversed(indexes[: indexes.index(last)]):
        if j in chosen or j not in sentences:
            continue
        (line, at), (line_j, at_j) = sentences[last], sentences[j]
        dated = any(_DATED.search(v.source_line or "") for v in told_with(j))
        near = line == line_j and 0 < at - at_j <= _SAME_MOMENT_SENTENCES
        if is_gas(j) != gas and near and not dated:
            return [j]
        return []  # the same analyser again, or far apart: a later result
    return []


# A gas's own results; a pH alone is told with the chemistry too ("new-onset DKA with pH of
# 6.66, and potassium of 1.6 mEq/L"), so it makes no sentence a gas's.
_GAS_RESULTS = frozenset({"pCO2", "pO2", "Base excess"})
_DATED = re.compile(
    r"(?i)\b(?:hospital\s+)?day\s+\d+\b|\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b|"
    r"\b\d+\s+(?:hours?|days?|weeks?|months?)\s+(?:later|after|afterwards)\b"
)


def _measured_again(
    values: list[LabValue], index: int, sentences: dict[int, tuple[int, int]]
) -> bool:
    """True when the sentence of ``values[index]`` reports another test anew (a test told
    before with another result): the sentence is a new set of measurements, so an equal
    result of the same test told earlier is an earlier measurement, not the same one told
    again. "(pH 7.261, ... lactate 99 mg/dL)" on day 5, then in the intensive care unit
    "(lactic acid, 99 mg/dL; pyruvic acid, 0.92 mg/dL), creatinine kinase 29,560 U/L" after a
    pyruvic acid of 2.1 and a creatine kinase of 20,999: two lactates of 99, the last one
    current."""

    def sentence(i: int) -> object:
        return sentences.get(i) or values[i].source_line

    here = sentence(index)
    if not here:
        return False
    for j, other in enumerate(values):
        if sentence(j) != here or other.analyte == values[index].analyte:
            continue
        if any(
            (told.analyte, told.specimen) == (other.analyte, other.specimen)
            and told.value != other.value
            and sentence(k) != here
            for k, told in enumerate(values[:j])
        ):
            return True
    return False


# A result quoted from a running sentence (a verb or a preposition between its words), not
# from a table's row: "Laboratory investigations revealed a slightly decreased sodium level".
_SENTENCE_WORDS = re.compile(
    r"(?i)\b(?:was|were|is|are|had|has|showed|revealed|demonstrated|indicated|found|"
    r"remained|with|of)\b"
)
_PROSE_WORDS = 6


def _in_prose(value: LabValue) -> bool:
    return in_prose(value.source_line or "")


def in_prose(line: str) -> bool:
    """True when ``line`` is a running sentence rather than a table's row."""
    return len(line.split()) >= _PROSE_WORDS and bool(_SENTENCE_WORDS.search(line))


def _rank(value: LabValue) -> int:
    return TIMING_ORDER.get(value.timing, TIMING_ORDER[None])


def describe_critical(value: LabValue) -> str:
    """ "CRITICAL: Potassium 6.8 mmol/L (high)" with the time when the report gives one."""
    when = f", {value.timing}" if value.timing else ""
    result = format_result(value) + (f" {value.unit}" if value.unit else "")
    return f"CRITICAL: {value.analyte} {result} ({value.flag or 'beyond the critical limit'}{when})"
