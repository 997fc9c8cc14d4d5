-- MedCase: the database sets the time of every draft and checkpoint (sec19).
--
-- ai_drafts.generated_at and audit_checkpoints.made_at took the time the request named
-- (the column default only filled a time left out): the analyzer's key could date a draft
-- before the note it was signed against or after the next analysis (the draft history is
-- ordered by it), and a doctor's token could date a checkpoint of its own chain as it
-- liked. The other times a token writes were the database's already: a case's, a
-- patient record's, a file's, a decision's, a pilot's and its members', enrolments and
-- reviews (their triggers), an audit event's (stamp_audit_event), a critical finding's
-- first finding (critical_finding_first_found), an acknowledgment's and a signature's
-- (their functions, which take no time). case_insights.generated_at is the draft's, set
-- by replace_case_insights (20261128061900), the one writer of that table besides the
-- project's owner.
--
-- As with the draft's shape check, the project's owner (migrations, repairs) keeps the
-- time it names; every API role gets the database's. The embedded file has no such
-- caller: no token reaches it, and the app stamps its rows with its own clock.

create function public.draft_generated_now() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if current_user in ('medcase_analyzer', 'authenticated', 'anon') then
        new.generated_at := now();
    end if;
    return new;
end;
$$;

create trigger ai_drafts_generated_now
    before insert on public.ai_drafts
    for each row execute function public.draft_generated_now();

create function public.checkpoint_made_now() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if current_user in ('medcase_analyzer', 'authenticated', 'anon') then
        new.made_at := now();
    end if;
    return new;
end;
$$;

create trigger audit_checkpoints_made_now
    before insert on public.audit_checkpoints
    for each row execute function public.checkpoint_made_now();

revoke all on function public.draft_generated_now() from public, anon, authenticated;
revoke all on function public.checkpoint_made_now() from public, anon, authenticated;
