-- MedCase: physician review. Every AI draft is kept as written, the doctor's decision on
-- each section is recorded beside it, and the signed note is kept in numbered versions.
--
-- Drafts, decisions and signed versions are only ever inserted: there is no update or
-- delete policy for them, and triggers refuse updates for every role (the table owner
-- too). They go only with their case (on delete cascade), because they hold patient data.

-- The lifecycle's columns on the case -------------------------------------------------------

alter table public.cases
    add column archived_from text
        check (archived_from in ('pending', 'analyzing', 'processing', 'completed', 'failed')),
    add column content_version integer not null default 1 check (content_version >= 1),
    add column review_state text
        check (review_state in ('awaiting_review', 'reviewed', 'signed', 'amended'));

comment on column public.cases.archived_from is
    'The status the case had when the doctor archived it; restoring returns to it.';
comment on column public.cases.content_version is
    'Moves on whenever the patient''s details, the notes or the files change; an AI draft '
    'written from an earlier version is out of date.';
comment on column public.cases.review_state is
    'Where the physician''s review stands: awaiting_review, reviewed, signed, amended '
    '(null before the first AI draft). See core/lifecycle.py.';

update public.cases c set review_state = 'awaiting_review'
where exists (select 1 from public.case_insights i where i.case_id = c.case_id);

create index cases_owner_review on public.cases (user_id, review_state);

-- Every AI draft, as the analyzer wrote it ----------------------------------------------------

create table public.ai_drafts (
    draft_id uuid primary key default gen_random_uuid(),
    case_id uuid not null references public.cases (case_id) on delete cascade,
    user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
    ai_insights jsonb not null,
    case_version integer,
    generated_at timestamptz not null default now()
);

comment on table public.ai_drafts is
    'Every AI draft of a case, never changed; case_insights.draft_id names the newest.';

create index ai_drafts_case on public.ai_drafts (case_id, generated_at);
create index ai_drafts_owner on public.ai_drafts (user_id);

insert into public.ai_drafts (case_id, user_id, ai_insights, generated_at)
select case_id, user_id, ai_insights, generated_at from public.case_insights;

alter table public.case_insights add column draft_id uuid
    references public.ai_drafts (draft_id) on delete set null;

update public.case_insights i set draft_id = d.draft_id
from public.ai_drafts d where d.case_id = i.case_id;

alter table public.ai_drafts enable row level security;

create policy "Doctors see the drafts of their own cases" on public.ai_drafts
    for select to authenticated
    using (user_id = (select auth.uid()));

create policy "Doctors' analyses add drafts to their own cases" on public.ai_drafts
    for insert to authenticated
    with check (
        user_id = (select auth.uid())
        and exists (
            select 1 from public.cases c
            where c.case_id = ai_drafts.case_id and c.user_id = (select auth.uid())
        )
    );

-- Section decisions -----------------------------------------------------------------------

create table public.section_reviews (
    review_id uuid primary key,
    case_id uuid not null references public.cases (case_id) on delete cascade,
    user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
    draft_id uuid not null references public.ai_drafts (draft_id) on delete cascade,
    section text not null check (section in ('case_summary', 'soap_note', 'primary_diagnosis')),
    decision text not null check (decision in ('accepted', 'edited', 'rejected')),
    edited jsonb,
    reason text,
    reviewed_at timestamptz not null default now(),
    check (decision <> 'edited' or edited is not null),
    check (decision <> 'rejected' or length(trim(reason)) > 0)
);

comment on table public.section_reviews is
    'The doctor''s decision on one section of one AI draft (accept, edit with the doctor''s '
    'text, or reject with a reason); a later decision supersedes an earlier one.';

create index section_reviews_case on public.section_reviews (case_id, reviewed_at);
create index section_reviews_owner on public.section_reviews (user_id);

alter table public.section_reviews enable row level security;

create policy "Doctors see the reviews of their own cases" on public.section_reviews
    for select to authenticated
    using (user_id = (select auth.uid()));

create policy "Doctors review drafts of their own cases" on public.section_reviews
    for insert to authenticated
    with check (
        user_id = (select auth.uid())
        and exists (
            select 1 from public.ai_drafts d
            where d.draft_id = section_reviews.draft_id
              and d.case_id = section_reviews.case_id
              and d.user_id = (select auth.uid())
        )
    );

-- Signed versions of the note -------------------------------------------------------------

create table public.signed_notes (
    note_id uuid primary key,
    case_id uuid not null references public.cases (case_id) on delete cascade,
    user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
    version integer not null check (version >= 1),
    draft_id uuid not null references public.ai_drafts (draft_id) on delete cascade,
    content jsonb not null,
    content_hash text not null check (content_hash ~ '^[0-9a-f]{64}$'),
    signed_by uuid not null,
    signer_email text not null,
    signed_at timestamptz not null,
    amendment_reason text,
    unique (case_id, version),
    check (version = 1 or length(trim(amendment_reason)) > 0),
    check (signed_by = user_id)
);

