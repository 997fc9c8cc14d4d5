-- MedCase: holes an outside reviewer's requests found with their own token (round twelve),
-- closed in the database. Each is attacked in tests/contract/test_attack_matrix.py.
--
-- 1. The enrolment checks ran as their owner and compared what was sent with the stored
--    case, draft or review BEFORE asking whose row it was: a refused insert's words told a
--    right guess from a wrong one. Any signed-in account that knew a case id (a pilot's
--    coordinator reads them) could try patient names on pilot_cases, read the case summary a
--    character at a time, and read the text behind every [PATIENT] of an enrolled draft on
--    pilot_case_insights; on pilot_reviews, try another reviewer's blind diagnosis as a
--    "correction". Now each check first refuses a row that is not the caller's own, with the
--    same words whatever was sent.
-- 2. cases.review_state was the client's to write: "signed" without a signed note, or a
--    signed case put back to "awaiting review" (the list, the export of earlier results
--    and the pilot's enrol list read it). Now it follows the signed notes: signed and
--    amended only as sign_note leaves them, and never away from them.
-- 3. case_insights.draft_id (the draft a sign-off signs, whose critical values it waits
--    for) could name a draft of another case, even another doctor's. Now it names a draft
--    of the same case and doctor.
-- 4. Object names and file rows: the bucket's policies read the first folder only, so
--    "<me>/../<victim>/<case>/..." went in, a name a file backend resolves into the
--    victim's folder; a file row could hold such a key too. Now both are the app's keys,
--    {user_id}/{case_id}/{file_id}/{safe name} (core/files.py storage_key), no dot or empty
--    segment.
-- 5. The signed text kept beside an enrolled draft (what the pilot compares the AI's draft
--    with) could be dropped again by the owner's token; now, once kept, it stays (replaced
--    only by a later signed version's, as check_enrolled_draft checks).
-- 6. A case's id and creation time were the owner's to change: a new case_id (for a case
--    no row refers to by key yet) left its audit events naming a case that no longer
--    exists, off the case's trail; created_at could be moved years back. Now the id is
--    fixed and an update keeps created_at as it was. A file's id likewise (its
--    file_added / file_viewed / file_downloaded events name it).

-- 1. Whose row first --------------------------------------------------------------------------

create or replace function public.check_enrolled_view() returns trigger
    language plpgsql
    security definer
    set search_path = ''
as $$
declare
    caller uuid := (select auth.uid());
