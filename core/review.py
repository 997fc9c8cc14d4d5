"""Physician review of the AI draft: section decisions, the signed note and its versions.

Pure: the records, the rules a review must follow, the signed content and its hash, and
the readable difference between the AI's text and the doctor's. The AI draft itself is
never changed: the doctor's version lives beside it.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from core import plain_text
from core.errors import InvalidInput
from core.privacy.restore import restore_in


class Section(StrEnum):
    CASE_SUMMARY = "case_summary"
    SOAP_NOTE = "soap_note"
    PRIMARY_DIAGNOSIS = "primary_diagnosis"


SECTION_LABELS: dict[str, str] = {
    Section.CASE_SUMMARY: "Case summary",
    Section.SOAP_NOTE: "SOAP note",
    Section.PRIMARY_DIAGNOSIS: "Primary diagnosis",
}

# The fields of each section a doctor reads, edits and signs (the draft's scores and
# checks are the AI's, not part of the note).
SECTION_FIELDS: dict[str, tuple[str, ...]] = {
    Section.CASE_SUMMARY: (
        "comprehensive_summary",
        "key_findings",
        "lab_summary",
        "radiology_summary",
    ),
    Section.SOAP_NOTE: ("subjective", "objective", "assessment", "plan"),
    Section.PRIMARY_DIAGNOSIS: ("primary_diagnosis", "icd_code", "description"),
}
LIST_FIELDS = frozenset({"key_findings"})
FIELD_LABELS: dict[str, str] = {
    "comprehensive_summary": "Summary",
    "key_findings": "Key findings",
    "lab_summary": "Labs",
    "radiology_summary": "Radiology",
    "subjective": "Subjective",
    "objective": "Objective",
    "assessment": "Assessment",
    "plan": "Plan",
    "primary_diagnosis": "Diagnosis",
    "icd_code": "ICD-10 code",
    "description": "Description",
}
MAX_FIELD_LENGTH = 20_000
MAX_REASON_LENGTH = 2_000


class Decision(StrEnum):
    ACCEPTED = "accepted"
    EDITED = "edited"
    REJECTED = "rejected"


# How a request names a decision (the verbs of the page and the API) -> the record's word.
DECISION_VERBS: dict[str, Decision] = {
    "accept": Decision.ACCEPTED,
    "edit": Decision.EDITED,
    "reject": Decision.REJECTED,
}

SectionText = dict[str, Any]  # field -> str (list[str] for key findings)


@dataclass(frozen=True)
class Draft:
    """One AI draft of a case, as the analyzer wrote it (never changed)."""

    draft_id: str
    case_id: str
    ai_insights: dict[str, Any]
    generated_at: datetime
    case_version: int | None = None


@dataclass(frozen=True)
class SectionReview:
    """The doctor's decision on one section of one draft; a later one supersedes it."""

    review_id: str
    case_id: str
    draft_id: str
    section: str
    decision: str
    reviewed_at: datetime
    edited: SectionText | None = None  # the doctor's version, when edited
    reason: str | None = None  # why, when rejected


MAX_SIGNER_NAME_LENGTH = 200


@dataclass(frozen=True)
class SignerProfile:
    """How a doctor signs: their name as signed ("Dr Alice Smith") and credentials ("MD"),
    set once by the doctor and copied into every version they sign."""

    display_name: str
    credentials: str = ""

    @property
    def signature(self) -> str:
        """The name and credentials as the attestation and the signature line read them."""
        if self.credentials:
            return f"{self.display_name}, {self.credentials}"
        return self.display_name


def signer_profile(display_name: Any, credentials: Any) -> SignerProfile:
    """A profile the doctor entered, validated: a visible name, short single lines."""
    name = _signer_line(display_name, "Name as signed")
    if not name:
        raise InvalidInput("Enter your name as signed (for example Dr Alice Smith)")
    return SignerProfile(name, _signer_line(credentials, "Credentials"))


def _signer_line(value: Any, label: str) -> str:
    if value is not None and not isinstance(value, str):
        raise InvalidInput(f"{label} must be text")
    text = " ".join((value or "").split())  # one line, single spaces
    if len(text) > MAX_SIGNER_NAME_LENGTH:
        raise InvalidInput(f"{label} is longer than {MAX_SIGNER_NAME_LENGTH} characters")
    if any(character in _BIDI_CONTROLS for character in text):
        raise InvalidInput(f"{label} contains a character that reorders text")
    if any(unicodedata.category(character) in {"Cc", "Cf"} for character in text):
        raise InvalidInput(f"{label} contains an invisible character")
    if text and all(unicodedata.category(c) in _UNSEEN for c in text):
        return ""
    return text


