-- MedCase: reviewers read enrolled cases through a view without the case's or the owner's
-- id (issue 23).
--
-- Until now a reviewer's token read pilot_cases itself, case_id and owner_id included:
-- not the patient, but which doctor's which case a pseudonym stands for. Now pilot_cases
-- is read by the enrolling doctor (their own rows) and the coordinator only; a reviewer
-- reads pilot_cases_for_review: the enrolment, its pilot, its number, the de-identified
-- view and the time, for the cases of the pilots they review, not their own. The view
-- runs with its owner's rights (it filters by the caller itself) and takes no writes.

create function public.pilot_case_reviewable(p_enrolment uuid, p_pilot uuid) returns boolean
    language sql
    stable
    security definer
    set search_path = ''
as $$
    select exists (select 1 from public.pilot_cases e
                   where e.enrolment_id = p_enrolment and e.pilot_id = p_pilot
                     and e.owner_id <> (select auth.uid()))
$$;

drop policy "Owners, coordinators and reviewers see enrolled cases" on public.pilot_cases;

create policy "Owners and coordinators see enrolled cases" on public.pilot_cases
    for select to authenticated
    using (
        owner_id = (select auth.uid()) or public.pilot_role(pilot_id) = 'coordinator'
    );

-- The reviewer's insert check read pilot_cases under their own policies; it asks the
-- function now (the same rule: an enrolment of this pilot, not the reviewer's own case).
drop policy "Reviewers review cases enrolled by others" on public.pilot_reviews;

create policy "Reviewers review cases enrolled by others" on public.pilot_reviews
    for insert to authenticated
    with check (
        reviewer_id = (select auth.uid())
        and public.pilot_role(pilot_id) = 'reviewer'
        and public.pilot_case_reviewable(enrolment_id, pilot_id)
        and (supersedes is null or public.pilot_review_correctable(supersedes, enrolment_id))
    );

create view public.pilot_cases_for_review with (security_barrier = true) as
    select e.enrolment_id, e.pilot_id, e.number, e.case_view, e.enrolled_at
    from public.pilot_cases e
    where public.pilot_role(e.pilot_id) = 'reviewer'
      and e.owner_id <> (select auth.uid());

comment on view public.pilot_cases_for_review is
    'Enrolled cases as a reviewer reads them: no case id, no owner id, no patient details.';

revoke all on table public.pilot_cases_for_review from public, anon, authenticated;
grant select on table public.pilot_cases_for_review to authenticated;

revoke execute on function public.pilot_case_reviewable(uuid, uuid) from public, anon;
grant execute on function public.pilot_case_reviewable(uuid, uuid) to authenticated;
