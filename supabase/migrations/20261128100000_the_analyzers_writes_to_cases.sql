-- MedCase: the analyzer's writes to a case row go through functions of its own role (sec20).
--
-- Until now a job took its claim, beat it, moved the stage, landed the draft's sections
-- and closed the analysis (completed or failed, with the review state) with the doctor's
-- own token: a PATCH on public.cases and two SECURITY INVOKER functions
-- (claim_next_analysis, save_draft_section) under the doctor's row-level security. So the
-- doctor's token could do the same: mark its case analysed or failed, date its claim, or
-- write the landing sections the case page shows as the AI's.
--
-- Now each of these writes is a SECURITY DEFINER function (empty search_path) that only
-- medcase_analyzer may execute. Each names the owner and the claim, and checks both on the
-- locked case row: a job writes only the case it holds. The claim's time is the database's
-- (now()), never a time the caller names. complete_analysis makes the draft the current
-- insights (replace_case_insights) and closes the analysis in one transaction, and
-- complete_analysis / fail_analysis write the analyzer's audit event (analysis_finished /
-- analysis_failed) inside that transaction: a doctor re-requesting the analysis between
-- the status change and the event can no longer make the event refused. The analyzer's
-- role may therefore insert only analysis_started itself.
--
-- The doctor's own UPDATE on those columns is taken away in the next migration
-- (20261128100100_the_doctors_writes_to_cases.sql).

-- The queue every replica shares: the owner's oldest waiting case, claimed in one
-- statement (`for update skip locked`: replicas asking at once take different cases; the
-- condition is re-checked on the locked row).
create function public.take_analysis(p_owner uuid, p_claim uuid, p_stale_before timestamptz)
    returns uuid
    language sql
    volatile
    security definer
    set search_path = ''
as $$
    with next_case as (
        select c.case_id
        from public.cases c
        where c.user_id = p_owner
          and c.status = 'analyzing'
          and (c.analysis_claim is null or c.analysis_claimed_at < p_stale_before)
        order by c.created_at, c.case_id
        limit 1
        for update skip locked
    )
    update public.cases c
    set analysis_claim = p_claim,
        analysis_claimed_at = now(),
        analysis_attempts = c.analysis_attempts + 1,
        -- A new attempt starts from no sections, as every claim does (core.lifecycle).
        draft_sections = null
    from next_case
    where c.case_id = next_case.case_id
    returning c.case_id
$$;

-- One named case, when it waits for analysis (unclaimed, or its claim stopped beating).
-- The UPDATE locks the row and re-checks the condition on it: of two jobs racing for the
-- case exactly one gets true.
create function public.claim_case_analysis(
    p_case uuid, p_owner uuid, p_claim uuid, p_stale_before timestamptz
)
    returns boolean
    language sql
    volatile
    security definer
    set search_path = ''
as $$
    with claimed as (
        update public.cases c
        set analysis_claim = p_claim,
            analysis_claimed_at = now(),
            analysis_attempts = c.analysis_attempts + 1,
            draft_sections = null
        where c.case_id = p_case
          and c.user_id = p_owner
          and c.status = 'analyzing'
          and (c.analysis_claim is null or c.analysis_claimed_at < p_stale_before)
        returning 1
    )
    select exists (select 1 from claimed);
$$;

-- The claim holder is alive (false once it holds the claim no more: taken over, archived,
-- re-requested, deleted).
create function public.beat_analysis(p_case uuid, p_owner uuid, p_claim uuid)
    returns boolean
    language sql
    volatile
    security definer
    set search_path = ''
as $$
    with beaten as (
        update public.cases c
        set analysis_claimed_at = now()
        where c.case_id = p_case
          and c.user_id = p_owner
          and c.status = 'analyzing'
          and c.analysis_claim = p_claim
        returning 1
    )
    select exists (select 1 from beaten);
$$;

-- The claim holder moved on a stage (the heartbeat moves with it). Only the stages of an
-- analysis under way: completed and error are complete_analysis's and fail_analysis's.
create function public.record_analysis_stage(
    p_case uuid, p_owner uuid, p_claim uuid, p_stage text
)
    returns boolean
    language plpgsql
    volatile
    security definer
    set search_path = ''
as $$
begin
    if p_stage is null or p_stage not in (
        'lab_documents_processed', 'radiology_documents_processed', 'case_summary_generated',
        'soap_note_generated', 'diagnosis_generated', 'insights_compiled'
    ) then
        raise exception 'not a stage of an analysis under way'
            using errcode = 'check_violation';
    end if;
    update public.cases c
    set analysis_stage = p_stage,
        analysis_claimed_at = now()
    where c.case_id = p_case
      and c.user_id = p_owner
      and c.status = 'analyzing'
      and c.analysis_claim = p_claim;
    return found;
end;
$$;

-- One section of the draft being written, merged into those already landed (two landing
-- at once lose nothing), by the claim holder only. Replaces the doctor's
-- save_draft_section(target_case, claim_token, section_name, section) of 20261124080000.
drop function public.save_draft_section(uuid, uuid, text, jsonb);

create function public.save_draft_section(
    p_case uuid, p_owner uuid, p_claim uuid, p_section_name text, p_section jsonb
)
    returns boolean
    language sql
    volatile
    security definer
    set search_path = ''
as $$
    with saved as (
        update public.cases c
        set draft_sections = coalesce(c.draft_sections, '{}'::jsonb)
            || jsonb_build_object(p_section_name, p_section)
        where c.case_id = p_case
          and c.user_id = p_owner
          and c.status = 'analyzing'
          and c.analysis_claim = p_claim
          and p_section_name in ('case_summary', 'soap_note', 'primary_diagnosis', 'lab_values')
        returning 1
    )
    select exists (select 1 from saved);
