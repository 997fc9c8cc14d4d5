"""Scoring of the clinical evaluation set (tests/clinical): truth files and how a run compares.

A case's truth (``case.json``) lists the lab values a reader finds in its documents, the
ICD-10-CM code families a clinician would accept as its primary diagnosis, and which values
are on the critical list. This module loads the truth and scores what the engine gave:

- a reported value matches a truth value when the analyte (canonical name, or an alias
  below), the specimen class (blood, urine, CSF, ...) and the comparator agree and the
  numbers agree within ``RELATIVE_TOLERANCE`` after unit conversion;
- each truth value is matched at most once; a reported value equal to one already matched
  (the same result read twice) is a duplicate: it counts as correct, not as an extra;
- a primary diagnosis is plausible when its code starts with an accepted family; an
  abstention (empty code) is plausible only where the truth says ``not_determinable``.

The figures: lab_recall = truth values matched / truth values; lab_precision = correct
reported values / reported values; plausible_dx = plausible cases / cases; critical_recall =
truth critical values whose match the engine marked critical / truth critical values;
false_critical = values the engine marked critical that are not a critical truth value (an
extra, a duplicate of a non-critical value, or a match of a value the truth does not call
critical).

The set is split by source (``SPLITS``): ``dev`` holds the documents rules were written
from, ``test`` holds documents from other sources, only ever scored.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from core.analysis.labs.conversion import amount
from core.analysis.labs.format import printed_grade
from core.analysis.labs.rewrite import joined_thousands
from core.insights import LabValue
from core.vocabulary.catalog import BY_NAME
from core.vocabulary.units import unit_key

CLINICAL_DIR = Path(__file__).resolve().parents[1] / "tests" / "clinical"
# The two splits, each a folder of case folders under CLINICAL_DIR: rules may be written from
# "dev"; "test" is held out (never read while writing rules, only scored).
SPLITS = ("dev", "test")
CASES_DIR = CLINICAL_DIR / "dev"
RELATIVE_TOLERANCE = 0.02  # unit conversions round (glucose 7.8 mmol/L is 140.5 mg/dL)
ABSOLUTE_TOLERANCE = 1e-6

# Names the truth or an engine may use for the same test, mapped to one name for matching.
# The catalog's canonical names (core.vocabulary.catalog) map to themselves.
ALIASES: dict[str, str] = {
    "Haemoglobin": "Hemoglobin",
    "Platelet count": "Platelets",
    "White blood cells": "WBC",
    "Blood urea nitrogen": "BUN",
    "Carbon dioxide": "Bicarbonate",
    "CO2": "Bicarbonate",
    "Alkaline phosphatase": "ALP",
    "Bilirubin": "Total bilirubin",
    "Pseudocholinesterase": "Cholinesterase",
    "Prothrombin activity": "PT activity",
    "Glycated hemoglobin": "HbA1c",
    # a monoclonal protein as truths name it ("M protein", "Paraprotein"): one test
    "M protein": "Paraprotein",
    "25-OH vitamin D": "Vitamin D",
    # the urine's porphyrins as a truth names them ("Porphyrins", specimen "urine": dev's
    # cr-cep-erythrodontia-..., "Urine porphyrins were extremely elevated to 16 μmol/dl") and
    # as the catalogue does ("Total porphyrins", whose aliases hold "urine porphyrins")
    "Porphyrins": "Total porphyrins",
    # A body fluid's pH as a truth names it ("pH", specimen "pleural fluid") and as the
    # catalogue does ("Body fluid pH"): one pH for matching, the specimen saying whose
    "pH": "Blood pH",
    "Body fluid pH": "Blood pH",
}

# The specimens a truth value may name (``specimen`` in case.json; absent means "blood").
# For matching, every blood specimen is one class (a reader that says "serum" for an
# arterial pH has not read another fluid); urine, CSF and each other fluid is its own.
BLOOD_SPECIMENS = frozenset(
    {
        "blood",
        "serum",
        "plasma",
        "serum/plasma",
        "whole blood",
        "venous blood",
        "arterial blood",
        "capillary blood",
    }
)
FLUID_SPECIMENS = frozenset(
    {
        "urine",
        "csf",
        "pleural fluid",
        "peritoneal fluid",
        "synovial fluid",
        "pericardial fluid",
        "other fluid",
    }
)
SPECIMENS = BLOOD_SPECIMENS | FLUID_SPECIMENS
# Other spellings an engine may report, mapped onto the names above.
_SPECIMEN_SYNONYMS = {
    "cerebrospinal fluid": "csf",
    "spinal fluid": "csf",
    "ascitic fluid": "peritoneal fluid",
    "ascites": "peritoneal fluid",
    "joint fluid": "synovial fluid",
    "arterial": "arterial blood",
    "venous": "venous blood",
    "capillary": "capillary blood",
    "abg": "arterial blood",
    "vbg": "venous blood",
}
_BLOOD = {"", *BLOOD_SPECIMENS}

# Unit conversions the matcher knows beyond core.analysis.labs.conversion: factors into the
# second unit key from the first. Cell counts per microlitre against 10^9/L, and the usual
# SI / conventional pairs of a chemistry panel.
_FACTORS: dict[str, dict[tuple[str, str], float]] = {
    "Platelets": {("/ul", "10^9/l"): 1e-3, ("10^9/l", "/ul"): 1e3},
    "WBC": {("/ul", "10^9/l"): 1e-3, ("10^9/l", "/ul"): 1e3},
    "Hemoglobin": {("g/dl", "g/l"): 10.0, ("g/l", "g/dl"): 0.1},
    "Albumin": {("g/dl", "g/l"): 10.0, ("g/l", "g/dl"): 0.1},
    "Total protein": {("g/dl", "g/l"): 10.0, ("g/l", "g/dl"): 0.1},
    "Creatinine": {("mg/dl", "umol/l"): 88.42, ("umol/l", "mg/dl"): 1 / 88.42},
    "Glucose": {("mg/dl", "mmol/l"): 1 / 18.016, ("mmol/l", "mg/dl"): 18.016},
    "Fasting glucose": {("mg/dl", "mmol/l"): 1 / 18.016, ("mmol/l", "mg/dl"): 18.016},
    "Total cholesterol": {("mg/dl", "mmol/l"): 1 / 38.67, ("mmol/l", "mg/dl"): 38.67},
    "HDL cholesterol": {("mg/dl", "mmol/l"): 1 / 38.67, ("mmol/l", "mg/dl"): 38.67},
    "LDL cholesterol": {("mg/dl", "mmol/l"): 1 / 38.67, ("mmol/l", "mg/dl"): 38.67},
    "Triglycerides": {("mg/dl", "mmol/l"): 1 / 88.57, ("mmol/l", "mg/dl"): 88.57},
    "Total bilirubin": {("mg/dl", "umol/l"): 17.1, ("umol/l", "mg/dl"): 1 / 17.1},
    "Calcium": {("mg/dl", "mmol/l"): 1 / 4.008, ("mmol/l", "mg/dl"): 4.008},
    "Urea": {("mmol/l", "mg/dl"): 6.006, ("mg/dl", "mmol/l"): 1 / 6.006},
    "BUN": {("mmol/l", "mg/dl"): 2.801, ("mg/dl", "mmol/l"): 1 / 2.801},
    "Troponin I": {("ng/ml", "pg/ml"): 1e3, ("pg/ml", "ng/ml"): 1e-3},
    "Troponin T": {("ng/ml", "pg/ml"): 1e3, ("pg/ml", "ng/ml"): 1e-3},
    "Troponin": {("ng/ml", "pg/ml"): 1e3, ("pg/ml", "ng/ml"): 1e-3},
}


def canonical(analyte: str) -> str:
    """The name both sides are compared by."""
    name = analyte.strip()
    return ALIASES.get(name, name)


# Tests that are urine tests by name, whether or not a specimen is written beside them.
_URINE_TESTS = {"Leukocyte esterase", "Nitrite", "Urine albumin/creatinine ratio"}


def specimen_class(specimen: str | None, analyte: str = "") -> str:
    """ "blood" for blood, serum and plasma; "urine" for a urine test named as such
    ("Urine protein"); otherwise the specimen in lower case."""
    key = (specimen or "").strip().lower()
    key = _SPECIMEN_SYNONYMS.get(key, key)
    name = canonical(analyte) if analyte else ""
    if key in _BLOOD and (name.startswith("Urine ") or name in _URINE_TESTS):
        return "urine"
    return "blood" if key in _BLOOD else key


@dataclass(frozen=True)
class TruthValue:
    """One lab value as a reader of the source wrote it down."""

    analyte: str
    value: float
    unit: str | None = None
    comparator: str | None = None
    flag: str | None = None  # "high", "low" or None
    specimen: str | None = None  # one of SPECIMENS; None for blood
    timing: str | None = None  # "admission", "discharge", "earlier" or None
    critical: bool = False

    @classmethod
    def from_json(cls, item: dict[str, Any]) -> TruthValue:
        return cls(
            analyte=item["analyte"],
            value=float(item["value"]),
            unit=item.get("unit"),
            comparator=item.get("comparator"),
            flag=item.get("flag"),
            specimen=item.get("specimen"),
            timing=item.get("timing"),
            critical=bool(item.get("critical", False)),
        )


@dataclass(frozen=True)
class Case:
    """One case of the set: its folder, documents, patient, notes and truth."""

    case_id: str
    folder: Path
    kind: str
    files: tuple[str, ...]
    age: int | None
    sex: str | None
    notes: str
    labs: tuple[TruthValue, ...]
    accepted_dx: tuple[str, ...]
    not_determinable: bool
    split: str = "dev"
    sources: tuple[dict[str, Any], ...] = ()

    @property
    def critical(self) -> tuple[TruthValue, ...]:
        return tuple(v for v in self.labs if v.critical)


def load_case(folder: Path, split: str = "dev") -> Case:
    data = json.loads((folder / "case.json").read_text(encoding="utf-8"))
    patient = data.get("patient") or {}
    diagnosis = data["diagnosis"]
    source = data.get("source") or []
    return Case(
        case_id=data["id"],
        folder=folder,
        kind=data["kind"],
        files=tuple(data["files"]),
        age=patient.get("age"),
        sex=patient.get("sex"),
        notes=data.get("notes") or "",
        labs=tuple(TruthValue.from_json(item) for item in data["labs"]),
        accepted_dx=tuple(diagnosis.get("accepted", [])),
        not_determinable=bool(diagnosis.get("not_determinable", False)),
        split=split,
        sources=tuple(source if isinstance(source, list) else [source]),
    )


def load_cases(root: Path = CASES_DIR) -> list[Case]:
    """Every case under ``root``, in folder-name order."""
    folders = sorted(folder for folder in root.iterdir() if (folder / "case.json").exists())
    split = root.name if root.name in SPLITS else "dev"
    return [load_case(folder, split) for folder in folders]


def load_split(split: str, root: Path = CLINICAL_DIR) -> list[Case]:
    """Every case of one split ("dev" or "test")."""
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; the splits are {', '.join(SPLITS)}")
    folder = root / split
    return load_cases(folder) if folder.is_dir() else []


# Sources whose texts have had the final diagnosis taken out. CUPCase is a benchmark of
# diagnosis from case presentations: it stores Journal of Medical Case Reports case sections
# with the diagnosis's name replaced by neutral words ("a diagnosis was made", "suggested a
# specific condition"), so its lab values are the article's but its diagnosis is not in the
# text. Its cases count for every lab figure; their primary diagnosis is scored apart
# (``withheld_dx``) and never counted in plausible_dx. The rule is by source, whatever the
# engine answers on a case.
DIAGNOSIS_WITHHELD_SOURCES = frozenset({"repo:felipeocampoos/cupcase-curhumai-adversary"})


def diagnosis_withheld(case: Case) -> bool:
    """Whether the case's text comes from a source that took its diagnosis out."""
    return bool(source_ids(case) & DIAGNOSIS_WITHHELD_SOURCES)


