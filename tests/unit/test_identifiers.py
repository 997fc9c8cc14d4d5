"""Identifiers out, clinical text intact: record numbers, birth dates and contact details."""

from __future__ import annotations

import pytest

from core.analysis.labs.parse import parse_lab_values
from core.privacy.identifiers import IDENTIFIER_PLACEHOLDER, redact_identifiers
from core.privacy.redaction import CaseScrubber
from core.vocabulary.catalog import CATALOG
from tests.samples import LAB_REPORT_LINES

ID = IDENTIFIER_PLACEHOLDER


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("MRN: 00482913", f"MRN: {ID}"),
        ("Medical Record Number 4471-22A", f"Medical Record Number {ID}"),
        ("Patient ID:A88213", f"Patient ID:{ID}"),
        ("NHS No. 943 476 5919", f"NHS No. {ID}"),
        ("DOB: 03/14/1961", f"DOB: {ID}"),
        ("Date of birth 14 Mar 1961", f"Date of birth {ID}"),
        ("born on March 14, 1961", f"born on {ID}"),
        ("D.O.B. 1961-03-14", f"D.O.B. {ID}"),
        ("Phone: (555) 201-3344", f"Phone: {ID}"),
        ("Tel +44 20 7946 0958", f"Tel {ID}"),
        ("call 555-201-3344 if worse", f"call {ID} if worse"),
        ("reach me at +1 555.201.3344", f"reach me at {ID}"),
        ("write to zk1961@mail.example today", f"write to {ID} today"),
        ("SSN 123-45-6789", f"SSN {ID}"),
        ("ref 123-45-6789.", f"ref {ID}."),
        ("Address: 12 Elm Row, Springfield\nGlucose 95", f"Address: {ID}\nGlucose 95"),
        ("Accession # A1234567 received 2026-01-05", f"Accession # {ID} received 2026-01-05"),
        ("Insurance ID: XJ55-1203", f"Insurance ID: {ID}"),
    ],
)
def test_each_kind_of_identifier_is_replaced_and_its_label_kept(text: str, expected: str) -> None:
    assert redact_identifiers(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Sodium 140 135-145",
        "Platelets 250 150-400",
        "Platelets 150 000-400 000",
        "WBC 14.2 x10^9/L (4.0-11.0) H",
        "Collected: 2026-01-05 08:14",
        "Leukocytes 2+ 1+",
        "eGFR >90 mL/min/1.73m2",
        "Specific gravity 1.020 1.005-1.030",
        "Blood pressure 145/92 mmHg, pulse 88",
        "Follow-up in 2-3 weeks; metformin 500 mg twice daily",
        # A decimal reference range, not a German telephone number ("0550 4780").
        "4.00TSH  0.550 - 4.780 µIU/mL",
        "Free T4 1.10 0.89 - 1.76 ng/dL",
        # "not" is no "Patient No." label.
        "requests the patient not receive CPR or intubation",
    ],
)
def test_clinical_text_is_left_alone(text: str) -> None:
    assert redact_identifiers(text) == text


def test_every_lab_value_reads_the_same_after_scrubbing() -> None:
    lines = [*LAB_REPORT_LINES]
    for analyte in CATALOG:
        if not analyte.qualitative:
            first = analyte.ranges[0]
            low = first.low if first.low is not None else 0
            high = first.high if first.high is not None else low * 2 + 1
            lines.append(f"{analyte.aliases[0]} {high * 1.2:g} {first.unit} ({low:g}-{high:g})")
    report = "\n".join(["MRN: 00482913   DOB: 03/14/1961", *lines])
    scrub = CaseScrubber("Zoltan Kowalczyk", {})

    assert parse_lab_values(scrub(report)) == parse_lab_values(report)
    assert "00482913" not in scrub(report) and "03/14/1961" not in scrub(report)
