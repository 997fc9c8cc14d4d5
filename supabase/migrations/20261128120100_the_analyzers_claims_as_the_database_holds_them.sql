-- MedCase: when a claim is stale is the database's to say, and a claim and its
-- analysis_started event are one transaction (sec21).
--
-- take_analysis and claim_case_analysis (20261128100000) took any claim older than the
-- p_stale_before the caller named: the analyzer's key naming a time to come took over a
-- live claim (a job beating every few seconds), whose writes were then refused. And the
-- analyzer recorded analysis_started in a second request after the claim, with its own
-- INSERT on the audit trail: a claim could stand without its event, and the key could write
-- the event for any case being analysed.
--
-- Now:
-- * the caller's p_stale_before is clamped to now() minus the lease the database holds,
--   public.analysis_claim_lease() (8 seconds, the least MEDCASE_ANALYSIS_STALE_SECONDS the
--   app accepts; a live job beats every max(1, stale / 4) seconds, 7.5 at the default 30):
--   a claim that beat within it is live whatever the caller says. The app's own window is
--   never later than that, so the analyzer behaves as before.
-- * both functions record analysis_started ({"by":"analyzer"}) on the owner's trail in the
--   claim's own transaction; the analyzer's role inserts no audit event itself any more
--   (its policy and INSERT grant go: analysis_finished and analysis_failed were already
--   complete_analysis's and fail_analysis's).

create function public.analysis_claim_lease() returns interval
    language sql
    immutable
    set search_path = ''
as $$
    select interval '8 seconds'
$$;

comment on function public.analysis_claim_lease() is
    'How long a claim that beat stays live whatever time the analyzer names (its functions'' clamp).';

revoke all on function public.analysis_claim_lease() from public, anon, authenticated;

create or replace function public.take_analysis(
    p_owner uuid, p_claim uuid, p_stale_before timestamptz
)
    returns uuid
    language plpgsql
    volatile
    security definer
    set search_path = ''
as $$
declare
    taken uuid;
begin
    with next_case as (
        select c.case_id
        from public.cases c
        where c.user_id = p_owner
          and c.status = 'analyzing'
          and (c.analysis_claim is null
               or c.analysis_claimed_at
                  < least(p_stale_before, now() - public.analysis_claim_lease()))
        order by c.created_at, c.case_id
        limit 1
        for update skip locked
    )
    update public.cases c
    set analysis_claim = p_claim,
        analysis_claimed_at = now(),
        analysis_attempts = c.analysis_attempts + 1,
        draft_sections = null
    from next_case
    where c.case_id = next_case.case_id
    returning c.case_id into taken;
    if taken is not null then
        insert into public.audit_events (user_id, case_id, action, details)
        values (p_owner, taken, 'analysis_started', '{"by":"analyzer"}');
    end if;
    return taken;
end;
$$;

create or replace function public.claim_case_analysis(
    p_case uuid, p_owner uuid, p_claim uuid, p_stale_before timestamptz
)
    returns boolean
    language plpgsql
    volatile
    security definer
    set search_path = ''
as $$
begin
    update public.cases c
    set analysis_claim = p_claim,
        analysis_claimed_at = now(),
        analysis_attempts = c.analysis_attempts + 1,
        draft_sections = null
    where c.case_id = p_case
      and c.user_id = p_owner
      and c.status = 'analyzing'
      and (c.analysis_claim is null
           or c.analysis_claimed_at
              < least(p_stale_before, now() - public.analysis_claim_lease()));
    if not found then
        return false;
    end if;
    insert into public.audit_events (user_id, case_id, action, details)
    values (p_owner, p_case, 'analysis_started', '{"by":"analyzer"}');
    return true;
end;
$$;

comment on function public.take_analysis(uuid, uuid, timestamptz) is
    'The analyzer''s: claims the owner''s oldest case waiting for analysis (unclaimed, or silent past the database''s lease) and records analysis_started; its id, or null.';
comment on function public.claim_case_analysis(uuid, uuid, uuid, timestamptz) is
    'The analyzer''s: claims the named case of that owner if it waits for analysis and records analysis_started; true when claimed.';

drop policy "The analyzer records its steps on the owner's trail" on public.audit_events;
revoke insert on public.audit_events from medcase_analyzer;
-- Its one user was that policy.
drop function public.analysis_step(uuid, uuid, text);