def source_ids(case: Case) -> set[str]:
    """What the case's documents come from, for keeping the splits apart: the repository
    ("repo:owner/name") of each file, or the web site ("site:host") of a page that came
    from no repository, and the named collection ("collection:mtsamples.com") where the
    source names one (the same sample collection mirrored in two repositories is one source).
    """
    ids: set[str] = set()
    for entry in case.sources:
        repository = str(entry.get("repository") or "").strip().lower()
        if repository:
            ids.add(f"repo:{repository}")
        else:
            host = urlparse(str(entry.get("url") or "")).hostname or ""
            ids.add(f"site:{host.removeprefix('www.')}")
        collection = str(entry.get("collection") or "").strip().lower()
        if collection:
            ids.add(f"collection:{collection}")
    return ids


# An article's identifiers as a source entry may write them: a DOI, a PubMed id, a PubMed
# Central id (in a URL, a citation or a field of its own).
_ARTICLE_ID = re.compile(
    r"\b(?:doi(?:\.org)?[:/]\s*|https?://\S*?doi\S*?/)?(10\.\d{4,9}/[^\s\"'<>,;]+)"
    r"|\b(PMC\d{5,9})\b"
    r"|(?:\bPMID[:\s]*|pubmed\.ncbi\.nlm\.nih\.gov/|ncbi\.nlm\.nih\.gov/pubmed/)(\d{5,9})\b",
    re.IGNORECASE,
)


