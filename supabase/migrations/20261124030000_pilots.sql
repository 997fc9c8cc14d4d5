-- MedCase: pilots (issue 14). A doctor creates a pilot and coordinates it; members are
-- reviewers (who score enrolled cases blind) and doctors (who enrol their own cases).
--
-- Reviewers never reach public.cases or anything that holds a patient's name: an enrolled
-- case is kept as a de-identified view (pilot_cases.case_view: redacted notes and lab
-- texts, lab values, image readings; no name, age or gender), known by its number in the
-- pilot ("Case P-0042"). Its AI draft sits in its own table so that a reviewer can read it
-- only after recording their own blind diagnosis of the case. Policies use
-- (select auth.uid()) and one policy per operation; the role checks go through SECURITY
-- DEFINER functions so that policies on these tables never recurse into each other.

-- Pilots --------------------------------------------------------------------------------------

create table public.pilots (
    pilot_id uuid primary key default gen_random_uuid(),
    name text not null check (char_length(name) between 1 and 200),
    description text not null default '' check (char_length(description) <= 2000),
    starts_on date not null,
    ends_on date not null,
    coordinator_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
    created_at timestamptz not null default now(),
    check (ends_on >= starts_on)
);

create index pilots_coordinator on public.pilots (coordinator_id);

create table public.pilot_members (
    pilot_id uuid not null references public.pilots (pilot_id) on delete cascade,
    user_id uuid not null references auth.users (id) on delete cascade,
    email text not null,
    role text not null check (role in ('reviewer', 'doctor')),
    added_at timestamptz not null default now(),
    primary key (pilot_id, user_id)
);

create index pilot_members_user on public.pilot_members (user_id);

-- The caller's role in a pilot: 'coordinator', 'reviewer', 'doctor', or null.
create function public.pilot_role(p_pilot uuid) returns text
    language sql
    stable
    security definer
    set search_path = ''
as $$
    select case
        when exists (select 1 from public.pilots p
                     where p.pilot_id = p_pilot and p.coordinator_id = (select auth.uid()))
            then 'coordinator'
        else (select m.role from public.pilot_members m
              where m.pilot_id = p_pilot and m.user_id = (select auth.uid()))
    end
$$;

alter table public.pilots enable row level security;

create policy "Coordinators and members see their pilots" on public.pilots
    for select to authenticated
    using (coordinator_id = (select auth.uid()) or public.pilot_role(pilot_id) is not null);

create policy "Doctors create pilots they coordinate" on public.pilots
    for insert to authenticated
    with check (coordinator_id = (select auth.uid()));

create policy "Coordinators change their pilots" on public.pilots
    for update to authenticated
    using (coordinator_id = (select auth.uid()))
    with check (coordinator_id = (select auth.uid()));

create policy "Coordinators delete their pilots" on public.pilots
    for delete to authenticated
    using (coordinator_id = (select auth.uid()));

alter table public.pilot_members enable row level security;

create policy "Coordinators see members, members see themselves" on public.pilot_members
    for select to authenticated
    using (user_id = (select auth.uid()) or public.pilot_role(pilot_id) = 'coordinator');

create policy "Coordinators add members" on public.pilot_members
    for insert to authenticated
    with check (
        public.pilot_role(pilot_id) = 'coordinator' and user_id <> (select auth.uid())
    );

create policy "Coordinators remove members" on public.pilot_members
    for delete to authenticated
    using (public.pilot_role(pilot_id) = 'coordinator');

-- Finding a reviewer's account by the email the coordinator typed: only the coordinator of
-- the pilot, only an exact (case-insensitive) match, only the id. No listing of accounts.
create function public.pilot_account_id(p_pilot uuid, p_email text) returns uuid
    language sql
    stable
    security definer
    set search_path = ''
as $$
    select u.id from auth.users u
    where lower(u.email) = lower(p_email)
      and exists (select 1 from public.pilots p
                  where p.pilot_id = p_pilot and p.coordinator_id = (select auth.uid()))
    limit 1
$$;

-- Enrolled cases (de-identified) -------------------------------------------------------------

create table public.pilot_cases (
    enrolment_id uuid primary key default gen_random_uuid(),
    pilot_id uuid not null references public.pilots (pilot_id) on delete cascade,
    case_id uuid not null references public.cases (case_id) on delete cascade,
    owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
    number integer not null default 0,
    case_view jsonb not null,
    enrolled_at timestamptz not null default now(),
    unique (pilot_id, case_id),
    unique (pilot_id, number)
);

comment on table public.pilot_cases is
    'A case enrolled in a pilot, as its reviewers see it: no name, age or gender; known as '
    '"Case P-" and its number.';

create index pilot_cases_owner on public.pilot_cases (owner_id, case_id);

-- The store numbers enrolments (1, 2, ... per pilot): the enrolling doctor cannot see the
-- other doctors' enrolments, so the number is taken here, under a per-pilot lock.
create function public.number_pilot_case() returns trigger
    language plpgsql
    security definer
    set search_path = ''
