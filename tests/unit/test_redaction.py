"""The patient's name is replaced in every text an engine may see."""

from __future__ import annotations

from core.models import CaseFile, utc_now
from core.privacy.redaction import (
    PATIENT_PLACEHOLDER,
    CaseScrubber,
    NameRedactor,
    file_labels,
    redact_name,
)


def test_full_name_and_each_part_are_replaced_in_any_case() -> None:
    text = "Patient JANE DOE seen today. Doe, Jane reports fatigue; jane's sister too."
    redacted = redact_name(text, "Jane Doe")
    assert "jane" not in redacted.lower() and "doe" not in redacted.lower()
    assert redacted.startswith(f"Patient {PATIENT_PLACEHOLDER} seen today.")
    assert f"{PATIENT_PLACEHOLDER}, {PATIENT_PLACEHOLDER} reports" in redacted


def test_only_whole_words_are_replaced() -> None:
    redacted = redact_name("Janet Doerr takes Anderson's drug; Ann's result", "Ann Doe")
    assert redacted == "Janet Doerr takes Anderson's drug; [PATIENT]'s result"


def test_hyphenated_and_apostrophe_names_lose_every_part() -> None:
    redactor = NameRedactor("Mary-Jane O'Brien")
    assert redactor("MARY-JANE O'BRIEN") == PATIENT_PLACEHOLDER
    assert redactor("signed: Jane; family name Brien") == (
        f"signed: {PATIENT_PLACEHOLDER}; family name {PATIENT_PLACEHOLDER}"
    )


def test_names_split_over_lines_or_spaces_are_one_placeholder() -> None:
    assert redact_name("Name: Jane\n  Doe\nHb 9.8", "Jane  Doe") == "Name: [PATIENT]\nHb 9.8"


def test_accented_names_and_regex_characters_are_handled() -> None:
    assert (
        redact_name("JOSÉ NÚÑEZ (follow-up)", "José Núñez") == PATIENT_PLACEHOLDER + " (follow-up)"
    )
    assert redact_name("Dr. Who+ [test]", "Who+ (test)") == "Dr. [PATIENT]+ [[PATIENT]]"


def test_single_initials_are_kept_so_clinical_text_survives() -> None:
    assert redact_name("J wave on ECG; A Smith; HbA1c 8.1", "A. J. Smith") == (
        "J wave on ECG; A [PATIENT]; HbA1c 8.1"
    )


def test_empty_name_or_text_changes_nothing() -> None:
    assert redact_name("Hb 9.8", "   ") == "Hb 9.8"
    assert NameRedactor("Jane Doe")("") == ""
    assert NameRedactor("Jane Doe").optional(None) is None


def _file(file_id: str, category: str, name: str) -> CaseFile:
    return CaseFile(file_id, "case", "owner", name, "x", 1, f"k/{file_id}", category, utc_now())


def test_files_are_labelled_by_kind_in_upload_order() -> None:
    files = [
        _file("a", "lab", "x.pdf"),
        _file("b", "radiology", "y.png"),
        _file("c", "lab", "z.csv"),
        _file("d", "radiology", "w.dcm"),
    ]
    assert file_labels(files) == {
        "a": "Lab file 1",
        "b": "Radiology image 1",
        "c": "Lab file 2",
        "d": "Radiology image 2",
    }


def test_the_case_scrubber_replaces_file_names_with_labels_and_redacts_the_name() -> None:
    scrub = CaseScrubber("Jane Doe", {"doe_cbc.pdf": "Lab file 1", "cbc.pdf": "Lab file 2"})
    text = "See DOE_CBC.PDF and cbc.pdf (not mycbc.pdf); Jane Doe signed."
    assert scrub(text) == "See Lab file 1 and Lab file 2 (not mycbc.pdf); [PATIENT] signed."
    assert CaseScrubber("Jane Doe", {})("Doe") == PATIENT_PLACEHOLDER