def article_ids(case: Case) -> set[str]:
    """The published articles the case's documents come from ("doi:...", "pmc:...",
    "pmid:..."), wherever its source entries name them: two collections can hold the same
    case report (PMC's open-access texts and a dataset built from them), so the splits are
    kept apart by article as well as by source."""
    ids: set[str] = set()
    for entry in case.sources:
        text = json.dumps(entry, ensure_ascii=False)
        for doi, pmc, pmid in _ARTICLE_ID.findall(text):
            if doi:
                ids.add("doi:" + doi.rstrip(".)]").lower())
            elif pmc:
                ids.add("pmc:" + pmc.upper().removeprefix("PMC"))
            else:
                ids.add("pmid:" + pmid)
    return ids


def _as_unit(analyte: str, value: float, unit: str | None, target: str) -> float | None:
    """``value`` (in ``unit``) in the unit key ``target``, or None when not convertible."""
    source = unit_key(unit)
    if source == target:
        return value
    factor = _FACTORS.get(analyte, {}).get((source, target))
    if factor is not None:
        return value * factor
    converted = amount(LabValue(analyte=analyte, value=value, unit=unit), target)
    return converted


def _known_units(analyte: str) -> set[str]:
    known = BY_NAME.get(analyte)
    units = {r.unit for r in known.ranges} if known else set()
    return units | {unit for pair in _FACTORS.get(analyte, {}) for unit in pair}


