"""How a doctor signs (issue #26): their name as signed and credentials, on both backends.

Signing is refused until the doctor has set them; each signed version keeps them as they
stood at the signature (a later change of profile leaves it alone). On Supabase, through
the PostgREST stand-in with each doctor's own token: a doctor reads and writes only their
own profile."""

from __future__ import annotations

import uuid

import pytest

from core.errors import InvalidInput, SignerNameMissing
from core.review import SignerProfile
from tests.contract.harness import BackendHarness, SignedIn, sign_note_as_reviewed
from tests.contract.test_review import _analysed, _review_all
from tests.supabase_stack.harness import SupabaseHarness
from tests.supabase_stack.server import SupabaseStack


def _without_profile(harness: BackendHarness) -> SignedIn:
    session = harness.provider.accounts.sign_up(
        f"dr-{uuid.uuid4().hex[:10]}@clinic.test", "s3cret-pass"
    )
    return SignedIn(session.doctor, harness.provider.for_analysis(session))


def test_signing_is_refused_until_the_doctor_sets_their_name_as_signed(
    harness: BackendHarness,
) -> None:
    doctor = _without_profile(harness)
    review = doctor.services.review
    case_id = _analysed(doctor)
    _review_all(doctor, case_id)
    assert review.signer_profile() is None
    with pytest.raises(SignerNameMissing, match="name as signed"):
        review.sign(case_id)
    assert review.summary(case_id).versions == []

    review.save_signer_profile("  Dr Alice   Smith ", "MD")
    assert review.signer_profile() == SignerProfile("Dr Alice Smith", "MD")
    signed = review.sign(case_id)
    assert (signed.signer_name, signed.signer_credentials) == ("Dr Alice Smith", "MD")
    assert signed.signed_as == "Dr Alice Smith, MD"
    assert signed.verified


def test_a_version_keeps_the_name_it_was_signed_with(doctor_a: SignedIn) -> None:
    review = doctor_a.services.review
    review.save_signer_profile("Dr Alice Smith", "MD")
    case_id = _analysed(doctor_a)
    _review_all(doctor_a, case_id)
    review.sign(case_id)
    review.save_signer_profile("Dr Alice Smith-Jones", "MD, PhD")
    review.amend(case_id, {"soap_note": {"plan": "Oral iron twice daily."}}, "Dose")

    first, second = review.versions(case_id)
    assert first.signed_as == "Dr Alice Smith, MD"
    assert second.signed_as == "Dr Alice Smith-Jones, MD, PhD"
    assert review.signer_profile() == SignerProfile("Dr Alice Smith-Jones", "MD, PhD")


def test_each_doctor_has_their_own_profile(doctor_a: SignedIn, doctor_b: SignedIn) -> None:
    doctor_a.services.review.save_signer_profile("Dr Alice Smith", "MD")
    doctor_b.services.review.save_signer_profile("Dr Bob Jones", "DO")
    assert doctor_a.services.review.signer_profile() == SignerProfile("Dr Alice Smith", "MD")
    assert doctor_b.services.review.signer_profile() == SignerProfile("Dr Bob Jones", "DO")


@pytest.mark.parametrize("name", ["", "   ", "\u200b", "Dr \u202eevil", "x" * 201])
def test_a_name_nobody_can_read_is_refused(doctor_a: SignedIn, name: str) -> None:
    with pytest.raises(InvalidInput):
        doctor_a.services.review.save_signer_profile(name, "MD")


# --- Supabase: the rule is the database's (RLS), proved through PostgREST ----------------


@pytest.mark.postgres
def test_only_the_owner_reads_and_writes_their_profile_through_postgrest(
    supabase_stack: SupabaseStack,
) -> None:
    harness = SupabaseHarness(supabase_stack)
    try:
        owner = harness.provider.accounts.sign_up(f"o-{uuid.uuid4().hex[:8]}@t.test", "pw-pw-pw")
        other = harness.provider.accounts.sign_up(f"x-{uuid.uuid4().hex[:8]}@t.test", "pw-pw-pw")
        owner_id = owner.doctor.user_id
        with supabase_stack.rest_as(owner.access_token) as rest:
            made = rest.post(
                "/rest/v1/doctor_profiles",
                json={"user_id": owner_id, "display_name": "Dr Alice Smith", "credentials": "MD"},
            )
            assert made.status_code == 201, made.text
            mine = rest.get("/rest/v1/doctor_profiles", params={"select": "display_name"})
            assert mine.json() == [{"display_name": "Dr Alice Smith"}]
            # Nor can the owner remove it, or write one in another doctor's name.
            rest.delete("/rest/v1/doctor_profiles", params={"user_id": f"eq.{owner_id}"})
            forged = rest.post(
                "/rest/v1/doctor_profiles",
                json={"user_id": other.doctor.user_id, "display_name": "Dr Forged"},
            )
            assert forged.status_code >= 400, forged.text
        with supabase_stack.rest_as(other.access_token) as rest:
            seen = rest.get("/rest/v1/doctor_profiles", params={"select": "*"})
            assert seen.status_code == 200 and seen.json() == [], seen.text
            # RLS hides the owner's row: the update finds nothing to change (checked below).
            rest.patch(
                "/rest/v1/doctor_profiles",
                params={"user_id": f"eq.{owner_id}"},
                json={"display_name": "Dr Mallory"},
            )
            taken = rest.post(
                "/rest/v1/doctor_profiles",
                json={"user_id": owner_id, "display_name": "Dr Mallory"},
            )
            assert taken.status_code >= 400, taken.text
        backend = harness.provider.for_session(owner)
        assert backend.reviews.signer_profile(owner_id) == SignerProfile("Dr Alice Smith", "MD")
        # The other doctor's own view: nothing of the owner's.
        theirs = harness.provider.for_session(other)
        assert theirs.reviews.signer_profile(owner_id) is None
    finally:
        harness.close()