$$;

-- The analysis closed: the named draft (stored by the analyzer for this case and owner)
-- becomes the current insights, the case completed, its claim and sections cleared, its
-- review state awaiting review unless a signed note stands, and analysis_finished on the
-- owner's trail: one transaction. False when the claim is not held (nothing written).
create function public.complete_analysis(p_case uuid, p_owner uuid, p_claim uuid, p_draft uuid)
    returns boolean
    language plpgsql
    volatile
    security definer
    set search_path = ''
as $$
begin
    perform 1 from public.cases c
    where c.case_id = p_case and c.user_id = p_owner
      and c.status = 'analyzing' and c.analysis_claim = p_claim
    for no key update;
    if not found then
        return false;
    end if;
    perform public.replace_case_insights(p_case, p_owner, p_draft);
    update public.cases c
    set status = 'completed',
        analysis_stage = 'completed',
        analysis_error = null,
        analysis_claim = null,
        analysis_claimed_at = null,
        draft_sections = null,
        review_state = case
            when c.review_state in ('signed', 'amended') then c.review_state
            else 'awaiting_review'
        end
    where c.case_id = p_case;
    insert into public.audit_events (user_id, case_id, action, details)
    values (p_owner, p_case, 'analysis_finished', '{"by":"analyzer"}');
    return true;
end;
$$;

-- The analysis failed, with the reason the doctor reads; analysis_failed on the owner's
-- trail in the same transaction. False when the claim is not held.
create function public.fail_analysis(p_case uuid, p_owner uuid, p_claim uuid, p_reason text)
    returns boolean
    language plpgsql
    volatile
    security definer
    set search_path = ''
as $$
begin
    update public.cases c
    set status = 'failed',
        analysis_stage = 'error',
        analysis_error = p_reason,
        analysis_claim = null,
        analysis_claimed_at = null,
        draft_sections = null
    where c.case_id = p_case and c.user_id = p_owner
      and c.status = 'analyzing' and c.analysis_claim = p_claim;
    if not found then
        return false;
    end if;
    insert into public.audit_events (user_id, case_id, action, details)
    values (p_owner, p_case, 'analysis_failed', '{"by":"analyzer"}');
    return true;
end;
$$;

comment on function public.take_analysis(uuid, uuid, timestamptz) is
    'The analyzer''s: claims the owner''s oldest case waiting for analysis (unclaimed or stale) at the database''s time; its id, or null.';
comment on function public.claim_case_analysis(uuid, uuid, uuid, timestamptz) is
    'The analyzer''s: claims the named case of that owner if it waits for analysis; true when claimed.';
comment on function public.beat_analysis(uuid, uuid, uuid) is
    'The analyzer''s: the claim holder''s heartbeat; false once the claim is not held.';
comment on function public.record_analysis_stage(uuid, uuid, uuid, text) is
    'The analyzer''s: the claim holder''s stage; false once the claim is not held.';
comment on function public.save_draft_section(uuid, uuid, uuid, text, jsonb) is
    'The analyzer''s: one landed section of the draft being written, by the claim holder.';
comment on function public.complete_analysis(uuid, uuid, uuid, uuid) is
    'The analyzer''s: the draft made current, the case completed and analysis_finished recorded, in one transaction.';
comment on function public.fail_analysis(uuid, uuid, uuid, text) is
    'The analyzer''s: the case failed with its reason and analysis_failed recorded, in one transaction.';

revoke all on function public.take_analysis(uuid, uuid, timestamptz)
    from public, anon, authenticated;
revoke all on function public.claim_case_analysis(uuid, uuid, uuid, timestamptz)
    from public, anon, authenticated;
revoke all on function public.beat_analysis(uuid, uuid, uuid) from public, anon, authenticated;
revoke all on function public.record_analysis_stage(uuid, uuid, uuid, text)
    from public, anon, authenticated;
revoke all on function public.save_draft_section(uuid, uuid, uuid, text, jsonb)
    from public, anon, authenticated;
revoke all on function public.complete_analysis(uuid, uuid, uuid, uuid)
    from public, anon, authenticated;
revoke all on function public.fail_analysis(uuid, uuid, uuid, text)
    from public, anon, authenticated;
grant execute on function public.take_analysis(uuid, uuid, timestamptz) to medcase_analyzer;
grant execute on function public.claim_case_analysis(uuid, uuid, uuid, timestamptz)
    to medcase_analyzer;
grant execute on function public.beat_analysis(uuid, uuid, uuid) to medcase_analyzer;
grant execute on function public.record_analysis_stage(uuid, uuid, uuid, text)
    to medcase_analyzer;
grant execute on function public.save_draft_section(uuid, uuid, uuid, text, jsonb)
    to medcase_analyzer;
grant execute on function public.complete_analysis(uuid, uuid, uuid, uuid) to medcase_analyzer;
grant execute on function public.fail_analysis(uuid, uuid, uuid, text) to medcase_analyzer;

-- The doctor's queue function goes: the queue is taken with take_analysis.
drop function public.claim_next_analysis(uuid, uuid, timestamptz, timestamptz);

-- analysis_finished and analysis_failed are written by the two functions above; the
-- analyzer's role itself records only analysis_started, while the case is being analysed.
drop policy "The analyzer records its steps on the owner's trail" on public.audit_events;
create policy "The analyzer records its steps on the owner's trail" on public.audit_events
    for insert to medcase_analyzer
    with check (
        details = '{"by":"analyzer"}'
        and case_id is not null
        and action = 'analysis_started'
        and public.analysis_step(case_id, user_id, action)
    );