def _unit_of(analyte: str, value: float, unit: str | None) -> str:
    """The unit key of a value. A unit the catalog does not know for this analyte (no unit,
    or a spelling such as "million cells/cmm") is replaced by the catalog unit its number
    fits ("platelets 267,000" is per microlitre); "" when the catalog cannot tell."""
    key = unit_key(unit)
    known = _known_units(analyte)
    if key and (key in known or not known):
        return key
    catalog = BY_NAME.get(analyte)
    fitting = catalog.range_for(None, value) if catalog else None
    return fitting.unit if fitting else key


def same_amount(truth: TruthValue, reported: LabValue) -> bool:
    """Whether the two numbers agree within the tolerance, converting units where needed.

    Numbers are compared as written when the units agree, when one side has none, or when
    no conversion between the two spellings is known (a unit written another way).
    """
    analyte = canonical(truth.analyte)
    truth_key = _unit_of(analyte, truth.value, truth.unit)
    reported_key = _unit_of(analyte, reported.value, reported.unit)
    candidates: list[tuple[float, float]] = []
    if truth_key and reported_key and truth_key != reported_key:
        converted = _as_unit(analyte, reported.value, reported_key, truth_key)
        if converted is not None:
            candidates.append((truth.value, converted))
        back = _as_unit(analyte, truth.value, truth_key, reported_key)
        if back is not None:
            candidates.append((back, reported.value))
    if not candidates:
        candidates.append((truth.value, reported.value))
    return any(
        abs(a - b) <= max(RELATIVE_TOLERANCE * abs(a), ABSOLUTE_TOLERANCE) for a, b in candidates
    )


