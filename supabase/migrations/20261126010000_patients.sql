-- MedCase: one patient, many cases (issue 27).
--
-- 1. public.patients: a doctor's patient records (name, sex, optional date of birth and
--    medical record number). A doctor sees, adds and edits only their own (RLS); a pilot's
--    reviewers and coordinator read none (no policy names them).
-- 2. cases.patient_id: every case is for one patient of its own doctor. The composite
--    foreign key (user_id, patient_id) -> patients (user_id, patient_id) holds it in the
--    database whoever writes: a foreign key is checked without RLS, so a plain key on
--    patient_id alone would let a doctor point a case at another doctor's record.
-- 3. Existing cases each get a record of their own (its id the case's, from the case's
--    name and gender; no date of birth is known): nothing is joined without the doctor.
--    A case inserted without a patient gets one the same way (a trigger), so older
--    clients keep working.
-- 4. Merging is a pointer, merged_into, to another record of the same doctor (the
--    composite self key), one level deep (a trigger). Only public.merge_patients and
--    public.unmerge_patient set it, each writing its patient_merged / patient_unmerged
--    event in the same transaction; a client can neither update merged_into (column
--    privileges) nor write those events (the audit policy), as with sign_note.

create table public.patients (
    patient_id uuid primary key default gen_random_uuid(),
    user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
    name text not null check (char_length(name) between 1 and 200),
    sex text not null check (sex in ('female', 'male', 'other', 'unknown')),
    date_of_birth date check (date_of_birth >= date '1850-01-01'),
    record_number text check (char_length(record_number) between 1 and 64),
    merged_into uuid,
    created_at timestamptz not null default now(),
    constraint patients_owner_key unique (user_id, patient_id),
    constraint patients_merged_into_same_doctor foreign key (user_id, merged_into)
        references public.patients (user_id, patient_id),
    constraint patients_not_merged_into_itself check (merged_into is distinct from patient_id)
);

comment on table public.patients is
    'A doctor''s patient records: one person across many cases (core/models.py Patient).';
comment on column public.patients.merged_into is
    'The record this one is merged into (set only by merge_patients / unmerge_patient).';

create index patients_owner on public.patients (user_id, created_at);
create index patients_merged on public.patients (merged_into);

alter table public.patients enable row level security;

create policy "Doctors see their own patients" on public.patients
    for select to authenticated
    using (user_id = (select auth.uid()));

create policy "Doctors add patients for themselves" on public.patients
    for insert to authenticated
    with check (user_id = (select auth.uid()) and merged_into is null);

create policy "Doctors change their own patients" on public.patients
    for update to authenticated
    using (user_id = (select auth.uid()))
    with check (user_id = (select auth.uid()));

revoke all on table public.patients from anon;
revoke insert, update, delete, truncate on table public.patients from authenticated;
grant insert (patient_id, user_id, name, sex, date_of_birth, record_number, created_at)
    on table public.patients to authenticated;
grant update (name, date_of_birth, record_number) on table public.patients to authenticated;

-- A merge is one level deep: into a record that is not merged, of a record nothing is
-- merged into, once (unmerge first to merge it elsewhere).
create function public.check_patient_merge() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if new.merged_into is not null and (
        (tg_op = 'UPDATE' and old.merged_into is not null)
        or exists (select 1 from public.patients p
                   where p.patient_id = new.merged_into and p.merged_into is not null)
        or exists (select 1 from public.patients p where p.merged_into = new.patient_id)
    ) then
        raise exception 'a record is merged once, into one that is not merged'
            using errcode = 'check_violation';
    end if;
    if tg_op = 'UPDATE' and (new.user_id is distinct from old.user_id
                             or new.sex is distinct from old.sex) then
        raise exception 'a patient''s doctor and sex are fixed' using errcode = 'check_violation';
    end if;
    return new;
end;
$$;

create trigger patients_merged_one_level
    before insert or update on public.patients
    for each row execute function public.check_patient_merge();

-- Cases -------------------------------------------------------------------------------------

alter table public.cases add column patient_id uuid;

insert into public.patients (patient_id, user_id, name, sex, created_at)
select c.case_id, c.user_id, c.patient_name, c.patient_gender, c.created_at
from public.cases c;

-- The pointer only: updated_at and the other update triggers are not this change's.
alter table public.cases disable trigger user;
update public.cases set patient_id = case_id;
alter table public.cases enable trigger user;

alter table public.cases alter column patient_id set not null;
alter table public.cases
    add constraint cases_patient_of_the_same_doctor foreign key (user_id, patient_id)
        references public.patients (user_id, patient_id);

create index cases_patient on public.cases (patient_id, created_at);

comment on column public.cases.patient_id is
    'The doctor''s own patient record the case is for (same doctor: composite foreign key).';