@dataclass(frozen=True)
class SignedNote:
    """One signed version of the case's note: version 1 is the sign-off, later ones are
    amendments. Read-only once written."""

    note_id: str
    case_id: str
    version: int
    draft_id: str
    content: dict[str, Any]  # {"sections": {section: {"decision", "text", "reason"}}}
    content_hash: str
    signed_by: str  # the signing doctor's user id
    signer_email: str
    signed_at: datetime
    amendment_reason: str | None = None
    # The signer's name and credentials as they stood when they signed (issue #26); empty
    # on versions signed before signers had a profile.
    signer_name: str = ""
    signer_credentials: str = ""
    # Whether the stored content still matches the hash it was signed with, checked as the
    # note is read (``checked``); False until then, so an unchecked note is never trusted.
    verified: bool = False

    @property
    def signed_as(self) -> str:
        """Who signed, as the signature line reads: "Dr Alice Smith, MD"; the e-mail for
        a version signed before the signer had a profile."""
        if not self.signer_name:
            return self.signer_email
        return SignerProfile(self.signer_name, self.signer_credentials).signature

    def section_text(self, section: str) -> SectionText | None:
        """The signed text of a section; None when the doctor rejected it."""
        entry = self.content.get("sections", {}).get(section) or {}
        return entry.get("text")


@dataclass(frozen=True)
class NoteToSign:
    """What the doctor asks the store to sign: the store itself takes the time, the signer,
    the next version number and the hash, and records the audit event."""

    case_id: str
    version: int  # the version the doctor is signing; refused when it is taken meanwhile
    draft_id: str
    sections: dict[str, Any]
    amendment_reason: str | None = None


NOTE_NOT_VERIFIED = (
    "Not verified: the stored text of this version does not match the hash it was signed "
    "with. It was changed after signing, or was not signed through MedCase. Do not rely on it."
)


@dataclass
class ReviewSummary:
    """Where the review of a case stands, for the page and the API."""

    review_state: str | None
    draft: Draft | None
    reviews: dict[str, SectionReview] = field(default_factory=dict)  # current, per section
    history: list[SectionReview] = field(default_factory=list)  # every decision, oldest first
    versions: list[SignedNote] = field(default_factory=list)  # oldest first
    newer_draft: bool = False  # a draft newer than the one the latest version was signed on
    draft_outdated: bool = False  # the case changed after the current draft was written

    @property
    def latest(self) -> SignedNote | None:
        return self.versions[-1] if self.versions else None

    @property
    def ready_to_sign(self) -> bool:
        return not self.versions and self.draft is not None and len(self.reviews) == len(Section)

    def for_the_owner(self, patient_name: str) -> ReviewSummary:
        """A copy for the owner's page: the draft, decisions and signed versions read the
        patient's name where the engine saw [PATIENT] (stored records stay redacted)."""

        def text(value: Any) -> Any:
            return restore_in(value, patient_name)

        return replace(
            self,
            draft=replace(self.draft, ai_insights=text(self.draft.ai_insights))
            if self.draft
            else None,
            reviews={k: replace(r, edited=text(r.edited)) for k, r in self.reviews.items()},
            history=[replace(r, edited=text(r.edited)) for r in self.history],
            versions=[replace(n, content=text(n.content)) for n in self.versions],
        )


# --- rules --------------------------------------------------------------------------------


def section_name(value: Any) -> Section:
    try:
        return Section(str(value))
    except ValueError:
        allowed = ", ".join(s.value for s in Section)
        raise InvalidInput(f"Section must be one of: {allowed}") from None


def decision_of(value: Any) -> Decision:
    word = str(value).strip().lower()
    if word in DECISION_VERBS:
        return DECISION_VERBS[word]
    try:
        return Decision(word)
    except ValueError:
        raise InvalidInput("Decision must be accept, edit or reject") from None


def ai_text(ai_insights: Mapping[str, Any], section: str) -> SectionText:
    """The AI draft's text of a section, in the fields the doctor signs (the database's
    twin: public.drafted_section, which sign_note checks an accepted section against)."""
    drafted = ai_insights.get(section) or {}
    text: SectionText = {}
    for name in SECTION_FIELDS[section]:
        value = drafted.get(name)
        if name in LIST_FIELDS:
            text[name] = [stored_text(item) for item in value] if isinstance(value, list) else []
        else:
            text[name] = "" if value is None else stored_text(value)
    return text