def matches(truth: TruthValue, reported: LabValue) -> bool:
    """Same analyte, same specimen class, same comparator, same amount."""
    return (
        canonical(truth.analyte) == canonical(reported.analyte)
        and specimen_class(truth.specimen, truth.analyte)
        == specimen_class(reported.specimen, reported.analyte)
        and (truth.comparator or None) == (reported.comparator or None)
        and same_amount(truth, reported)
    )


@dataclass
class CaseScore:
    """How one case went: matches, misses, extras, the diagnosis and the critical values."""

    case_id: str
    truth_count: int
    reported_count: int
    matched: list[tuple[TruthValue, LabValue]] = field(default_factory=list)
    duplicates: list[LabValue] = field(default_factory=list)
    missed: list[TruthValue] = field(default_factory=list)
    extras: list[LabValue] = field(default_factory=list)
    icd_code: str = ""
    accepted_dx: tuple[str, ...] = ()
    not_determinable: bool = False
    plausible: bool = False
    # False where the source took the diagnosis out of the text (DIAGNOSIS_WITHHELD_SOURCES).
    diagnosis_scored: bool = True
    critical_total: int = 0
    critical_found: int = 0
    critical_missed: list[TruthValue] = field(default_factory=list)
    # Values the engine marked critical that the truth does not hold as critical.
    false_critical: list[LabValue] = field(default_factory=list)
    reported: list[LabValue] = field(default_factory=list)

    @property
    def correct_reported(self) -> int:
        return len(self.matched) + len(self.duplicates)


def match_values(
    truth: Iterable[TruthValue], reported: Iterable[LabValue]
) -> tuple[list[tuple[TruthValue, LabValue]], list[LabValue], list[TruthValue], list[LabValue]]:
    """One-to-one matching: (matched pairs, duplicates, missed truth, extra reported).

    Exact-value pairs are taken first, so that "creatinine 8.1, then 2.3" pairs each
    number with its own reading rather than with the first close one.
    """
    open_truth = list(truth)
    reported = list(reported)
    pairs: list[tuple[TruthValue, LabValue]] = []
    unpaired: list[LabValue] = []
    for exact_first in (True, False):
        remaining: list[LabValue] = []
        for value in reported:
            found = next(
                (
                    t
                    for t in open_truth
                    if matches(t, value) and (not exact_first or t.value == value.value)
                ),
                None,
            )
            if found is None:
                remaining.append(value)
            else:
                open_truth.remove(found)
                pairs.append((found, value))
        reported = remaining
    matched_truth = [t for t, _ in pairs]
    duplicates: list[LabValue] = []
    for value in reported:
        if any(matches(t, value) for t in matched_truth):
            duplicates.append(value)
        else:
            unpaired.append(value)
    return pairs, duplicates, open_truth, unpaired


def _code_key(code: str) -> str:
    return re.sub(r"[^A-Z0-9]", "", code.upper())


