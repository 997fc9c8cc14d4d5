-- MedCase: the analyzer writes as a role of its own (sec18, eighteenth round).
--
-- The analyzer wrote drafts, insights, critical findings and each file's reading with the
-- doctor's own token, so that token sent straight to PostgREST could store a "draft" of
-- the doctor's own words, make it current, accept it and sign it as the AI's: only the
-- app's seal (an HMAC the database cannot check) told. Now only the role
-- medcase_analyzer writes them, through a token whose role claim is that role, held by
-- the app's server alone (SUPABASE_ANALYZER_KEY; README: how to mint it). The doctor's
-- token keeps reading them.
--
-- The analyzer writes only the analysis of a case being analysed (status 'analyzing'),
-- for that case's owner, and reads nothing but the ids its file-reading update names:
-- no patient's name, note, review, signed note or audit event. Claims, stages, statuses
-- and the landing sections (cases) stay the doctor's to write: they hold no AI text
-- that is signed or exported (docs/security.md, "sec18").

do $$
begin
    if not exists (select 1 from pg_roles where rolname = 'medcase_analyzer') then
        create role medcase_analyzer nologin noinherit;
    end if;
end
$$;

-- PostgREST logs in as authenticator and switches to the token's role.
grant medcase_analyzer to authenticator;
grant usage on schema public to medcase_analyzer;

-- Policy helpers: they look at cases and drafts the analyzer may not read, and answer
-- yes or no for the ids named.

create function public.analysis_underway(p_case uuid, p_owner uuid) returns boolean
    language sql
    stable
    security definer
    set search_path = ''
as $$
    select exists (
        select 1 from public.cases c
        where c.case_id = p_case and c.user_id = p_owner and c.status = 'analyzing'
    );
$$;

create function public.draft_of_analysis(p_draft uuid, p_case uuid, p_owner uuid)
    returns boolean
    language sql
    stable
    security definer
    set search_path = ''
as $$
    select exists (
        select 1 from public.ai_drafts d
        where d.draft_id = p_draft and d.case_id = p_case and d.user_id = p_owner
    );
$$;

revoke all on function public.analysis_underway(uuid, uuid) from public, anon, authenticated;
revoke all on function public.draft_of_analysis(uuid, uuid, uuid)
    from public, anon, authenticated;
grant execute on function public.analysis_underway(uuid, uuid) to medcase_analyzer;
grant execute on function public.draft_of_analysis(uuid, uuid, uuid) to medcase_analyzer;

-- AI drafts ----------------------------------------------------------------------------

drop policy "Doctors' analyses add drafts to their own cases" on public.ai_drafts;
revoke insert on public.ai_drafts from anon, authenticated;
grant insert on public.ai_drafts to medcase_analyzer;

create policy "The analyzer adds the draft of a case being analysed"
    on public.ai_drafts for insert to medcase_analyzer
    with check (public.analysis_underway(case_id, user_id));

-- The shape check of 20261127180000 now applies to the analyzer's role (it has no auth.uid;
-- the project's owner and the service role still pass unchecked).
create or replace function public.draft_as_the_analyzer_writes() returns trigger
    language plpgsql
    set search_path = ''
as $$
declare
    draft jsonb := new.ai_insights;
