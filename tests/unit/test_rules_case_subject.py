"""A case report's subject and the abbreviations it defines (issue #29, reader-dx4).

"We present a case of X" names what the report is about: X is stated (the case's primary
diagnosis unless a later statement of the report's own revises it), not a complaint. The
code set writes some diseases with a bracketed eponym ("Polyarteritis with lung involvement
[Churg-Strauss]"), which doctors write as "Churg-Strauss syndrome". An abbreviation the report
defines after a long form the code set names ("Pyogenic liver abscess (PLA)") is that disease
where the report uses it later, without a hand-written entry for it.

Every text quotes a real public document unchanged, with its provenance in a comment.
"""

from __future__ import annotations

from core.analysis.rules.diagnosis import diagnose
from core.analysis.rules.notes import read_notes


def _primary(text: str) -> str:
    return diagnose([], 50, read_notes(None, [text])).diagnosis.icd_code


def _stated(text: str) -> list[str]:
    return [m.condition.code for m in read_notes(None, [text]).stated]


# Masjedi et al., "Churg-Strauss syndrome following cessation of allergic desensitization
# vaccination: a case report", J Med Case Rep 2010;4:188 (doi:10.1186/1752-1947-4-188, CC BY
# 2.0), the abstract's conclusion as adahealth/medical_case_report_corpus @ 2388336135 stores
# it (dev case cr-churg-strauss-we-present-a-case-of).
_CHURG_STRAUSS = (
    "No unifying etiology for the disease can be presented as it is found associated with"
    " environmental factors, medications, infections and is even considered a variant of asthma"
    " with predisposition to vasculitic involvement. Therefore, it is important to recognize this"
    " disease and be aware of underdiagnosis because of emphasis on pathologic evidence. Here, we"
    " present a case of allergic desensitization causing Churg-Strauss syndrome in the absence of"
    " other known factors."
)


def test_we_present_a_case_of_states_the_reports_subject() -> None:
    assert _stated(_CHURG_STRAUSS)[:1] == ["M30.1"]
    assert _primary(_CHURG_STRAUSS) == "M30.1"


def test_the_patient_introduced_by_a_case_of_is_no_subject() -> None:
    # A guard: the same article's abstract sentence ("We present a case of a 19-year-old
    # Persian male who developed signs and symptoms of this syndrome ...") with "with asthma"
    # added, the history its case section gives. "A case of" then names the patient, and a
    # condition after the patient's age, "with" or "who" is background, not the subject.
    text = (
        "We present a case of a 19-year-old Persian male with asthma who developed signs and"
        " symptoms of this syndrome related to hyposensitization treatments for allergy control."
    )
    assert "J45.909" not in _stated(text)
