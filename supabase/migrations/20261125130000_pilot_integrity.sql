-- MedCase: the pilot's figures hold in the database (issue 23).
--
-- A reviewer's or enrolling doctor's token reaches these tables straight through
-- PostgREST, so each rule the figures rest on is the database's:
--   * one review per reviewer and enrolled case, and each review corrected at most once:
--     exactly one current review per reviewer and case;
--   * a correction keeps the blind diagnosis (and its time) of the review it corrects: the
--     diagnosis compared with the AI's is the one entered before the AI draft was seen;
--   * scores and ICD-10 codes are checked by constraint (NOT VALID: rows written before
--     are never changed; the app reads a damaged one as unscored, never fails on it);
--   * the enrolled draft is the stored draft with only its texts redacted (its codes,
--     scores, values and provenance the draft's own), and neither it, the signed text
--     beside it nor the de-identified view holds the patient's name;
--   * a pilot with reviews is never deleted (an account's removal still takes its pilots).

-- One current review, and the blind diagnosis kept -------------------------------------------

create function public.keep_pilot_review_blind() returns trigger
    language plpgsql
    security definer
    set search_path = ''
as $$
declare
    corrected public.pilot_reviews;
begin
    -- One writer per reviewer and case at a time: the checks below see each other's rows.
    perform pg_advisory_xact_lock(
        hashtextextended(new.enrolment_id::text || new.reviewer_id::text, 23));
    if new.supersedes is null then
        if exists (select 1 from public.pilot_reviews r
                   where r.enrolment_id = new.enrolment_id and r.reviewer_id = new.reviewer_id)
        then
            raise exception 'one review per reviewer and case; correct the current one'
                using errcode = 'unique_violation';
        end if;
        return new;
    end if;
    select r.* into corrected from public.pilot_reviews r where r.review_id = new.supersedes;
    if exists (select 1 from public.pilot_reviews r where r.supersedes = new.supersedes) then
        raise exception 'that review is corrected already; correct the current one'
            using errcode = 'unique_violation';
    end if;
    if (new.diagnosis, new.icd_code) is distinct from (corrected.diagnosis, corrected.icd_code)
    then
        raise exception 'a correction keeps the blind diagnosis'
            using errcode = 'check_violation';
    end if;
    new.diagnosed_at := corrected.diagnosed_at;
    return new;
end;
$$;

create trigger pilot_reviews_blind
    before insert on public.pilot_reviews
    for each row execute function public.keep_pilot_review_blind();

-- Scores and codes --------------------------------------------------------------------------

-- core/pilot/rules.py section_scores: the three sections, each a verdict, a whole rating
-- 1-5 for each of the four rubric items, and an optional comment of up to 2,000 characters.
create function public.pilot_scores_valid(scores jsonb) returns boolean
    language sql
    immutable
    set search_path = ''
as $$
    select scores is null or (
        jsonb_typeof(scores) = 'object'
        and (select array_agg(k order by k) from jsonb_object_keys(scores) k)
            = array['case_summary', 'primary_diagnosis', 'soap_note']
        and not exists (
            select 1 from jsonb_each(scores) s
            where jsonb_typeof(s.value) is distinct from 'object'
               or coalesce(s.value ->> 'verdict', '')
                  not in ('accept', 'minor_edit', 'major_edit', 'reject')
               or jsonb_typeof(s.value -> 'ratings') is distinct from 'object'
               or (select array_agg(k order by k) from jsonb_object_keys(
                       case when jsonb_typeof(s.value -> 'ratings') = 'object'
                            then s.value -> 'ratings' else '{}'::jsonb end) k)
                  is distinct from array['accurate', 'complete', 'free_of_invented_facts', 'useful']
               or exists (
                   select 1 from jsonb_each(
                       case when jsonb_typeof(s.value -> 'ratings') = 'object'
                            then s.value -> 'ratings' else '{}'::jsonb end) r
                   where jsonb_typeof(r.value) is distinct from 'number'
                      or r.value::text !~ '^[1-5]$'
               )
               or jsonb_typeof(coalesce(s.value -> 'comment', 'null'::jsonb))
                  not in ('null', 'string')
               or char_length(coalesce(s.value ->> 'comment', '')) > 2000
        )
    )
$$;

alter table public.pilot_reviews
    add constraint pilot_reviews_scores_valid check (public.pilot_scores_valid(scores)) not valid,
    add constraint pilot_reviews_icd_code_form
        check (icd_code ~ '^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$') not valid;

-- The enrolled draft is the stored draft's ------------------------------------------------

-- Whether an enrolled draft is the stored one with only its texts changed (redacted):
-- the same keys, lists of the same length, and every number, flag and null the same.
create function public.same_but_text(enrolled jsonb, stored jsonb) returns boolean
    language plpgsql
    immutable
    set search_path = ''
as $$
begin
    if jsonb_typeof(enrolled) is distinct from jsonb_typeof(stored) then
        return false;
    end if;
    case jsonb_typeof(stored)
        when 'string' then
            return true;
        when 'object' then
            return (select coalesce(array_agg(k order by k), '{}') from jsonb_object_keys(enrolled) k)
                   = (select coalesce(array_agg(k order by k), '{}') from jsonb_object_keys(stored) k)
               and not exists (select 1 from jsonb_each(stored) s
                               where not public.same_but_text(enrolled -> s.key, s.value));
        when 'array' then
            return jsonb_array_length(enrolled) = jsonb_array_length(stored)
               and not exists (select 1 from jsonb_array_elements(stored) with ordinality s(v, n)
                               where not public.same_but_text(enrolled -> (s.n::int - 1), s.v));
        else
            return enrolled = stored;
    end case;
end;
$$;

-- Whether any text in a JSON value holds the patient's name as words (case folded,
-- punctuation as spaces, so "Ada" is found in "ADA," but not in "Canada").
create function public.names_patient(body jsonb, patient_name text) returns boolean
    language sql
    immutable
    set search_path = ''
as $$
    select length(trim(coalesce(patient_name, ''))) >= 2
       and strpos(
           ' ' || regexp_replace(lower(coalesce(
               (select string_agg(v #>> '{}', ' ')
                from jsonb_path_query(coalesce(body, 'null'::jsonb), 'strict $.**') v
                where jsonb_typeof(v) = 'string'), '')), '[^[:alnum:]]+', ' ', 'g') || ' ',
           ' ' || trim(regexp_replace(lower(patient_name), '[^[:alnum:]]+', ' ', 'g')) || ' '
       ) > 0
$$;

-- The enrolment as the enrolling doctor's token writes it (enrol_pilot_case, SECURITY
-- INVOKER) is checked against what the database holds: the draft is the stored draft
-- with only its texts redacted (its codes, scores, values and provenance the draft's
-- own), and the case's name appears nowhere in it, in the signed text or in the view.
-- The redaction itself (core/pilot/deidentify.py) is the app's.
create function public.check_enrolled_draft() returns trigger
    language plpgsql
    security definer
    set search_path = ''
as $$
declare
    stored jsonb;
    patient text;
    enrolled_case uuid;
    signed jsonb;
begin
    select d.ai_insights into stored from public.ai_drafts d
    where d.draft_id = new.draft_id and d.user_id = new.owner_id;
    select c.patient_name, c.case_id into patient, enrolled_case
    from public.pilot_cases e join public.cases c on c.case_id = e.case_id
    where e.enrolment_id = new.enrolment_id;
    -- The signed text beside the draft is the latest signed version's on that draft, its
    -- texts redacted: the same sections, fields and list lengths, rejected ones null.
    if new.signed_sections is not null then
        select (select jsonb_object_agg(s.key, s.value -> 'text')
                from jsonb_each(n.content -> 'sections') s)
        into signed
        from public.signed_notes n
        where n.case_id = enrolled_case and n.user_id = new.owner_id
        order by n.version desc limit 1;
        if signed is null or not public.same_but_text(new.signed_sections, signed)
           or not exists (select 1 from public.signed_notes n
                          where n.case_id = enrolled_case and n.draft_id = new.draft_id)
        then
            raise exception 'the signed text beside a draft is its signed note''s, redacted'
                using errcode = 'check_violation';
        end if;
    end if;
    if stored is null
       or not public.same_but_text(new.ai_insights, stored)
       or (new.ai_insights - array['case_summary', 'soap_note', 'primary_diagnosis',
                                   'lab_values'])
          is distinct from
          (stored - array['case_summary', 'soap_note', 'primary_diagnosis', 'lab_values'])
       or (new.ai_insights #> '{primary_diagnosis,icd_code}')
          is distinct from (stored #> '{primary_diagnosis,icd_code}')
    then
        raise exception 'the enrolled draft is the stored draft, its texts redacted'
            using errcode = 'check_violation';
    end if;
    if public.names_patient(new.ai_insights, patient)
       or public.names_patient(new.signed_sections, patient)
    then
        raise exception 'an enrolled case never holds the patient''s name'
            using errcode = 'check_violation';
    end if;
    return new;
end;
$$;

create trigger pilot_case_insights_checked
    before insert or update of signed_sections on public.pilot_case_insights
    for each row execute function public.check_enrolled_draft();

create function public.check_enrolled_view() returns trigger
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
    return new;
end;
$$;

create trigger pilot_cases_view_checked
    before insert on public.pilot_cases
    for each row execute function public.check_enrolled_view();

-- A pilot with reviews stays ------------------------------------------------------------------

create function public.keep_reviewed_pilot() returns trigger
    language plpgsql
    security definer
    set search_path = ''
as $$
begin
    -- pg_trigger_depth() = 1: a statement on pilots itself. Deeper, the delete cascades
    -- from the coordinator's account being removed, which takes their pilots with it.
    if pg_trigger_depth() = 1
       and exists (select 1 from public.pilot_reviews r where r.pilot_id = old.pilot_id)
    then
        raise exception 'a pilot with reviews is never deleted'
            using errcode = 'insufficient_privilege';
    end if;
    return old;
end;
$$;

create trigger pilots_with_reviews_kept
    before delete on public.pilots
    for each row execute function public.keep_reviewed_pilot();

revoke execute on function public.keep_pilot_review_blind(), public.check_enrolled_draft(),
    public.check_enrolled_view(), public.keep_reviewed_pilot()
    from public, anon, authenticated;
revoke execute on function public.same_but_text(jsonb, jsonb), public.names_patient(jsonb, text)
    from public, anon;
revoke execute on function public.pilot_scores_valid(jsonb) from public, anon;
grant execute on function public.pilot_scores_valid(jsonb) to authenticated;
