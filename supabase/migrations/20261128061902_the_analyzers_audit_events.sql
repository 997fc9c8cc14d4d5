-- MedCase: the analyzer records its own steps on the doctor's trail, with its own role
-- (sec19).
--
-- The analyzer's events (analysis_started, analysis_finished, analysis_failed) went on the
-- owning doctor's chain with the doctor's token, so that token could write them too: a
-- trail could say an analysis started, finished or failed when none did. Now only the
-- analyzer's role (medcase_analyzer, 20261128020000) writes them, as the app writes them
-- (details {"by":"analyzer"}, a case of that owner, and only at that step: started while
-- the case is being analysed, finished once it is completed, failed once it has failed),
-- and no account's token may.
--
-- The chain is stamped as before (stamp_audit_event: the owner's next number, the link to
-- their previous event, the database's time, the hash). It now runs as its owner, since the
-- analyzer's role reads no event; it reads only the caller-named chain's last number and
-- hash, and an event the policies refuse (another account's chain) is not written.

create function public.analysis_step(p_case uuid, p_owner uuid, p_action text)
    returns boolean
    language sql
    stable
    security definer
    set search_path = ''
as $$
    select exists (
        select 1 from public.cases c
        where c.case_id = p_case and c.user_id = p_owner
          and c.status = case p_action
              when 'analysis_started' then 'analyzing'
              when 'analysis_finished' then 'completed'
              when 'analysis_failed' then 'failed'
          end
    );
$$;

revoke all on function public.analysis_step(uuid, uuid, text) from public, anon, authenticated;
grant execute on function public.analysis_step(uuid, uuid, text) to medcase_analyzer;

alter function public.stamp_audit_event() security definer;
revoke all on function public.stamp_audit_event() from public, anon, authenticated;

drop policy "Doctors record events of their own cases" on public.audit_events;
create policy "Doctors record events of their own cases" on public.audit_events
    for insert to authenticated
    with check (
        user_id = (select auth.uid())
        and action <> all (array[
            -- written by the database's functions
            'note_signed', 'note_amended', 'patient_merged', 'patient_unmerged',
            'critical_value_acknowledged', 'signer_profile_updated',
            -- written by the analyzer's role
            'analysis_started', 'analysis_finished', 'analysis_failed'
        ])
        and (case_id is null or exists (
            select 1 from public.cases c
            where c.case_id = audit_events.case_id and c.user_id = (select auth.uid())
        ))
    );

grant insert on public.audit_events to medcase_analyzer;

create policy "The analyzer records its steps on the owner's trail" on public.audit_events
    for insert to medcase_analyzer
    with check (
        details = '{"by":"analyzer"}'
        and case_id is not null
        and public.analysis_step(case_id, user_id, action)
    );
