"""The signed note beside a pilot's enrolled draft, for the edit-distance figures.

Called by the review service at each signature and amendment, so the figure never waits
for a page; the text is redacted as the enrolled draft was.
"""

from __future__ import annotations

from core.models import Doctor
from core.pilot import deidentify
from core.ports import Backend
from core.review import Section


def keep_signed_note(doctor: Doctor, backend: Backend, case_id: str) -> int:
    """Keep the text of the case's latest signed note beside each enrolment of it that was
    made on the same draft; how many enrolments were updated."""
    owner = doctor.user_id
    enrolments = backend.pilots.case_enrolments(owner, case_id)
    notes = backend.reviews.signed_notes(owner, case_id) if enrolments else []
    if not notes:
        return 0
    case = backend.cases.get_case(owner, case_id)
    if case is None:
        return 0
    latest = notes[-1]
    patient = backend.patients.get_patient(owner, case.patient_id) if case.patient_id else None
    scrub = deidentify.scrubber_for(case, backend.cases.list_files(owner, case_id), patient)
    sections = deidentify.redacted_sections(
        {s.value: latest.section_text(s.value) for s in Section}, scrub
    )
    updated = 0
    for enrolment in enrolments:
        enrolled = backend.pilots.insights(owner, enrolment.enrolment_id)
        if enrolled is None or enrolled.draft_id != latest.draft_id:
            continue  # enrolled with another draft: its note is not this one
        if enrolled.signed_sections == sections:
            continue
        if backend.pilots.record_signed_sections(
            owner, enrolment.enrolment_id, latest.draft_id, sections or {}
        ):
            updated += 1
    return updated
