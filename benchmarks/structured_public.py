"""How the reader reads public HL7 v2 and FHIR lab messages nobody on the team wrote.

The messages are in tests/structured/public27 (provenance in its README); the values each
states were written into its ``expected.json`` by reading the message, before the reader
was run on it. Each file is read as an uploaded lab file is (``extract_lab_document``) and
its values compared with the expected ones, field by field: analyte, value, comparator,
unit, the message's range, the sender's flag, MedCase's flag where given, status, specimen.

Prints one line per message family and a total:
``family: expected=E found=F wrong=W missed=M extra=X``, where ``found`` is an expected
value read with every field right, ``wrong`` one read with a field wrong, ``missed`` one not
read, ``extra`` a value read that the message does not state. A file that is not a message
(malformed XML as published) must be refused with a warning. Exit status 1 when a value is
wrong, missed or extra, or a file is refused or read against its expectation.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.analysis.reading.extraction import extract_lab_document
from core.insights import LabDocument, LabValue

FOLDER = Path(__file__).resolve().parents[1] / "tests" / "structured" / "public27"
# The fields compared when the expectation names them (None is a value: "no range").
FIELDS = ("value", "comparator", "unit", "low", "high", "sender_flag", "flag", "status")
FIELDS += ("specimen",)


@dataclass(frozen=True)
class Expected:
    file: str
    family: str
    values: list[dict[str, Any]]
    never: list[str]
    refused: bool = False  # the file is not a message any reader can read


def expectations() -> list[Expected]:
    data = json.loads((FOLDER / "expected.json").read_text(encoding="utf-8"))
    return [
        Expected(
            item["file"],
            item["family"],
            item["values"],
            item.get("not", []),
            item.get("refused", False),
        )
        for item in data["files"]
    ]


def read(file: str) -> LabDocument:
    path = FOLDER / file
    return extract_lab_document("f1", "Lab file 1", path.name, path.read_bytes())


def _field(value: LabValue, name: str) -> Any:
    if name == "low":
        return value.reference_low
    if name == "high":
        return value.reference_high
    if name == "status":
        return value.result_status
    return getattr(value, name)


def differences(expected: dict[str, Any], value: LabValue) -> list[str]:
    """The fields of ``value`` that differ from ``expected`` ("unit 'mg/dl' != 'mg/dL'")."""
    wrong = []
    for name in FIELDS:
        if name not in expected:
            continue
        want, got = expected[name], _field(value, name)
        same = (
            want == got
            if not isinstance(want, float | int) or got is None
            else abs(float(want) - float(got)) < 1e-9
        )
        if want is None and got is None:
            same = True
        if not same:
            wrong.append(f"{name} {got!r} != {want!r}")
    return wrong


@dataclass
class Score:
    expected: int = 0
    found: int = 0
    wrong: int = 0
    missed: int = 0
    extra: int = 0


def score(item: Expected, document: LabDocument) -> tuple[Score, list[str]]:
    """The file's score and one line for each value wrong, missed or extra."""
    result = Score(expected=len(item.values))
    problems: list[str] = []
    left = list(document.lab_values)
    for want in item.values:
        match = next(
            (v for v in left if v.analyte == want["analyte"] and v.value == want["value"]), None
        )
        if match is None:
            match = next((v for v in left if v.analyte == want["analyte"]), None)
        if match is None:
            result.missed += 1
            problems.append(f"{item.file}: missed {want['analyte']} {want['value']}")
            continue
        left.remove(match)
        wrong = differences(want, match)
        if wrong:
            result.wrong += 1
            problems.append(f"{item.file}: {want['analyte']}: {'; '.join(wrong)}")
        else:
            result.found += 1
    refused = any("could not be read" in warning for warning in document.warnings)
    if refused != item.refused:
        said = "refused" if refused else "read"
        problems.append(f"{item.file}: {said}, expected {'refused' if item.refused else 'read'}")
    for value in left:
        result.extra += 1
        never = " (never this analyte)" if value.analyte in item.never else ""
        problems.append(f"{item.file}: extra {value.analyte} {value.value}{never}")
    return result, problems


def main() -> int:
    totals: dict[str, Score] = {}
    problems: list[str] = []
    for item in expectations():
        file_score, file_problems = score(item, read(item.file))
        family = totals.setdefault(item.family, Score())
        for name in ("expected", "found", "wrong", "missed", "extra"):
            setattr(family, name, getattr(family, name) + getattr(file_score, name))
        problems.extend(file_problems)
    overall: Counter[str] = Counter()
    for family, total in totals.items():
        print(
            f"{family}: expected={total.expected} found={total.found} wrong={total.wrong} "
            f"missed={total.missed} extra={total.extra}"
        )
        overall.update(vars(total))
    print(
        f"all: expected={overall['expected']} found={overall['found']} "
        f"wrong={overall['wrong']} missed={overall['missed']} extra={overall['extra']}"
    )
    for line in problems:
        print(f"  {line}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
