"""Placeholders put back for the case's owner: the patient's name for [PATIENT], words for
identifiers that are not kept anywhere; codes and the seal left as they are."""

from __future__ import annotations

from core.export.markdown import chart_markdown
from core.insights import LabValue
from core.privacy.restore import WITHHELD_WORDS, restore_in, restore_text, restored
from tests.unit.test_export import a_case, insights


def test_the_patients_name_stands_where_the_engine_saw_the_placeholder() -> None:
    text = "[PATIENT] reports thirst; [PATIENT]'s MRN [IDENTIFIER], seen by Dr [CLINICIAN]."
    assert restore_text(text, "Mary  Seacole") == (
        "Mary Seacole reports thirst; Mary Seacole's MRN "
        f"{WITHHELD_WORDS['[IDENTIFIER]']}, seen by Dr {WITHHELD_WORDS['[CLINICIAN]']}."
    )
    assert "[" not in restore_text("Next of kin: [NAME]", "Mary Seacole")
    assert restore_text("No placeholder [1]", "Mary Seacole") == "No placeholder [1]"


def test_every_text_of_the_insights_is_restored_and_the_seal_kept() -> None:
    written = insights(assessment="[PATIENT] has diabetes.")
    written.provenance.seal = "[PATIENT]-not-a-text"
    written.lab_values.append(
        LabValue(analyte="INR", value=6.5, source_line="[PATIENT] INR 6.5", critical=True)
    )
    shown = restored(written, "Mary Seacole")
    assert shown.soap_note.assessment == "Mary Seacole has diabetes."
    assert shown.lab_values[-1].source_line == "Mary Seacole INR 6.5"
    assert shown.provenance.seal == "[PATIENT]-not-a-text"
    assert written.soap_note.assessment == "[PATIENT] has diabetes."  # the record is untouched
    stored = written.model_dump(mode="json")
    assert restore_in(stored, "Mary Seacole")["soap_note"]["assessment"].startswith("Mary")


def test_the_owners_export_names_the_patient() -> None:
    text = chart_markdown(a_case("Mary Seacole"), insights(assessment="[PATIENT] has diabetes."))
    assert "Mary Seacole has diabetes." in text
    assert "[PATIENT]" not in text