-- A case written without a patient gets a record of its own, as the migration gave every
-- existing case (as the caller: the patients policy applies to the new record).
create function public.case_patient_of_its_own() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if new.patient_id is null then
        insert into public.patients (patient_id, user_id, name, sex, created_at)
        values (new.case_id, new.user_id, new.patient_name, new.patient_gender, new.created_at);
        new.patient_id := new.case_id;
    end if;
    return new;
end;
$$;

create trigger cases_patient_of_their_own
    before insert on public.cases
    for each row execute function public.case_patient_of_its_own();

-- Merging, by the database --------------------------------------------------------------------

alter table public.audit_events drop constraint audit_events_action_check;

alter table public.audit_events
    add constraint audit_events_action_check check (action in (
        'case_created', 'case_opened', 'case_updated', 'case_archived', 'case_restored',
        'case_deleted', 'case_exported', 'file_added', 'file_downloaded',
        'analysis_requested', 'analysis_started', 'analysis_finished', 'analysis_failed',
        'section_accepted', 'section_edited', 'section_rejected', 'note_signed',
        'note_amended', 'signed_in', 'signed_out', 'pilot_created', 'pilot_member_added',
        'pilot_member_removed', 'pilot_case_enrolled', 'pilot_review_submitted',
        'patient_created', 'patient_merged', 'patient_unmerged'));

comment on constraint audit_events_action_check on public.audit_events is
    'The actions of core/audit.py AuditAction; pilot and patient events carry ids only.';

drop policy "Doctors record events of their own cases" on public.audit_events;

create policy "Doctors record events of their own cases" on public.audit_events
    for insert to authenticated
    with check (
        user_id = (select auth.uid())
        and action not in ('note_signed', 'note_amended', 'patient_merged', 'patient_unmerged')
        and (
            case_id is null
            or exists (
                select 1 from public.cases c
                where c.case_id = audit_events.case_id and c.user_id = (select auth.uid())
            )
        )
    );

-- Merge the caller's record p_patient into their record p_into; false when refused (not
-- both the caller's, the same record, either merged, or something merged into p_patient).
create function public.merge_patients(p_patient uuid, p_into uuid) returns boolean
    language plpgsql
    security definer
    set search_path = ''
as $$
declare
    doctor uuid := (select auth.uid());
begin
    if doctor is null then
        raise exception 'sign in to merge patients' using errcode = 'insufficient_privilege';
    end if;
    -- Both records locked, in one order: two merges at once cannot cross.
    perform 1 from public.patients p
    where p.patient_id in (p_patient, p_into) and p.user_id = doctor
    order by p.patient_id
    for update;
    update public.patients p set merged_into = p_into
    where p.patient_id = p_patient and p.user_id = doctor and p.merged_into is null
      and p_patient <> p_into
      and exists (select 1 from public.patients k
                  where k.patient_id = p_into and k.user_id = doctor and k.merged_into is null)
      and not exists (select 1 from public.patients m where m.merged_into = p_patient);
    if not found then
        return false;
    end if;
    insert into public.audit_events (user_id, case_id, action, details)
    values (doctor, null, 'patient_merged', public.canonical_json(
        jsonb_build_object('patient', p_patient::text, 'into', p_into::text)));
    return true;
end;
$$;

comment on function public.merge_patients(uuid, uuid) is
    'Merges the caller''s record into another of theirs and writes patient_merged; '
    'false when refused.';

-- Undo the merge of the caller's record p_patient; false when it is not a merged record of
-- theirs.
create function public.unmerge_patient(p_patient uuid) returns boolean
    language plpgsql
    security definer
    set search_path = ''
as $$
declare
    doctor uuid := (select auth.uid());
    merged uuid;
begin
    if doctor is null then
        raise exception 'sign in to unmerge patients' using errcode = 'insufficient_privilege';
    end if;
    select p.merged_into into merged from public.patients p
    where p.patient_id = p_patient and p.user_id = doctor and p.merged_into is not null
    for update;
    if merged is null then
        return false;
    end if;
    update public.patients set merged_into = null where patient_id = p_patient;
    insert into public.audit_events (user_id, case_id, action, details)
    values (doctor, null, 'patient_unmerged', public.canonical_json(
        jsonb_build_object('from', merged::text, 'patient', p_patient::text)));
    return true;
end;
$$;

comment on function public.unmerge_patient(uuid) is
    'Undoes the merge of the caller''s record and writes patient_unmerged; false when refused.';

revoke execute on function public.merge_patients(uuid, uuid), public.unmerge_patient(uuid),
    public.check_patient_merge(), public.case_patient_of_its_own()
    from public, anon;
grant execute on function public.merge_patients(uuid, uuid), public.unmerge_patient(uuid)
    to authenticated;
grant execute on function public.check_patient_merge(), public.case_patient_of_its_own()
    to authenticated;
