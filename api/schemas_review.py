"""Request and response shapes of the review routes (physician review and sign-off)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from core.review import Draft, ReviewSummary, SectionReview, SignedNote, ai_text

SECTIONS = ["case_summary", "soap_note", "primary_diagnosis"]


class SectionDecisionIn(BaseModel):
    """accept; edit with the doctor's fields; reject with a reason."""

    decision: str = Field(json_schema_extra={"enum": ["accept", "edit", "reject"]})
    edited: dict[str, Any] | None = Field(
        default=None, description="The doctor's version of the section's fields (edit)"
    )
    reason: str | None = Field(default=None, description="Why the section is rejected")
    draft_id: str | None = Field(
        default=None, description="The draft the doctor read; refused if a newer one exists"
    )


class AmendmentIn(BaseModel):
    sections: dict[str, dict[str, Any]] = Field(
        description="The changed sections: section name -> its fields in the doctor's words"
    )
    reason: str = Field(description="Why the signed note is amended (required)")


class SectionDecisionOut(BaseModel):
    review_id: str
    case_id: str
    draft_id: str
    section: str
    decision: str
    reviewed_at: datetime
    edited: dict[str, Any] | None
    reason: str | None


class DraftOut(BaseModel):
    draft_id: str
    generated_at: datetime
    case_version: int | None
    sections: dict[str, dict[str, Any]] = Field(description="The AI's text of each section")
    ai_insights: dict[str, Any]


class VersionOut(BaseModel):
    note_id: str
    case_id: str
    version: int
    draft_id: str
    sections: dict[str, Any]
    content_hash: str
    signed_by: str
    signer_email: str
    signer_name: str = Field("", description="The signer's name as signed (issue #26)")
    signer_credentials: str = Field("", description="The signer's credentials as signed")
    signed_at: datetime
    amendment_reason: str | None
    verified: bool = Field(
        description="The stored text matches the hash it was signed with; false: do not rely "
        "on this version (changed after signing, or not signed through MedCase)"
    )


class ReviewOut(BaseModel):
    case_id: str
    review_state: str | None
    draft: DraftOut | None
    decisions: dict[str, SectionDecisionOut] = Field(
        description="The current decision on each section of the current draft"
    )
    ready_to_sign: bool
    newer_draft: bool = Field(description="A newer AI draft exists than the signed one")
    draft_outdated: bool = Field(description="The case changed after the draft was written")
    versions: list[VersionOut]


class VersionListOut(BaseModel):
    versions: list[VersionOut]


def decision_out(record: SectionReview) -> dict[str, Any]:
    return {
        "review_id": record.review_id,
        "case_id": record.case_id,
        "draft_id": record.draft_id,
        "section": record.section,
        "decision": record.decision,
        "reviewed_at": record.reviewed_at,
        "edited": record.edited,
        "reason": record.reason,
    }


def version_out(note: SignedNote) -> dict[str, Any]:
    return {
        "note_id": note.note_id,
        "case_id": note.case_id,
        "version": note.version,
        "draft_id": note.draft_id,
        "sections": note.content.get("sections", {}),
        "content_hash": note.content_hash,
        "signed_by": note.signed_by,
        "signer_email": note.signer_email,
        "signer_name": note.signer_name,
        "signer_credentials": note.signer_credentials,
        "signed_at": note.signed_at,
        "amendment_reason": note.amendment_reason,
        "verified": note.verified,
    }


def draft_out(draft: Draft) -> dict[str, Any]:
    return {
        "draft_id": draft.draft_id,
        "generated_at": draft.generated_at,
        "case_version": draft.case_version,
        "sections": {name: ai_text(draft.ai_insights, name) for name in SECTIONS},
        "ai_insights": draft.ai_insights,
    }


def review_out(case_id: str, summary: ReviewSummary) -> dict[str, Any]:
    return {
        "case_id": case_id,
        "review_state": summary.review_state,
        "draft": draft_out(summary.draft) if summary.draft else None,
        "decisions": {name: decision_out(r) for name, r in summary.reviews.items()},
        "ready_to_sign": summary.ready_to_sign,
        "newer_draft": summary.newer_draft,
        "draft_outdated": summary.draft_outdated,
        "versions": [version_out(note) for note in summary.versions],
    }
