-- MedCase: a case's notes, a patient's name and record number, how a doctor signs and an
-- acknowledgment's comment hold what the app lets through, and no more (round fifteen,
-- red15).
--
-- The app refuses text-direction controls and control characters in the notes
-- (core/validation.py case_summary), every control and invisible format character in a
-- patient's name and record number (patient_name, record_number) and in the name and
-- credentials a doctor signs with (core/review.py signer_profile: one line, something to
-- see), and drops them from an acknowledgment's comment (core/critical_results.py
-- comment_of). The database held only their lengths, and a doctor's token reaches these
-- rows straight through PostgREST: notes that reached an enrolled case's blind view (read
-- by the pilot's reviewers), the model and the FHIR document ("Warfarin \u202e05 mg daily"
-- shows its dose reordered; no FHIR string holds a control character), a signature line
-- with a line break and a countersignature nobody gave (copied into every version signed,
-- its PDF and its FHIR attester), a name as signed of zero-width spaces.
--
-- Checked when a value is written or changed (a trigger, not a NOT VALID constraint: a row
-- stored before, say a pasted form feed in old notes, keeps every other update working, as
-- the analyzer's status changes of that case). The acknowledgment is never updated: a
-- NOT VALID check. The embedded file has no twin: only the app writes it.

-- One line with nothing hidden: no control character (line ends and tab included), no
-- text-direction control or mark, no zero-width or other invisible format character
-- (core/plain_text.py hidden_characters, which the app applies, refuses all of these).
create function public.plain_line(value text) returns boolean
    language sql
    immutable
    set search_path = ''
as $$
    select value is null
        or value !~ ('[\u0001-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f'
                     '\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb'
                     '\U000e0001\U000e0020-\U000e007f]')
$$;

comment on function public.plain_line(text) is
    'One line with no control, direction or invisible format character (core/plain_text.py).';

revoke execute on function public.plain_line(text) from public, anon;
grant execute on function public.plain_line(text) to authenticated;

create function public.case_text_plain() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if (tg_op = 'INSERT' or new.case_summary is distinct from old.case_summary)
       and not public.plain_typed_text(new.case_summary)
    then
        raise exception 'the notes hold a text-direction control or a control character'
            using errcode = 'check_violation', hint = 'text_not_plain';
    end if;
    if (tg_op = 'INSERT' or new.patient_name is distinct from old.patient_name)
       and not public.plain_line(new.patient_name)
    then
        raise exception 'the patient''s name holds a hidden character'
            using errcode = 'check_violation', hint = 'text_not_plain';
    end if;
    return new;
end;
$$;

create trigger cases_text_plain before insert or update on public.cases
    for each row execute function public.case_text_plain();

create function public.patient_text_plain() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if ((tg_op = 'INSERT' or new.name is distinct from old.name)
        and not public.plain_line(new.name))
       or ((tg_op = 'INSERT' or new.record_number is distinct from old.record_number)
           and not public.plain_line(new.record_number))
    then
        raise exception 'a patient''s name and record number hold no hidden character'
            using errcode = 'check_violation', hint = 'text_not_plain';
    end if;
    return new;
end;
$$;

create trigger patients_text_plain before insert or update on public.patients
    for each row execute function public.patient_text_plain();

create function public.signer_text_plain() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if ((tg_op = 'INSERT' or new.display_name is distinct from old.display_name)
        and not (public.plain_line(new.display_name)
                 and public.visible_reason(new.display_name)))
       or ((tg_op = 'INSERT' or new.credentials is distinct from old.credentials)
           and not public.plain_line(new.credentials))
    then
        raise exception 'a name as signed is one visible line with nothing hidden'
            using errcode = 'check_violation', hint = 'text_not_plain';
    end if;
    return new;
end;
$$;

create trigger doctor_profiles_text_plain before insert or update on public.doctor_profiles
    for each row execute function public.signer_text_plain();

revoke all on function public.case_text_plain(), public.patient_text_plain(),
    public.signer_text_plain() from public, anon, authenticated;

alter table public.critical_acknowledgments
    add constraint critical_acknowledgments_comment_plain
    check (public.plain_typed_text(comment)) not valid;
