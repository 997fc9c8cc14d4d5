"""Recall on the de-identification set cannot slide back, nor clinical lines go missing."""

from __future__ import annotations

import json

import pytest

from benchmarks.deid import DEID_SET, TARGET, evaluate, leaked
from core.privacy.identifiers import IDENTIFIER_PLACEHOLDER, redact_identifiers
from core.privacy.redaction import CaseScrubber

ID = IDENTIFIER_PLACEHOLDER


@pytest.fixture(scope="module")
def deid_set() -> dict:
    return json.loads(DEID_SET.read_text(encoding="utf-8"))


def test_the_set_is_large_and_covers_every_kind(deid_set: dict) -> None:
    kinds = {found["kind"] for item in deid_set["positives"] for found in item["remove"]}
    assert kinds == {
        "phone", "ssn", "nhs", "national_id", "mrn", "dob", "address", "email", "url", "name",
        "insurance", "ip", "plate",
    }  # fmt: skip
    assert len(deid_set["positives"]) >= 500 and len(deid_set["negatives"]) >= 180
    assert "synthetic" in deid_set["provenance"].lower()


def test_every_kind_meets_the_recall_target_and_clinical_lines_survive(deid_set: dict) -> None:
    scores = evaluate(deid_set)
    assert all(recall >= TARGET for recall in scores.recall().values()), scores.misses
    assert scores.clinical_kept() >= TARGET, scores.misses


def test_a_half_removed_identifier_counts_as_a_miss() -> None:
    assert leaked("555 123 4567", "call 555 123 4567", "call 555 [IDENTIFIER]")
    assert not leaked("555 123 4567", "call 555 123 4567", "call [IDENTIFIER]")
    # A word the rest of the text already holds is not a leak.
    assert not leaked("1 Maple Row", "Maple clinic; 1 Maple Row", "Maple clinic; [IDENTIFIER]")


# The findings of issue #13, each of which reached the model before.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("call 555 123 4567 if worse", f"call {ID} if worse"),
        ("daughter's number 5551234567", f"daughter's number {ID}"),
        ("SSN on file 123 45 6789", f"SSN on file {ID}"),
        ("ref 943 476 5919 (NHS)", f"ref {ID} (NHS)"),
        ("9434765919", ID),
        ("Lives at 1420 Maple Avenue, Apt 3B, Springfield, IL 62704.", f"Lives at {ID}."),
        ("Flat 2, 14 Baker Street, London NW1 6XE", ID),
    ],
)
def test_the_identifiers_the_issue_found_are_removed(text: str, expected: str) -> None:
    assert redact_identifiers(text) == expected


def test_names_in_headers_and_signatures_are_replaced_by_their_role() -> None:
    header = "Patient: DOE, JANE   MRN: 00482913"
    assert redact_identifiers(header) == f"Patient: [PATIENT]   MRN: {ID}"
    signed = "Electronically signed by Dr Alan Grant, MD on 2026-01-05 14:22"
    assert (
        redact_identifiers(signed)
        == "Electronically signed by Dr [CLINICIAN], MD on 2026-01-05 14:22"
    )
    assert redact_identifiers("Next of kin: Robert Doe") == "Next of kin: [NAME]"


@pytest.mark.parametrize(
    "text",
    [
        "Hemoglobin 9.8 g/dL (12.0-16.0) L",
        "Glucose 182 mg/dL (70-99) H",
        "Metformin 500 mg BID at 08:00 and 20:00",
        "ICD-10: E11.9; HbA1c 8.1 %",
        "Collected: 2026-01-05 14:05",
        "Sodium 140 135-145",
        "Apical 4 Chamber View: LVEF 55-60%",
        "Test name: Glucose, fasting",
    ],
)
def test_clinical_numbers_are_never_taken_for_identifiers(text: str) -> None:
    assert CaseScrubber("Jane Doe", {})(text) == text


# The findings of issue #23: identifiers that reached the model, and values the scrubber
# destroyed.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("his daughter Amaka called", "his daughter [NAME] called"),
        ("Her husband, Tom Reyes, is at the bedside.", "Her husband, [NAME], is at the bedside."),
        ("Bloods taken by nurse Bola Adeyemi.", "Bloods taken by nurse [CLINICIAN]."),
        ("date of birth is 14 March 1961", f"date of birth is {ID}"),
        ("born on the 14th of March 1961", f"born on the {ID}"),
        ("born in March 1961", f"born in {ID}"),
        ("Portal login from 192.168.14.20 at 02:14", f"Portal login from {ID} at 02:14"),
        ("Licence plate AB12 CDE seen leaving", f"Licence plate {ID} seen leaving"),
        ("Medicaid ID MA44812290", f"Medicaid ID {ID}"),
        ("Insurance ID: XJH448122", f"Insurance ID: {ID}"),
        ("Accession: 26-118842   UR: 553201", f"Accession: {ID}   UR: {ID}"),
        ("Chart #: A-88213", f"Chart #: {ID}"),
        ("ID: P100032", f"ID: {ID}"),
        ("Specimen: SP621756", f"Specimen: {ID}"),
        ("Client #: C4203624", f"Client #: {ID}"),
        ("PATIENT INFORMATION\nGONZALEZ, ANTHONY\nM", "PATIENT INFORMATION\n[PATIENT]\nM"),
    ],
)  # fmt: skip
def test_the_identifiers_issue_23_found_are_removed(text: str, expected: str) -> None:
    # Whoever they name: the scrubber is told another patient's name.
    assert CaseScrubber("Rose Carter", {})(text) == expected


def test_a_name_typed_with_accents_goes_where_a_report_prints_it_without() -> None:
    assert CaseScrubber("José Núñez", {})("Report for JOSE NUNEZ") == "Report for [PATIENT]"
    assert CaseScrubber("Jose Nunez", {})("Report for José Núñez") == "Report for [PATIENT]"


@pytest.mark.parametrize(
    "text",
    [
        "Na 128 mmol/L (135-145) L",
        "Li 1.9 mmol/L (0.4-1.0) H",
        "Serum Na 128, Li 1.9",
        "HIV-1 RNA 1234567890 copies/mL",
        "Viral load 2345678901",
    ],
)
def test_an_analyte_and_its_number_are_never_an_identifier(text: str) -> None:
    # A patient called "Li Na": her name goes, her sodium and lithium stay.
    scrub = CaseScrubber("Li Na", {})
    assert scrub(text) == text
    assert scrub(f"Li Na: {text}") == f"[PATIENT]: {text}"
