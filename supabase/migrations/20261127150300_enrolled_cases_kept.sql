-- MedCase: a case enrolled in a pilot is never deleted (round fourteen's red team).
--
-- A pilot with reviews is never deleted (20261125130000, keep_reviewed_pilot), but the
-- enrolling doctor could delete an enrolled case, through the app's delete_case or with
-- the token over PostgREST: the foreign keys took its enrolment, its enrolled draft and
-- every reviewer's blind review and scores with it. An enrolment is never withdrawn (no
-- policy deletes a pilot_cases row), so its case stays; the doctor archives it instead
-- (CaseService.delete_case refuses first: EnrolledCaseKept, 409).
--
-- Under the caller's rights: the owner reads their own enrolments (pilot_cases' select
-- policy). pg_trigger_depth() = 1, a statement on cases itself: the removal of an account
-- cascades deeper and takes its cases with it, as keep_reviewed_pilot lets it.
-- SQLite: migration 23, cases_enrolled_in_pilots_kept.

create function public.keep_enrolled_cases() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if pg_trigger_depth() = 1
       and exists (select 1 from public.pilot_cases e where e.case_id = old.case_id)
    then
        raise exception 'a case enrolled in a pilot is never deleted'
            using errcode = 'check_violation', hint = 'archive the case instead';
    end if;
    return old;
end;
$$;

revoke all on function public.keep_enrolled_cases() from public;

create trigger cases_enrolled_in_pilots_kept before delete on public.cases
    for each row execute function public.keep_enrolled_cases();
