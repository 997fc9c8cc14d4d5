"""SupabaseReviewRepository: AI drafts, section decisions and signed versions through
PostgREST, under RLS. Only inserts and reads: the database refuses updates."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, cast

from postgrest import SyncPostgrestClient
from postgrest.types import ReturnMethod

from core import lifecycle
from core.backends.supabase_errors import supabase_errors
from core.backends.supabase_rows import as_rows
from core.errors import CaseNotFound, PermissionDenied
from core.review import Draft, NoteToSign, SectionReview, SignedNote, SignerProfile, checked

_DRAFT_COLUMNS = "draft_id,case_id,ai_insights,generated_at,case_version"
_REVIEW_COLUMNS = "review_id,case_id,draft_id,section,decision,reviewed_at,edited,reason"
_NOTE_COLUMNS = (
    "note_id,case_id,version,draft_id,content,content_hash,signed_by,signer_email,"
    "signed_at,amendment_reason,signer_name,signer_credentials"
)
# A PostgREST filter: cases whose note is not signed yet (a new draft resets their review).
UNSIGNED = ",".join(
    ["review_state.is.null", *(f"review_state.eq.{state}" for state in lifecycle.UNSIGNED_STATES)]
)


def _instant(value: datetime) -> str:
    return value.astimezone(UTC).isoformat()


def _draft(row: dict[str, Any]) -> Draft:
    return Draft(
        draft_id=row["draft_id"],
        case_id=row["case_id"],
        ai_insights=row["ai_insights"],
        generated_at=datetime.fromisoformat(row["generated_at"]),
        case_version=row["case_version"],
    )


def _review(row: dict[str, Any]) -> SectionReview:
    return SectionReview(**{**row, "reviewed_at": datetime.fromisoformat(row["reviewed_at"])})


def _note(row: dict[str, Any]) -> SignedNote:
    return checked(SignedNote(**{**row, "signed_at": datetime.fromisoformat(row["signed_at"])}))


class SupabaseReviewRepository:
    def __init__(self, rest: SyncPostgrestClient) -> None:
        self._rest = rest

    def current_draft(self, owner: str, case_id: str) -> Draft | None:
        pointer = (
            self._rest.from_("case_insights")
            .select("draft_id")
            .eq("case_id", case_id)
            .eq("user_id", owner)
        )
        with supabase_errors():
            pointers = as_rows(pointer.execute().data)
        if not pointers or not pointers[0]["draft_id"]:
            return None
        query = (
            self._rest.from_("ai_drafts")
            .select(_DRAFT_COLUMNS)
            .eq("draft_id", pointers[0]["draft_id"])
            .eq("user_id", owner)
        )
        with supabase_errors():
            drafts = as_rows(query.execute().data)
        return _draft(drafts[0]) if drafts else None

    def drafts(self, owner: str, case_id: str) -> list[Draft]:
        query = (
            self._rest.from_("ai_drafts")
            .select(_DRAFT_COLUMNS)
            .eq("case_id", case_id)
            .eq("user_id", owner)
            .order("generated_at")
            .order("draft_id")
        )
        with supabase_errors():
            return [_draft(row) for row in as_rows(query.execute().data)]

    def add_section_review(self, owner: str, review: SectionReview) -> bool:
        row = {
            "review_id": review.review_id,
            "case_id": review.case_id,
            "user_id": owner,
            "draft_id": review.draft_id,
            "section": review.section,
            "decision": review.decision,
            "reviewed_at": _instant(review.reviewed_at),
            "edited": review.edited,
            "reason": review.reason,
        }
        try:
            with supabase_errors():
                self._rest.from_("section_reviews").insert(
                    row, returning=ReturnMethod.minimal
                ).execute()
        except (PermissionDenied, CaseNotFound):
            return False  # RLS refused it: not a draft of the owner's case
        return True

    def section_reviews(self, owner: str, case_id: str) -> list[SectionReview]:
        query = (
            self._rest.from_("section_reviews")
            .select(_REVIEW_COLUMNS)
            .eq("case_id", case_id)
            .eq("user_id", owner)
            .order("reviewed_at")
            .order("review_id")
        )
        with supabase_errors():
            return [_review(row) for row in as_rows(query.execute().data)]

    def sign_note(self, owner: str, request: NoteToSign) -> SignedNote | None:
        """The database signs (public.sign_note): its time, signer, version check, hash,
        review state and audit event; then the version is read back under RLS."""
        arguments = {
            "p_case": request.case_id,
            "p_version": request.version,
            "p_draft": request.draft_id,
            "p_sections": request.sections,
            "p_reason": request.amendment_reason,
        }
        with supabase_errors():
            # postgrest-py types rpc arguments as strings; PostgREST takes any JSON.
            signed = self._rest.rpc("sign_note", cast(dict[str, str], arguments)).execute()
        if not signed.data:
            return None  # the version was taken meanwhile
        query = (
            self._rest.from_("signed_notes")
            .select(_NOTE_COLUMNS)
            .eq("note_id", str(signed.data))
            .eq("user_id", owner)
        )
        with supabase_errors():
            rows = as_rows(query.execute().data)
        if not rows:
            raise CaseNotFound()
        return _note(rows[0])

    def signed_notes(self, owner: str, case_id: str) -> list[SignedNote]:
        query = (
            self._rest.from_("signed_notes")
            .select(_NOTE_COLUMNS)
            .eq("case_id", case_id)
            .eq("user_id", owner)
            .order("version")
        )
        with supabase_errors():
            return [_note(row) for row in as_rows(query.execute().data)]

    def set_review_state(self, owner: str, case_id: str, state: str) -> bool:
        query = (
            self._rest.from_("cases")
            .update({"review_state": state})
            .eq("case_id", case_id)
            .eq("user_id", owner)
            .or_(UNSIGNED)
            .select("case_id")
        )
        with supabase_errors():
            return len(as_rows(query.execute().data)) == 1

    def signer_profile(self, owner: str) -> SignerProfile | None:
        query = (
            self._rest.from_("doctor_profiles")
            .select("display_name,credentials")
            .eq("user_id", owner)
        )
        with supabase_errors():
            rows = as_rows(query.execute().data)
        if not rows:
            return None
        return SignerProfile(rows[0]["display_name"], rows[0]["credentials"])

    def save_signer_profile(self, owner: str, profile: SignerProfile) -> None:
        row = {
            "user_id": owner,
            "display_name": profile.display_name,
            "credentials": profile.credentials,
        }
        with supabase_errors():
            self._rest.from_("doctor_profiles").upsert(
                row, on_conflict="user_id", returning=ReturnMethod.minimal
            ).execute()
