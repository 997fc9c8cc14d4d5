-- MedCase: the queue every app process (replica) shares.
--
-- A case waiting for analysis is a row in `cases` with status 'analyzing' and no live
-- claim. Any replica serving the doctor takes the next one with claim_next_analysis: the
-- oldest waiting case, unclaimed or with a claim that stopped beating, claimed in the same
-- statement. `for update skip locked` lets two replicas asking at once take two different
-- cases instead of queueing on one row; the claim condition is re-checked on the locked
-- row, so a case is never claimed twice. SECURITY INVOKER: it runs as the signed-in
-- doctor, so row-level security limits it to their own cases (no service role needed).
-- Claim times come from the app's clock, like every other claim and heartbeat.

create function public.claim_next_analysis(
    owner_id uuid, new_claim uuid, claimed_at timestamptz, stale_before timestamptz
)
    returns uuid
    language sql
    security invoker
    set search_path = ''
as $$
    with next_case as (
        select c.case_id
        from public.cases c
        where c.user_id = owner_id
          and c.status = 'analyzing'
          and (c.analysis_claim is null or c.analysis_claimed_at < stale_before)
        order by c.created_at, c.case_id
        limit 1
        for update skip locked
    )
    update public.cases c
    set analysis_claim = new_claim,
        analysis_claimed_at = claimed_at,
        analysis_attempts = c.analysis_attempts + 1,
        -- A new attempt starts from no sections, as every claim does (core.lifecycle).
        draft_sections = null
    from next_case
    where c.case_id = next_case.case_id
    returning c.case_id
$$;

comment on function public.claim_next_analysis(uuid, uuid, timestamptz, timestamptz) is
    'Claims the doctor''s oldest case waiting for analysis (unclaimed or stale); its id, or null.';

revoke execute on function public.claim_next_analysis(uuid, uuid, timestamptz, timestamptz)
    from public, anon;
grant execute on function public.claim_next_analysis(uuid, uuid, timestamptz, timestamptz)
    to authenticated;
