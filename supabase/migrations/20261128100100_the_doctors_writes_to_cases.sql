-- MedCase: a doctor's token changes a case's analysis only through the doctor's own
-- functions (sec20).
--
-- With the analyzer's writes moved to its own functions (20261128100000), the doctor's
-- token still held UPDATE on every column of public.cases, so it could PATCH its own case
-- completed or failed, set its stage, error or attempts, date or take its claim, or write
-- the landing sections the case page shows as the AI's. It also inserted its cases with
-- whatever analysis columns it named.
--
-- Now:
-- * UPDATE on public.cases is granted to `authenticated` column by column: the doctor's
--   content (patient_name, patient_age, case_summary), content_version (moved on when the
--   content or the files change), review_state (a section reviewed; signing is
--   sign_note's, and review_state_follows_signed_notes refuses "signed" otherwise) and
--   updated_at (named by the app to keep a request non-empty; the trigger sets it), and
--   patient_gender and patient_id, which their triggers keep as they were (round
--   fourteen; granted so that the triggers, not the grant, say why).
--   Not status, archived_from, analysis_stage, analysis_error, analysis_attempts,
--   analysis_claim, analysis_claimed_at or draft_sections, nor the ids and creation time.
-- * Those columns change at the doctor's request through three SECURITY DEFINER functions
--   (empty search_path, EXECUTE for `authenticated` only), each on the caller's own case
--   (auth.uid()) under a row lock, as core.lifecycle describes them:
--   request_analysis(case): status analyzing, stage initialized, no error, attempts 0,
--   claim released, sections cleared; archive_case(case): archived, archived_from the
--   status before, claim released; restore_case(case): back to the status before (an
--   interrupted analysis requested again).
-- * A doctor inserts a case only as a new case waits for its first analysis (status
--   analyzing, or the column's default pending, which no job takes; stage initialized or
--   none; no error, claim, attempts, sections, archive or review state).

revoke update on public.cases from anon, authenticated;
grant update (
    patient_name, patient_age, case_summary, content_version, review_state, updated_at,
    patient_gender, patient_id
) on public.cases to authenticated;

create function public.request_analysis(p_case uuid)
    returns boolean
    language sql
    volatile
    security definer
    set search_path = ''
as $$
    with requested as (
        update public.cases c
        set status = 'analyzing',
            analysis_stage = 'initialized',
            analysis_error = null,
            analysis_attempts = 0,
            analysis_claim = null,
            analysis_claimed_at = null,
            draft_sections = null
        where c.case_id = p_case
          and c.user_id = (select auth.uid())
        returning 1
    )
    select exists (select 1 from requested);
$$;

create function public.archive_case(p_case uuid)
    returns boolean
    language sql
    volatile
    security definer
    set search_path = ''
as $$
    with archived as (
        update public.cases c
        set status = 'archived',
            archived_from = c.status,
            analysis_claim = null,
            analysis_claimed_at = null
        where c.case_id = p_case
          and c.user_id = (select auth.uid())
          and c.status <> 'archived'
        returning 1
    )
    select exists (select 1 from archived);
$$;

create function public.restore_case(p_case uuid)
    returns boolean
    language plpgsql
    volatile
    security definer
    set search_path = ''
as $$
declare
    earlier text;
begin
    select coalesce(c.archived_from, 'completed') into earlier
    from public.cases c
    where c.case_id = p_case
      and c.user_id = (select auth.uid())
      and c.status = 'archived'
    for no key update;
    if not found then
        return false;
    end if;
    if earlier in ('analyzing', 'processing') then
        update public.cases c
        set status = 'analyzing',
            analysis_stage = 'initialized',
            analysis_error = null,
            analysis_attempts = 0,
            analysis_claim = null,
            analysis_claimed_at = null,
            draft_sections = null,
            archived_from = null
        where c.case_id = p_case;
    else
        update public.cases c
        set status = earlier,
            archived_from = null
        where c.case_id = p_case;
    end if;
    return true;
end;
$$;

comment on function public.request_analysis(uuid) is
    'The doctor''s: analyse the caller''s own case again from the start; true when requested.';
comment on function public.archive_case(uuid) is
    'The doctor''s: set the caller''s own case aside (an analysis under way stops); true when archived.';
comment on function public.restore_case(uuid) is
    'The doctor''s: bring the caller''s archived case back to its status before; true when restored.';

revoke all on function public.request_analysis(uuid) from public, anon, medcase_analyzer;
revoke all on function public.archive_case(uuid) from public, anon, medcase_analyzer;
revoke all on function public.restore_case(uuid) from public, anon, medcase_analyzer;
grant execute on function public.request_analysis(uuid) to authenticated;
grant execute on function public.archive_case(uuid) to authenticated;
grant execute on function public.restore_case(uuid) to authenticated;

drop policy "Doctors open cases for themselves" on public.cases;
create policy "Doctors open cases for themselves" on public.cases
    for insert to authenticated
    with check (
        user_id = (select auth.uid())
        -- A new case waits for its first analysis (core.lifecycle.created).
        and status in ('analyzing', 'pending')
        and (analysis_stage is null or analysis_stage = 'initialized')
        and analysis_error is null
        and analysis_claim is null
        and analysis_claimed_at is null
        and analysis_attempts = 0
        and draft_sections is null
        and archived_from is null
        and review_state is null
    );