@pytest.mark.postgres
def test_sign_note_writes_the_profile_as_it_stands_into_the_version(
    supabase_stack: SupabaseStack,
) -> None:
    harness = SupabaseHarness(supabase_stack)
    try:
        doctor = harness.sign_up()
        case_id = _analysed(doctor)
        _review_all(doctor, case_id)
        doctor.services.review.save_signer_profile("Dr Alice Smith", "MD")
        signed = doctor.services.review.sign(case_id)
        with harness.project.connect() as connection:
            row = connection.execute(
                "select signer_name, signer_credentials from public.signed_notes"
                " where note_id = %s",
                (signed.note_id,),
            ).fetchone()
        assert tuple(row) == ("Dr Alice Smith", "MD")
    finally:
        harness.close()


@pytest.mark.postgres
def test_sign_note_through_postgrest_is_refused_without_a_name_as_signed(
    supabase_stack: SupabaseStack,
) -> None:
    """A doctor's own token sent straight to PostgREST cannot sign a note in no one's name:
    the database refuses what the service refuses."""
    harness = SupabaseHarness(supabase_stack)
    try:
        session = harness.provider.accounts.sign_up(f"n-{uuid.uuid4().hex[:8]}@t.test", "pw-pw-pw")
        doctor = SignedIn(session.doctor, harness.provider.for_analysis(session))
        case_id = _analysed(doctor)
        _review_all(doctor, case_id)
        draft = doctor.services.review.summary(case_id).draft
        assert draft is not None
        arguments = sign_note_as_reviewed(doctor, case_id)
        with supabase_stack.rest_as(session.access_token) as rest:
            refused = rest.post("/rest/v1/rpc/sign_note", json=arguments)
            assert refused.status_code == 400, refused.text
            assert refused.json()["hint"] == "signer_name_missing"
            doctor.services.review.save_signer_profile("Dr Alice Smith", "MD")
            signed = rest.post("/rest/v1/rpc/sign_note", json=arguments)
            assert signed.status_code == 200 and signed.json(), signed.text
        [version] = doctor.services.review.summary(case_id).versions
        assert version.signed_as == "Dr Alice Smith, MD"
    finally:
        harness.close()


# --- Audit: setting or changing how one signs is an event (fields, never values) ---------


def _profile_events(doctor: SignedIn) -> list[dict[str, object]]:
    events = doctor.backend.audit.events(doctor.doctor.user_id)
    return [e.details for e in reversed(events) if e.action == "signer_profile_updated"]


def test_saving_how_one_signs_is_an_audit_event_naming_the_fields_changed(
    harness: BackendHarness,
) -> None:
    doctor = _without_profile(harness)
    review = doctor.services.review
    review.save_signer_profile("Dr Alice Smith", "")
    review.save_signer_profile("Dr  Alice Smith ", "")  # the same once tidied: no event
    review.save_signer_profile("Dr Alice Smith", "MD")
    review.save_signer_profile("Dr Alice Smith-Jones", "MD, PhD")
    review.save_signer_profile("Dr Alice Jones", "MD, PhD")
    with pytest.raises(InvalidInput):
        review.save_signer_profile("", "DO")  # refused: neither a change nor an event
    assert _profile_events(doctor) == [
        {"fields": ["display_name"]},
        {"fields": ["credentials"]},
        {"fields": ["credentials", "display_name"]},
        {"fields": ["display_name"]},
    ]
    events = doctor.backend.audit.events(doctor.doctor.user_id)
    assert all(e.case_id is None and e.user_id == doctor.doctor.user_id for e in events)
    stored = repr([e.details_json for e in events])
    for secret in ("Alice", "Smith", "Jones", "MD", "PhD"):
        assert secret not in stored
    assert doctor.services.verify_audit().intact


def test_the_profile_event_is_the_stores_own(doctor_a: SignedIn) -> None:
    trail, owner = doctor_a.backend.audit, doctor_a.doctor.user_id
    with pytest.raises(InvalidInput, match="written by the store"):
        trail.record(owner, "signer_profile_updated", None, {"fields": ["display_name"]})


@pytest.mark.postgres
def test_through_postgrest_a_profile_change_writes_its_event_and_a_forged_one_is_refused(
    supabase_stack: SupabaseStack,
) -> None:
    harness = SupabaseHarness(supabase_stack)
    try:
        owner = harness.provider.accounts.sign_up(f"a-{uuid.uuid4().hex[:8]}@t.test", "pw-pw-pw")
        owner_id = owner.doctor.user_id
        doctor = SignedIn(owner.doctor, harness.provider.for_session(owner))
        with supabase_stack.rest_as(owner.access_token) as rest:
            made = rest.post(
                "/rest/v1/doctor_profiles",
                json={"user_id": owner_id, "display_name": "Dr Alice Smith", "credentials": "MD"},
            )
            assert made.status_code == 201, made.text
            changed = rest.patch(
                "/rest/v1/doctor_profiles",
                params={"user_id": f"eq.{owner_id}"},
                json={"credentials": "MD, PhD"},
            )
            assert changed.status_code in (200, 204), changed.text
            forged = rest.post(
                "/rest/v1/audit_events",
                json={
                    "user_id": owner_id,
                    "action": "signer_profile_updated",
                    "details": '{"fields":["display_name"]}',
                },
            )
            assert forged.status_code >= 400, forged.text
        assert _profile_events(doctor) == [
            {"fields": ["credentials", "display_name"]},
            {"fields": ["credentials"]},
        ]
        assert doctor.services.verify_audit().intact
    finally:
        harness.close()