comment on table public.signed_notes is
    'The signed note of a case: version 1 is the sign-off, later versions are amendments '
    'with a reason. content_hash is SHA-256 over the content, the signer and the time.';

create index signed_notes_owner on public.signed_notes (user_id);

alter table public.signed_notes enable row level security;

create policy "Doctors see the signed notes of their own cases" on public.signed_notes
    for select to authenticated
    using (user_id = (select auth.uid()));

create policy "Doctors sign notes of their own cases" on public.signed_notes
    for insert to authenticated
    with check (
        user_id = (select auth.uid())
        and exists (
            select 1 from public.cases c
            where c.case_id = signed_notes.case_id and c.user_id = (select auth.uid())
        )
    );

-- Never changed, by anyone -----------------------------------------------------------------

create function public.refuse_change() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    raise exception '% rows are never changed', tg_table_name
        using errcode = 'insufficient_privilege';
end;
$$;

create trigger ai_drafts_unchanged before update on public.ai_drafts
    for each row execute function public.refuse_change();
create trigger section_reviews_unchanged before update on public.section_reviews
    for each row execute function public.refuse_change();
create trigger signed_notes_read_only before update on public.signed_notes
    for each row execute function public.refuse_change();

revoke update, truncate on table public.ai_drafts, public.section_reviews, public.signed_notes
    from anon, authenticated;
revoke all on table public.ai_drafts, public.section_reviews, public.signed_notes from anon;
revoke execute on function public.refuse_change() from public, anon, authenticated;

-- The case list, with review states ---------------------------------------------------------

drop function public.list_case_page(uuid, text, text[], boolean, integer, integer);

-- As before, plus a review-state filter (null: any) and the caseload by review state.
create function public.list_case_page(
    owner_id uuid,
    name_search text,
    wanted_statuses text[],
    wanted_review_states text[],
    newest_first boolean,
    page_size integer,
    page_offset integer
) returns jsonb
    language sql
    stable
    security invoker
    set search_path = ''
as $$
    with mine as (
        select c.* from public.cases c
        where c.user_id = owner_id and c.user_id = (select auth.uid())
    ),
    matching as (
        select m.* from mine m
        where m.status = any (wanted_statuses)
          and (wanted_review_states is null or m.review_state = any (wanted_review_states))
          -- strpos, not ilike: a % or _ the doctor types is a character, not a wildcard.
          and (name_search is null or strpos(lower(m.patient_name), lower(name_search)) > 0)
    ),
    page as (
        select m.case_id, m.user_id, m.patient_name, m.patient_age, m.patient_gender,
               m.case_summary, m.status, m.created_at, m.updated_at, m.analysis_stage,
               m.analysis_error, m.archived_from, m.content_version, m.review_state,
               case when jsonb_typeof(i.ai_insights #> '{primary_diagnosis,primary_diagnosis}')
                         = 'string'
                    then i.ai_insights #>> '{primary_diagnosis,primary_diagnosis}' end
                   as primary_diagnosis,
               case when jsonb_typeof(i.ai_insights #> '{primary_diagnosis,icd_code}') = 'string'
                    then i.ai_insights #>> '{primary_diagnosis,icd_code}' end as icd_code,
               row_number() over (
                   order by
                       case when newest_first then m.created_at end desc,
                       case when not newest_first then m.created_at end asc,
                       m.case_id
               ) as position
        from matching m
        left join public.case_insights i on i.case_id = m.case_id
        order by position
        limit page_size offset page_offset
    )
    select jsonb_build_object(
        'rows', coalesce(
            (select jsonb_agg(to_jsonb(p) - 'position' order by p.position) from page p),
            '[]'::jsonb),
        'total', (select count(*) from matching),
        'counts_by_status', coalesce(
            (select jsonb_object_agg(s.status, s.number)
             from (select status, count(*) as number from mine group by status) s),
            '{}'::jsonb),
        'counts_by_review_state', coalesce(
            (select jsonb_object_agg(r.review_state, r.number)
             from (select review_state, count(*) as number from mine
                   where status <> 'archived' and review_state is not null
                   group by review_state) r),
            '{}'::jsonb)
    )
$$;

revoke execute on function
    public.list_case_page(uuid, text, text[], text[], boolean, integer, integer)
    from public, anon;
grant execute on function
    public.list_case_page(uuid, text, text[], text[], boolean, integer, integer)
    to authenticated;