def plausible_diagnosis(icd_code: str, accepted: Iterable[str], not_determinable: bool) -> bool:
    """Whether the engine's primary code is one a clinician would accept for the case."""
    code = _code_key(icd_code or "")
    if not code:
        return not_determinable
    return any(code.startswith(_code_key(family)) for family in accepted if family.strip())


def score_case(case: Case, reported: list[LabValue], icd_code: str) -> CaseScore:
    """Compare one run's lab values and primary code with the case's truth."""
    pairs, duplicates, missed, extras = match_values(case.labs, reported)
    score = CaseScore(
        case_id=case.case_id,
        truth_count=len(case.labs),
        reported_count=len(reported),
        matched=pairs,
        duplicates=duplicates,
        missed=missed,
        extras=extras,
        icd_code=icd_code,
        accepted_dx=case.accepted_dx,
        not_determinable=case.not_determinable,
        plausible=plausible_diagnosis(icd_code, case.accepted_dx, case.not_determinable),
        diagnosis_scored=not diagnosis_withheld(case),
        reported=list(reported),
    )
    for truth in case.critical:
        score.critical_total += 1
        found = next((value for t, value in pairs if t is truth), None)
        if found is not None and found.critical:
            score.critical_found += 1
        else:
            score.critical_missed.append(truth)
    truly_critical = list(case.critical)
    for value in reported:
        if not value.critical:
            continue
        paired = next((t for t, v in pairs if v is value), None)
        if paired is not None and paired.critical:
            continue
        if paired is None and any(matches(t, value) for t in truly_critical):
            continue  # the same critical result read twice
        score.false_critical.append(value)
    return score


@dataclass(frozen=True)
class Figures:
    lab_recall: float
    lab_precision: float
    plausible_dx: float
    critical_recall: float
    # As a measure, a count; as a target, the most allowed (None: not a target).
    false_critical: int | None = 0

    def line(self, split: str | None = None) -> str:
        prefix = f"split={split} " if split else ""
        return (
            f"{prefix}lab_recall={self.lab_recall:.3f} lab_precision={self.lab_precision:.3f}"
            f" plausible_dx={self.plausible_dx:.3f} critical_recall={self.critical_recall:.3f}"
            f" false_critical={self.false_critical}"
        )


def _ratio(part: int, whole: int) -> float:
    return part / whole if whole else 1.0


def figures(scores: list[CaseScore]) -> Figures:
    """The figures over every case (micro-averaged for the values)."""
    return Figures(
        lab_recall=_ratio(sum(len(s.matched) for s in scores), sum(s.truth_count for s in scores)),
        lab_precision=_ratio(
            sum(s.correct_reported for s in scores), sum(s.reported_count for s in scores)
        ),
        plausible_dx=_ratio(
            sum(s.plausible for s in scores if s.diagnosis_scored),
            sum(s.diagnosis_scored for s in scores),
        ),
        critical_recall=_ratio(
            sum(s.critical_found for s in scores), sum(s.critical_total for s in scores)
        ),
        false_critical=sum(len(s.false_critical) for s in scores),
    )


def flag_agreement(scores: list[CaseScore]) -> tuple[int, int]:
    """Of the values found, how many carry the truth's flag ("high", "low", or none for a
    value within its range): the H/L the doctor sees beside a result. Printed apart, not a
    target of issue #29."""
    pairs = [pair for s in scores for pair in s.matched]
    return sum(truth.flag == value.flag for truth, value in pairs), len(pairs)


def withheld_dx(scores: list[CaseScore]) -> tuple[int, int]:
    """Cases whose source took the diagnosis out, and how many of them the engine still
    gave a plausible code: printed apart, never in plausible_dx."""
    withheld = [s for s in scores if not s.diagnosis_scored]
    return len(withheld), sum(s.plausible for s in withheld)