begin
    if current_user not in ('medcase_analyzer', 'authenticated', 'anon') then
        return new;  -- the project's owner (migrations, repairs), never an API role
    end if;
    if jsonb_typeof(draft) is distinct from 'object'
       or jsonb_typeof(draft -> 'case_summary') is distinct from 'object'
       or jsonb_typeof(draft -> 'soap_note') is distinct from 'object'
       or jsonb_typeof(draft -> 'primary_diagnosis') is distinct from 'object'
       or jsonb_typeof(draft -> 'provenance') is distinct from 'object'
       or coalesce(jsonb_typeof(draft -> 'lab_values'), 'array') <> 'array'
       or coalesce(jsonb_typeof(draft #> '{primary_diagnosis,differential}'), 'array')
          <> 'array'
       or exists (select 1 from jsonb_array_elements(
                      case when jsonb_typeof(draft -> 'lab_values') = 'array'
                           then draft -> 'lab_values' else '[]'::jsonb end) v
                  where jsonb_typeof(v) <> 'object'
                     or jsonb_typeof(v -> 'analyte') is distinct from 'string'
                     or jsonb_typeof(v -> 'value') is distinct from 'number'
                     or exists (
                         select 1 from jsonb_each(v) field
                         where jsonb_typeof(field.value) <> case
                             when field.key in ('critical', 'doubtful', 'other_patient')
                                 then 'boolean'
                             when field.key in ('reference_low', 'reference_high',
                                                'source_page', 'ocr_confidence')
                                 then (case when jsonb_typeof(field.value) = 'null'
                                            then 'null' else 'number' end)
                             when field.key in ('comparator', 'unit', 'flag', 'source_file_id',
                                                'source_line', 'specimen', 'timing', 'read_by',
                                                'sender_flag', 'result_status')
                                 then (case when jsonb_typeof(field.value) = 'null'
                                            then 'null' else 'string' end)
                             else jsonb_typeof(field.value)
                         end))
       or exists (select 1 from jsonb_array_elements(
                      case when jsonb_typeof(draft #> '{primary_diagnosis,differential}')
                                = 'array'
                           then draft #> '{primary_diagnosis,differential}'
                           else '[]'::jsonb end) v
                  where jsonb_typeof(v) <> 'object')
    then
        raise exception 'an AI draft has the analyzer''s shape'
            using errcode = 'check_violation', hint = 'draft_shape';
    end if;
    return new;
end;
$$;

revoke all on function public.draft_as_the_analyzer_writes() from public, anon, authenticated;

-- Critical findings ----------------------------------------------------------------------

drop policy "Doctors' analyses record critical values of their own drafts"
    on public.critical_findings;
revoke insert on public.critical_findings from anon, authenticated;
grant insert on public.critical_findings to medcase_analyzer;

create policy "The analyzer records the critical values of its draft"
    on public.critical_findings for insert to medcase_analyzer
    with check (
        public.analysis_underway(case_id, user_id)
        and public.draft_of_analysis(draft_id, case_id, user_id)
    );

-- When a value was first found: read across the case's findings, which the analyzer may
-- not select (the same rows the doctor's policy showed: one case, one owner).
create or replace function public.critical_finding_first_found() returns trigger
    language plpgsql
    security definer
    set search_path = ''
as $$
begin
    new.found_at := coalesce(
        (select min(f.found_at) from public.critical_findings f
         where f.case_id = new.case_id and f.value_key = new.value_key),
        now());
    return new;
end;
$$;

revoke all on function public.critical_finding_first_found() from public, anon, authenticated;

-- The current insights ---------------------------------------------------------------------

drop policy "Doctors save insights for their own cases" on public.case_insights;
drop policy "Doctors replace insights of their own cases" on public.case_insights;
revoke insert, update on public.case_insights from anon, authenticated;
-- The analyzer replaces the case's row: it removes it and inserts the new one (an upsert
-- would need it to read the row's columns).
grant insert, delete on public.case_insights to medcase_analyzer;
grant select (case_id, user_id) on public.case_insights to medcase_analyzer;

create policy "The analyzer saves the insights of a case being analysed"
    on public.case_insights for insert to medcase_analyzer
    with check (
        public.analysis_underway(case_id, user_id)
        and (draft_id is null or public.draft_of_analysis(draft_id, case_id, user_id))
    );

create policy "The analyzer removes the insights of a case being analysed"
    on public.case_insights for delete to medcase_analyzer
    using (public.analysis_underway(case_id, user_id));

-- A delete that names the case and its owner reads their ids (the grant above).
create policy "The analyzer finds the insights of a case being analysed"
    on public.case_insights for select to medcase_analyzer
    using (public.analysis_underway(case_id, user_id));

-- A file's reading -------------------------------------------------------------------------

-- A file row stays as uploaded (20261127150000): the doctor changed only its reading, which
-- is now the analyzer's. A doctor's upload carries no reading.
drop policy "Doctors change files of their own cases" on public.case_files;
revoke update on public.case_files from anon, authenticated;
grant select (file_id, user_id), update (text_data, ai_summary) on public.case_files
    to medcase_analyzer;

drop policy "Doctors add files to their own cases" on public.case_files;
create policy "Doctors add files to their own cases"
    on public.case_files for insert to authenticated
    with check (
        user_id = (select auth.uid())
        and text_data is null
        and ai_summary is null
        and exists (
            select 1 from public.cases c
            where c.case_id = case_files.case_id and c.user_id = (select auth.uid())
        )
    );

create policy "The analyzer finds the files of a case being analysed"
    on public.case_files for select to medcase_analyzer
    using (public.analysis_underway(case_id, user_id));

create policy "The analyzer saves the reading of files of cases being analysed"
    on public.case_files for update to medcase_analyzer
    using (public.analysis_underway(case_id, user_id))
    with check (public.analysis_underway(case_id, user_id));
