-- MedCase: the last of issue #23's rules that only the app applied, now in the database
-- (a doctor's token reaches these tables and functions straight through PostgREST):
--   * a pilot's reviewers enrol no case of their own (they score cases blind);
--   * the member lookup (does this e-mail have an account?) answers coordinators only,
--     and refuses a caller whose lookups missed 10 times in an hour or 30 in a day;
--   * an amendment or rejection reason that is empty once invisible characters are
--     removed, or that holds a text-direction control, is refused;
--   * the de-identified view of an enrolled case is checked against what the database
--     holds: its notes and lab texts are the stored ones with only redaction placeholders
--     put in, its lab values are values of the case's stored drafts, its image readings
--     the stored readings, redacted.

-- Reviewers enrol no case ---------------------------------------------------------------------

drop policy "Pilot members enrol their own cases" on public.pilot_cases;

create policy "Pilot doctors and coordinators enrol their own cases" on public.pilot_cases
    for insert to authenticated
    with check (
        owner_id = (select auth.uid())
        and public.pilot_role(pilot_id) in ('doctor', 'coordinator')
        and exists (
            select 1 from public.cases c
            where c.case_id = pilot_cases.case_id and c.user_id = (select auth.uid())
        )
    );

-- The member lookup, throttled ------------------------------------------------------------------

-- Lookups that found no account, per caller (a hit adds a member, which the trail and the
-- member's own pilot list show). Only the lookup function reads and writes them.
create table public.pilot_account_misses (
    user_id uuid not null references auth.users (id) on delete cascade,
    missed_at timestamptz not null default now()
);

create index pilot_account_misses_user on public.pilot_account_misses (user_id, missed_at);

alter table public.pilot_account_misses enable row level security;
revoke all on table public.pilot_account_misses from anon, authenticated;

comment on table public.pilot_account_misses is
    'Member lookups that found no account, per caller: pilot_account_id refuses a caller '
    'with 10 in the last hour or 30 in the last day (SQLSTATE PT429, HTTP 429).';

create or replace function public.pilot_account_id(p_pilot uuid, p_email text) returns uuid
    language plpgsql
    volatile
    security definer
    set search_path = ''
as $$
declare
    caller uuid := (select auth.uid());
    found uuid;
begin
    if caller is null or not exists (
        select 1 from public.pilots p
        where p.pilot_id = p_pilot and p.coordinator_id = caller
    ) then
        return null;  -- only the pilot's coordinator learns whether an account exists
    end if;
    -- One lookup per caller at a time: the counts below see each other's misses.
    perform pg_advisory_xact_lock(hashtextextended(caller::text, 29));
    delete from public.pilot_account_misses m
    where m.user_id = caller and m.missed_at < now() - interval '1 day';
    if (select count(*) from public.pilot_account_misses m
        where m.user_id = caller and m.missed_at > now() - interval '1 hour') >= 10
       or (select count(*) from public.pilot_account_misses m where m.user_id = caller) >= 30
    then
        raise exception 'too many e-mails without an account; try again later'
            using errcode = 'PT429';
    end if;
    select u.id into found from auth.users u where lower(u.email) = lower(p_email) limit 1;
    if found is null then
        insert into public.pilot_account_misses (user_id) values (caller);
    end if;
    return found;
end;
$$;

-- Reasons a reader can see -------------------------------------------------------------------

-- Whether a reason has a visible character once whitespace, controls, format characters
-- (zero-width, soft hyphen, word joiner, BOM), invisible fillers, combining marks alone,
-- variation selectors and tags are removed; and holds no text-direction control, which
-- makes a reason read differently on screen than in the record (core/review.py, the app's
-- twin, is stricter: every Unicode category with nothing to see).
create function public.visible_reason(reason text) returns boolean
    language sql
    immutable
    set search_path = ''
as $$
    select reason is not null
       and reason !~ '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]'
       and regexp_replace(
               reason,
               '[[:space:]\u0001-\u001f\u007f-\u00a0\u00ad\u034f\u0300-\u036f\u115f\u1160'
               '\u17b4\u17b5\u180b-\u180f\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f'
               '\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb'
               '\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef]',
               '', 'g') <> ''
$$;

alter table public.signed_notes
    add constraint signed_notes_amendment_reason_visible
    check (amendment_reason is null or public.visible_reason(amendment_reason)) not valid;

alter table public.section_reviews
    add constraint section_reviews_rejection_reason_visible
    check (decision <> 'rejected' or public.visible_reason(reason)) not valid;

-- The enrolled view is the stored case's, redacted -------------------------------------------

-- Whether ``shown`` is ``stored`` with some stretches replaced by the redaction's
-- placeholders ([PATIENT], [CLINICIAN], [NAME], [IDENTIFIER], [FILE]) or a file's label
-- ("Lab file 2", "Radiology image 1"): every other character is the stored text's, in
-- order. The view may leave text out; it can add none.
create function public.redaction_of(shown text, stored text) returns boolean
    language plpgsql
    immutable
    set search_path = ''
as $$
declare
    pieces text[];
    total integer;
    next_char integer;
    found integer;
begin
    if shown is null or shown = '' then
        return true;
    end if;
    if stored is null then
        return false;
    end if;
    pieces := regexp_split_to_array(
        shown, '\[(?:PATIENT|CLINICIAN|NAME|IDENTIFIER|FILE)\]|(?:Lab file|Radiology image) [0-9]+');
    total := array_length(pieces, 1);
    if total = 1 then
        return shown = stored;
    end if;
    if left(stored, length(pieces[1])) <> pieces[1] then
        return false;
    end if;
    -- The first piece starts the stored text, the last ends it, and each one between is
    -- found after the one before (the leftmost match leaves the most room for the rest).
    next_char := length(pieces[1]) + 1;
    for i in 2 .. total - 1 loop
        if pieces[i] <> '' then
            found := strpos(substr(stored, next_char), pieces[i]);
            if found = 0 then
                return false;
            end if;
            next_char := next_char + found - 1 + length(pieces[i]);
        end if;
    end loop;
    return length(stored) - length(pieces[total]) + 1 >= next_char
       and right(stored, length(pieces[total])) = pieces[total];
end;
$$;

create function public.view_from_stored_case(view jsonb, enrolled_case uuid, owner uuid)
    returns boolean
    language sql
    stable
    set search_path = ''
as $$
    select jsonb_typeof(view) = 'object'
       -- The notes: the case's own summary, redacted.
       and public.redaction_of(
               case when jsonb_typeof(view -> 'notes') = 'string' then view ->> 'notes' end,
               (select c.case_summary from public.cases c where c.case_id = enrolled_case))
       and coalesce(jsonb_typeof(view -> 'notes'), 'null') in ('string', 'null')
       -- Each lab text: one of the case's lab files' text, redacted.
       and not exists (
           select 1 from jsonb_array_elements(coalesce(view -> 'lab_files', '[]')) lab
           where not exists (
               select 1 from public.case_files f
               where f.case_id = enrolled_case and f.file_category = 'lab'
                 and public.redaction_of(lab ->> 'text', f.text_data)))
       -- Each lab value: a value of one of the case's stored drafts (analyte, number,
       -- unit, flag), its source line that value's, redacted.
       and not exists (
           select 1 from jsonb_array_elements(coalesce(view -> 'lab_values', '[]')) shown
           where not exists (
               select 1 from public.ai_drafts d,
                   jsonb_array_elements(
                       case when jsonb_typeof(d.ai_insights -> 'lab_values') = 'array'
                            then d.ai_insights -> 'lab_values' else '[]' end) stored
               where d.case_id = enrolled_case and d.user_id = owner
                 and stored ->> 'analyte' = shown ->> 'analyte'
                 and (stored -> 'value') = (shown -> 'value')
                 and (stored ->> 'unit') is not distinct from (shown ->> 'unit')
                 and (stored ->> 'flag') is not distinct from (shown ->> 'flag')
                 and public.redaction_of(shown ->> 'source_line', stored ->> 'source_line')))
       -- Each image reading: one of the case's radiology files' readings, its texts
       -- redacted and the rest as stored.
       and not exists (
           select 1 from jsonb_array_elements(coalesce(view -> 'images', '[]')) image
           where jsonb_typeof(image -> 'reading') = 'object'
             and not exists (
                 select 1 from public.case_files f
                 where f.case_id = enrolled_case and f.file_category = 'radiology'
                   and jsonb_typeof(f.ai_summary) = 'object'
                   and public.redaction_of(image #>> '{reading,findings}',
                                           f.ai_summary ->> 'findings')
                   and public.redaction_of(image #>> '{reading,impression}',
                                           f.ai_summary ->> 'impression')
                   and public.redaction_of(image #>> '{reading,study_description}',
                                           f.ai_summary ->> 'study_description')
                   and coalesce(image #> '{reading,modality}', 'null')
                       = coalesce(f.ai_summary -> 'modality', 'null')
                   and not exists (
                       select 1 from jsonb_array_elements_text(
                           coalesce(image #> '{reading,key_abnormalities}', '[]')) a(text)
                       where not exists (
                           select 1 from jsonb_array_elements_text(
                               case when jsonb_typeof(f.ai_summary -> 'key_abnormalities')
                                         = 'array'
                                    then f.ai_summary -> 'key_abnormalities'
                                    else '[]' end) s(text)
                           where public.redaction_of(a.text, s.text)))))
$$;

create or replace function public.check_enrolled_view() returns trigger
    language plpgsql
    security definer
    set search_path = ''
as $$
begin
    if public.names_patient(new.case_view,
                            (select c.patient_name from public.cases c
                             where c.case_id = new.case_id))
    then
        raise exception 'an enrolled case never holds the patient''s name'
            using errcode = 'check_violation';
    end if;
    if not public.view_from_stored_case(new.case_view, new.case_id, new.owner_id) then
        raise exception 'the enrolled view is the stored case''s, redacted'
            using errcode = 'check_violation';
    end if;
    return new;
end;
$$;

revoke execute on function public.redaction_of(text, text),
    public.view_from_stored_case(jsonb, uuid, uuid) from public, anon, authenticated;
grant execute on function public.visible_reason(text) to authenticated;
