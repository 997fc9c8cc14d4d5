-- MedCase: cases, their files and AI insights, each row owned by one doctor.
--
-- Runs unchanged on a Supabase project (`supabase db push` or the SQL editor).
-- On Supabase every table in `public` is granted to anon and authenticated by default,
-- so row-level security below is the only thing that keeps one doctor out of another's
-- data. Every policy compares the owner column with `(select auth.uid())`, which Postgres
-- evaluates once per query instead of once per row.

-- Cases -----------------------------------------------------------------------------------

create table public.cases (
    case_id uuid primary key default gen_random_uuid(),
    user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
    patient_name text not null check (char_length(patient_name) between 1 and 200),
    patient_age integer not null check (patient_age between 0 and 150),
    patient_gender text not null
        check (patient_gender in ('female', 'male', 'other', 'unknown')),
    case_summary text,
    status text not null default 'pending'
        check (status in ('pending', 'analyzing', 'processing', 'completed', 'failed', 'archived')),
    -- The analyzer's bookkeeping: its stage, its failure message, and the claim that makes
    -- one job (in one of possibly several app processes) the only writer of the case.
    analysis_stage text check (analysis_stage in (
        'initialized', 'lab_documents_processed', 'radiology_documents_processed',
        'case_summary_generated', 'soap_note_generated', 'diagnosis_generated',
        'insights_compiled', 'completed', 'error')),
    analysis_error text,
    analysis_claim uuid,
    analysis_claimed_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create index cases_owner_created on public.cases (user_id, created_at);

alter table public.cases enable row level security;

create policy "Doctors see their own cases" on public.cases
    for select to authenticated
    using (user_id = (select auth.uid()));

create policy "Doctors open cases for themselves" on public.cases
    for insert to authenticated
    with check (user_id = (select auth.uid()));

create policy "Doctors change their own cases" on public.cases
    for update to authenticated
    using (user_id = (select auth.uid()))
    with check (user_id = (select auth.uid()));

create policy "Doctors delete their own cases" on public.cases
    for delete to authenticated
    using (user_id = (select auth.uid()));

-- Every update refreshes updated_at, and it always moves forward (even within one clock tick).
create function public.touch_case_updated_at() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    new.updated_at := greatest(clock_timestamp(), old.updated_at + interval '1 microsecond');
    return new;
end;
$$;

create trigger cases_touch_updated_at
    before update on public.cases
    for each row execute function public.touch_case_updated_at();

-- A patient's gender is fixed when the case is opened.
create function public.keep_patient_gender() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if new.patient_gender is distinct from old.patient_gender then
        raise exception 'patient_gender cannot be changed' using errcode = 'check_violation';
    end if;
    return new;
end;
$$;

create trigger cases_gender_fixed
    before update of patient_gender on public.cases
    for each row execute function public.keep_patient_gender();

-- Case files ------------------------------------------------------------------------------

create table public.case_files (
    file_id uuid primary key default gen_random_uuid(),
    case_id uuid not null references public.cases (case_id) on delete cascade,
    user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
    file_name text not null check (char_length(file_name) between 1 and 255),
    file_type text not null,
    file_size bigint not null check (file_size > 0),
    -- The storage key: {user_id}/{case_id}/{file_id}/{safe_name}, the owner's folder first.
    file_url text not null unique
        check (split_part(file_url, '/', 1) = user_id::text
               and split_part(file_url, '/', 2) = case_id::text),
    file_category text not null check (file_category in ('lab', 'radiology')),
    text_data text,
    ai_summary jsonb,
    uploaded_at timestamptz not null default now()
);

create index case_files_case on public.case_files (case_id, uploaded_at);
create index case_files_owner on public.case_files (user_id);

alter table public.case_files enable row level security;

-- File rows belong to the doctor and sit beside a case the same doctor owns.
create policy "Doctors see files of their own cases" on public.case_files
    for select to authenticated
    using (user_id = (select auth.uid()));

create policy "Doctors add files to their own cases" on public.case_files
    for insert to authenticated
    with check (
        user_id = (select auth.uid())
        and exists (
            select 1 from public.cases c
            where c.case_id = case_files.case_id and c.user_id = (select auth.uid())
        )
    );

create policy "Doctors change files of their own cases" on public.case_files
    for update to authenticated
    using (user_id = (select auth.uid()))
    with check (
        user_id = (select auth.uid())
        and exists (
            select 1 from public.cases c
            where c.case_id = case_files.case_id and c.user_id = (select auth.uid())
        )
    );

create policy "Doctors delete files of their own cases" on public.case_files
    for delete to authenticated
    using (user_id = (select auth.uid()));

-- Insights --------------------------------------------------------------------------------

create table public.case_insights (
    case_id uuid primary key references public.cases (case_id) on delete cascade,
    user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
    ai_insights jsonb not null,
    generated_at timestamptz not null default now()
);

create index case_insights_owner on public.case_insights (user_id);

alter table public.case_insights enable row level security;

create policy "Doctors see insights of their own cases" on public.case_insights
    for select to authenticated
    using (user_id = (select auth.uid()));

create policy "Doctors save insights for their own cases" on public.case_insights
    for insert to authenticated
    with check (
        user_id = (select auth.uid())
        and exists (
            select 1 from public.cases c
            where c.case_id = case_insights.case_id and c.user_id = (select auth.uid())
        )
    );

create policy "Doctors replace insights of their own cases" on public.case_insights
    for update to authenticated
    using (user_id = (select auth.uid()))
    with check (
        user_id = (select auth.uid())
        and exists (
            select 1 from public.cases c
            where c.case_id = case_insights.case_id and c.user_id = (select auth.uid())
        )
    );

create policy "Doctors delete insights of their own cases" on public.case_insights
    for delete to authenticated
    using (user_id = (select auth.uid()));

-- The case list ----------------------------------------------------------------------------

-- One page of a doctor's cases with each case's primary diagnosis, the number of cases
-- matching the filter and the caseload by status, in one round trip. SECURITY INVOKER:
-- it runs as the calling doctor, so the policies above apply to every row it reads.
create function public.list_case_page(
    owner_id uuid,
    name_search text,
    wanted_statuses text[],
    newest_first boolean,
    page_size integer,
    page_offset integer
) returns jsonb
    language sql
    stable
    security invoker
    set search_path = ''
as $$
    with mine as (
        select c.* from public.cases c
        where c.user_id = owner_id and c.user_id = (select auth.uid())
    ),
    matching as (
        select m.* from mine m
        where m.status = any (wanted_statuses)
          -- strpos, not ilike: a % or _ the doctor types is a character, not a wildcard.
          and (name_search is null or strpos(lower(m.patient_name), lower(name_search)) > 0)
    ),
    page as (
        select m.case_id, m.user_id, m.patient_name, m.patient_age, m.patient_gender,
               m.case_summary, m.status, m.created_at, m.updated_at, m.analysis_stage,
               m.analysis_error,
               case when jsonb_typeof(i.ai_insights #> '{primary_diagnosis,primary_diagnosis}')
                         = 'string'
                    then i.ai_insights #>> '{primary_diagnosis,primary_diagnosis}' end
                   as primary_diagnosis,
               case when jsonb_typeof(i.ai_insights #> '{primary_diagnosis,icd_code}') = 'string'
                    then i.ai_insights #>> '{primary_diagnosis,icd_code}' end as icd_code,
               row_number() over (
                   order by
                       case when newest_first then m.created_at end desc,
                       case when not newest_first then m.created_at end asc,
                       m.case_id
               ) as position
        from matching m
        left join public.case_insights i on i.case_id = m.case_id
        order by position
        limit page_size offset page_offset
    )
    select jsonb_build_object(
        'rows', coalesce(
            (select jsonb_agg(to_jsonb(p) - 'position' order by p.position) from page p),
            '[]'::jsonb),
        'total', (select count(*) from matching),
        'counts_by_status', coalesce(
            (select jsonb_object_agg(s.status, s.number)
             from (select status, count(*) as number from mine group by status) s),
            '{}'::jsonb)
    )
$$;

create index cases_owner_status on public.cases (user_id, status);

-- Signed-out visitors get nothing: no policy names anon, and no privilege either.
revoke all on table public.cases, public.case_files, public.case_insights from anon;
revoke execute on function public.touch_case_updated_at(), public.keep_patient_gender()
    from public, anon, authenticated;
revoke execute on function public.list_case_page(uuid, text, text[], boolean, integer, integer)
    from public, anon;
grant execute on function public.list_case_page(uuid, text, text[], boolean, integer, integer)
    to authenticated;

-- Storage: a private bucket, one folder per doctor ----------------------------------------

insert into storage.buckets (id, name, public)
values ('case-files', 'case-files', false)
on conflict (id) do nothing;

-- Object names are {user_id}/{case_id}/{file_id}/{safe_name}: the first folder is the owner.
create policy "Doctors read their own case files" on storage.objects
    for select to authenticated
    using (
        bucket_id = 'case-files'
        and (storage.foldername(name))[1] = (select auth.uid())::text
    );

create policy "Doctors upload into their own folder" on storage.objects
    for insert to authenticated
    with check (
        bucket_id = 'case-files'
        and (storage.foldername(name))[1] = (select auth.uid())::text
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
    );

create policy "Doctors delete their own case files" on storage.objects
    for delete to authenticated
    using (
        bucket_id = 'case-files'
        and (storage.foldername(name))[1] = (select auth.uid())::text
    );
