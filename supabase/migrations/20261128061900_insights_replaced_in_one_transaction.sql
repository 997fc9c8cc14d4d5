-- MedCase: a case's current insights are replaced in one transaction (sec19).
--
-- Since sec18 the analyzer's role replaced a case's case_insights row with two PostgREST
-- requests, a DELETE then an INSERT (an upsert needs to read the row, which the role may
-- not). An INSERT that failed after the DELETE had committed left the case with no
-- current insights: its page, list mark and exports lost the analysis until it was run
-- again. Now one function does it, in the caller's one request and transaction, and the
-- analyzer's role keeps no privilege on the table itself.
--
-- The insights are the draft's own JSON, copied from the ai_drafts row named (a draft of
-- that case and owner, which the analyzer has just stored); their time is the draft's
-- (the database's, 20261128061901) and their critical count is counted here, as the
-- migration that added the column counted it. The embedded file has done the same in one
-- write transaction all along (SqliteCaseRepository.complete_analysis).

create function public.replace_case_insights(p_case uuid, p_owner uuid, p_draft uuid)
    returns boolean
    language plpgsql
    security definer
    set search_path = ''
as $$
declare
    drafted public.ai_drafts;
begin
    -- The case row locked first, so its status cannot move between the check and the write.
    perform 1 from public.cases c
    where c.case_id = p_case and c.user_id = p_owner
    for no key update;
    if not public.analysis_underway(p_case, p_owner) then
        raise exception 'only the insights of a case being analysed are replaced'
            using errcode = 'insufficient_privilege';
    end if;
    select d.* into drafted from public.ai_drafts d
    where d.draft_id = p_draft and d.case_id = p_case and d.user_id = p_owner;
    if not found then
        raise exception 'the insights name a draft of the same case'
            using errcode = 'foreign_key_violation';
    end if;
    insert into public.case_insights
        (case_id, user_id, ai_insights, generated_at, draft_id, critical_count)
    values (
        p_case,
        p_owner,
        drafted.ai_insights,
        drafted.generated_at,
        drafted.draft_id,
        (select count(*)
         from jsonb_array_elements(
             case when jsonb_typeof(drafted.ai_insights -> 'lab_values') = 'array'
                  then drafted.ai_insights -> 'lab_values' else '[]'::jsonb end) v
         where v ->> 'critical' = 'true')
    )
    on conflict (case_id) do update set
        ai_insights = excluded.ai_insights,
        generated_at = excluded.generated_at,
        draft_id = excluded.draft_id,
        critical_count = excluded.critical_count;
    return true;
end;
$$;

comment on function public.replace_case_insights(uuid, uuid, uuid) is
    'The analyzer''s: makes the named draft the current insights of a case being analysed, in one transaction.';

revoke all on function public.replace_case_insights(uuid, uuid, uuid)
    from public, anon, authenticated;
grant execute on function public.replace_case_insights(uuid, uuid, uuid) to medcase_analyzer;

-- The analyzer's role no longer writes or finds the table's rows itself.
drop policy "The analyzer saves the insights of a case being analysed" on public.case_insights;
drop policy "The analyzer removes the insights of a case being analysed" on public.case_insights;
drop policy "The analyzer finds the insights of a case being analysed" on public.case_insights;
revoke all on public.case_insights from medcase_analyzer;