# A number as a document prints it: "266,000", "6.52", "13,4" (decimal comma), "-19.4".
# A minus may be printed as a hyphen, a minus sign or an en dash ("base excess –12.3"); an en
# dash between two numbers is a range's, never a sign, since no word character comes before.
_NUMBER = re.compile(r"(?<![\w.])[-−–]?\d[\d,]*(?:\.\d+)?|(?<![\w.])[-−–]?\.\d+")
# Counts a reader may give per 10^3 (or 10^6) of the printed unit: "266,000" read as 266.
_SCALED_COUNTS = {"Platelets", "WBC", "RBC"}


def _numbers(line: str) -> set[float]:
    found: set[float] = set()
    for token in _NUMBER.findall(line):
        token = token.replace("−", "-").replace("–", "-")
        readings = {token.replace(",", "")}
        if re.fullmatch(r"-?\d+,\d{1,2}", token):
            readings.add(token.replace(",", "."))  # a decimal comma
        for reading in readings:
            try:
                found.add(float(reading))
            except ValueError:
                continue
    return found


def line_holds_value(line: str | None, value: LabValue) -> bool:
    """Whether the source line quoted for a value prints that value's number.

    The number may be printed with thousands separators or a decimal comma, and a cell count
    may be printed per microlitre where the value is per 10^3 (or the other way round). Where
    a table's cells run together ("thou/mm34.80", "(x10^9/L)5.04.0-11.0") the number is held
    when its printed form (two characters or more) is in the line.
    """
    if not line:
        return False
    grade = printed_grade(value)
    if grade is not None:
        # A dipstick result is printed as a word or a grade ("negative", "trace", "3+").
        return bool(re.search(grade, line, re.IGNORECASE))
    if any(_glued(line, form) for form in _printed_forms(value.value)):
        return True
    if _one_digit_before_its_range(line, value.value):
        return True
    scales = (1.0, 1e3, 1e-3, 1e6, 1e-6) if canonical(value.analyte) in _SCALED_COUNTS else (1.0,)
    # a count's thousands set apart by a space: "12 500 cells/mm³" prints 12500
    numbers = _numbers(line) | _numbers(joined_thousands(line))
    if value.value < 0 and _DEFICIT.search(line):
        # a base excess told as a deficit: "base deficit 28" is a base excess of -28
        numbers |= {-number for number in numbers}
    for number in numbers:
        for scale in scales:
            expected = value.value * scale
            if abs(number - expected) <= max(1e-9, 1e-6 * abs(expected)):
                return True
    return False


_DEFICIT = re.compile(r"(?i)\bdeficit\b")


def _one_digit_before_its_range(line: str, number: float) -> bool:
    """A one-digit result glued between its unit's bracket and its range, as a table whose
    cells ran together prints it: "Serum bilirubin (µmol/L)33–18" is 3, range 3-18."""
    if number != int(number) or not 0 <= number <= 9:
        return False
    return bool(re.search(rf"\){int(number)}(?=[\d.]+\s*[–-]\s*\d)", line))


def _glued(line: str, form: str) -> bool:
    """Whether ``form`` is in ``line`` as a number of its own or glued to the cell before it:
    after a character that is not a digit ("(x10^9/L)5.0"), or after a unit that ends in a
    digit ("thou/mm34.80"), never as the tail of a longer number ("16.52" for 6.52)."""
    start = line.find(form)
    while start >= 0:
        before = start
        while before > 0 and line[before - 1].isdigit():
            before -= 1
        if before == start and (start == 0 or line[start - 1] != "."):
            return True
        if before < start and before > 0 and line[before - 1].isalpha():
            return True
        start = line.find(form, start + 1)
    return False


def _printed_forms(number: float) -> set[str]:
    """How a report may print ``number``: "4.8", "4.80", "5", "5.0"; forms of two
    characters or more only, so that a lone digit is never found inside another number."""
    forms = {f"{number:g}"} if abs(number) < 1e6 else set()
    for decimals in (1, 2, 3):
        text = f"{number:.{decimals}f}"
        if float(text) == number:
            forms.add(text)
    if number == int(number):
        forms.add(str(int(number)))
    return {form for form in forms if len(form.lstrip("-")) >= 2}