def stored_text(value: Any) -> str:
    """A value of a stored draft's section as text: ``str`` of text, numbers and marks; a
    list or an object as its JSON (a form SQL writes alike: public.stored_text)."""
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def edited_text(section: str, entered: Mapping[str, Any], check_code: Any = None) -> SectionText:
    """The doctor's version of a section, validated: known fields, sizes, and for the
    diagnosis an ICD-10-CM code that ``check_code`` (code -> (valid, normalised)) accepts."""
    unknown = sorted(set(entered) - set(SECTION_FIELDS[section]))
    if unknown:
        raise InvalidInput(f"Unknown field(s) for {SECTION_LABELS[section]}: {', '.join(unknown)}")
    text: SectionText = {}
    for name in SECTION_FIELDS[section]:
        value = entered.get(name)
        if name in LIST_FIELDS:
            items = value.splitlines() if isinstance(value, str) else (value or [])
            if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
                raise InvalidInput(f"{FIELD_LABELS[name]} must be a list of text lines")
            text[name] = [item.strip() for item in items if item.strip()]
            _check_length(name, "\n".join(text[name]))
        else:
            if value is not None and not isinstance(value, str):
                raise InvalidInput(f"{FIELD_LABELS[name]} must be text")
            text[name] = (value or "").strip()
            _check_length(name, text[name])
    if not any(text.values()):
        raise InvalidInput("An edited section cannot be empty; reject it instead")
    if section == Section.PRIMARY_DIAGNOSIS:
        if not text["primary_diagnosis"]:
            raise InvalidInput("The diagnosis cannot be empty")
        if check_code is not None:
            valid, normalised = check_code(text["icd_code"])
            if not valid:
                raise InvalidInput(
                    f"'{text['icd_code']}' is not a valid ICD-10-CM code; "
                    "enter a code from the ICD-10-CM code set (for example E11.9)"
                )
            text["icd_code"] = normalised
    return text


def _check_length(name: str, value: str) -> None:
    if len(value) > MAX_FIELD_LENGTH:
        raise InvalidInput(f"{FIELD_LABELS[name]} is longer than {MAX_FIELD_LENGTH} characters")
    if "\x00" in value:
        raise InvalidInput(f"{FIELD_LABELS[name]} contains a NUL character")
    # The signed note reads on screen and in its exports as it does in the record.
    if any(character in _BIDI_CONTROLS for character in value):
        raise InvalidInput(f"{FIELD_LABELS[name]} contains a character that reorders text")
    if plain_text.has_control_characters(value):
        raise InvalidInput(f"{FIELD_LABELS[name]} contains a control character")


# Characters that reorder the text around them (Unicode's bidirectional controls): a
# reason or an edited section carrying one can read differently on the screen than in the
# record.
_BIDI_CONTROLS = plain_text.BIDI_CONTROLS | plain_text.DIRECTION_MARKS
# Categories with nothing to see: format (zero-width), control, separators, marks alone.
_UNSEEN = frozenset({"Cf", "Cc", "Cs", "Co", "Cn", "Zs", "Zl", "Zp", "Mn", "Me"})


def _reason(value: Any, missing: str) -> str:
    """A reason a reader can see: stripped, with a visible character, no bidi control."""
    reason = value.strip() if isinstance(value, str) else ""
    if len(reason) > MAX_REASON_LENGTH:
        raise InvalidInput(f"The reason is longer than {MAX_REASON_LENGTH} characters")
    if "\x00" in reason:
        raise InvalidInput("The reason contains a NUL character")
    if any(character in _BIDI_CONTROLS for character in reason):
        raise InvalidInput("The reason contains a character that reorders text")
    if all(unicodedata.category(character) in _UNSEEN for character in reason):
        raise InvalidInput(missing)
    return reason


def rejection_reason(value: Any) -> str:
    return _reason(value, "Say why the section is rejected")


def amendment_reason(value: Any) -> str:
    return _reason(value, "An amendment needs a reason")


# --- the signed note ----------------------------------------------------------------------


def current_reviews(history: list[SectionReview], draft_id: str) -> dict[str, SectionReview]:
    """The latest decision per section on this draft."""
    current: dict[str, SectionReview] = {}
    for review in sorted(history, key=lambda r: r.reviewed_at):
        if review.draft_id == draft_id:
            current[review.section] = review
    return current


# The largest note the Supabase database signs (public.sign_note refuses sections whose JSON
# text is longer, in bytes). Each field may hold 20,000 characters, so a note of long edits in
# a script of three bytes a character (Chinese, Japanese) could pass every field's check and
# then be refused at the signature: it is refused here first, saying why, on both backends.
MAX_NOTE_BYTES = 200_000