as $$
begin
    perform pg_advisory_xact_lock(hashtextextended(new.pilot_id::text, 14));
    new.number := coalesce(
        (select max(c.number) from public.pilot_cases c where c.pilot_id = new.pilot_id), 0) + 1;
    new.enrolled_at := now();
    return new;
end;
$$;

create trigger pilot_cases_numbered
    before insert on public.pilot_cases
    for each row execute function public.number_pilot_case();

alter table public.pilot_cases enable row level security;

create policy "Owners, coordinators and reviewers see enrolled cases" on public.pilot_cases
    for select to authenticated
    using (
        owner_id = (select auth.uid())
        or public.pilot_role(pilot_id) in ('coordinator', 'reviewer')
    );

create policy "Pilot members enrol their own cases" on public.pilot_cases
    for insert to authenticated
    with check (
        owner_id = (select auth.uid())
        and public.pilot_role(pilot_id) is not null
        and exists (
            select 1 from public.cases c
            where c.case_id = pilot_cases.case_id and c.user_id = (select auth.uid())
        )
    );

-- The AI draft of each enrolled case --------------------------------------------------------

create table public.pilot_case_insights (
    enrolment_id uuid primary key references public.pilot_cases (enrolment_id) on delete cascade,
    pilot_id uuid not null references public.pilots (pilot_id) on delete cascade,
    owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
    draft_id uuid not null references public.ai_drafts (draft_id) on delete cascade,
    ai_insights jsonb not null,
    signed_sections jsonb
);

create index pilot_case_insights_pilot on public.pilot_case_insights (pilot_id);

-- Reviews ------------------------------------------------------------------------------------

create table public.pilot_reviews (
    review_id uuid primary key,
    pilot_id uuid not null references public.pilots (pilot_id) on delete cascade,
    enrolment_id uuid not null references public.pilot_cases (enrolment_id) on delete cascade,
    reviewer_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
    diagnosis text not null check (char_length(diagnosis) between 1 and 500),
    icd_code text not null check (char_length(icd_code) between 3 and 8),
    diagnosed_at timestamptz not null,
    scores jsonb,
    submitted_at timestamptz,
    supersedes uuid references public.pilot_reviews (review_id),
    check ((scores is null) = (submitted_at is null))
);

comment on table public.pilot_reviews is
    'A reviewer''s blind diagnosis of an enrolled case, then their scores of each AI section; '
    'final once submitted; a correction is a new review naming the one it supersedes.';

create index pilot_reviews_enrolment on public.pilot_reviews (enrolment_id, reviewer_id);
create index pilot_reviews_pilot on public.pilot_reviews (pilot_id, reviewer_id);
create index pilot_reviews_reviewer on public.pilot_reviews (reviewer_id);

-- Whether the caller has recorded a blind diagnosis of this enrolled case (the gate before
-- the AI draft); SECURITY DEFINER so the policy below does not recurse through reviews.
create function public.pilot_diagnosed(p_enrolment uuid) returns boolean
    language sql
    stable
    security definer
    set search_path = ''
as $$
    select exists (select 1 from public.pilot_reviews r
                   where r.enrolment_id = p_enrolment and r.reviewer_id = (select auth.uid()))
$$;

-- A correction names one of the caller's submitted reviews of the same case.
create function public.pilot_review_correctable(p_review uuid, p_enrolment uuid) returns boolean
    language sql
    stable
    security definer
    set search_path = ''
as $$
    select exists (select 1 from public.pilot_reviews r
                   where r.review_id = p_review and r.enrolment_id = p_enrolment
                     and r.reviewer_id = (select auth.uid()) and r.submitted_at is not null)
$$;

alter table public.pilot_case_insights enable row level security;

create policy "Owners, coordinators and diagnosing reviewers see enrolled drafts"
    on public.pilot_case_insights
    for select to authenticated
    using (
        owner_id = (select auth.uid())
        or public.pilot_role(pilot_id) = 'coordinator'
        or (public.pilot_role(pilot_id) = 'reviewer' and public.pilot_diagnosed(enrolment_id))
    );

create policy "Owners add the draft of their enrolled case" on public.pilot_case_insights
    for insert to authenticated
    with check (
        owner_id = (select auth.uid())
        and exists (
            select 1 from public.pilot_cases e
            join public.ai_drafts d on d.case_id = e.case_id
            where e.enrolment_id = pilot_case_insights.enrolment_id
              and e.pilot_id = pilot_case_insights.pilot_id
              and e.owner_id = (select auth.uid())
              and d.draft_id = pilot_case_insights.draft_id
              and d.user_id = (select auth.uid())
        )
    );

alter table public.pilot_reviews enable row level security;

create policy "Reviewers see their reviews, coordinators every review" on public.pilot_reviews
    for select to authenticated
    using (
        reviewer_id = (select auth.uid()) or public.pilot_role(pilot_id) = 'coordinator'
    );

