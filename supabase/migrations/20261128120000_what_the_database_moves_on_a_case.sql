-- MedCase: a case's content version, its review state and a request for analysis follow
-- core.lifecycle in the database (sec21).
--
-- After sec20 the doctor's token still held UPDATE on content_version and review_state:
-- * content_version says whether the current AI draft (and the note signed on it) was
--   written from the case as it stands (core/services/review.py draft_outdated): the
--   owner's token could change the patient's details or the notes and keep, or choose, the
--   version, so an outdated draft looked current; adding a file moved it only when the
--   app asked.
-- * review_state took any value: awaiting_review or reviewed on a case with no draft, or
--   back from reviewed to awaiting_review (signed and amended were sign_note's already:
--   review_state_follows_signed_notes).
-- * request_analysis (20261128100100) took any status: an archived case came back
--   analysing with archived_from kept.
--
-- Now:
-- * content_version is the database's: no API role names it (UPDATE revoked; a new case
--   starts at 1, core.lifecycle.created). It moves on by one when an UPDATE changes the
--   patient's name, age or notes (core.lifecycle.CONTENT_FIELDS), and when a file is added
--   to or removed from a case an analysis has read (a draft) or is reading (a claim): the
--   files a new case is opened with are its first version, as in the embedded store.
-- * A doctor's own write of review_state is only core.lifecycle.review_state_after_section:
--   between awaiting_review and reviewed, and exactly the state the recorded decisions on
--   the current draft (case_insights.draft_id) give: reviewed once each of the three
--   sections has one, else awaiting_review. A new draft's state stays complete_analysis's,
--   signing's sign_note's (SECURITY DEFINER functions, not an API role).
-- * request_analysis refuses an archived case (false, nothing written), as
--   core.lifecycle.may_request_analysis does: restore_case brings it back first.

-- The content version -------------------------------------------------------------------

revoke update (content_version) on public.cases from authenticated;

create function public.case_content_version_moves() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if tg_op = 'INSERT' then
        if current_user in ('authenticated', 'anon', 'medcase_analyzer')
           and new.content_version is distinct from 1
        then
            raise exception 'a new case is its first content version'
                using errcode = 'check_violation', hint = 'content_version_moved_by_database';
        end if;
        return new;
    end if;
    if (new.patient_name, new.patient_age, new.case_summary)
       is distinct from (old.patient_name, old.patient_age, old.case_summary)
    then
        new.content_version := old.content_version + 1;
    end if;
    return new;
end;
$$;

create trigger cases_content_version_moves
    before insert or update on public.cases
    for each row execute function public.case_content_version_moves();

-- SECURITY DEFINER: the doctor adding or removing the file may not write the version.
create function public.case_files_move_content_version() returns trigger
    language plpgsql
    security definer
    set search_path = ''
as $$
declare
    changed uuid := case when tg_op = 'DELETE' then old.case_id else new.case_id end;
begin
    update public.cases c
    set content_version = c.content_version + 1
    where c.case_id = changed
      and (c.analysis_claim is not null
           or exists (select 1 from public.ai_drafts d where d.case_id = c.case_id));
    return null;
end;
$$;

create trigger case_files_move_content_version
    after insert or delete on public.case_files
    for each row execute function public.case_files_move_content_version();

comment on function public.case_content_version_moves() is
    'A case''s content version: 1 when opened, moved on when its details or notes change.';
comment on function public.case_files_move_content_version() is
    'A file added to or removed from a case an analysis read or is reading moves its version.';

-- The review state a doctor writes -------------------------------------------------------

-- core.lifecycle.review_state_after_section on the case's current draft (null: no draft).
create function public.review_state_of_decisions(p_case uuid) returns text
    language sql
    stable
    set search_path = ''
as $$
    select case when count(distinct s.section) >= 3 then 'reviewed' else 'awaiting_review' end
    from public.case_insights i
    left join public.section_reviews s
        on s.case_id = i.case_id and s.draft_id = i.draft_id and s.user_id = i.user_id
    where i.case_id = p_case and i.draft_id is not null
    group by i.case_id
$$;

create function public.review_state_as_decided() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if current_user not in ('authenticated', 'anon', 'medcase_analyzer')
       or new.review_state is not distinct from old.review_state
    then
        return new;
    end if;
    if old.review_state in ('awaiting_review', 'reviewed')
       and new.review_state in ('awaiting_review', 'reviewed')
       and new.review_state = public.review_state_of_decisions(new.case_id)
    then
        return new;
    end if;
    raise exception 'the review state follows the decisions on the current draft'
        using errcode = 'check_violation', hint = 'review_state_as_decided';
end;
$$;

create trigger cases_review_state_as_decided
    before update of review_state on public.cases
    for each row execute function public.review_state_as_decided();

comment on function public.review_state_of_decisions(uuid) is
    'reviewed once each section of the current draft has a decision, else awaiting_review.';
comment on function public.review_state_as_decided() is
    'A token''s review state: only the one the decisions on the current draft give.';

revoke all on function public.case_content_version_moves() from public, anon, authenticated;
revoke all on function public.case_files_move_content_version()
    from public, anon, authenticated;
revoke all on function public.review_state_as_decided() from public, anon, authenticated;
revoke all on function public.review_state_of_decisions(uuid) from public, anon;
grant execute on function public.review_state_of_decisions(uuid) to authenticated;

-- A request for analysis ------------------------------------------------------------------

create or replace function public.request_analysis(p_case uuid)
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
          -- core.lifecycle.may_request_analysis: an archived case is restored first.
          and c.status <> 'archived'
        returning 1
    )
    select exists (select 1 from requested);
$$;

comment on function public.request_analysis(uuid) is
    'The doctor''s: analyse the caller''s own case (not archived) again from the start; true when requested.';
