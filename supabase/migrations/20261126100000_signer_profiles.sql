-- MedCase: how each doctor signs (issue #26).
--
-- A doctor sets their name as signed ("Dr Alice Smith") and credentials ("MD") once; each
-- version they sign keeps both as they stood at the signature (signed_notes.signer_name,
-- signer_credentials), written by public.sign_note itself, so the attestation and the
-- signature line name a person, not only an e-mail. A doctor reads and writes only their
-- own profile; nobody deletes one (the signed versions keep their own copy anyway).

create table public.doctor_profiles (
    user_id uuid primary key references auth.users (id) on delete cascade,
    display_name text not null
        check (length(btrim(display_name)) between 1 and 200),
    credentials text not null default '' check (length(credentials) <= 200),
    updated_at timestamptz not null default now()
);

comment on table public.doctor_profiles is
    'How each doctor signs: name as signed and credentials, copied into each signed version.';

alter table public.doctor_profiles enable row level security;

create policy "Doctors read their own profile" on public.doctor_profiles
    for select to authenticated
    using (user_id = (select auth.uid()));

create policy "Doctors create their own profile" on public.doctor_profiles
    for insert to authenticated
    with check (user_id = (select auth.uid()));

create policy "Doctors change their own profile" on public.doctor_profiles
    for update to authenticated
    using (user_id = (select auth.uid()))
    with check (user_id = (select auth.uid()));

revoke all on table public.doctor_profiles from anon;
revoke delete, truncate on table public.doctor_profiles from authenticated;
grant select, insert, update on table public.doctor_profiles to authenticated;

-- The time of the last change is the database's, whatever the client sends.
create function public.doctor_profile_touched() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    new.updated_at := now();
    return new;
end;
$$;

create trigger doctor_profiles_touched before insert or update on public.doctor_profiles
    for each row execute function public.doctor_profile_touched();

revoke execute on function public.doctor_profile_touched() from public, anon, authenticated;

-- The name and credentials as signed, beside the e-mail (empty on earlier versions).
alter table public.signed_notes
    add column signer_name text not null default '',
    add column signer_credentials text not null default '';

-- sign_note (20261126030000) writes the signer's profile into the version it signs ------

create or replace function public.sign_note(
    p_case uuid,
    p_version integer,
    p_draft uuid,
    p_sections jsonb,
    p_reason text default null
) returns uuid
    language plpgsql
    security definer
    set search_path = ''
as $$
declare
    signer uuid := (select auth.uid());
    signer_email text;
    profile public.doctor_profiles;
    latest public.signed_notes;
    moment timestamptz := now();
    changed jsonb;
    new_id uuid := gen_random_uuid();
begin
    if signer is null then
        raise exception 'sign in to sign a note' using errcode = 'insufficient_privilege';
    end if;
    -- The caller's own case, locked: one signature of a case at a time.
    perform 1 from public.cases c
    where c.case_id = p_case and c.user_id = signer
    for update;
    if not found then
        raise exception 'no such case' using errcode = 'foreign_key_violation';
    end if;
    -- Every critical value of the current draft acknowledged first (issue #27).
    if exists (
        select 1 from public.case_insights i
        join public.critical_findings f on f.draft_id = i.draft_id and f.case_id = i.case_id
        where i.case_id = p_case
          and not exists (
              select 1 from public.critical_acknowledgments a
              where a.case_id = f.case_id and a.value_key = f.value_key)
    ) then
        raise exception 'acknowledge the critical values first'
            using errcode = 'check_violation', hint = 'critical_values_unacknowledged';
    end if;
    select n.* into latest from public.signed_notes n
    where n.case_id = p_case order by n.version desc limit 1;
    if p_version is distinct from coalesce(latest.version, 0) + 1 then
        return null;
    end if;
    if jsonb_typeof(p_sections) is distinct from 'object'
       or not p_sections ?& array['case_summary', 'soap_note', 'primary_diagnosis']
       or (select count(*) from jsonb_object_keys(p_sections)) <> 3
       or octet_length(p_sections::text) > 200000
    then
        raise exception 'a note has the three sections, and no more'
            using errcode = 'check_violation';
    end if;
    if latest.note_id is null then
        -- The sign-off is of the case's current draft, and has no amendment reason.
        if p_reason is not null or not exists (
            select 1 from public.case_insights i
            where i.case_id = p_case and i.user_id = signer and i.draft_id = p_draft
        ) then
            raise exception 'the sign-off is of the current draft'
                using errcode = 'check_violation';
        end if;
    else
        if length(trim(coalesce(p_reason, ''))) = 0 or not exists (
            select 1 from public.ai_drafts d
            where d.draft_id = p_draft and d.case_id = p_case and d.user_id = signer
        ) then
            raise exception 'an amendment needs a reason and a draft of the case'
                using errcode = 'check_violation';
        end if;
        select coalesce(jsonb_agg(e.key order by e.key collate "C"), '[]'::jsonb) into changed
        from jsonb_each(p_sections) e
        where e.value is distinct from latest.content -> 'sections' -> e.key;
        if changed = '[]'::jsonb then
            raise exception 'the amendment is the same as the signed version'
                using errcode = 'check_violation';
        end if;
    end if;
    select u.email into signer_email from auth.users u where u.id = signer;
    -- The signer's name and credentials as they stand now, kept with the version (#26).
    select p.* into profile from public.doctor_profiles p where p.user_id = signer;
    -- Refused here too, not only by the app: a token sent straight to PostgREST.
    if profile.user_id is null then
        raise exception 'set your name as signed before signing'
            using errcode = 'check_violation', hint = 'signer_name_missing';
    end if;
    insert into public.signed_notes (
        note_id, case_id, user_id, version, draft_id, content, content_hash, signed_by,
        signer_email, signed_at, amendment_reason, signer_name, signer_credentials
    ) values (
        new_id, p_case, signer, p_version, p_draft, jsonb_build_object('sections', p_sections),
        public.signed_note_hash(p_case, p_version, p_draft, p_sections, signer, moment),
        signer, coalesce(signer_email, ''), moment, p_reason,
        coalesce(profile.display_name, ''), coalesce(profile.credentials, '')
    );
    update public.cases
    set review_state = case when p_version = 1 then 'signed' else 'amended' end
    where case_id = p_case;
    -- The event only this function writes (the audit policy refuses it from clients).
    insert into public.audit_events (user_id, case_id, action, details)
    values (
        signer, p_case,
        case when p_version = 1 then 'note_signed' else 'note_amended' end,
        public.canonical_json(case when p_version = 1
            then jsonb_build_object('version', p_version)
            else jsonb_build_object('version', p_version, 'sections', changed) end)
    );
    return new_id;
end;
$$;