begin
    -- Before any comparison with stored data: the caller's own case, or a refusal that
    -- says nothing of it (a server role without a caller is the database's own).
    if caller is not null and (
        new.owner_id is distinct from caller
        or not exists (select 1 from public.cases c
                       where c.case_id = new.case_id and c.user_id = caller))
    then
        raise exception 'only the case''s own doctor enrols it'
            using errcode = 'insufficient_privilege';
    end if;
    if public.names_patient(new.case_view,
                            (select c.patient_name from public.cases c
                             where c.case_id = new.case_id))
    then
        raise exception 'an enrolled case never holds the patient''s name'
            using errcode = 'check_violation';
    end if;
    if not public.view_from_stored_case(new.case_view, new.case_id, new.owner_id) then
        raise exception 'the enrolled view is the stored case''s, redacted'
            using errcode = 'check_violation';
    end if;
    return new;
end;
$$;

create or replace function public.check_enrolled_draft() returns trigger
    language plpgsql
    security definer
    set search_path = ''
as $$
declare
    caller uuid := (select auth.uid());
    stored jsonb;
    patient text;
    enrolled_case uuid;
    signed jsonb;
begin
    -- Before any comparison with stored data: the caller's own enrolment.
    if caller is not null and (
        new.owner_id is distinct from caller
        or not exists (select 1 from public.pilot_cases e
                       where e.enrolment_id = new.enrolment_id and e.owner_id = caller))
    then
        raise exception 'only the case''s own doctor keeps its enrolled draft'
            using errcode = 'insufficient_privilege';
    end if;
    select d.ai_insights into stored from public.ai_drafts d
    where d.draft_id = new.draft_id and d.user_id = new.owner_id;
    select c.patient_name, c.case_id into patient, enrolled_case
    from public.pilot_cases e join public.cases c on c.case_id = e.case_id
    where e.enrolment_id = new.enrolment_id;
    -- The signed text beside the draft is the latest signed version's on that draft, its
    -- texts redacted: the same sections, fields and list lengths, rejected ones null.
    if new.signed_sections is not null then
        select (select jsonb_object_agg(s.key, s.value -> 'text')
                from jsonb_each(n.content -> 'sections') s)
        into signed
        from public.signed_notes n
        where n.case_id = enrolled_case and n.user_id = new.owner_id
        order by n.version desc limit 1;
        if signed is null or not public.redacted_copy(new.signed_sections, signed)
           or not exists (select 1 from public.signed_notes n
                          where n.case_id = enrolled_case and n.draft_id = new.draft_id)
        then
            raise exception 'the signed text beside a draft is its signed note''s, redacted'
                using errcode = 'check_violation';
        end if;
    end if;
    if stored is null
       or not public.redacted_copy(new.ai_insights, stored)
       or (new.ai_insights - array['case_summary', 'soap_note', 'primary_diagnosis',
                                   'lab_values'])
          is distinct from
          (stored - array['case_summary', 'soap_note', 'primary_diagnosis', 'lab_values'])
       or (new.ai_insights #> '{primary_diagnosis,icd_code}')
          is distinct from (stored #> '{primary_diagnosis,icd_code}')
    then
        raise exception 'the enrolled draft is the stored draft, its texts redacted'
            using errcode = 'check_violation';
    end if;
    if public.names_patient(new.ai_insights, patient)
       or public.names_patient(new.signed_sections, patient)
    then
        raise exception 'an enrolled case never holds the patient''s name'
            using errcode = 'check_violation';
    end if;
    return new;
end;
$$;

create or replace function public.keep_pilot_review_blind() returns trigger
    language plpgsql
    security definer
    set search_path = ''
as $$
declare
    caller uuid := (select auth.uid());
    corrected public.pilot_reviews;
begin
    -- Before reading any review: the caller files their own, and corrects only their own
    -- review of the same case (the policy says so too, after this trigger has run).
    if caller is not null and new.reviewer_id is distinct from caller then
        raise exception 'a reviewer files their own reviews only'
            using errcode = 'insufficient_privilege';
    end if;
    -- One writer per reviewer and case at a time: the checks below see each other's rows.
    perform pg_advisory_xact_lock(
        hashtextextended(new.enrolment_id::text || new.reviewer_id::text, 23));
    if new.supersedes is null then
        if exists (select 1 from public.pilot_reviews r
                   where r.enrolment_id = new.enrolment_id and r.reviewer_id = new.reviewer_id)
        then
            raise exception 'one review per reviewer and case; correct the current one'
                using errcode = 'unique_violation';
        end if;
        return new;
    end if;
    select r.* into corrected from public.pilot_reviews r where r.review_id = new.supersedes;
    if caller is not null and (corrected.reviewer_id is distinct from caller
                               or corrected.enrolment_id is distinct from new.enrolment_id)
    then
        raise exception 'a reviewer files their own reviews only'
            using errcode = 'insufficient_privilege';
    end if;
    if exists (select 1 from public.pilot_reviews r where r.supersedes = new.supersedes) then
        raise exception 'that review is corrected already; correct the current one'
            using errcode = 'unique_violation';
    end if;
    if (new.diagnosis, new.icd_code) is distinct from (corrected.diagnosis, corrected.icd_code)
    then
        raise exception 'a correction keeps the blind diagnosis'
            using errcode = 'check_violation';
    end if;
    new.diagnosed_at := corrected.diagnosed_at;
    return new;
end;
$$;

-- 2. The review state follows the signed notes ------------------------------------------------

-- Security invoker: it reads the signed notes the caller may read (their own case's), so a
-- stranger's insert naming someone's case id learns nothing from it.
create function public.review_state_follows_signed_notes() returns trigger
    language plpgsql
    set search_path = ''
as $$
declare
    latest integer;
begin
    select max(n.version) into latest from public.signed_notes n where n.case_id = new.case_id;
    if (latest is null and new.review_state in ('signed', 'amended'))
       or (latest = 1 and new.review_state is distinct from 'signed')
       or (latest > 1 and new.review_state is distinct from 'amended')
    then
        raise exception 'the review state follows the signed notes: only signing signs'
            using errcode = 'check_violation', hint = 'review_state_follows_signed_notes';
    end if;
    return new;
end;
$$;

create trigger cases_review_state_follows_signed_notes
    before insert or update of review_state on public.cases
    for each row execute function public.review_state_follows_signed_notes();

revoke execute on function public.review_state_follows_signed_notes() from public, anon, authenticated;

-- 3. The current draft is a draft of the same case ---------------------------------------------

drop policy "Doctors save insights for their own cases" on public.case_insights;
drop policy "Doctors replace insights of their own cases" on public.case_insights;

create policy "Doctors save insights for their own cases" on public.case_insights
    for insert to authenticated
    with check (
        user_id = (select auth.uid())
        and exists (select 1 from public.cases c
                    where c.case_id = case_insights.case_id and c.user_id = (select auth.uid()))
        and (draft_id is null
             or exists (select 1 from public.ai_drafts d
                        where d.draft_id = case_insights.draft_id
                          and d.case_id = case_insights.case_id
                          and d.user_id = (select auth.uid())))
    );

create policy "Doctors replace insights of their own cases" on public.case_insights
    for update to authenticated
    using (user_id = (select auth.uid()))
    with check (
        user_id = (select auth.uid())
        and exists (select 1 from public.cases c
                    where c.case_id = case_insights.case_id and c.user_id = (select auth.uid()))
        and (draft_id is null
             or exists (select 1 from public.ai_drafts d
                        where d.draft_id = case_insights.draft_id
                          and d.case_id = case_insights.case_id
                          and d.user_id = (select auth.uid())))
    );

-- 4. Keys: the app's shape, in the caller's folder ----------------------------------------------

-- {user_id}/{case_id}/{file_id}/{safe name}: three ids, then core/files.py safe_name's
-- letters, digits, dot, dash and underscore, never starting with a dot (so no "." or "..").
alter table public.case_files
    add constraint case_files_file_url_is_a_key
    check (file_url ~ '^[0-9a-f-]{36}/[0-9a-f-]{36}/[0-9a-f-]{36}/[A-Za-z0-9_-][A-Za-z0-9._-]*$')
    not valid;

comment on constraint case_files_file_url_is_a_key on public.case_files is
    'The storage key core/files.py storage_key writes: no dot, empty or extra segment.';

drop policy "Doctors upload into their own folder" on storage.objects;
drop policy "Doctors replace their own case files" on storage.objects;

create policy "Doctors upload into their own folder" on storage.objects
    for insert to authenticated
    with check (
        bucket_id = 'case-files'
        and (storage.foldername(name))[1] = (select auth.uid())::text
        and name ~ '^[0-9a-f-]{36}/[0-9a-f-]{36}/[0-9a-f-]{36}/[A-Za-z0-9_-][A-Za-z0-9._-]*$'
    );

create policy "Doctors replace their own case files" on storage.objects
    for update to authenticated
    using (
        bucket_id = 'case-files'
        and (storage.foldername(name))[1] = (select auth.uid())::text
    )
    with check (
        bucket_id = 'case-files'
        and (storage.foldername(name))[1] = (select auth.uid())::text
        and name ~ '^[0-9a-f-]{36}/[0-9a-f-]{36}/[0-9a-f-]{36}/[A-Za-z0-9_-][A-Za-z0-9._-]*$'
    );

-- 5. The signed text beside an enrolled draft stays ----------------------------------------

create or replace function public.keep_enrolled_draft() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if (new.enrolment_id, new.pilot_id, new.owner_id, new.draft_id, new.ai_insights)
       is distinct from
       (old.enrolment_id, old.pilot_id, old.owner_id, old.draft_id, old.ai_insights)
       or (old.signed_sections is not null and new.signed_sections is null)
    then
        raise exception 'an enrolled draft is never changed'
            using errcode = 'insufficient_privilege';
    end if;
    return new;
end;
$$;

-- 6. A case's id and creation time -----------------------------------------------------------

create or replace function public.touch_case_updated_at() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if new.case_id is distinct from old.case_id then
        raise exception 'a case''s id is fixed: its audit events name it'
            using errcode = 'check_violation';
    end if;
    new.created_at := old.created_at;
    new.updated_at := greatest(clock_timestamp(), old.updated_at + interval '1 microsecond');
    return new;
end;
$$;

create function public.keep_case_file_id() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    raise exception 'a file''s id is fixed: its audit events name it'
        using errcode = 'check_violation';
end;
$$;

create trigger case_files_id_fixed
    before update of file_id on public.case_files
    for each row
    when (new.file_id is distinct from old.file_id)
    execute function public.keep_case_file_id();

revoke execute on function public.keep_case_file_id() from public, anon, authenticated;