create policy "Reviewers review cases enrolled by others" on public.pilot_reviews
    for insert to authenticated
    with check (
        reviewer_id = (select auth.uid())
        and public.pilot_role(pilot_id) = 'reviewer'
        and exists (
            select 1 from public.pilot_cases e
            where e.enrolment_id = pilot_reviews.enrolment_id
              and e.pilot_id = pilot_reviews.pilot_id
              and e.owner_id <> (select auth.uid())
        )
        and (supersedes is null or public.pilot_review_correctable(supersedes, enrolment_id))
    );

create policy "Reviewers submit their own open reviews" on public.pilot_reviews
    for update to authenticated
    using (
        reviewer_id = (select auth.uid())
        and submitted_at is null
        and public.pilot_role(pilot_id) = 'reviewer'
    )
    with check (reviewer_id = (select auth.uid()));

-- Only the scores and the submission time are ever set, once; everything else is final.
create function public.keep_pilot_review() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if old.submitted_at is not null
       or (new.review_id, new.pilot_id, new.enrolment_id, new.reviewer_id, new.diagnosis,
           new.icd_code, new.diagnosed_at, new.supersedes)
          is distinct from
          (old.review_id, old.pilot_id, old.enrolment_id, old.reviewer_id, old.diagnosis,
           old.icd_code, old.diagnosed_at, old.supersedes)
    then
        raise exception 'a submitted review is final; correct it with a new one'
            using errcode = 'insufficient_privilege';
    end if;
    return new;
end;
$$;

create trigger pilot_reviews_final
    before update on public.pilot_reviews
    for each row execute function public.keep_pilot_review();

create trigger pilot_cases_unchanged before update on public.pilot_cases
    for each row execute function public.refuse_change();
-- The draft beside an enrolled case never changes; only the text of the note its doctor
-- signed on it is recorded (for the edit-distance figures), by that doctor.
create function public.keep_enrolled_draft() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if (new.enrolment_id, new.pilot_id, new.owner_id, new.draft_id, new.ai_insights)
       is distinct from
       (old.enrolment_id, old.pilot_id, old.owner_id, old.draft_id, old.ai_insights)
    then
        raise exception 'an enrolled draft is never changed'
            using errcode = 'insufficient_privilege';
    end if;
    return new;
end;
$$;

create trigger pilot_case_insights_unchanged before update on public.pilot_case_insights
    for each row execute function public.keep_enrolled_draft();

create policy "Owners record the signed note beside their enrolled draft"
    on public.pilot_case_insights
    for update to authenticated
    using (owner_id = (select auth.uid()))
    with check (owner_id = (select auth.uid()));

-- Enrolment in one transaction: the de-identified view and the AI draft go in together or
-- not at all. SECURITY INVOKER: the policies above decide, as for any insert by the caller.
create function public.enrol_pilot_case(
    p_enrolment uuid,
    p_pilot uuid,
    p_case uuid,
    p_draft uuid,
    p_view jsonb,
    p_insights jsonb,
    p_signed jsonb
) returns jsonb
    language plpgsql
    security invoker
    set search_path = ''
as $$
declare
    enrolled public.pilot_cases;
begin
    insert into public.pilot_cases (enrolment_id, pilot_id, case_id, owner_id, case_view)
    values (p_enrolment, p_pilot, p_case, (select auth.uid()), p_view)
    returning * into enrolled;
    insert into public.pilot_case_insights
        (enrolment_id, pilot_id, owner_id, draft_id, ai_insights, signed_sections)
    values (p_enrolment, p_pilot, (select auth.uid()), p_draft, p_insights, p_signed);
    return jsonb_build_object(
        'enrolment_id', enrolled.enrolment_id, 'pilot_id', enrolled.pilot_id,
        'case_id', enrolled.case_id, 'owner_id', enrolled.owner_id,
        'number', enrolled.number, 'enrolled_at', enrolled.enrolled_at);
end;
$$;

-- Privileges ---------------------------------------------------------------------------------

revoke all on table public.pilots, public.pilot_members, public.pilot_cases,
    public.pilot_case_insights, public.pilot_reviews from anon;
revoke update, truncate on table public.pilot_members, public.pilot_cases from authenticated;
revoke truncate, delete on table public.pilot_case_insights from authenticated;
revoke delete, truncate on table public.pilot_reviews from authenticated;
revoke execute on function public.pilot_role(uuid), public.pilot_account_id(uuid, text),
    public.pilot_diagnosed(uuid), public.pilot_review_correctable(uuid, uuid),
    public.number_pilot_case(), public.keep_pilot_review(), public.keep_enrolled_draft(),
    public.enrol_pilot_case(uuid, uuid, uuid, uuid, jsonb, jsonb, jsonb)
    from public, anon;
revoke execute on function public.number_pilot_case(), public.keep_pilot_review(),
    public.keep_enrolled_draft()
    from authenticated;
grant execute on function public.pilot_role(uuid), public.pilot_account_id(uuid, text),
    public.pilot_diagnosed(uuid), public.pilot_review_correctable(uuid, uuid),
    public.enrol_pilot_case(uuid, uuid, uuid, uuid, jsonb, jsonb, jsonb)
    to authenticated;