def _signable(sections: dict[str, Any]) -> dict[str, Any]:
    size = len(json.dumps(sections, ensure_ascii=False).encode("utf-8"))
    if size > MAX_NOTE_BYTES:
        raise InvalidInput(
            f"The note is too long to sign ({size // 1000} kB of text; at most "
            f"{MAX_NOTE_BYTES // 1000} kB): shorten an edited section"
        )
    return sections


def signed_sections(draft: Draft, reviews: Mapping[str, SectionReview]) -> dict[str, Any]:
    """What the doctor signs: per section, the decision and the text that stands (the AI's
    when accepted, the doctor's when edited, none when rejected, with the reason)."""
    missing = [SECTION_LABELS[s] for s in Section if s.value not in reviews]
    if missing:
        raise InvalidInput(f"Review every section before signing; still open: {', '.join(missing)}")
    sections: dict[str, Any] = {}
    for section in Section:
        review = reviews[section.value]
        if review.decision == Decision.ACCEPTED:
            text: SectionText | None = ai_text(draft.ai_insights, section.value)
        elif review.decision == Decision.EDITED:
            text = review.edited
        else:
            text = None
        sections[section.value] = {
            "decision": review.decision,
            "text": text,
            "reason": review.reason,
        }
    return _signable(sections)


def amended_sections(
    previous: Mapping[str, Any], changes: Mapping[str, SectionText]
) -> dict[str, Any]:
    """The previous version's sections with the doctor's amended ones in their place."""
    if not changes:
        raise InvalidInput("An amendment changes at least one section")
    sections: dict[str, Any] = json.loads(json.dumps(previous))  # a deep copy of plain JSON
    for section, text in changes.items():
        sections[section] = {"decision": Decision.EDITED.value, "text": text, "reason": None}
    if sections == previous:
        raise InvalidInput("The amendment is the same as the signed version")
    return _signable(sections)


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def content_hash(
    case_id: str, version: int, draft_id: str, sections: Any, signed_by: str, signed_at: str
) -> str:
    """SHA-256 over the signed content, the signer and the moment: what a signature covers."""
    payload = canonical(
        {
            "case_id": case_id,
            "version": version,
            "draft_id": draft_id,
            "sections": sections,
            "signed_by": signed_by,
            "signed_at": signed_at,
        }
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def signed_at_text(moment: datetime) -> str:
    """The signing time as hashed: ISO 8601 in UTC, as ``datetime.isoformat`` writes it
    (no fraction when the microseconds are 0), as public.signed_at_text in
    supabase/migrations/*_signing_in_the_database.sql writes it."""
    return moment.astimezone(UTC).isoformat()


def hash_matches(note: SignedNote) -> bool:
    """Whether a stored version still has the content it was signed with."""
    sections = note.content.get("sections") if isinstance(note.content, Mapping) else None
    expected = content_hash(
        note.case_id,
        note.version,
        note.draft_id,
        sections,
        note.signed_by,
        signed_at_text(note.signed_at),
    )
    return expected == note.content_hash


def checked(note: SignedNote) -> SignedNote:
    """The note as read from a store, marked verified when its hash matches its content."""
    return replace(note, verified=hash_matches(note))


def changed_sections(previous: Mapping[str, Any], sections: Mapping[str, Any]) -> list[str]:
    """The sections an amendment changes, sorted (the audit event's details)."""
    return sorted(name for name in sections if sections[name] != previous.get(name))


# --- what changed -------------------------------------------------------------------------


def as_lines(text: SectionText | None, section: str) -> list[str]:
    """A section's text as readable lines, field by field."""
    if not text:
        return []
    lines: list[str] = []
    for name in SECTION_FIELDS[section]:
        value = text.get(name)
        if name in LIST_FIELDS:
            body = [f"- {item}" for item in value or []]
        else:
            body = (value or "").splitlines()
        if body:
            lines.append(f"{FIELD_LABELS[name]}:")
            lines.extend(f"  {line}" for line in body)
    return lines


def changes_from_draft(section: str, ai: SectionText, doctor: SectionText | None) -> list[str]:
    """A unified diff from the AI's text to the doctor's ('-' the AI's, '+' the doctor's)."""
    return list(
        difflib.unified_diff(
            as_lines(ai, section),
            as_lines(doctor, section),
            fromfile="AI draft",
            tofile="Doctor's version",
            lineterm="",
        )
    )
